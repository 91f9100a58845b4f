import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type Equipment, type RulesetPack, type Weapon } from '../../../../src-shared/ruleset/schema';
import { isProvisional } from '../../../../src-shared/ruleset/pack-facts';
import { Val } from '../../components/ProvisionalMark';
import { SLOT_LABEL, WeaponTable } from './UnitCard';
import { TableHead } from '../../components/TableHead';

const matches = (q: string, ...texts: (string | undefined)[]) => {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const hay = texts.join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
};

/** What a catalogue tab asks of the page: edit an entry, retire it, or make a new one. */
interface CatalogueActions<T> {
  onEdit: (x: T) => void;
  onRetire: (x: T) => void;
}

export function WeaponsTab({
  pack,
  search,
  onEdit,
  onRetire,
  onNew,
}: { pack: RulesetPack; search: string; onNew: (kind: Weapon['kind']) => void } & CatalogueActions<Weapon>) {
  const weapons = pack.weapons.filter((w) => matches(search, w.name, w.kind));
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Ranged weapons use their own attacks and damage; melee weapons use the fighter’s Attacks and Damage with their own Force and reach.
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => onNew('ranged')}>
            New ranged weapon
          </Button>
          <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => onNew('melee')}>
            New melee weapon
          </Button>
        </Group>
      </Group>
      <WeaponTable pack={pack} weapons={weapons} label="Weapons" onEdit={onEdit} onRetire={onRetire} />
    </Stack>
  );
}

export function EquipmentTab({
  pack,
  search,
  onEdit,
  onRetire,
  onNew,
}: { pack: RulesetPack; search: string; onNew: () => void } & CatalogueActions<Equipment>) {
  const items = pack.equipment.filter((e) => matches(search, e.name, e.text));
  return (
    <Stack>
      <Group justify="flex-end">
        <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={onNew}>
          New equipment
        </Button>
      </Group>
      <Table fz="sm" withTableBorder aria-label="Equipment">
        <TableHead columns={['Item', 'Points', 'Who may take it', 'What it does', { label: 'Actions', hidden: true }]} />
        <Table.Tbody>
          {items.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Val provisional={isProvisional(e, 'name')} what={e.name}>
                  {e.name}
                </Val>{' '}
                {e.radProtection && (
                  <Badge size="xs" variant="default" c="green.9">
                    storm protection
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Val provisional={isProvisional(e, 'cost')} what={`${e.name} cost`}>
                  {e.cost}
                </Val>
              </Table.Td>
              <Table.Td>{e.slots.map((s) => SLOT_LABEL[s]).join(', ')}</Table.Td>
              <Table.Td>{e.text}</Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="subtle" onClick={() => onEdit(e)} aria-label={`Edit ${e.name}`}>
                  Edit
                </Button>
                <Button size="compact-xs" variant="subtle" color="red.9" onClick={() => onRetire(e)} aria-label={`Retire ${e.name}`}>
                  Retire
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function RuleBlock({ title, items }: { title: string; items: { id: string; name: string; text: string; extra?: string; provisional: boolean }[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {items.map((r) => (
        <Text size="sm" key={r.id}>
          <b>
            <Val provisional={r.provisional} what={r.name}>
              {r.name}
            </Val>
          </b>
          {r.extra && (
            <Text span c="dimmed" size="xs">
              {' '}
              ({r.extra})
            </Text>
          )}
          : {r.text}
        </Text>
      ))}
    </Stack>
  );
}

export function RulesTab({ pack, search }: { pack: RulesetPack; search: string }) {
  const f = <T extends { name: string; text: string }>(xs: T[]) => xs.filter((x) => matches(search, x.name, x.text));
  const factionName = (id: string) => pack.factions.find((x) => x.id === id)?.name ?? id;
  return (
    <Stack gap="lg">
      <RuleBlock
        title="Special rules"
        items={f(pack.specialRules).map((r) => ({ id: r.id, name: r.name, text: r.text, extra: r.source, provisional: isProvisional(r) }))}
      />
      <RuleBlock title="Captain orders" items={f(pack.orders).map((r) => ({ id: r.id, name: r.name, text: r.text, provisional: isProvisional(r) }))} />
      <RuleBlock
        title="Field Gambits (one per player per round)"
        items={f(pack.gambits).map((g) => ({
          id: g.id,
          name: g.name,
          text: `${g.trigger ? `${g.trigger} ` : ''}${g.text}`,
          extra: g.defensive ? 'defensive' : undefined,
          provisional: isProvisional(g),
        }))}
      />
      <RuleBlock
        title="Captain signature abilities (once per battle)"
        items={f(pack.captainAbilities).map((a) => ({
          id: a.id,
          name: a.name,
          text: `${a.text} Lasts: ${a.expiry}.`,
          extra: factionName(a.factionId),
          provisional: isProvisional(a),
        }))}
      />
    </Stack>
  );
}
