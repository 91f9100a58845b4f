import { Accordion, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { SearchInput } from '../../components/SearchInput';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { findRule, findWeapon } from '../../../../src-shared/ruleset/lookup';
import { type RulesetPack, type Unit } from '../../../../src-shared/ruleset/schema';
import { isProvisional, SLOTS } from '../../../../src-shared/ruleset/pack-facts';
import { ProvisionalMark } from '../../components/ProvisionalMark';
import { SLOT_LABEL, UnitCard } from './UnitCard';

/** Every word a search for this unit may hit: its name, faction, slot, weapons, rules and loadouts. */
function haystack(pack: RulesetPack, u: Unit): string {
  const faction = pack.factions.find((f) => f.id === u.factionId)?.name ?? '';
  const weapons = [...u.weapons, ...u.loadouts.flatMap((l) => l.weapons ?? [])].map((id) => findWeapon(pack, id)?.name ?? '');
  const rules = [...u.specialRules, ...u.loadouts.flatMap((l) => l.specialRules)].map((id) => findRule(pack, id)?.name ?? '');
  return [u.name, faction, SLOT_LABEL[u.slot], u.text, ...weapons, ...rules, ...u.loadouts.map((l) => l.name)].join(' ').toLowerCase();
}

export function UnitBrowser({
  pack,
  search,
  onSearch,
  onEdit,
  onRemove,
  onAdd,
}: {
  pack: RulesetPack;
  search: string;
  onSearch: (s: string) => void;
  onEdit: (u: Unit) => void;
  onRemove: (u: Unit) => void;
  /** Opens the new-unit form, for the faction filtered on if any. */
  onAdd: (factionId?: string) => void;
}) {
  const [faction, setFaction] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const index = useMemo(() => new Map(pack.units.map((u) => [u.id, haystack(pack, u)])), [pack]);
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const units = pack.units.filter(
    (u) => (!faction || u.factionId === faction) && (!slot || u.slot === slot) && words.every((w) => index.get(u.id)!.includes(w)),
  );

  return (
    <Stack>
      <Group align="flex-end">
        <SearchInput label="Search the Armoury" placeholder="Unit, faction, weapon or rule" value={search} onSearch={onSearch} w={320} />
        <Select
          label="Faction"
          placeholder="All factions"
          clearable
          data={pack.factions.map((f) => ({ value: f.id, label: f.name }))}
          value={faction}
          onChange={setFaction}
          w={240}
        />
        <Select
          label="Type"
          placeholder="All types"
          clearable
          data={SLOTS.map((s) => ({ value: s, label: SLOT_LABEL[s] }))}
          value={slot}
          onChange={setSlot}
          w={180}
        />
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => onAdd(faction ?? undefined)} ml="auto">
          Add a unit
        </Button>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {units.length} of {pack.units.length} units
      </Text>
      <Accordion variant="separated" value={open} onChange={setOpen} chevronPosition="left">
        {units.map((u) => {
          const f = pack.factions.find((x) => x.id === u.factionId);
          return (
            <Accordion.Item key={u.id} value={u.id}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" pr="sm">
                  <Group gap="xs">
                    <Text fw={600}>{u.name}</Text>
                    <Text size="sm" c="dimmed">
                      {f?.name}
                    </Text>
                  </Group>
                  <Group gap="xs">
                    <Badge variant="default" size="sm">
                      {SLOT_LABEL[u.slot]}
                    </Badge>
                    <Text size="sm" fw={500}>
                      {u.cost} pts
                    </Text>
                    {isProvisional(u) && <ProvisionalMark what={u.name} />}
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>{open === u.id && <UnitCard pack={pack} unit={u} onEdit={() => onEdit(u)} onRemove={() => onRemove(u)} />}</Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {units.length === 0 && <Text>No unit matches “{search}”. Try a faction, a weapon or a rule name.</Text>}
    </Stack>
  );
}
