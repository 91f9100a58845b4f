import { Alert, Card, Checkbox, Group, NumberInput, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { modelsLeft, patrolActive } from '../../../../../src-shared/battle/bag';
import { EXPLOSION_CAUSE_NAMES } from '../../../../../src-shared/naming';
import { formationsThatMay } from '../../../../../src-shared/battle/formation-life';
import { EXPLOSION_CAUSES, type ExplosionCause, type ExplosionTarget, targetKey } from '../../../../../src-shared/battle/explosion';
import type { BattleIntentInput } from '../../../../../src-shared/battle/intents';
import { MUTANTS_PER_PATROL } from '../../../../../src-shared/battle/setup';
import { ActionButton } from '../ActionButton';
import { ProvisionalMark } from '../../../components/ProvisionalMark';
import type { BattleHook } from '../useBattle';
import { describeEvent } from './describe-event';

const CAUSE_LABEL: Record<ExplosionCause, string> = EXPLOSION_CAUSE_NAMES;

interface Ticked {
  models: number | string;
  save: number | string;
  rolls: string;
}

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

  const candidates: { target: ExplosionTarget; label: string; max: number }[] = [
    ...(['A', 'B'] as const).flatMap((side) =>
      // what the handler accepts: a formation on the table, not one in reserve nor one destroyed or gone (formation-life.ts)
      formationsThatMay(s, side, 'blast-target')
        .filter((f) => modelsLeft(f) > 0)
        .map((f) => ({ target: { kind: 'formation' as const, side, formationId: f.id }, label: `${f.name} (${player(side)})`, max: modelsLeft(f) })),
    ),
    ...s.patrols
      .filter(patrolActive)
      .map((p) => ({ target: { kind: 'patrol' as const, objective: p.objective }, label: `Mutants at objective ${p.objective + 1}`, max: perPatrol - p.dead })),
    ...(s.cryptid && !s.cryptid.defeated ? [{ target: { kind: 'cryptid' as const }, label: s.cryptid.name, max: 1 }] : []),
  ];
  const dice = (text: string) =>
    text
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);

  const explode = () => {
    if (!next) return;
    const intent: BattleIntentInput = {
      kind: 'explode',
      side: next.side,
      formationId: next.formationId,
      cause: cause ?? (chained ? 'explosion' : 'wounds'),
      targets: candidates
        .filter((c) => ticked[targetKey(c.target)])
        .map((c) => {
          const t = ticked[targetKey(c.target)]!;
          return {
            target: c.target,
            models: Number(t.models) || 1,
            save: savesAllowed && t.save !== '' ? Number(t.save) : null,
            rolls: ownDice ? dice(t.rolls) : null,
          };
        }),
    };
    b.act.mutate(intent, {
      onSuccess: () => {
        setTicked({});
        setCause(null);
      },
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label="Explosion" style={{ borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 }}>
      {last && (
        <div role="status" aria-label="Explosion result">
          <Alert color="orange" title="Explosion resolved" mb={next ? 'md' : 0}>
            <Text size="sm">{describeEvent(last, detail.setup, b.pack)}.</Text>
            <Text size="sm">Record the models it destroyed in Losses. A Heavy destroyed by it explodes in turn.</Text>
          </Alert>
        </div>
      )}
      {next && heavy && (
        <Stack>
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            {heavy.name} ({player(next.side)}) explodes
          </Title>
          <Text size="sm">
            A destroyed Heavy always explodes, once. Every model within 3" takes D3 Wounds, one D3 for each model, whoever it belongs to: mutants and the
            cryptid too. Tick everything within 3" and say how many of its models.
          </Text>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {savesAllowed ? 'Saves allowed against the explosion' : 'The Wounds are automatic: no Save'}
            </Text>
            <ProvisionalMark what="Explosion Saves ruling (AMB-16)" />
            {s.cryptid && !s.cryptid.defeated && (
              <Text size="sm">
                · Wounds to the cryptid {detail.options.explosionCredit === 'credited' ? `count for ${player(next.side)}` : 'count for no one'}
              </Text>
            )}
          </Group>
          <Select
            label="What destroyed it"
            allowDeselect={false}
            data={EXPLOSION_CAUSES.map((c) => ({ value: c, label: CAUSE_LABEL[c] }))}
            value={cause ?? (chained ? 'explosion' : 'wounds')}
            onChange={(v) => setCause(v as ExplosionCause)}
          />
          <Stack gap={6} role="group" aria-label='Within 3"'>
            {candidates.map((c) => {
              const key = targetKey(c.target);
              const t = ticked[key];
              return (
                <Group key={key} gap="sm" align="center" wrap="nowrap">
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
                      onChange={(v) => setTicked((p) => ({ ...p, [key]: { ...t, models: v } }))}
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
                      onChange={(v) => setTicked((p) => ({ ...p, [key]: { ...t, save: v } }))}
                    />
                  )}
                  {t && ownDice && (
                    <TextInput
                      size="xs"
                      w={140}
                      aria-label={`${c.label}: D3 rolled`}
                      placeholder="D3s, e.g. 2, 3"
                      value={t.rolls}
                      onChange={(e) => {
                        const rolls = e.currentTarget.value;
                        setTicked((p) => ({ ...p, [key]: { ...t, rolls } }));
                      }}
                    />
                  )}
                </Group>
              );
            })}
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
