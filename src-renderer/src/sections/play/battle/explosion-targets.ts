import { modelsLeft, patrolActive } from '../../../../../src-shared/battle/bag';
import type { ExplosionCause, ExplosionTarget } from '../../../../../src-shared/battle/explosion';
import { targetKey } from '../../../../../src-shared/battle/explosion';
import { formationsThatMay } from '../../../../../src-shared/battle/formation-life';
import type { BattleIntentInput } from '../../../../../src-shared/battle/intents';
import type { BattleHook } from '../useBattle';

/** What the players say of one thing within 3": how many of its models, its Save, the D3s they rolled. */
export interface Ticked {
  models: number | string;
  save: number | string;
  rolls: string;
}

export interface Candidate {
  target: ExplosionTarget;
  label: string;
  max: number;
}

type State = NonNullable<BattleHook['state']>;

/** Everything an explosion may reach: formations on the table, the active mutant patrols, and the cryptid while it stands. */
export function explosionCandidates(s: State, player: (side: 'A' | 'B') => string, perPatrol: number): Candidate[] {
  return [
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
}

const dice = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

/** The explode intent for the Heavy waiting, with each ticked target as the players described it. */
export function explodeIntent(
  next: { side: 'A' | 'B'; formationId: string },
  cause: ExplosionCause,
  candidates: Candidate[],
  ticked: Record<string, Ticked>,
  opts: { savesAllowed: boolean; ownDice: boolean },
): BattleIntentInput {
  return {
    kind: 'explode',
    side: next.side,
    formationId: next.formationId,
    cause,
    targets: candidates
      .filter((c) => ticked[targetKey(c.target)])
      .map((c) => {
        const t = ticked[targetKey(c.target)]!;
        return {
          target: c.target,
          models: Number(t.models) || 1,
          save: opts.savesAllowed && t.save !== '' ? Number(t.save) : null,
          rolls: opts.ownDice ? dice(t.rolls) : null,
        };
      }),
  };
}
