import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { nameKey } from '../../../../src-shared/text-policy';
import { FORMATION_SLOTS, type FormationSlot, type Roster } from '../../../../src-shared/roster/schema';
import { addFormation } from '../../../../src-shared/roster/edit';
import { addFormationRefusal, SLOT_LABEL } from '../../../../src-shared/roster/validate';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { Choice } from '../../components/Choice';
import { SearchInput } from '../../components/SearchInput';
import { TableHead } from '../../components/TableHead';
import { LimitedButton } from './LimitedButton';

type SlotFilter = FormationSlot | 'all';

/**
 * The faction's units a formation can be raised from, filtered by slot and
 * searched by name; Add raises a formation of that unit, or says which
 * recruitment limit closes the slot (the same rule the Add buttons ask).
 */
export function UnitListCard({ roster, pack, onChange }: { roster: Roster; pack: RulesetPack; onChange: (next: Roster) => void }) {
  const [slot, setSlot] = useState<SlotFilter>('all');
  const [search, setSearch] = useState('');
  const key = nameKey(search.trim());
  const units = pack.units.filter(
    (u): u is typeof u & { slot: FormationSlot } =>
      u.factionId === roster.factionId &&
      (FORMATION_SLOTS as readonly string[]).includes(u.slot) &&
      (slot === 'all' || u.slot === slot) &&
      (key === '' || nameKey(u.name).includes(key)),
  );
  const slotOptions = { all: 'All', ...Object.fromEntries(FORMATION_SLOTS.map((s) => [s, SLOT_LABEL[s].many])) } as Record<SlotFilter, string>;
  return (
    <Card withBorder component="section" aria-labelledby="unit-list-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="unit-list-title">
          Units
        </Title>
        <Group align="flex-end" wrap="wrap">
          <Choice label="Slot" showLabel value={slot} onChange={setSlot} options={slotOptions} />
          <SearchInput label="Search units" placeholder="Unit name" value={search} onSearch={setSearch} maw={280} />
        </Group>
        {units.length === 0 ? (
          <Text size="sm" c="dimmed" role="status">
            No unit of this faction matches.
          </Text>
        ) : (
          <Table aria-label="Units" verticalSpacing={4}>
            <TableHead columns={['Unit', 'Slot', 'Points a model', { label: 'Add', hidden: true }]} />
            <Table.Tbody>
              {units.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>{u.name}</Table.Td>
                  <Table.Td>{SLOT_LABEL[u.slot].one}</Table.Td>
                  <Table.Td>{u.cost}</Table.Td>
                  <Table.Td>
                    <LimitedButton
                      size="compact-sm"
                      refusal={addFormationRefusal(roster, pack, u.slot)}
                      onClick={() => onChange(addFormation(roster, pack, u.slot, u.id))}
                      aria-label={`Add ${u.name}`}
                    >
                      Add
                    </LimitedButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
