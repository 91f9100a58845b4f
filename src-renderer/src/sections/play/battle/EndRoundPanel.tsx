import { citeFieldManual } from '../../../../../src-shared/naming';
import { Button, Card, Checkbox, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { patrolActive } from '../../../../../src-shared/battle/bag';
import { formationsStillIn, formationsThatMay } from '../../../../../src-shared/battle/formation-life';
import { stormEntryRefusal } from '../../../../../src-shared/battle/storm';
import type { Side } from '../../../../../src-shared/battle/setup';
import { bareHolderRefusal, holdingRefusal, type ObjectiveHolder } from '../../../../../src-shared/battle/uncloak';
import type { BattleHook } from '../useBattle';
import { ACTION_COLOR } from '../labels';
import { FormationSelect, SideControl } from './SidePickers';
import { Choice } from '../../../components/Choice';

type Exposure = {
  side: Side;
  formationId: string;
  modelsInside: number;
  protectedInside: number;
};

/** End of round: storm exposure (the app rolls protection), objectives held (VP from round two), then the next round. */
export function EndRoundPanel({ b }: { b: BattleHook }) {
  const { state, battle, act } = b;
  const s = state!;
  const detail = battle.data!;
  const [holders, setHolders] = useState<(Side | null)[]>(() => Array.from({ length: s.objectives ?? 0 }, () => null));
  // the formations holding each objective, so an arrival-round patrol is not credited (uncloak.ts, AMB-36)
  const [holding, setHolding] = useState<string[][]>(() => Array.from({ length: s.objectives ?? 0 }, () => []));
  const credited: ObjectiveHolder[] = holders.map((h, i) => (h && holding[i]!.length ? { side: h, formationIds: holding[i]! } : h));
  const unnamed = credited.map((h) => {
    const why = bareHolderRefusal(s, h);
    return why && citeFieldManual(why);
  });
  const [storm, setStorm] = useState<Exposure[]>([]);
  const name = (sd: Side) => detail.setup.sides[sd === 'A' ? 0 : 1].playerName;
  const scores = s.round >= 2;

  return (
    <Card withBorder padding="lg" component="section" aria-label="End of round">
      <Title order={2} size="h3" mb="xs">
        End of round {s.round}
      </Title>
      {s.storm && <StormExposure b={b} storm={storm} setStorm={setStorm} name={name} />}
      <Text fw={600} mb="xs">
        {scores ? 'Who holds each objective? A cleared objective nobody contests scores 1 VP.' : 'Round 1 scores nothing; note who holds what if you like.'}
      </Text>
      <Stack gap="xs" mb="md">
        {holders.map((h, i) => (
          <ObjectiveRow
            key={i}
            s={s}
            index={i}
            holder={h}
            holding={holding[i]!}
            unnamed={unnamed[i] ?? null}
            scores={scores}
            name={name}
            onHolder={(v) => {
              setHolders(holders.map((x, j) => (j === i ? v : x)));
              setHolding(holding.map((x, j) => (j === i ? [] : x)));
            }}
            onHolding={(v) => setHolding(holding.map((x, j) => (j === i ? v : x)))}
          />
        ))}
      </Stack>
      <Button
        color={ACTION_COLOR}
        size="xl"
        fullWidth
        loading={act.isPending}
        disabled={unnamed.some((x) => x !== null)}
        onClick={() => act.mutate({ kind: 'end-round', holders: credited, storm })}
      >
        {s.round >= 5 ? 'End the battle' : `End round ${s.round}: start round ${s.round + 1}`}
      </Button>
    </Card>
  );
}

/** The storm's step: each formation with models inside, how many of them carry protection, added one by one. */
function StormExposure({ b, storm, setStorm, name }: { b: BattleHook; storm: Exposure[]; setStorm: (x: Exposure[]) => void; name: (sd: Side) => string }) {
  const s = b.state!;
  const pack = b.pack!;
  const detail = b.battle.data!;
  const [row, setRow] = useState<{
    side: Side;
    formationId: string | null;
    inside: number | string;
    prot: number | string;
  }>({ side: 'A', formationId: null, inside: 1, prot: 0 });
  // models with storm-protective equipment, from the army snapshot the battle started with (DIGEST AMB-19f)
  const protectedIn = (sd: Side, formationId: string | null) =>
    detail.setup.sides[sd === 'A' ? 0 : 1].formations.find((f) => f.id === formationId)?.radProtectedModels ?? 0;
  const rowProtected = protectedIn(row.side, row.formationId);
  // the backend's own check of the row against the army snapshot (storm.ts): shown before it is added
  const rowWhy = row.formationId
    ? stormEntryRefusal(s, [
        ...storm,
        { side: row.side, formationId: row.formationId, modelsInside: Number(row.inside) || 0, protectedInside: Number(row.prot) || 0 },
      ])
    : null;
  return (
    <Stack gap="xs" mb="md">
      <Text fw={600}>
        Radiation storm: every model inside takes {pack.storm.endOfRoundWounds} Wound; models with protective equipment ignore it on {pack.storm.protectionRoll}
        +. Add each formation with models inside.
      </Text>
      <Group grow align="flex-end">
        <SideControl label="Side in the storm" value={row.side} onChange={(v) => setRow({ ...row, side: v, formationId: null })} name={name} />
        <FormationSelect
          formations={formationsThatMay(s, row.side, 'storm-exposure')}
          value={row.formationId}
          onChange={(v) => setRow({ ...row, formationId: v, prot: Math.min(Number(row.inside) || 0, protectedIn(row.side, v)) })}
        />
        <NumberInput
          label="Models inside"
          min={1}
          max={50}
          value={row.inside}
          onChange={(v) => setRow({ ...row, inside: v, prot: Math.min(Number(v) || 0, rowProtected) })}
        />
        <NumberInput
          label="…of them protected"
          description={row.formationId ? `${rowProtected} in this formation carry storm protection` : undefined}
          min={0}
          max={50}
          value={row.prot}
          onChange={(v) => setRow({ ...row, prot: v })}
          error={rowWhy && rowWhy.field !== 'formationId' ? citeFieldManual(rowWhy.message) : undefined}
        />
        <Button
          color={ACTION_COLOR}
          disabled={!row.formationId || rowWhy !== null}
          onClick={() =>
            setStorm([
              ...storm,
              {
                side: row.side,
                formationId: row.formationId!,
                modelsInside: Number(row.inside),
                protectedInside: Number(row.prot),
              },
            ])
          }
        >
          Add
        </Button>
      </Group>
      {storm.length > 0 && (
        <Table>
          <Table.Tbody>
            {storm.map((e, i) => (
              <Table.Tr key={i}>
                <Table.Td>{s.sides[e.side].formations.find((f) => f.id === e.formationId)?.name}</Table.Td>
                <Table.Td>
                  {e.modelsInside} inside, {e.protectedInside} protected
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** One objective: who holds it and, once held, which formations hold it (one that may not score shows why). */
function ObjectiveRow({
  s,
  index: i,
  holder: h,
  holding,
  unnamed,
  scores,
  name,
  onHolder,
  onHolding,
}: {
  s: NonNullable<BattleHook['state']>;
  index: number;
  holder: Side | null;
  holding: string[];
  unnamed: string | null;
  scores: boolean;
  name: (sd: Side) => string;
  onHolder: (h: Side | null) => void;
  onHolding: (formationIds: string[]) => void;
}) {
  const guarded = patrolActive(s.patrols[i]!);
  return (
    <Group justify="space-between">
      <Text>
        Objective {i + 1}
        {guarded ? ' (still guarded by its patrol)' : ''}
      </Text>
      <Choice
        size="md"
        label={`Objective ${i + 1} held by`}
        value={h ?? 'none'}
        disabled={scores && guarded}
        onChange={(v) => onHolder(v === 'none' ? null : v)}
        options={{ A: name('A'), none: 'Nobody / contested', B: name('B') }}
      />
      {h && (
        <Checkbox.Group
          w="100%"
          label={`Objective ${i + 1}: holding formations`}
          description="Tick who holds it; a patrol that uncloaked this round cannot score (Field Manual §7)."
          value={holding}
          onChange={onHolding}
        >
          <Group gap="md" mt={4}>
            {/* every formation still in the battle, one that may not score disabled with the life cycle's reason */}
            {formationsStillIn(s, h).map((f) => {
              const why = holdingRefusal(s, h, f.id);
              return (
                <Stack key={f.id} gap={0}>
                  <Checkbox value={f.id} label={f.name} disabled={why !== null} />
                  {why && (
                    <Text size="xs" c="dimmed" data-testid="holding-refusal">
                      {citeFieldManual(why)}
                    </Text>
                  )}
                </Stack>
              );
            })}
          </Group>
        </Checkbox.Group>
      )}
      {unnamed && (
        <Text size="sm" c="red.8" data-testid="holders-unnamed">
          {unnamed}
        </Text>
      )}
    </Group>
  );
}
