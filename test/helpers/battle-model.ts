import fc from 'fast-check';
import type { BagState } from '../../src-shared/battle/bag';
import { STRIKABLE_KINDS, type BattleEventBody } from '../../src-shared/battle/events';
import { battleEventBodySchema } from '../../src-shared/battle/events.schema';
import { resolveIntent, type BattleIntentInput } from '../../src-shared/battle/intents';
import { battleIntentSchema } from '../../src-shared/battle/intents.schema';
import { applyEvent, foldEvents, initialState, type FoldableEvent } from '../../src-shared/battle/reducer';
import { type BattleSetup, type Side } from '../../src-shared/battle/setup';
import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import type { BattleState } from '../../src-shared/battle/state';
import { STATUS_TRANSITIONS, statusOf, type FormationStatus } from '../../src-shared/battle/formation-life';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army } from './battle';

/**
 * A model of a formation's life, written apart from the engine (issue 32):
 * from the events a battle accepted, what each formation is now. The
 * model-based test plays random taps through the real reducer and intents and
 * holds every accepted event to this model, so a handler that forgets to ask
 * the life cycle is caught without trusting the engine's own guard.
 */

const MODEL_SIDES: readonly Side[] = ['A', 'B'];

/** Two armies: the command group (Captain + 4 Officers), a Core squad, a reserve-eligible patrol and a Heavy with Clockwork Overdrive, each Rank I. */
function modelSetup(): BattleSetup {
  const side = (p: string) =>
    army(p, [
      { slot: 'core', models: 3, veteranSixes: 1 },
      { slot: 'skirmisher', models: 3, reserveEligible: true, veteranSixes: 1 },
      { slot: 'heavy', models: 1, veteranSixes: 1, abilities: ['clockwork-overdrive'] },
    ]);
  return battleSetupSchema.parse({ mode: 'standalone', campaignId: null, mission: null, lifeCycle: true, sides: [side('Ana'), side('Bo')] });
}

interface ModelFormation {
  starting: number;
  lost: number;
  killed: number;
  reserve: boolean;
  uncloakedRound: number | null;
  activatedRound: number | null;
  command: boolean;
}

interface LifeModel {
  round: number;
  over: boolean;
  formations: Map<string, ModelFormation>;
  captainLost: Record<Side, boolean>;
  /** Officers still riding the command token (all unattached in this set-up). */
  officersLeft: Record<Side, number>;
}

const key = (side: Side, id: string) => `${side}:${id}`;

/** The model's own fold: only the events that change a formation's life. */
function modelOf(setup: BattleSetup, events: readonly BattleEventBody[], states: readonly BattleState[]): LifeModel {
  const m: LifeModel = { round: 0, over: false, formations: new Map(), captainLost: { A: false, B: false }, officersLeft: { A: 0, B: 0 } };
  setup.sides.forEach((sd, i) => {
    const side = MODEL_SIDES[i]!;
    m.officersLeft[side] = sd.officers.length;
    for (const f of sd.formations)
      m.formations.set(key(side, f.id), {
        starting: f.models,
        lost: 0,
        killed: 0,
        reserve: false,
        uncloakedRound: null,
        activatedRound: null,
        command: f.slot === 'command',
      });
  });
  events.forEach((b, i) => {
    // the round and whether the battle is over come from the record's own procedure, which this model does not re-derive
    m.round = states[i]!.round;
    m.over = states[i]!.phase === 'over';
    const sideOf = (id: string) => MODEL_SIDES.find((s) => m.formations.has(key(s, id)));
    if (b.kind === 'setup.deployed') for (const s of MODEL_SIDES) for (const id of b.reserves[s]) m.formations.get(key(s, id))!.reserve = true;
    if (b.kind === 'uncloak') Object.assign(m.formations.get(key(b.side, b.formationId))!, { reserve: false, uncloakedRound: m.round });
    if (b.kind === 'record.casualties') {
      const f = m.formations.get(key(b.side, b.formationId))!;
      f.lost += b.killed + b.retreated;
      f.killed += b.killed;
      if (b.captain) m.captainLost[b.side] = true;
      m.officersLeft[b.side] -= b.officerIds.length;
    }
    if (b.kind === 'bag.activate') {
      const side = sideOf(b.formationId);
      if (side) m.formations.get(key(side, b.formationId))!.activatedRound = m.round;
    }
  });
  return m;
}

const alive = (f: ModelFormation) => f.lost < f.starting;
const onTable = (f: ModelFormation) => alive(f) && !f.reserve;

/** The events only a formation on the table may be named in, and what each is, for the objection. */
const ON_TABLE_ONLY: Partial<Record<BattleEventBody['kind'], string>> = {
  'record.wounds': 'Wounds dealt',
  'record.casualties': 'losses taken',
  'record.veteranSix': 'a Veteran Six spent',
  'record.cryptidDie': 'a Cryptid Die spent',
  'ability.use': 'an ability used',
  gambit: 'a gambit taken',
  'cryptid.wound': 'cryptid Wounds credited',
};

/** Why the model says this accepted event should have been refused, or null. `before` is the model before the event. */
function modelObjection(m: LifeModel, b: BattleEventBody): string | null {
  const get = (side: Side, id: string) => m.formations.get(key(side, id));
  const needOnTable = (side: Side | null, id: string | null | undefined, what: string): string | null => {
    if (!side || !id) return null;
    const f = get(side, id);
    if (!f) return null;
    if (m.over) return `${what} by ${id} after the battle was over`;
    return onTable(f) ? null : `${what} by ${id}, ${alive(f) ? 'in reserve' : 'destroyed or gone'}`;
  };
  const doing = ON_TABLE_ONLY[b.kind];
  if (doing) {
    const named = b as { side: Side | null; formationId?: string | null };
    return needOnTable(named.side, named.formationId, doing);
  }
  switch (b.kind) {
    case 'command.order': {
      const f = get(b.side, b.formationId);
      return f && f.uncloakedRound === m.round ? `an order to ${b.formationId}, arrived this round` : needOnTable(b.side, b.formationId, 'an order taken');
    }
    case 'uncloak': {
      const f = get(b.side, b.formationId);
      return f && !f.reserve ? `${b.formationId} uncloaked while not in reserve` : null;
    }
    case 'bag.activate': {
      const side = MODEL_SIDES.find((s) => get(s, b.formationId));
      if (!side) return null;
      const f = get(side, b.formationId)!;
      if (!alive(f)) return `${b.formationId} activated, destroyed or gone`;
      if (f.activatedRound === m.round) return `${b.formationId} activated twice in round ${m.round}`;
      if (f.reserve && m.round < 2) return `${b.formationId} activated from reserve in round 1`;
      if (f.command && m.captainLost[side] && m.officersLeft[side] === 0) return `${b.formationId} activated with no one to lead it`;
      return null;
    }
    case 'round.end': {
      if (m.round < 2) return null;
      for (const h of b.holders)
        if (h && typeof h === 'object')
          for (const id of h.formationIds) {
            const f = get(h.side, id);
            if (!f) continue;
            if (!onTable(f) || f.uncloakedRound === m.round) return `objective held by ${id}, which could not score`;
          }
      return null;
    }
    default:
      return null;
  }
}

/**
 * A formation's status by the model's own life cycle: gone when every model
 * is lost (the command group while no one leads it), retreated when any of
 * them left the table alive (a survivor, DIGEST 16.3), else destroyed; in
 * reserve until it uncloaks; arrived in the round it uncloaked.
 */
function modelStatus(m: LifeModel, side: Side, id: string): FormationStatus {
  const f = m.formations.get(key(side, id))!;
  const led = !m.captainLost[side] || m.officersLeft[side] > 0;
  if (!alive(f) && !(f.command && led)) return f.lost > f.killed ? 'retreated' : 'destroyed';
  if (f.reserve) return 'reserve';
  if (f.uncloakedRound !== null && f.uncloakedRound === m.round) return 'arrived';
  return 'on-table';
}

/** Every formation's status as the engine says it (formation-life.ts), by side and id. */
function engineStatuses(s: BattleState): Map<string, FormationStatus> {
  const out = new Map<string, FormationStatus>();
  for (const side of MODEL_SIDES) for (const f of s.sides[side].formations) out.set(key(side, f.id), statusOf(s, side, f));
  return out;
}

/**
 * After a step: every formation's status is the model's, and, once the
 * battle has begun, a step forward (not an undo) changes a status only along
 * an edge of STATUS_TRANSITIONS.
 */
function lifeObjection(m: LifeModel, now: Map<string, FormationStatus>, before: Map<string, FormationStatus> | null): string | null {
  for (const [k, status] of now) {
    const side = k.slice(0, 1) as Side;
    const expected = modelStatus(m, side, k.slice(2));
    if (status !== expected) return `${k.slice(2)} is ${status} by the engine, ${expected} by the model`;
    const was = before?.get(k);
    if (was !== undefined && was !== status && !STATUS_TRANSITIONS[was].includes(status))
      return `${k.slice(2)} went from ${was} to ${status}, not an edge of STATUS_TRANSITIONS`;
  }
  return null;
}

/** Which formations the model says may activate now (for the bag's invariant). */
function modelMayActivate(m: LifeModel): Set<string> {
  const out = new Set<string>();
  for (const side of MODEL_SIDES)
    for (const [k, f] of m.formations) {
      if (!k.startsWith(`${side}:`)) continue;
      const id = k.slice(2);
      if (!alive(f) || f.activatedRound === m.round || (f.reserve && m.round < 2)) continue;
      if (f.command && m.captainLost[side] && m.officersLeft[side] === 0) continue;
      out.add(id);
    }
  return out;
}

/** The bag holds exactly one token per formation able to activate: per colour, tokens left (and the one drawn) equal the formations waiting. */
function bagObjection(s: BattleState, m: LifeModel): string | null {
  if (s.phase !== 'activations' || s.setup.activation !== 'bag') return null;
  const bag = s.activation as BagState;
  for (const owner of [0, 1] as const) {
    const tokens = bag.tokens.filter((t) => t === owner).length + (bag.drawn === owner ? 1 : 0);
    const waiting = bag.waiting.filter((w) => w.owner === owner).length;
    if (tokens !== waiting) return `side ${MODEL_SIDES[owner]} has ${tokens} tokens for ${waiting} formations waiting`;
  }
  const waiting = new Set(bag.waiting.filter((w) => w.owner !== 'neutral').map((w) => w.formationId));
  const may = modelMayActivate(m);
  for (const id of may) if (!waiting.has(id)) return `${id} may activate but has no token`;
  for (const id of waiting) if (!may.has(id)) return `${id} holds a token but may not activate`;
  return null;
}

// ---------------------------------------------------------------------------
// Taps: what a player might press, legal or not

const FORMATIONS = ['cmd', 'f1', 'f2', 'f3'] as const;
type Slot = (typeof FORMATIONS)[number];
const fid = (side: Side, f: Slot) => `${side === 'A' ? 'Ana' : 'Bo'}-${f}`;
const rec = (body: Record<string, unknown>): BattleIntentInput => ({ kind: 'record', body: body as BattleEventBody });

/**
 * One tap a player might make, as plain data so a shrunk counterexample reads
 * as a battle: the procedure's next step (`next`, a pick from the bag among
 * them), or an activation or record naming a formation of either side, legal or not; `undo` strikes the
 * last event standing.
 */
export type Tap =
  | { t: 'next'; n: number }
  | { t: 'undo' }
  | { t: 'wounds' | 'veteran-six' | 'cryptid-wound' | 'overdrive' | 'order' | 'overcharge' | 'uncloak' | 'cryptid-die' | 'activate'; side: Side; f: Slot }
  | { t: 'losses'; side: Side; f: Slot; n: number; retreat: boolean }
  | { t: 'end-round'; holders: ({ side: Side; f: Slot } | null)[] };

type Interpreter<T extends Tap['t']> = (tap: Extract<Tap, { t: T }>, s: BattleState) => BattleIntentInput | null;

const bagOf = (s: BattleState) => (s.phase === 'activations' ? (s.activation as BagState | null) : null);

/** Each tap as the intent it sends now, or null when it makes no sense at this step (not sent). */
const INTERPRET: { [T in Tap['t']]: Interpreter<T> } = {
  next: ({ n }, s) => {
    if (s.phase === 'command') return rec({ kind: 'command.done' });
    if (s.phase === 'event') return { kind: 'resolve-event' };
    if (s.phase === 'cryptid') return { kind: 'cryptid-act', engaged: n === 0 };
    if (s.phase === 'end-of-round') return { kind: 'end-round', holders: [null, null, null] };
    const bag = bagOf(s);
    if (!bag) return null;
    if (bag.drawn === null) return { kind: 'draw' };
    const eligible = bag.waiting.filter((w) => w.owner === bag.drawn);
    return eligible.length ? rec({ kind: 'bag.activate', formationId: eligible[n % eligible.length]!.formationId }) : null;
  },
  undo: () => null,
  activate: ({ side, f }, s) => (bagOf(s) ? rec({ kind: 'bag.activate', formationId: fid(side, f) }) : null),
  'end-round': ({ holders }, s) =>
    s.phase === 'end-of-round' ? { kind: 'end-round', holders: holders.map((h) => (h ? { side: h.side, formationIds: [fid(h.side, h.f)] } : null)) } : null,
  losses: ({ side, f, n, retreat }) =>
    rec({
      kind: 'record.casualties',
      side,
      formationId: fid(side, f),
      killed: retreat ? 0 : n,
      retreated: retreat ? n : 0,
      ...(f === 'cmd' ? { captain: true, officerIds: Array.from({ length: n - 1 }, (_, i) => `${side === 'A' ? 'Ana' : 'Bo'}-o${i + 1}`) } : {}),
    }),
  wounds: ({ side, f }) => rec({ kind: 'record.wounds', side, formationId: fid(side, f), attack: 'ranged', amount: 2 }),
  'veteran-six': ({ side, f }) => rec({ kind: 'record.veteranSix', side, formationId: fid(side, f) }),
  'cryptid-wound': ({ side, f }) => rec({ kind: 'cryptid.wound', side, formationId: fid(side, f), attack: 'melee', amount: 2 }),
  overdrive: ({ side, f }) => ({ kind: 'use-ability', side, formationId: fid(side, f), abilityId: 'clockwork-overdrive' }),
  order: ({ side, f }) => rec({ kind: 'command.order', side, orderId: 'steady-fire', formationId: fid(side, f) }),
  overcharge: ({ side, f }) => rec({ kind: 'gambit', side, gambitId: 'overcharge', formationId: fid(side, f) }),
  uncloak: ({ side, f }) => rec({ kind: 'uncloak', side, formationId: fid(side, f) }),
  'cryptid-die': ({ side, f }) => rec({ kind: 'record.cryptidDie', side, dieId: `die-${fid(side, f)}`, formationId: fid(side, f) }),
};

const intentOfTap = (tap: Tap, s: BattleState): BattleIntentInput | null => (INTERPRET[tap.t] as Interpreter<Tap['t']>)(tap, s);

const side = fc.constantFrom<Side>('A', 'B');
const slot = fc.constantFrom<Slot>(...FORMATIONS);
const named = <T extends string>(t: T) => fc.record({ t: fc.constant(t), side, f: slot });

/** Taps weighted so a battle gets on: mostly the next step, with every kind of record mixed in. */
export const tapArb: fc.Arbitrary<Tap> = fc.oneof(
  { weight: 20, arbitrary: fc.record({ t: fc.constant('next' as const), n: fc.nat(5) }) },
  { weight: 3, arbitrary: named('activate') },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('end-round' as const),
      holders: fc.array(fc.option(fc.record({ side, f: slot }), { nil: null }), { minLength: 3, maxLength: 3 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('losses' as const), side, f: slot, n: fc.integer({ min: 1, max: 3 }), retreat: fc.boolean() }) },
  { weight: 3, arbitrary: named('wounds') },
  { weight: 3, arbitrary: named('veteran-six') },
  { weight: 3, arbitrary: named('cryptid-wound') },
  { weight: 2, arbitrary: named('overdrive') },
  { weight: 2, arbitrary: named('order') },
  { weight: 2, arbitrary: named('overcharge') },
  { weight: 2, arbitrary: named('uncloak') },
  { weight: 2, arbitrary: named('cryptid-die') },
  { weight: 2, arbitrary: fc.constant<Tap>({ t: 'undo' }) },
);

/** A battle's start: scenario, terrain, roll-off and deployment with each patrol held in reserve or not. */
export const deploymentArb = fc.record({ A: fc.boolean(), B: fc.boolean() });

// ---------------------------------------------------------------------------
// The runner

export interface Step {
  intent: BattleIntentInput | 'undo';
  accepted: boolean;
  refusal?: string;
}

/** How many steps between two comparisons of the state with a replay of the record. */
const REPLAY_EVERY = 8;

/** Plays the taps through the real intents and reducer, checking every invariant after each step; returns the first broken one. */
export function playModel(reserve: { A: boolean; B: boolean }, taps: readonly Tap[], seed: number): { problem: string | null; steps: Step[] } {
  const setup = modelSetup();
  const rules = BATTLE_RULES;
  let rng = seed >>> 0 || 1;
  const roll = (sides: number) => {
    rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0;
    return 1 + (rng % sides);
  };
  const events: (FoldableEvent & { struck: boolean })[] = [];
  /** The state after each accepted (unstruck) event, built one event at a time, so undo can be checked against it. */
  const states: BattleState[] = [];
  const steps: Step[] = [];
  let state = initialState(setup, rules);
  let n = 0;
  const live = () => events.filter((e) => !e.struck && e.body.kind !== 'correction.strike');
  let stepsSinceReplay = 0;

  const tryIntent = (intent: BattleIntentInput): string | null => {
    let resolved;
    let next = state;
    try {
      resolved = resolveIntent(state, battleIntentSchema.parse(intent), rules, roll, events);
      const added = resolved.map((e) => ({
        id: `e${++n}`,
        at: `2026-12-04T19:00:${String(n % 60).padStart(2, '0')}Z`,
        body: battleEventBodySchema.parse(e.body),
        struck: false,
      }));
      if (resolved.some((e) => e.correctsEventId)) return 'strikes are played as undo';
      const before = modelOf(
        setup,
        live().map((e) => e.body),
        states,
      );
      for (const e of added) {
        const objection = modelObjection(before, e.body);
        next = applyEvent(next, e, rules);
        // the model speaks of the state before the event; the engine has just accepted it
        if (objection) return `accepted what the life cycle forbids: ${objection} (${e.body.kind})`;
        events.push(e);
        states.push(next);
      }
      state = next;
      steps.push({ intent, accepted: true });
      return null;
    } catch (err) {
      if ((err as { code?: string }).code !== 'RULE_VIOLATION' && (err as { code?: string }).code !== 'VALIDATION') throw err;
      steps.push({ intent, accepted: false, refusal: (err as Error).message });
      return null;
    }
  };

  const deploy: BattleIntentInput[] = [
    rec({ kind: 'setup.scenario', provinceId: 'marsh', campaignGame: null }),
    rec({ kind: 'setup.terrain', objectives: 3 }),
    { kind: 'deployment-rolloff' },
    rec({ kind: 'setup.deployed', reserves: { A: reserve.A ? ['Ana-f2'] : [], B: reserve.B ? ['Bo-f2'] : [] } }),
  ];
  for (const i of deploy) {
    const p = tryIntent(i);
    if (p) return { problem: p, steps };
  }
  // the statuses after the last step: the set-up's choice of reserves is the life cycle's start, not one of its edges
  let statuses = engineStatuses(state);
  for (const tap of taps) {
    let forward = true;
    if (tap.t === 'undo') {
      // the last event standing, when the players may strike it (STRIKABLE_KINDS, as the strike intent allows)
      const before = live();
      const last = before[before.length - 1];
      if (!last || !STRIKABLE_KINDS.includes(last.body.kind)) continue;
      last.struck = true;
      events.push({ id: `e${++n}`, at: last.at, body: { kind: 'correction.strike', targetEventId: last.id, reason: '' }, struck: false });
      try {
        state = foldEvents(setup, rules, events);
      } catch (err) {
        // striking it leaves a record that no longer replays (a later event needed it): the backend refuses the strike
        last.struck = false;
        events.pop();
        steps.push({ intent: 'undo', accepted: false, refusal: (err as Error).message });
        continue;
      }
      // undo of the last event restores the state before it exactly
      states.pop();
      const expected = states.length ? states[states.length - 1]! : initialState(setup, rules);
      if (!sameBattle(expected, state)) return { problem: `undo of ${last.body.kind} did not restore the state before it`, steps };
      steps.push({ intent: 'undo', accepted: true });
      forward = false;
    } else {
      const intent = intentOfTap(tap, state);
      if (!intent) continue;
      const p = tryIntent(intent);
      if (p) return { problem: p, steps };
    }
    // a replay from scratch equals the state built event by event: compared every few steps and at the end, below (comparing
    // two whole states is most of a run's cost; a difference, once there, stays until the record is struck back)
    if (++stepsSinceReplay >= REPLAY_EVERY) {
      stepsSinceReplay = 0;
      const replay = foldEvents(setup, rules, events);
      if (!sameBattle(replay, state)) return { problem: 'the state built event by event differs from a replay of the record', steps };
    }
    const m = modelOf(
      setup,
      live().map((e) => e.body),
      states,
    );
    const bag = bagObjection(state, m);
    if (bag) return { problem: `the bag: ${bag}`, steps };
    const now = engineStatuses(state);
    const life = lifeObjection(m, now, forward ? statuses : null);
    if (life) return { problem: `the life cycle: ${life}`, steps };
    statuses = now;
  }
  // and once more at the end, whatever the last tap was
  if (!sameBattle(foldEvents(setup, rules, events), state)) return { problem: 'the state built event by event differs from a replay of the record', steps };
  return { problem: null, steps };
}

/** Two states of one battle are the same: every field but the times of the last event (a strike keeps its target's). */
function sameBattle(a: BattleState, b: BattleState): boolean {
  return JSON.stringify({ ...a, lastEventAt: null }) === JSON.stringify({ ...b, lastEventAt: null });
}
