import { ActionIcon, Select, Table, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { removeFighter, updateFighter } from '../../../../src-shared/roster/edit';
import type { Formation, Roster } from '../../../../src-shared/roster/schema';
import type { RosterValidation } from '../../../../src-shared/roster/validate';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { EquipmentPicker } from './EquipmentPicker';
import { loadoutOptions, STANDARD, toLoadoutId } from './loadout-options';

/** A formation's fighters, one row each: name, loadout, equipment, and the button that removes the fighter. */
export function FightersTable({
  roster,
  formation: f,
  pack,
  validation,
  onChange,
}: {
  roster: Roster;
  formation: Formation;
  pack: RulesetPack;
  validation: RosterValidation;
  onChange: (r: Roster) => void;
}) {
  const unit = pack.units.find((u) => u.id === f.unitId);
  return (
    <Table verticalSpacing={2} aria-label={`Fighters of ${f.name}`}>
      <Table.Tbody>
        {f.fighters.map((x, j) => (
          <Table.Tr key={x.id}>
            <Table.Td w={28}>
              <Text size="sm" c="dimmed">
                {j + 1}
              </Text>
            </Table.Td>
            <Table.Td>
              <TextInput
                size="xs"
                aria-label={`${f.name}, fighter ${j + 1}: name`}
                placeholder={`${unit?.name ?? 'Fighter'} ${j + 1}`}
                value={x.name}
                maxLength={80}
                onChange={(e) => onChange(updateFighter(roster, f.id, x.id, { name: e.currentTarget.value }))}
              />
            </Table.Td>
            <Table.Td>
              {unit && unit.loadouts.length > 0 ? (
                <Select
                  size="xs"
                  aria-label={`${f.name}, fighter ${j + 1}: loadout`}
                  data={loadoutOptions(unit, pack)}
                  value={x.loadoutId ?? STANDARD}
                  allowDeselect={false}
                  onChange={(v) => onChange(updateFighter(roster, f.id, x.id, { loadoutId: toLoadoutId(v) }))}
                />
              ) : (
                <Text size="xs" c="dimmed">
                  Standard equipment
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <EquipmentPicker
                pack={pack}
                slot={f.slot}
                value={x.equipment}
                label={`${f.name}, fighter ${j + 1}: equipment`}
                path={['formations', roster.formations.indexOf(f), 'fighters', j, 'equipment']}
                validation={validation}
                onChange={(equipment) => onChange(updateFighter(roster, f.id, x.id, { equipment }))}
              />
            </Table.Td>
            <Table.Td w={36}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove fighter ${j + 1} from ${f.name}`}
                onClick={() => onChange(removeFighter(roster, f.id, x.id))}
              >
                <IconX size={14} />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
