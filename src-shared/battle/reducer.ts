import { Immer } from 'immer';
import type { BattleEventBody, EventKind } from './events';
import { EVENT_HANDLERS } from './handlers';
import type { BattleDraft, EventHandler } from './handlers/handler';
import { routMorale } from './morale-rout';
import { battleMission } from './mission';
import type { BattleRules, BattleSetup } from './setup';
import type { BattleState, SideState } from './state';

/**
 * The round procedure as a reducer: state = fold(events). Every check the
 * rules make is in the handlers (handlers/, one per event kind), so the
 * backend refuses an impossible event before it is saved, and replaying a
 * saved record always gives the same battle.
 */

export interface FoldableEvent {
  id: string;
  at: string;
  body: BattleEventBody;
}

/**
 * Rout morale starts from every model the two companies bring to the table
 * (DIGEST §23 adapter: "starting fighters" are the models deployed; a
 * Skirmisher patrol held in reserve is part of the company all the same).
 */
function startMorale(setup: BattleSetup, latch: boolean): BattleState['morale'] {
  if (setup.activation !== 'alternating') return null;
  const models = (i: 0 | 1) => setup.sides[i].formations.reduce((n, f) => n + f.models, 0);
  return routMorale({ latch }).start([models(0), models(1)]);
}

export function initialState(setup: BattleSetup, rules?: Pick<BattleRules, 'options'>): BattleState {
  const side = (i: 0 | 1): SideState => {
    const s = setup.sides[i];
    return {
      side: i === 0 ? 'A' : 'B',
      formations: s.formations.map((f) => ({
        id: f.id,
        name: f.name,
        slot: f.slot,
        startingModels: f.models,
        killed: 0,
        retreated: 0,
        inReserve: false,
        uncloakedRound: null,
        activatedThisRound: false,
        pendingOrder: null,
        cryptidWounds: 0,
        veteranSixesSpent: 0,
        veteranSixActivation: null,
        abilitiesUsed: [],
      })),
      officers: s.officers.map((o) => ({ id: o.id, name: o.name, attachedTo: o.attachedTo, lost: false })),
      captainLost: false,
      abilityUsedRound: null,
      mutantKills: 0,
      extraVp: 0,
      vpRecorded: { relic: 0, secondary: 0, other: 0 },
      cryptidDiceSpent: [],
      bankedTrophiesUsed: [],
      ruleOfCoolRound: null,
      trophies: [],
    };
  };
  return {
    setup,
    phase: 'scenario',
    round: 0,
    provinceId: null,
    missionVariantId: null,
    secondaryObjective: null,
    campaignGame: null,
    objectives: null,
    deploymentWinner: null,
    deploymentRolls: [],
    sides: { A: side(0), B: side(1) },
    patrols: [],
    activation: null,
    roundDraws: [],
    activationSerial: 0,
    activeFormation: null,
    morale: startMorale(setup, rules?.options.latchRout ?? false),
    command: { abilities: [], rolloffDone: false, orders: [] },
    gambitsThisRound: [],
    event: { resolved: false, d20: null, outcome: null },
    cryptid: null,
    storm: null,
    explosions: { pending: [], exploded: [] },
    endedEarly: null,
    rounds: [],
    setupRulings: [],
    eventCount: 0,
    lastEventAt: null,
    firstEventAt: null,
  };
}

/** Ids of events struck out by a correction (the struck events stay in the record). */
export function struckIds(events: readonly FoldableEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) if (e.body.kind === 'correction.strike') out.add(e.body.targetEventId);
  return out;
}

/** Replays a battle's record. Struck events and the strikes themselves change nothing. */
export function foldEvents(setup: BattleSetup, rules: BattleRules, events: readonly FoldableEvent[]): BattleState {
  const struck = struckIds(events);
  // The start state is made here and nobody sees it before the replay ends, so the handlers write into it
  // directly instead of into a draft: a 1,000-event replay stays at ~0.1 ms (through immer it took ~25× longer).
  const s = initialState(setup, rules);
  const lifeGuard = setup.lifeCycle;
  for (const e of events) if (!struck.has(e.id) && e.body.kind !== 'correction.strike') step(s, e, rules, lifeGuard);
  return s;
}

const immer = new Immer({ autoFreeze: false });

/** One event's effect on a draft: its handler, then the bookkeeping every event shares. */
function step(s: BattleDraft, ev: FoldableEvent, rules: BattleRules, lifeGuard: boolean): void {
  const mission = battleMission(s, rules) ?? null;
  // The table pairs each kind with its own body type; indexing by a union kind loses that pairing, hence the widening.
  const handle = EVENT_HANDLERS[ev.body.kind] as EventHandler<EventKind>;
  handle(s, ev.body, { ev, rules, mission, lifeGuard });
  s.eventCount += 1;
  s.lastEventAt = ev.at;
}

/**
 * The state after one more event. The state passed in is never changed: the
 * result shares every part the event did not touch with it (immer, without
 * freezing, so a long battle costs no more per event than a short one).
 * A refused event throws its RULE_VIOLATION and leaves nothing half-applied.
 */
export function applyEvent(state: BattleState, ev: FoldableEvent, rules: BattleRules): BattleState {
  return immer.produce(state, (s) => step(s, ev, rules, true));
}

/**
 * One more event applied to a state its caller alone holds (the backend's
 * kept state of a battle, taken out of its cache for the write): no copy at
 * all. A refused event throws and may leave the state half-applied, so the
 * caller must then discard it, as it discards the failed write.
 */
export function applyEventToOwnState(state: BattleState, ev: FoldableEvent, rules: BattleRules): BattleState {
  step(state, ev, rules, true);
  return state;
}

/** Victory points per side so far: objectives held from round 2, plus any recorded extras (DIGEST 4.6–4.9). */
export function victoryPoints(s: BattleState, rules: Pick<BattleRules, 'cryptidRules' | 'missions' | 'provinces'>): { A: number; B: number } {
  const vp = { A: 0, B: 0 };
  for (const r of s.rounds) {
    vp.A += r.vp.A;
    vp.B += r.vp.B;
  }
  const mission = battleMission(s, rules);
  if (mission?.kind === 'cryptid-hunt' && s.cryptid) {
    // 1 VP per full 5 Wounds by the player's whole company (AMB-06).
    vp.A += Math.floor(s.cryptid.credited.A / rules.cryptidRules.woundsPerHuntVp);
    vp.B += Math.floor(s.cryptid.credited.B / rules.cryptidRules.woundsPerHuntVp);
  }
  return vp;
}
