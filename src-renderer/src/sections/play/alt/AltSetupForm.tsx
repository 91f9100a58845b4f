import { ActionIcon, Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { AltBattleInput } from '../../../../../src-shared/battle/alternating-battle';
import { setupRollOff } from '../../../../../src-shared/battle/alternating-initiative';

interface Row {
  name: string;
  models: number;
  resolve: number;
}

const RESOLVE_CHOICES = [2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: `${n}+` }));

const STARTER: [Row[], Row[]] = [
  [
    { name: 'Command group', models: 5, resolve: 2 },
    { name: 'Core squad I', models: 5, resolve: 3 },
  ],
  [
    { name: 'Command group', models: 5, resolve: 3 },
    { name: 'Core squad I', models: 4, resolve: 4 },
    { name: 'Core squad II', models: 4, resolve: 4 },
    { name: 'Skirmisher patrol', models: 3, resolve: 4 },
  ],
];

function SideEditor({ label, name, onName, rows, onRows }: { label: string; name: string; onName: (v: string) => void; rows: Row[]; onRows: (r: Row[]) => void }) {
  const set = (i: number, patch: Partial<Row>) => onRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Card withBorder>
      <Stack gap="xs">
        <TextInput label={`${label}: player`} value={name} maxLength={60} onChange={(e) => onName(e.currentTarget.value)} error={name.trim() ? null : 'Enter a name'} />
        {rows.map((r, i) => (
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={i === 0 ? 'Formation' : undefined}
              aria-label={`${label} formation ${i + 1} name`}
              value={r.name}
              maxLength={60}
              onChange={(e) => set(i, { name: e.currentTarget.value })}
              error={r.name.trim() ? null : 'Name it'}
              style={{ flex: 1 }}
            />
            <NumberInput
              label={i === 0 ? 'Models' : undefined}
              aria-label={`${label} formation ${i + 1} models`}
              min={1}
              max={50}
              allowDecimal={false}
              allowNegative={false}
              value={r.models}
              onChange={(v) => set(i, { models: typeof v === 'number' ? v : 1 })}
              w={90}
            />
            <Select
              label={i === 0 ? 'Resolve' : undefined}
              aria-label={`${label} formation ${i + 1} Resolve`}
              data={RESOLVE_CHOICES}
              value={String(r.resolve)}
              allowDeselect={false}
              onChange={(v) => v && set(i, { resolve: Number(v) })}
              w={90}
            />
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${r.name || `formation ${i + 1}`}`} disabled={rows.length <= 1} onClick={() => onRows(rows.filter((_, j) => j !== i))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => onRows([...rows, { name: `Formation ${rows.length + 1}`, models: 3, resolve: 4 }])} disabled={rows.length >= 20}>
          Add a formation to {name || label}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * Set-up of a standalone battle played with the module: the two companies
 * (one line per formation; the first is the Captain's command group), the
 * set-up roll-off for round 1's initiative (AMB-S2) and the rout option.
 */
export function AltSetupForm({ onStart }: { onStart: (input: AltBattleInput) => void }) {
  const [names, setNames] = useState<[string, string]>(['Player A', 'Player B']);
  const [rows, setRows] = useState<[Row[], Row[]]>(STARTER);
  const [rolls, setRolls] = useState<[number | '', number | '']>(['', '']);
  const [latchRout, setLatchRout] = useState(false);

  const rollOff = rolls[0] !== '' && rolls[1] !== '' ? setupRollOff(rolls[0], rolls[1]) : null;
  const valid = names.every((n) => n.trim()) && rows.every((side) => side.length > 0 && side.every((r) => r.name.trim())) && (rollOff === 0 || rollOff === 1);

  const rollDie = () => {
    const a = new Uint32Array(2);
    crypto.getRandomValues(a);
    setRolls([(a[0]! % 6) + 1, (a[1]! % 6) + 1]);
  };

  const start = () => {
    if (rollOff !== 0 && rollOff !== 1) return;
    onStart({
      sideNames: [names[0].trim(), names[1].trim()],
      setupInitiative: rollOff,
      latchRout,
      formations: ([0, 1] as const).flatMap((side) =>
        rows[side].map((r, i) => ({ id: `${side === 0 ? 'a' : 'b'}${i + 1}`, name: r.name.trim(), side, models: r.models, resolve: r.resolve })),
      ),
    });
  };

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {([0, 1] as const).map((side) => (
          <SideEditor
            key={side}
            label={side === 0 ? 'Side A' : 'Side B'}
            name={names[side]}
            onName={(v) => setNames(side === 0 ? [v, names[1]] : [names[0], v])}
            rows={rows[side]}
            onRows={(r) => setRows(side === 0 ? [r, rows[1]] : [rows[0], r])}
          />
        ))}
      </SimpleGrid>
      <Card withBorder>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Set-up roll-off
          </Title>
          <Text size="sm" c="dimmed">
            Each player rolls a D6; the higher roll has initiative in round 1. From round 2 the side with fewer formations goes first.
          </Text>
          <Group align="flex-end">
            {([0, 1] as const).map((side) => (
              <NumberInput
                key={side}
                label={`${names[side] || (side === 0 ? 'Side A' : 'Side B')}’s D6`}
                min={1}
                max={6}
                allowDecimal={false}
                allowNegative={false}
                value={rolls[side]}
                onChange={(v) => {
                  const n = typeof v === 'number' && v >= 1 && v <= 6 ? v : '';
                  setRolls(side === 0 ? [n, rolls[1]] : [rolls[0], n]);
                }}
                w={150}
              />
            ))}
            <Button variant="default" onClick={rollDie}>
              Roll off for us
            </Button>
          </Group>
          {rollOff === 'roll-again' && <Text c="orange">A tie: roll again.</Text>}
          {(rollOff === 0 || rollOff === 1) && <Text>{names[rollOff]} has initiative in round 1.</Text>}
          <Checkbox
            label="Routing stays once reached"
            description="Off: routing is rechecked each time, as the module reads by default."
            checked={latchRout}
            onChange={(e) => setLatchRout(e.currentTarget.checked)}
          />
        </Stack>
      </Card>
      <Group>
        <Button onClick={start} disabled={!valid}>
          Start round 1
        </Button>
      </Group>
    </Stack>
  );
}
