import { AppError } from '../errors';
import type { Owner } from './activation-strategy';
import { formationsAtRoundStart, commandTokenLive, modelsLeft, patrolActive, patrolFormationId } from './bag';
import {
  behaviourForRoll,
  creditedWounds,
  entryForRoll,
  isEnragedAt,
  provinceSlot,
  rolloffHigher,
  rolloffLower,
  rolloffWellFormed,
  startingWounds,
} from './cryptid';
import type { BattleEventBody } from './events';
import { routMorale } from './morale-rout';
import { willCheckPasses } from './morale-will-check';
import {
  LAST_ROUND,
  MUTANTS_PER_PATROL,
  ORDER_DENYING_ABILITIES,
  ORDERS_PER_PHASE,
  PATROL_FLEES_AT,
  otherSide,
  type BattleRules,
  type BattleSetup,
  type Side,
} from './setup';
import type { BattleState, FormationState, RoundRecord, SideState } from './state';
import { activationStrategy } from './strategies';
import { bandWounds, stormWounds } from './storm';

/**
 * The round procedure as a reducer: state = fold(events). Every check the
 * rules make is here, so the backend refuses an impossible event before it is
 * saved, and replaying a saved record always gives the same battle.
 */

export interface FoldableEvent {
  id: string;
  at: string;
  body: BattleEventBody;
}

const violation = (message: string, path?: (string | number)[]) => new AppError('RULE_VIOLATION', message, path ? { path } : {});

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
      })),
      officers: s.officers.map((o) => ({ id: o.id, name: o.name, attachedTo: o.attachedTo, lost: false })),
      captainLost: false,
      abilityUsedRound: null,
      mutantKills: 0,
      extraVp: 0,
      cryptidDiceSpent: [],
      trophies: [],
    };
  };
  return {
    setup,
    phase: 'scenario',
    round: 0,
    provinceId: null,
    campaignGame: null,
    objectives: null,
    deploymentWinner: null,
    deploymentRolls: [],
    sides: { A: side(0), B: side(1) },
    patrols: [],
    activation: null,
    roundDraws: [],
    activationSerial: 0,
    morale: startMorale(setup, rules?.options.latchRout ?? false),
    command: { abilities: [], rolloffDone: false, orders: [] },
    gambitsThisRound: [],
    event: { resolved: false, d20: null, outcome: null },
    cryptid: null,
    storm: null,
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
  let s = initialState(setup, rules);
  for (const e of events) if (!struck.has(e.id) && e.body.kind !== 'correction.strike') s = applyEvent(s, e, rules);
  return s;
}

function newRound(round: number, at: string): RoundRecord {
  return {
    round,
    startedAt: at,
    endedAt: null,
    orders: [],
    abilities: [],
    abilityRolloff: null,
    gambits: [],
    wounds: [],
    casualties: [],
    mutantKills: { A: 0, B: 0, none: 0 },
    uncloaks: [],
    holders: [],
    vp: { A: 0, B: 0 },
    cryptid: null,
    storm: null,
    instabilityWounds: 0,
    veteranSixes: 0,
    cryptidDice: 0,
    rulings: [],
    expired: [],
    tokensDrawn: 0,
    passes: { A: 0, B: 0 },
    willChecks: [],
  };
}

const ownerToSide = (o: Owner): Side | 'neutral' => (o === 'neutral' ? 'neutral' : o === 0 ? 'A' : 'B');

function formationOf(s: BattleState, side: Side, formationId: string): FormationState {
  const f = s.sides[side].formations.find((x) => x.id === formationId);
  if (!f) throw violation(`Side ${side} has no formation ${formationId}.`, ['formationId']);
  return f;
}

function currentRound(s: BattleState): RoundRecord {
  const r = s.rounds[s.rounds.length - 1];
  if (!r || s.round < 1) throw violation('The battle has not reached its first round yet.');
  return r;
}

function requirePhase(s: BattleState, ...phases: BattleState['phase'][]): void {
  if (!phases.includes(s.phase)) throw violation(`Not now: the battle is in the ${s.phase} step, not ${phases.join(' or ')}.`);
}

const IN_ROUND: BattleState['phase'][] = ['command', 'event', 'cryptid', 'activations', 'end-of-round'];

function strategyOf(s: BattleState) {
  const st = activationStrategy(s.setup.activation);
  if (!st) throw violation(`The ${s.setup.activation} activation sequence is not available in this version.`);
  return st;
}

/** After the Command Phase (and the event), the cryptid acts, then the bag is filled (DIGEST 5.2, AMB-07). */
function afterCommand(s: BattleState, rules: BattleRules): void {
  if (s.round === rules.environmentEvent.round && !s.event.resolved) {
    s.phase = 'event';
    return;
  }
  if (s.cryptid && !s.cryptid.defeated && s.cryptid.actedRound !== s.round) {
    s.phase = 'cryptid';
    return;
  }
  startActivations(s);
}

function startActivations(s: BattleState): void {
  const st = strategyOf(s);
  // Round 1 of the alternating module takes its initiative from the set-up roll-off; the bag ignores it.
  const setupInitiative = s.deploymentWinner === null ? undefined : s.deploymentWinner === 'A' ? 0 : 1;
  s.activation = st.startRound({ round: s.round, formations: formationsAtRoundStart(s, s.round), setupInitiative }, s.activation);
  s.roundDraws = [];
  s.phase = st.isRoundOver(s.activation) ? 'end-of-round' : 'activations';
}

function markUnavailable(s: BattleState, formationId: string): void {
  if (s.phase !== 'activations' && s.phase !== 'end-of-round') return;
  const st = strategyOf(s);
  s.activation = st.markUnavailable(s.activation, formationId);
  s.phase = st.isRoundOver(s.activation) ? 'end-of-round' : 'activations';
}

function startRound(s: BattleState, round: number, at: string): void {
  s.round = round;
  s.activationSerial += 1;
  s.phase = 'command';
  s.command = { abilities: [], rolloffDone: false, orders: [] };
  s.gambitsThisRound = [];
  s.roundDraws = [];
  for (const side of [s.sides.A, s.sides.B]) for (const f of side.formations) f.activatedThisRound = false;
  s.rounds.push(newRound(round, at));
}

/** A formation takes its activation: it is marked, and the order it carried is spent (DIGEST 7.3–7.5). */
function activateFormation(s: BattleState, formationId: string, rules: BattleRules): void {
  s.activationSerial += 1;
  for (const side of [s.sides.A, s.sides.B]) {
    const f = side.formations.find((x) => x.id === formationId);
    if (f) {
      f.activatedThisRound = true;
      if (f.pendingOrder) currentRound(s).expired.push(`${f.name}: ${rules.orders.find((o) => o.id === f.pendingOrder)?.name ?? f.pendingOrder}`);
      f.pendingOrder = null;
    }
  }
}

/** The side owning a player formation, or null for a mutant patrol. */
function sideOfFormation(s: BattleState, formationId: string): Side | null {
  if (s.sides.A.formations.some((f) => f.id === formationId)) return 'A';
  if (s.sides.B.formations.some((f) => f.id === formationId)) return 'B';
  return null;
}

const sideIndex = (side: Side): 0 | 1 => (side === 'A' ? 0 : 1);

/** Morale counts a company's losses: destroyed models are lost, retreated ones are not (DIGEST §23 T11, AMB-S4). */
function recountMorale(s: BattleState, side: Side): void {
  if (!s.morale) return;
  const fs = s.sides[side].formations;
  s.morale = routMorale({ latch: s.morale.latch }).recordLosses(s.morale, sideIndex(side), {
    destroyed: fs.reduce((n, f) => n + f.killed, 0),
    retreated: fs.reduce((n, f) => n + f.retreated, 0),
  });
}

export function applyEvent(state: BattleState, ev: FoldableEvent, rules: BattleRules): BattleState {
  const s = state;
  const b = ev.body;
  const mission = s.setup.mission ? (rules.missions.find((m) => m.number === s.setup.mission) ?? null) : null;
  switch (b.kind) {
    case 'setup.scenario': {
      requirePhase(s, 'scenario');
      if (!rules.provinces.some((p) => p.id === b.provinceId)) throw violation(`Unknown province ${b.provinceId}.`, ['provinceId']);
      if (s.setup.mode === 'campaign' && b.campaignGame !== s.setup.mission)
        throw violation(`A campaign battle is campaign game ${s.setup.mission}, the campaign's next mission.`, ['campaignGame']);
      s.provinceId = b.provinceId;
      s.campaignGame = b.campaignGame;
      s.phase = 'terrain';
      break;
    }
    case 'setup.terrain': {
      requirePhase(s, 'terrain');
      if (mission && s.setup.mode === 'campaign' && b.objectives !== mission.objectives)
        throw violation(`Mission ${mission.number} is played with ${mission.objectives} objectives.`, ['objectives']);
      s.objectives = b.objectives;
      s.patrols = Array.from({ length: b.objectives }, (_, objective) => ({ objective, dead: 0, fled: false, killsBy: { A: 0, B: 0, none: 0 } }));
      s.phase = 'rolloff';
      break;
    }
    case 'setup.rolloff': {
      requirePhase(s, 'rolloff');
      if (!rolloffWellFormed(b.rolls) || rolloffHigher(b.rolls) !== b.winner)
        throw violation('The deployment roll-off goes to the higher roll, ties rerolled (DIGEST 4.1, AMB-20).', ['rolls']);
      s.deploymentRolls = b.rolls.map(([x, y]) => [x, y]);
      s.deploymentWinner = b.winner;
      s.phase = 'deployment';
      break;
    }
    case 'setup.deployed': {
      requirePhase(s, 'deployment');
      for (const side of ['A', 'B'] as const) {
        for (const id of b.reserves[side]) {
          const f = formationOf(s, side, id);
          const snap = s.setup.sides[side === 'A' ? 0 : 1].formations.find((x) => x.id === id)!;
          if (f.slot !== 'skirmisher' || !snap.reserveEligible)
            throw violation(`${f.name} cannot start in reserve: only a 3-model Skirmisher patrol may (DIGEST 11.1).`, ['reserves', side]);
          f.inReserve = true;
        }
      }
      s.firstEventAt ??= ev.at;
      startRound(s, 1, ev.at);
      break;
    }

    case 'command.ability': {
      requirePhase(s, 'command');
      const side = s.sides[b.side];
      const own = s.setup.sides[b.side === 'A' ? 0 : 1].captainAbilityId;
      if (own !== b.abilityId) throw violation('That is not this Captain’s signature ability.', ['abilityId']);
      if (side.abilityUsedRound !== null)
        throw violation(`The signature ability was already used in round ${side.abilityUsedRound}; it is once per battle (DIGEST 10.0).`, ['abilityId']);
      if (side.captainLost) throw violation('A dead or departed Captain cannot declare an ability (DIGEST 10.0).', ['abilityId']);
      if (s.command.orders.length > 0) throw violation('Signature abilities are declared before any orders (DIGEST 5.10).', ['abilityId']);
      side.abilityUsedRound = s.round;
      s.command.abilities.push({ side: b.side, abilityId: b.abilityId });
      currentRound(s).abilities.push({ side: b.side, abilityId: b.abilityId });
      break;
    }
    case 'command.rolloff': {
      requirePhase(s, 'command');
      if (s.command.abilities.length < 2 || s.command.rolloffDone) throw violation('A declaration roll-off is only needed when both Captains declare.');
      if (!rolloffWellFormed(b.rolls) || rolloffHigher(b.rolls) !== b.first)
        throw violation('The higher roll declares first; ties reroll (DIGEST 5.10).', ['rolls']);
      s.command.rolloffDone = true;
      currentRound(s).abilityRolloff = { rolls: b.rolls.map(([x, y]) => [x, y]), first: b.first };
      break;
    }
    case 'command.order': {
      requirePhase(s, 'command');
      const side = s.sides[b.side];
      if (side.captainLost) throw violation('No orders once the Captain is dead or has left the table (DIGEST AMB-35).', ['orderId']);
      if (s.command.abilities.length === 2 && !s.command.rolloffDone) throw violation('Roll off for the order of declarations first.');
      const denied = s.command.abilities.find((a) => a.side === otherSide(b.side) && ORDER_DENYING_ABILITIES.includes(a.abilityId));
      if (denied) throw violation('Sins of Greed took this player’s orders away for this Command Phase (DIGEST 7.7).', ['orderId']);
      if (!rules.orders.some((o) => o.id === b.orderId)) throw violation(`Unknown order ${b.orderId}.`, ['orderId']);
      const mine = s.command.orders.filter((o) => o.side === b.side);
      if (mine.length >= ORDERS_PER_PHASE) throw violation('Up to two orders per Command Phase (DIGEST 7.1).', ['orderId']);
      if (mine.some((o) => o.formationId === b.formationId))
        throw violation('Each order goes to a separate formation, one order each (DIGEST 7.1).', ['formationId']);
      const f = formationOf(s, b.side, b.formationId);
      if (modelsLeft(f) <= 0 || f.inReserve) throw violation(`${f.name} is not on the table to receive an order.`, ['formationId']);
      f.pendingOrder = b.orderId;
      s.command.orders.push({ side: b.side, orderId: b.orderId, formationId: b.formationId });
      currentRound(s).orders.push({ side: b.side, orderId: b.orderId, formationId: b.formationId });
      break;
    }
    case 'command.done': {
      requirePhase(s, 'command');
      if (s.command.abilities.length === 2 && !s.command.rolloffDone) throw violation('Roll off for the order of declarations first.');
      afterCommand(s, rules);
      break;
    }

    case 'event.resolved': {
      requirePhase(s, 'event');
      const guaranteed = !!mission?.guaranteedCryptid;
      if (guaranteed) {
        if (b.d20 !== null || b.outcome !== 'cryptid')
          throw violation(`Mission ${mission!.number} has a guaranteed cryptid: no D20 is rolled (DIGEST AMB-08).`, ['d20']);
      } else {
        if (b.d20 === null) throw violation('Roll the event D20.', ['d20']);
        const e = rules.environmentEvent;
        const expected = b.d20 >= e.cryptid.min && b.d20 <= e.cryptid.max ? 'cryptid' : 'storm';
        if (expected !== b.outcome) throw violation(`A D20 of ${b.d20} brings a ${expected} (DIGEST 12.2).`, ['outcome']);
      }
      s.event = { resolved: true, d20: b.d20, outcome: b.outcome };
      if (b.outcome === 'cryptid') {
        const c = b.cryptid;
        if (!c) throw violation('A cryptid event needs its creature.', ['cryptid']);
        const province = rules.provinces.find((p) => p.id === s.provinceId);
        if (!province) throw violation('The battle has no province to draw a cryptid from.');
        if (province.cryptids[provinceSlot(c.slotRoll)] !== c.cryptidId)
          throw violation(`A D6 of ${c.slotRoll} gives another creature on ${province.name}’s table (DIGEST 13.2).`, ['cryptid', 'cryptidId']);
        const creature = rules.cryptids.find((x) => x.id === c.cryptidId);
        if (!creature) throw violation(`Unknown cryptid ${c.cryptidId}.`, ['cryptid', 'cryptidId']);
        if (mission?.cryptidEntry) {
          if (c.entryRoll !== null || c.entryId !== mission.cryptidEntry)
            throw violation('The scenario names the entry point; no roll (DIGEST 13.3).', ['cryptid', 'entryId']);
        } else if (c.entryRoll === null || entryForRoll(rules.cryptidRules, c.entryRoll).id !== c.entryId) {
          throw violation('The entry point comes from the D6 (DIGEST 13.3).', ['cryptid', 'entryId']);
        }
        const wounds = startingWounds(rules.cryptidRules, creature.class);
        if (c.startingWounds !== wounds) throw violation(`${creature.name} starts with ${wounds} Wounds (DIGEST 13.10).`, ['cryptid', 'startingWounds']);
        s.cryptid = {
          cryptidId: creature.id,
          name: creature.name,
          startingWounds: wounds,
          remaining: wounds,
          enraged: false,
          engaged: false,
          entryId: c.entryId,
          spawnedRound: s.round,
          defeated: false,
          trophyClaimedBy: null,
          credited: { A: 0, B: 0 },
          lastTarget: null,
          lastBehaviourId: null,
          actedRound: null,
        };
        s.phase = 'cryptid';
      } else {
        if (!b.storm) throw violation('A storm event needs its first scatter.', ['storm']);
        s.storm = { arrivedRound: s.round, scatters: [{ round: s.round, inches: b.storm.scatterInches, direction: b.storm.direction }] };
        currentRound(s).storm = { woundsDealt: 0, scatter: { inches: b.storm.scatterInches, direction: b.storm.direction } };
        startActivations(s);
      }
      break;
    }
    case 'cryptid.act': {
      requirePhase(s, 'cryptid');
      const c = s.cryptid!;
      if (b.engaged) {
        // Engaged: no target roll, no behaviour roll; it attacks first in its combat (DIGEST 13.7).
        if (b.rolls || b.behaviourRoll !== null || b.target !== null)
          throw violation('An engaged cryptid skips the target and behaviour rolls (DIGEST 13.7).', ['engaged']);
      } else {
        if (!b.rolls || !rolloffWellFormed(b.rolls) || rolloffLower(b.rolls) !== b.target)
          throw violation('The lower roll is the target army; ties reroll (DIGEST 13.4).', ['rolls']);
        if (b.behaviourRoll === null || behaviourForRoll(rules.cryptidRules, b.behaviourRoll).id !== b.behaviourId)
          throw violation('The behaviour comes from the D6 table (DIGEST 13.8).', ['behaviourId']);
      }
      c.engaged = b.engaged;
      c.lastTarget = b.target;
      c.lastBehaviourId = b.behaviourId;
      c.actedRound = s.round;
      s.activationSerial += 1; // the cryptid's turn is an activation of its own
      currentRound(s).cryptid = { target: b.target, behaviourId: b.behaviourId, engaged: b.engaged, woundsTaken: currentRound(s).cryptid?.woundsTaken ?? 0 };
      startActivations(s);
      break;
    }
    case 'cryptid.wound': {
      if (!IN_ROUND.includes(s.phase)) throw violation('Cryptid wounds are recorded during a round.');
      const c = s.cryptid;
      if (!c || c.defeated) throw violation('There is no cryptid on the table to wound.');
      if ((b.side === null) !== (b.formationId === null)) throw violation('Name both the side and the formation, or neither.', ['formationId']);
      const f = b.side && b.formationId ? formationOf(s, b.side, b.formationId) : null;
      const credit = creditedWounds(b.amount, c.remaining);
      c.remaining -= credit;
      if (b.side && f) {
        c.credited[b.side] += credit;
        f.cryptidWounds += credit;
      }
      c.enraged = c.enraged || isEnragedAt(c.remaining, c.startingWounds, rules.options.enragedThreshold);
      if (c.remaining === 0) c.defeated = true;
      const r = currentRound(s);
      r.cryptid = {
        target: r.cryptid?.target ?? null,
        behaviourId: r.cryptid?.behaviourId ?? null,
        engaged: r.cryptid?.engaged ?? c.engaged,
        woundsTaken: (r.cryptid?.woundsTaken ?? 0) + credit,
      };
      break;
    }
    case 'cryptid.trophy': {
      const c = s.cryptid;
      if (!c || !c.defeated) throw violation('The trophy drops only when the cryptid is defeated (DIGEST 13.16).');
      if (c.trophyClaimedBy) throw violation('The trophy has already been claimed.');
      formationOf(s, b.side, b.formationId);
      const creature = rules.cryptids.find((x) => x.id === c.cryptidId);
      c.trophyClaimedBy = b.side;
      s.sides[b.side].trophies.push({
        cryptidId: c.cryptidId,
        trophyId: creature?.trophy.id ?? `${c.cryptidId}-trophy`,
        trophyName: creature?.trophy.name ?? 'Trophy',
        formationId: b.formationId,
        disposition: b.disposition,
      });
      break;
    }

    case 'bag.draw': {
      requirePhase(s, 'activations');
      const st = strategyOf(s);
      const turn = st.turn(s.activation);
      if (turn.kind !== 'draw') throw violation(turn.kind === 'choose' ? 'Pick the formation for the token drawn first.' : 'The bag is empty.');
      const bag = s.activation as { tokens?: Owner[] };
      const shown = bag.tokens?.[b.index];
      if (shown === undefined || ownerToSide(shown) !== b.owner) throw violation('That draw does not match the bag.', ['index']);
      s.activation = st.apply(s.activation, { kind: 'draw', index: b.index });
      s.roundDraws.push({ eventId: ev.id, kind: 'bag.draw' });
      currentRound(s).tokensDrawn += 1;
      if (st.isRoundOver(s.activation)) s.phase = 'end-of-round';
      break;
    }
    case 'bag.activate': {
      requirePhase(s, 'activations');
      const st = strategyOf(s);
      const owner = sideOfFormation(s, b.formationId);
      const morale = s.morale ? routMorale({ latch: s.morale.latch }) : null;
      const demand = morale && owner ? morale.demandAtActivation(s.morale!, sideIndex(owner), b.formationId) : { kind: 'none' as const };
      if (demand.kind === 'will-check')
        throw violation(
          `${formationOf(s, owner!, b.formationId).name}’s company is routing: it takes its Will check before it may act (house-rule module, DIGEST §23 T13).`,
          ['formationId'],
        );
      s.activation = st.apply(s.activation, { kind: 'activate', formationId: b.formationId });
      // A Broken formation's activation is its next withdrawal move (T15, Field Manual §11 step 1).
      if (demand.kind === 'withdraw') s.morale = morale!.recordWithdrawal(s.morale!, b.formationId);
      activateFormation(s, b.formationId, rules);
      s.roundDraws.push({ eventId: ev.id, kind: 'bag.activate' });
      if (st.isRoundOver(s.activation)) s.phase = 'end-of-round';
      break;
    }
    case 'bag.pass': {
      requirePhase(s, 'activations');
      const st = strategyOf(s);
      const before = st.turn(s.activation);
      s.activation = st.apply(s.activation, { kind: 'pass' });
      if (before.kind === 'choose' && before.owner !== 'neutral') currentRound(s).passes[before.owner === 0 ? 'A' : 'B'] += 1;
      s.roundDraws.push({ eventId: ev.id, kind: 'bag.pass' });
      if (st.isRoundOver(s.activation)) s.phase = 'end-of-round';
      break;
    }
    case 'morale.willCheck': {
      requirePhase(s, 'activations');
      if (!s.morale) throw violation('Will checks belong to the optional morale module; this battle is played without it.', ['formationId']);
      const st = strategyOf(s);
      const f = formationOf(s, b.side, b.formationId);
      const morale = routMorale({ latch: s.morale.latch });
      const demand = morale.demandAtActivation(s.morale, sideIndex(b.side), b.formationId);
      if (demand.kind === 'withdraw') throw violation(`${f.name} is Broken: it withdraws and takes no more Will checks (DIGEST §23 T15).`, ['formationId']);
      if (demand.kind === 'none') throw violation(`${f.name}’s company is not routing, so it takes no Will check (DIGEST §23 T12–T13).`, ['formationId']);
      const snapResolve = s.setup.sides[sideIndex(b.side)].formations.find((x) => x.id === b.formationId)?.resolve ?? null;
      if (snapResolve !== null && snapResolve !== b.resolve) throw violation(`${f.name} tests against its profile’s Resolve of ${snapResolve}+.`, ['resolve']);
      if (willCheckPasses(b.roll, b.resolve, b.modifier) !== b.passed)
        throw violation(
          `A natural ${b.roll} with +${b.modifier} against Resolve ${b.resolve}+ ${b.passed ? 'fails' : 'passes'} (a natural 1 always fails, a natural 6 always passes).`,
          ['passed'],
        );
      // The check opens the activation, so the formation must be one its side may activate now.
      s.activation = st.apply(s.activation, { kind: 'activate', formationId: b.formationId });
      s.morale = morale.resolveWillCheck(s.morale, sideIndex(b.side), b.formationId, b.passed);
      // A failure is resolved at once: this activation is its first withdrawal move (T15).
      if (!b.passed) s.morale = morale.recordWithdrawal(s.morale, b.formationId);
      activateFormation(s, b.formationId, rules);
      currentRound(s).willChecks.push({ side: b.side, formationId: b.formationId, roll: b.roll, resolve: b.resolve, modifier: b.modifier, passed: b.passed });
      s.roundDraws.push({ eventId: ev.id, kind: 'morale.willCheck' });
      if (st.isRoundOver(s.activation)) s.phase = 'end-of-round';
      break;
    }
    case 'gambit': {
      if (!IN_ROUND.includes(s.phase)) throw violation('Field Gambits are used during a round.');
      if (!rules.gambits.some((g) => g.id === b.gambitId)) throw violation(`Unknown Field Gambit ${b.gambitId}.`, ['gambitId']);
      if (s.gambitsThisRound.includes(b.side)) throw violation('One Field Gambit per player per round (DIGEST 5.7).', ['gambitId']);
      s.gambitsThisRound.push(b.side);
      currentRound(s).gambits.push({ side: b.side, gambitId: b.gambitId });
      break;
    }
    case 'uncloak': {
      if (!IN_ROUND.includes(s.phase)) throw violation('Uncloak happens during a round.');
      if (s.round < 2) throw violation('A reserve patrol may Uncloak from round two (DIGEST 11.2).', ['formationId']);
      const f = formationOf(s, b.side, b.formationId);
      if (!f.inReserve) throw violation(`${f.name} is not in reserve.`, ['formationId']);
      f.inReserve = false;
      f.uncloakedRound = s.round;
      currentRound(s).uncloaks.push({ side: b.side, formationId: b.formationId });
      break;
    }

    case 'record.wounds': {
      if (s.round < 1) throw violation('Wounds are recorded once the battle has begun.');
      formationOf(s, b.side, b.formationId);
      currentRound(s).wounds.push({ side: b.side, formationId: b.formationId, attack: b.attack, amount: b.amount });
      break;
    }
    case 'record.casualties': {
      if (s.round < 1) throw violation('Casualties are recorded once the battle has begun.');
      const side = s.sides[b.side];
      const f = formationOf(s, b.side, b.formationId);
      const lost = b.killed + b.retreated;
      if (lost === 0) throw violation('Enter at least one model killed or retreated.', ['killed']);
      if (lost > modelsLeft(f)) throw violation(`${f.name} has only ${modelsLeft(f)} model(s) left.`, ['killed']);
      if (f.slot === 'command') {
        if (b.captain && side.captainLost) throw violation('The Captain is already recorded as lost.', ['captain']);
        for (const oid of b.officerIds) {
          const o = side.officers.find((x) => x.id === oid);
          if (!o) throw violation(`Unknown Officer ${oid}.`, ['officerIds']);
          if (o.lost) throw violation(`${o.name} is already recorded as lost.`, ['officerIds']);
        }
        if ((b.captain ? 1 : 0) + b.officerIds.length !== lost)
          throw violation('In the command group, say who fell or left: the Captain and each Officer.', ['officerIds']);
        if (b.captain) side.captainLost = true;
        for (const oid of b.officerIds) side.officers.find((x) => x.id === oid)!.lost = true;
      } else if (b.captain || b.officerIds.length) {
        throw violation('The Captain and Officers are recorded with the command group.', ['formationId']);
      }
      f.killed += b.killed;
      f.retreated += b.retreated;
      currentRound(s).casualties.push({ side: b.side, formationId: b.formationId, killed: b.killed, retreated: b.retreated });
      recountMorale(s, b.side);
      if (f.slot === 'command' ? !commandTokenLive(side) : modelsLeft(f) === 0) markUnavailable(s, f.id);
      break;
    }
    case 'mutant.kill': {
      if (s.round < 1) throw violation('Mutant kills are recorded once the battle has begun.');
      const p = s.patrols[b.objective];
      if (!p) throw violation(`There is no objective ${b.objective + 1}.`, ['objective']);
      if (!patrolActive(p))
        throw violation(`The patrol at objective ${b.objective + 1} is already gone (two dead: the third fled, DIGEST 4.4).`, ['objective']);
      const perPatrol = mission?.mutantsPerObjective ?? MUTANTS_PER_PATROL;
      if (p.dead + b.count > perPatrol) throw violation(`That patrol has only ${perPatrol - p.dead} mutant(s) left.`, ['count']);
      p.dead += b.count;
      if (p.dead >= PATROL_FLEES_AT) p.fled = p.dead < perPatrol; // the survivor flees; it is not a kill (AMB-26)
      p.killsBy[b.side ?? 'none'] += b.count;
      if (b.side) s.sides[b.side].mutantKills += b.count;
      currentRound(s).mutantKills[b.side ?? 'none'] += b.count;
      if (!patrolActive(p)) markUnavailable(s, patrolFormationId(p.objective));
      break;
    }
    case 'record.vp':
      if (s.round < 1) throw violation('VP are recorded once the battle has begun.');
      s.sides[b.side].extraVp += b.amount;
      currentRound(s).vp[b.side] += b.amount;
      break;
    case 'record.veteranSix': {
      if (s.round < 1) throw violation('Veteran Sixes are spent during the battle.');
      const f = formationOf(s, b.side, b.formationId);
      // DIGEST 16.5 [000 L236], counted per activation in which the formation rolls, its own or an enemy's (AMB-25).
      if (f.veteranSixActivation === s.activationSerial)
        throw violation(`${f.name} has already spent a Veteran Six in this activation: no more than one per formation activation (DIGEST 16.5).`, [
          'formationId',
        ]);
      f.veteranSixActivation = s.activationSerial;
      f.veteranSixesSpent += 1;
      currentRound(s).veteranSixes += 1;
      break;
    }
    case 'record.cryptidDie':
      if (s.round < 1) throw violation('Cryptid Dice are spent during the battle.');
      if (s.sides[b.side].cryptidDiceSpent.includes(b.dieId)) throw violation('That Cryptid Die was already spent; each is one-use (DIGEST 13.13).', ['dieId']);
      s.sides[b.side].cryptidDiceSpent.push(b.dieId);
      currentRound(s).cryptidDice += 1;
      break;
    case 'record.ruling':
      if (s.round < 1) s.setupRulings.push({ ruling: b.ruling, ruleRef: b.ruleRef, text: b.text });
      else currentRound(s).rulings.push({ ruling: b.ruling, ruleRef: b.ruleRef, text: b.text });
      break;
    case 'record.note':
      break;

    case 'round.end': {
      requirePhase(s, 'end-of-round');
      const r = currentRound(s);
      const objectives = s.objectives ?? 0;
      if (b.holders.length !== objectives) throw violation(`Say who holds each of the ${objectives} objectives (or nobody).`, ['holders']);
      if (s.round >= 2) {
        b.holders.forEach((h, i) => {
          if (h !== null && patrolActive(s.patrols[i]!))
            throw violation(`Objective ${i + 1} is still guarded by its patrol: only a cleared objective scores (DIGEST 4.6).`, ['holders', i]);
        });
        for (const h of b.holders) if (h) r.vp[h] += 1;
      } else if (b.holders.some((h) => h !== null)) {
        // Nothing scores in round 1 (DIGEST 4.6); holders are still kept for the record.
      }
      r.holders = [...b.holders];
      if (b.storm.length && !s.storm) throw violation('There is no storm on the table.', ['storm']);
      let stormTotal = 0;
      for (const [i, e] of b.storm.entries()) {
        const f = formationOf(s, e.side, e.formationId);
        if (e.modelsInside > modelsLeft(f)) throw violation(`${f.name} has only ${modelsLeft(f)} model(s).`, ['storm', i, 'modelsInside']);
        try {
          stormTotal += stormWounds(e, rules.storm);
        } catch (err) {
          throw violation((err as Error).message, ['storm', i]);
        }
      }
      if (s.storm) r.storm = { woundsDealt: stormTotal, scatter: r.storm?.scatter ?? null };
      for (const [i, x] of b.instability.entries()) {
        const snap = s.setup.sides[x.side === 'A' ? 0 : 1].formations.find((f) => f.id === x.formationId);
        if (!snap || snap.endOfRoundD20.length === 0) throw violation('Only a formation with an end-of-round D20 rule rolls for it.', ['instability', i]);
        if (bandWounds(snap.endOfRoundD20, x.roll) !== x.wounds)
          throw violation(`A D20 of ${x.roll} means ${bandWounds(snap.endOfRoundD20, x.roll)} Wound(s).`, ['instability', i]);
        r.instabilityWounds += x.wounds;
      }
      // Abilities declared this round reach their expiry at the latest here (DIGEST §10 table).
      for (const a of r.abilities) r.expired.push(rules.captainAbilities.find((x) => x.id === a.abilityId)?.name ?? a.abilityId);
      r.endedAt = ev.at;
      if (s.round >= LAST_ROUND) {
        s.phase = 'over';
      } else {
        startRound(s, s.round + 1, ev.at);
        if (b.stormScatter && s.storm) {
          s.storm.scatters.push({ round: s.round, inches: b.stormScatter.inches, direction: b.stormScatter.direction });
          currentRound(s).storm = { woundsDealt: 0, scatter: { ...b.stormScatter } };
        }
      }
      break;
    }
    case 'correction.strike':
      break;
  }
  s.eventCount += 1;
  s.lastEventAt = ev.at;
  return s;
}

/** Victory points per side so far: objectives held from round 2, plus any recorded extras (DIGEST 4.6–4.9). */
export function victoryPoints(s: BattleState, rules: Pick<BattleRules, 'cryptidRules' | 'missions'>): { A: number; B: number } {
  const vp = { A: 0, B: 0 };
  for (const r of s.rounds) {
    vp.A += r.vp.A;
    vp.B += r.vp.B;
  }
  const mission = s.setup.mission ? rules.missions.find((m) => m.number === s.setup.mission) : null;
  if (mission?.kind === 'cryptid-hunt' && s.cryptid) {
    // 1 VP per full 5 Wounds by the player's whole company (AMB-06).
    vp.A += Math.floor(s.cryptid.credited.A / rules.cryptidRules.woundsPerHuntVp);
    vp.B += Math.floor(s.cryptid.credited.B / rules.cryptidRules.woundsPerHuntVp);
  }
  return vp;
}
