import { Alert, Card, Checkbox, Group, NumberInput, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { EXPLOSION_CAUSE_NAMES } from '../../../../../src-shared/naming';
import { EXPLOSION_CAUSES, type ExplosionCause, targetKey } from '../../../../../src-shared/battle/explosion';
import { MUTANTS_PER_PATROL } from '../../../../../src-shared/battle/setup';
import { ActionButton } from '../ActionButton';
import { ProvisionalMark } from '../../../components/ProvisionalMark';
import type { BattleHook } from '../useBattle';
import { describeEvent } from './describe-event';
import { explodeIntent, explosionCandidates, type Candidate, type Ticked } from './explosion-targets';

const CAUSE_LABEL: Record<ExplosionCause, string> = EXPLOSION_CAUSE_NAMES;

/**
 * The explosion step (Field Manual §5): opens as soon as a Heavy is recorded
 * destroyed. The players tick everything within 3", the backend rolls one D3
 * per model (or takes the dice they rolled), and the result stays on screen
 * so the losses can be recorded; a Heavy destroyed by it opens the step again.
 */
export function ExplosionPanel({ b }: { b: BattleHook }) {
  const s = b.state!;
  const detail = b.battle.data!;
  const [cause, setCause] = useState<ExplosionCause | null>(null);
  const [ticked, setTicked] = useState<Record<string, Ticked>>({});
  const [ownDice, setOwnDice] = useState(false);
  const next = s.explosions.pending[0];
  // the explosion takes the table's attention when a loss starts it: focus and scroll to its heading, once per Heavy waiting
  const heading = useRef<HTMLHeadingElement>(null);
  const waiting = next ? `${next.side}:${next.formationId}:${s.explosions.exploded.length}` : null;
  useEffect(() => {
    if (!waiting) return;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'center' });
  }, [waiting]);
  const lastLive = [...detail.log].reverse().find((e) => !e.struck && e.body.kind !== 'correction.strike');
  const last = lastLive?.body.kind === 'heavy.explosion' ? lastLive : null;
  if (!next && !last) return null;
  const savesAllowed = detail.options.explosionSaves === 'saves-allowed';
  const player = (side: 'A' | 'B') => detail.setup.sides[side === 'A' ? 0 : 1].playerName;
  const heavy = next ? s.sides[next.side].formations.find((f) => f.id === next.formationId) : null;
  const perPatrol = b.mission?.mutantsPerObjective ?? MUTANTS_PER_PATROL;
  const chained = s.explosions.exploded.length > 0 && s.rounds[s.rounds.length - 1]!.explosions.length > 0;

  const candidates = explosionCandidates(s, player, perPatrol);
  const chosenCause = cause ?? (chained ? 'explosion' : 'wounds');

  const explode = () => {
    if (!next) return;
    b.act.mutate(explodeIntent(next, chosenCause, candidates, ticked, { savesAllowed, ownDice }), {
      onSuccess: () => {
        setTicked({});
        setCause(null);
      },
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label="Explosion" style={{ borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 }}>
      {last && <ExplosionResult text={describeEvent(last, detail.setup, b.pack)} spaced={!!next} />}
      {next && heavy && (
        <Stack>
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            {heavy.name} ({player(next.side)}) explodes
          </Title>
          <Text size="sm">
            A destroyed Heavy always explodes, once. Every model within 3" takes D3 Wounds, one D3 for each model, whoever it belongs to: mutants and the
            cryptid too. Tick everything within 3" and say how many of its models.
          </Text>
          <ExplosionRuling
            savesAllowed={savesAllowed}
            cryptidCredit={
              s.cryptid && !s.cryptid.defeated ? (detail.options.explosionCredit === 'credited' ? `count for ${player(next.side)}` : 'count for no one') : null
            }
          />
          <Select
            label="What destroyed it"
            allowDeselect={false}
            data={EXPLOSION_CAUSES.map((c) => ({ value: c, label: CAUSE_LABEL[c] }))}
            value={chosenCause}
            onChange={(v) => setCause(v as ExplosionCause)}
          />
          <Stack gap={6} role="group" aria-label='Within 3"'>
            {candidates.map((c) => (
              <TargetRow
                key={targetKey(c.target)}
                candidate={c}
                ticked={ticked[targetKey(c.target)]}
                savesAllowed={savesAllowed}
                ownDice={ownDice}
                setTicked={setTicked}
              />
            ))}
          </Stack>
          <Switch label="We rolled the D3s at the table" checked={ownDice} onChange={(e) => setOwnDice(e.currentTarget.checked)} />
          <ActionButton onClick={explode} loading={b.act.isPending}>
            {ownDice ? 'Record the explosion' : 'Roll the explosion'}
          </ActionButton>
        </Stack>
      )}
    </Card>
  );
}

/** The explosion just resolved, in words, until the losses are recorded. */
function ExplosionResult({ text, spaced }: { text: string; spaced: boolean }) {
  return (
    <div role="status" aria-label="Explosion result">
      <Alert color="orange" title="Explosion resolved" mb={spaced ? 'md' : 0}>
        <Text size="sm">{text}.</Text>
        <Text size="sm">Record the models it destroyed in Losses. A Heavy destroyed by it explodes in turn.</Text>
      </Alert>
    </div>
  );
}

/** The rulings in force for this explosion: Saves or none, and whom Wounds to a standing cryptid count for. */
function ExplosionRuling({ savesAllowed, cryptidCredit }: { savesAllowed: boolean; cryptidCredit: string | null }) {
  return (
    <Group gap={6}>
      <Text size="sm" fw={600}>
        {savesAllowed ? 'Saves allowed against the explosion' : 'The Wounds are automatic: no Save'}
      </Text>
      <ProvisionalMark what="Explosion Saves ruling (AMB-16)" />
      {cryptidCredit && <Text size="sm">· Wounds to the cryptid {cryptidCredit}</Text>}
    </Group>
  );
}

/** One thing within 3": ticked or not and, once ticked, its models, its Save and the D3s rolled at the table. */
function TargetRow({
  candidate: c,
  ticked: t,
  savesAllowed,
  ownDice,
  setTicked,
}: {
  candidate: Candidate;
  ticked: Ticked | undefined;
  savesAllowed: boolean;
  ownDice: boolean;
  setTicked: Dispatch<SetStateAction<Record<string, Ticked>>>;
}) {
  const key = targetKey(c.target);
  const change = (patch: Partial<Ticked>) => setTicked((p) => ({ ...p, [key]: { ...t!, ...patch } }));
  return (
    <Group gap="sm" align="center" wrap="nowrap">
      <Checkbox
        label={c.label}
        checked={!!t}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setTicked((prev) => {
            const copy = { ...prev };
            if (on) copy[key] = { models: 1, save: '', rolls: '' };
            else delete copy[key];
            return copy;
          });
        }}
        style={{ flex: 1 }}
      />
      {t && c.max > 1 && (
        <NumberInput
          size="xs"
          w={120}
          aria-label={`${c.label}: models`}
          suffix=" models"
          min={1}
          max={c.max}
          value={t.models}
          onChange={(v) => change({ models: v })}
        />
      )}
      {t && savesAllowed && (
        <NumberInput
          size="xs"
          w={90}
          aria-label={`${c.label}: Save`}
          placeholder="Save"
          min={2}
          max={6}
          suffix="+"
          value={t.save}
          onChange={(v) => change({ save: v })}
        />
      )}
      {t && ownDice && (
        <TextInput
          size="xs"
          w={140}
          aria-label={`${c.label}: D3 rolled`}
          placeholder="D3s, e.g. 2, 3"
          value={t.rolls}
          onChange={(e) => change({ rolls: e.currentTarget.value })}
        />
      )}
    </Group>
  );
}
