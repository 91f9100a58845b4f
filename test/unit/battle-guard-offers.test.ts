import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BagState } from '../../src-shared/battle/bag';
import { ACTION_RULES, formationsThatMay, statusOf, type FormationAction, type FormationStatus } from '../../src-shared/battle/formation-life';
import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import { army, setupOf, Table } from '../helpers/battle';

/**
 * What Play Mode offers is what the backend accepts (issue 40): for every
 * action of the life cycle and every status a formation can be in, the
 * formation is among `formationsThatMay` exactly when the handler (the
 * intent and the reducer, as the backend runs them) accepts the event naming
 * it. Each battle sets everything else up so that only the formation's life
 * can stand in the way: the cryptid on the table for the cryptid's actions,
 * the storm for the storm's, an objective cleared for holding one.
 */

/** A: command group, Core f1 (3), reserve-eligible patrol f2 (3), Heavy f3 (1); f1 and f2 with a Veteran Six and Rift Shock. B: command group, Core f1 (3). */
const offersSetup = () =>
  battleSetupSchema.parse({
    ...setupOf(
      army('A', [
        { slot: 'core', models: 3, veteranSixes: 1, abilities: ['rift-shock'] },
        { slot: 'skirmisher', models: 3, reserveEligible: true, veteranSixes: 1, abilities: ['rift-shock'] },
        { slot: 'heavy', models: 1 },
      ]),
      army('B', [{ slot: 'core', models: 3 }]),
      null,
    ),
    lifeCycle: true,
  });

type Event = 'cryptid' | 'storm';

/** How the formation came to its status, in the Command Phase of `round`. */
interface Scenario {
  status: FormationStatus;
  target: 'A-f1' | 'A-f2';
  round: 1 | 2;
  /** destroyed: every model killed; retreated: `killed` killed and the rest retreated. */
  killed: number;
}

/** The Command Phase of round one, or of round two after a quiet round one, with the formation brought to its status. */
function battleAt(sc: Scenario): Table {
  const t = new Table(offersSetup()).toRoundOne({ A: sc.status === 'reserve' || sc.status === 'arrived' ? ['A-f2'] : [], B: [] });
  // objective 1 cleared in round one, so only the holder's life decides whether it scores in round two
  t.record({ kind: 'mutant.kill', objective: 0, side: 'A', count: 3 });
  if (sc.round === 2) t.quietRound();
  const id = sc.target;
  if (sc.status === 'arrived') t.record({ kind: 'uncloak', side: 'A', formationId: id });
  if (sc.status === 'destroyed') t.record({ kind: 'record.casualties', side: 'A', formationId: id, killed: 3, retreated: 0 });
  if (sc.status === 'retreated') t.record({ kind: 'record.casualties', side: 'A', formationId: id, killed: sc.killed, retreated: 3 - sc.killed });
  return t;
}

/** On from the Command Phase: the event (a D20 of 1 brings the cryptid, of 20 the storm), the cryptid's turn, until `phase`. */
function advanceTo(t: Table, phase: 'event' | 'activations', event: Event) {
  if (t.state.phase === 'command') t.record({ kind: 'command.done' });
  if (t.state.phase === 'event') t.act({ kind: 'resolve-event' }, event === 'cryptid' ? [1, 1, 1] : [20, 3, 1]);
  if (phase === 'event') return;
  if (t.state.phase === 'cryptid') t.act({ kind: 'cryptid-act', engaged: true });
}

/** Draws until side A's colour shows (side B's picks take its first formation waiting). */
function drawUntilA(t: Table) {
  const bag = () => t.state.activation as BagState;
  for (let i = 0; i < 20 && bag().drawn !== 0 && t.state.phase === 'activations'; i++) {
    if (bag().drawn !== null) t.record({ kind: 'bag.activate', formationId: bag().waiting.find((w) => w.owner === bag().drawn)!.formationId });
    else t.act({ kind: 'draw' }, [1]);
  }
}

/** Every token drawn, each pick the first formation waiting but the target, then the round's end. */
function toEndOfRound(t: Table, target: string) {
  advanceTo(t, 'activations', 'cryptid');
  const bag = () => t.state.activation as BagState;
  while (t.state.phase === 'activations') {
    if (bag().drawn === null) {
      t.act({ kind: 'draw' }, [1]);
      continue;
    }
    const waiting = bag().waiting.filter((w) => w.owner === bag().drawn);
    t.record({ kind: 'bag.activate', formationId: (waiting.find((w) => w.formationId !== target) ?? waiting[0]!).formationId });
  }
}

interface Trial {
  /** The rounds in which the action can be taken at all (the cryptid and the storm arrive in round two; objectives score from it). */
  rounds: readonly (1 | 2)[];
  /** The formations it can be asked of at all (an Officer is posted to a Core or Elite squad only). */
  targets?: readonly ('A-f1' | 'A-f2')[];
  /** Brings the battle to the moment the action is taken. */
  prepare?: (t: Table, id: string) => void;
  /** The event (or intent) naming the formation. */
  attempt: (t: Table, id: string) => void;
}

/** One trial per action of the life cycle; a new action without one does not compile. */
const TRIALS: Record<FormationAction, Trial> = {
  activate: {
    rounds: [1, 2],
    prepare: (t) => (advanceTo(t, 'activations', 'storm'), drawUntilA(t)),
    attempt: (t, id) => t.record({ kind: 'bag.activate', formationId: id }),
  },
  'deal-wounds': { rounds: [1, 2], attempt: (t, id) => t.record({ kind: 'record.wounds', side: 'A', formationId: id, attack: 'ranged', amount: 1 }) },
  'take-losses': { rounds: [1, 2], attempt: (t, id) => t.record({ kind: 'record.casualties', side: 'A', formationId: id, killed: 1, retreated: 0 }) },
  'receive-order': { rounds: [1, 2], attempt: (t, id) => t.record({ kind: 'command.order', side: 'A', orderId: 'steady-fire', formationId: id }) },
  'veteran-six': { rounds: [1, 2], attempt: (t, id) => t.record({ kind: 'record.veteranSix', side: 'A', formationId: id }) },
  'cryptid-die': {
    rounds: [2],
    prepare: (t) => advanceTo(t, 'event', 'cryptid'),
    attempt: (t, id) => t.record({ kind: 'record.cryptidDie', side: 'A', dieId: 'die-1', formationId: id }),
  },
  'use-ability': { rounds: [1, 2], attempt: (t, id) => t.act({ kind: 'use-ability', side: 'A', formationId: id, abilityId: 'rift-shock' }) },
  gambit: { rounds: [1, 2], attempt: (t, id) => t.record({ kind: 'gambit', side: 'A', gambitId: 'second-chance', formationId: id }) },
  'credit-cryptid': {
    rounds: [2],
    prepare: (t) => advanceTo(t, 'event', 'cryptid'),
    attempt: (t, id) => t.record({ kind: 'cryptid.wound', side: 'A', formationId: id, attack: 'ranged', amount: 1 }),
  },
  'claim-trophy': {
    rounds: [2],
    prepare: (t) => {
      advanceTo(t, 'event', 'cryptid');
      t.record({ kind: 'cryptid.wound', side: null, formationId: null, attack: 'other', amount: 100 });
    },
    attempt: (t, id) => t.record({ kind: 'cryptid.trophy', side: 'A', formationId: id, disposition: 'banked' }),
  },
  'hold-objective': {
    rounds: [2],
    prepare: (t, id) => toEndOfRound(t, id),
    attempt: (t, id) => t.act({ kind: 'end-round', holders: [{ side: 'A', formationIds: [id] }, null, null] }),
  },
  uncloak: { rounds: [1, 2], attempt: (t, id) => t.record({ kind: 'uncloak', side: 'A', formationId: id }) },
  'blast-target': {
    rounds: [1, 2],
    prepare: (t) => t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f3', killed: 1, retreated: 0 }),
    attempt: (t, id) =>
      t.act(
        {
          kind: 'explode',
          side: 'A',
          formationId: 'A-f3',
          cause: 'wounds',
          targets: [{ target: { kind: 'formation', side: 'A', formationId: id }, models: 1 }],
        },
        [2],
      ),
  },
  'storm-exposure': {
    rounds: [2],
    prepare: (t, id) => {
      advanceTo(t, 'event', 'storm');
      toEndOfRound(t, id);
    },
    attempt: (t, id) =>
      t.act({ kind: 'end-round', holders: [null, null, null], storm: [{ side: 'A', formationId: id, modelsInside: 1, protectedInside: 0 }] }, [3, 1]),
  },
  'host-officer': { rounds: [1, 2], targets: ['A-f1'], attempt: (t, id) => t.record({ kind: 'officer.repost', side: 'A', officerId: 'A-o1', to: id }) },
};

const ACTIONS = Object.keys(ACTION_RULES) as FormationAction[];

/** The statuses each target can reach: only the patrol is held in reserve. */
const scenarioArb: fc.Arbitrary<Omit<Scenario, 'round'>> = fc.oneof(
  fc.record({ status: fc.constantFrom<FormationStatus>('reserve', 'arrived'), target: fc.constant('A-f2' as const), killed: fc.constant(0) }),
  fc.record({
    status: fc.constantFrom<FormationStatus>('on-table', 'destroyed', 'retreated'),
    target: fc.constantFrom('A-f1' as const, 'A-f2' as const),
    killed: fc.integer({ min: 0, max: 2 }),
  }),
);

/** Every action with every status of each target, in both rounds: fast-check's first examples, so none is left to chance. */
function everyCase(): [FormationAction, Omit<Scenario, 'round'>, 1 | 2][] {
  const bases: Omit<Scenario, 'round'>[] = [
    { status: 'reserve', target: 'A-f2', killed: 0 },
    { status: 'arrived', target: 'A-f2', killed: 0 },
    ...(['A-f1', 'A-f2'] as const).flatMap((target) => [
      { status: 'on-table' as const, target, killed: 0 },
      { status: 'destroyed' as const, target, killed: 0 },
      { status: 'retreated' as const, target, killed: 1 },
    ]),
  ];
  return ACTIONS.flatMap((action) =>
    bases.flatMap((sc) => [1, 2].map((round) => [action, sc, round as 1 | 2] as [FormationAction, Omit<Scenario, 'round'>, 1 | 2])),
  );
}

/** Offered and accepted for one action and one scenario; null when the action cannot be asked of it at all. */
function offeredAndAccepted(action: FormationAction, sc: Scenario): { offered: boolean; accepted: boolean; refusal?: string; status: FormationStatus } | null {
  const trial = TRIALS[action];
  if (!trial.rounds.includes(sc.round) || (trial.targets && !trial.targets.includes(sc.target))) return null;
  // an arrival is in round two only
  if (sc.status === 'arrived' && sc.round !== 2) return null;
  const t = battleAt(sc);
  trial.prepare?.(t, sc.target);
  const s = t.state;
  const status = statusOf(
    s,
    'A',
    s.sides.A.formations.find((f) => f.id === sc.target)!,
  );
  const offered = formationsThatMay(s, 'A', action).some((f) => f.id === sc.target);
  try {
    trial.attempt(t, sc.target);
    return { offered, accepted: true, status };
  } catch (err) {
    if ((err as { code?: string }).code !== 'RULE_VIOLATION') throw err;
    return { offered, accepted: false, refusal: (err as Error).message, status };
  }
}

const CASES = everyCase();

describe('Play Mode offers exactly what the handler accepts, for every action and every status [property]', () => {
  it('formationsThatMay names the formation exactly when its event is accepted', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.constantFrom(...ACTIONS), scenarioArb, fc.constantFrom(1 as const, 2 as const), (action, sc, round) => {
        const r = offeredAndAccepted(action, { ...sc, round });
        if (!r) return;
        seen.add(`${action}:${r.status}`);
        expect({ action, ...sc, round, status: r.status, accepted: r.accepted, refusal: r.refusal }).toEqual({
          action,
          ...sc,
          round,
          status: sc.status,
          accepted: r.offered,
          refusal: r.refusal,
        });
      }),
      // every action in every status and round first, then random ones (the retreat's split, the target)
      { numRuns: CASES.length + 200, seed: 4040, examples: CASES },
    );
    // every action was tried in every status it can be asked in
    for (const action of ACTIONS)
      for (const status of ['on-table', 'destroyed', 'retreated', ...(action === 'host-officer' ? [] : ['reserve', 'arrived'])])
        expect(seen, `${action} in ${status}`).toContain(`${action}:${status}`);
  }, 60_000);
});
