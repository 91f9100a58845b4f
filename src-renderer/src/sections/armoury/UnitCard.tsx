import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { effectiveProfile, findRule, findWeapon, modelCost, PROFILE_KEYS } from '../../../../src-shared/ruleset/lookup';
import { type RulesetPack, type Unit, type Weapon } from '../../../../src-shared/ruleset/schema';
import { isProvisional } from '../../../../src-shared/ruleset/pack-facts';
import { inch, plus, ProvisionalMark, Val } from '../../components/ProvisionalMark';
import { TableHead } from '../../components/TableHead';

export const SLOT_LABEL: Record<Unit['slot'], string> = {
  captain: 'Captain',
  officer: 'Officer',
  core: 'Core',
  elite: 'Elite',
  skirmisher: 'Skirmisher',
  heavy: 'Heavy',
};

const STAT_FORMAT: Record<(typeof PROFILE_KEYS)[number], (n: number) => string> = {
  M: inch,
  W: String,
  Hit: plus,
  T: String,
  Save: plus,
  A: String,
  D: String,
  Resolve: plus,
};

function ProfileTable({ rows }: { rows: { label: string; profile: Unit['profile']; provisional: string[] }[] }) {
  return (
    <Table withTableBorder withColumnBorders striped={false} fz="sm" w="auto" aria-label="Profile">
      <TableHead columns={['', ...PROFILE_KEYS.map((k) => ({ label: k, ta: 'center' as const }))]} />
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.label}>
            <Table.Th scope="row" fw={500}>
              {r.label}
            </Table.Th>
            {PROFILE_KEYS.map((k) => (
              <Table.Td key={k} ta="center">
                <Val provisional={r.provisional.includes(k)} what={`${r.label} ${k}`} compact>
                  {STAT_FORMAT[k](r.profile[k])}
                </Val>
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function WeaponRows({
  pack,
  weapons,
  onEdit,
  onRetire,
}: {
  pack: RulesetPack;
  weapons: Weapon[];
  onEdit?: (w: Weapon) => void;
  onRetire?: (w: Weapon) => void;
}) {
  return (
    <>
      {weapons.map((w) => (
        <Table.Tr key={w.id}>
          <Table.Td>
            <Val provisional={isProvisional(w)} what={w.name}>
              {w.name}
            </Val>
          </Table.Td>
          <Table.Td>{w.kind === 'melee' ? 'melee' : 'ranged'}</Table.Td>
          <Table.Td>{w.kind === 'melee' ? `reach ${inch(w.reach)}` : inch(w.range)}</Table.Td>
          <Table.Td ta="center">{w.attacks ?? 'A'}</Table.Td>
          <Table.Td ta="center">{w.force}</Table.Td>
          <Table.Td ta="center">{w.damage ?? 'D'}</Table.Td>
          <Table.Td>
            {[w.blast ? `blast ${inch(w.blast)}` : null, ...w.specialRules.map((id) => findRule(pack, id)?.name ?? id)].filter(Boolean).join(', ')}
          </Table.Td>
          {onEdit && (
            <Table.Td>
              <Button size="compact-xs" variant="subtle" onClick={() => onEdit(w)} aria-label={`Edit ${w.name}`}>
                Edit
              </Button>
              {onRetire && (
                <Button size="compact-xs" variant="subtle" color="red.9" onClick={() => onRetire(w)} aria-label={`Retire ${w.name}`}>
                  Retire
                </Button>
              )}
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </>
  );
}

export function WeaponTable({
  pack,
  weapons,
  label,
  onEdit,
  onRetire,
}: {
  pack: RulesetPack;
  weapons: Weapon[];
  label: string;
  onEdit?: (w: Weapon) => void;
  onRetire?: (w: Weapon) => void;
}) {
  return (
    <Table fz="sm" withTableBorder aria-label={label}>
      <TableHead
        columns={[
          'Weapon',
          'Kind',
          'Range',
          { label: 'Attacks', ta: 'center' },
          { label: 'Force', ta: 'center' },
          { label: 'Damage', ta: 'center' },
          'Traits',
          ...(onEdit ? [{ label: 'Actions', hidden: true }] : []),
        ]}
      />
      <Table.Tbody>
        <WeaponRows pack={pack} weapons={weapons} onEdit={onEdit} onRetire={onRetire} />
      </Table.Tbody>
    </Table>
  );
}

/** Everything the Armoury knows about one unit: cost, profile, weapons, rules, loadouts. */
export function UnitCard({ pack, unit, onEdit, onRemove }: { pack: RulesetPack; unit: Unit; onEdit?: () => void; onRemove?: () => void }) {
  const base = effectiveProfile(pack, unit);
  const loadoutRows = unit.loadouts.map((l) => {
    const e = effectiveProfile(pack, unit, l.id);
    return { loadout: l, e, cost: modelCost(pack, unit, l.id) };
  });
  const sniperId = pack.sniper.unitLoadoutId;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Group gap="xs">
          <Badge variant="default">{SLOT_LABEL[unit.slot]}</Badge>
          <Text size="sm">
            <Val provisional={isProvisional(unit, 'cost')} what={`${unit.name} cost`}>
              <b>{unit.cost}</b> points per model
            </Val>
          </Text>
          {unit.source && (
            <Text size="xs" c="dimmed">
              Profile from {unit.source}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {onEdit && (
            <Button size="compact-sm" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit} aria-label={`Edit ${unit.name}`}>
              Edit
            </Button>
          )}
          {onRemove && (
            <Button size="compact-sm" variant="default" color="red" leftSection={<IconTrash size={14} />} onClick={onRemove} aria-label={`Remove ${unit.name}`}>
              Remove
            </Button>
          )}
        </Group>
      </Group>
      {unit.text && <Text size="sm">{unit.text}</Text>}
      <ProfileTable
        rows={[
          { label: unit.name, profile: base.profile, provisional: base.provisional },
          ...loadoutRows
            .filter((r) => r.loadout.profile && Object.keys(r.loadout.profile).length > 0)
            .map((r) => ({ label: r.loadout.name, profile: r.e.profile, provisional: r.e.provisional })),
        ]}
      />
      <WeaponTable pack={pack} weapons={base.weapons} label={`${unit.name} weapons`} />
      {base.specialRules.length > 0 && (
        <Stack gap={6}>
          <Title order={4} size="h6">
            Special rules
          </Title>
          {base.specialRules.map((r) => (
            <Text size="sm" key={r.id}>
              <b>{r.name}</b>
              {isProvisional(r) && (
                <>
                  {' '}
                  <ProvisionalMark what={r.name} />
                </>
              )}
              : {r.text}
            </Text>
          ))}
        </Stack>
      )}
      {loadoutRows.length > 0 && (
        <Stack gap={6}>
          <Title order={4} size="h6">
            Loadouts
          </Title>
          {loadoutRows.map(({ loadout: l, e, cost }) => (
            <Stack key={l.id} gap={2} pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-orange-3)' }}>
              <Text size="sm">
                <b>{l.name}</b>{' '}
                <Val provisional={l.id !== sniperId && isProvisional(l, 'cost')} what={`${l.name} cost`}>
                  +{l.id === sniperId ? pack.sniper.cost : l.cost} points ({cost} per model)
                </Val>
                {l.maxPerFormation && (
                  <>
                    {' '}
                    · at most {l.maxPerFormation} per {unit.slot === 'skirmisher' ? 'patrol' : 'formation'}
                  </>
                )}
              </Text>
              {l.text && (
                <Text size="xs" c="dimmed">
                  {l.text}
                </Text>
              )}
              {l.weapons && <Text size="xs">Weapons: {l.weapons.map((id) => findWeapon(pack, id)?.name ?? id).join(', ')}</Text>}
              {l.specialRules.length > 0 && (
                <Text size="xs">
                  Rules:{' '}
                  {e.specialRules
                    .filter((r) => l.specialRules.includes(r.id))
                    .map((r) => `${r.name} (${r.text})`)
                    .join(' ')}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
