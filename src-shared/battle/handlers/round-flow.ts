import { formationsAtRoundStart } from '../bag';
import { lossesOf } from '../formation-life';
import { routMorale } from '../morale-rout';
import type { BattleRules, Side } from '../setup';
import type { RoundRecord } from '../state';
import { activationStrategy } from '../strategies';
import { violation, type BattleDraft } from './handler';
import { currentRound, sideIndex } from './lookups';

/** The steps of the round procedure that several events lead to: a new round, the activations, a formation's turn. */

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
    friendlyWounds: [],
    casualties: [],
    mutantKills: { A: 0, B: 0, none: 0 },
    uncloaks: [],
    holders: [],
    holding: [],
    vp: { A: 0, B: 0 },
    cryptid: null,
    storm: null,
    instabilityWounds: 0,
    veteranSixes: 0,
    cryptidDice: 0,
    rulings: [],
    expired: [],
    tokensDrawn: 0,
    tokensWithdrawn: [],
    passes: { A: 0, B: 0 },
    willChecks: [],
    explosions: [],
    rulesOfCool: [],
    abilityUses: [],
  };
}

export function strategyOf(s: BattleDraft) {
  const st = activationStrategy(s.setup.activation);
  if (!st) throw violation(`The ${s.setup.activation} activation sequence is not available in this version.`);
  return st;
}

export function startRound(s: BattleDraft, round: number, at: string): void {
  s.round = round;
  s.activationSerial += 1;
  s.phase = 'command';
  s.command = { abilities: [], rolloffDone: false, orders: [] };
  s.gambitsThisRound = [];
  s.roundDraws = [];
  for (const side of [s.sides.A, s.sides.B]) for (const f of side.formations) f.activatedThisRound = false;
  // Officers re-posted during the last round take their new post now (AMB-18f)
  for (const side of [s.sides.A, s.sides.B])
    for (const o of side.officers)
      if (o.nextPost !== undefined) {
        o.attachedTo = o.nextPost;
        delete o.nextPost;
      }
  s.rounds.push(newRound(round, at));
}

export function startActivations(s: BattleDraft): void {
  const st = strategyOf(s);
  // Round 1 of the alternating module takes its initiative from the set-up roll-off; the bag ignores it.
  const setupInitiative = s.deploymentWinner === null ? undefined : s.deploymentWinner === 'A' ? 0 : 1;
  s.activation = st.startRound(
    { round: s.round, formations: formationsAtRoundStart(s, s.round), setupInitiative, dropLostTokens: s.setup.lifeCycle },
    s.activation,
  );
  s.roundDraws = [];
  s.phase = st.isRoundOver(s.activation) ? 'end-of-round' : 'activations';
}

/** After the Command Phase (and the event), the cryptid acts, then the bag is filled (DIGEST 5.2, AMB-07). */
export function afterCommand(s: BattleDraft, rules: BattleRules): void {
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

/** A formation or patrol that can no longer act leaves the round's activations; the round may end with it. */
export function markUnavailable(s: BattleDraft, formationId: string): void {
  if (s.phase !== 'activations' && s.phase !== 'end-of-round') return;
  const st = strategyOf(s);
  const before = bagTokens(s.activation);
  s.activation = st.markUnavailable(s.activation, formationId);
  const after = bagTokens(s.activation);
  // a token withdrawn undrawn (or a drawn one spent) is said in the round's record, so the table knows why the bag shrank
  if (after.inBag < before.inBag || (before.drawn && !after.drawn)) currentRound(s).tokensWithdrawn.push(formationId);
  s.phase = st.isRoundOver(s.activation) ? 'end-of-round' : 'activations';
}

/** The bag's tokens left and whether one is drawn and waiting (the alternating module has neither). */
function bagTokens(a: unknown): { inBag: number; drawn: boolean } {
  const bag = a as { tokens?: unknown[]; drawn?: unknown } | null;
  return { inBag: bag?.tokens?.length ?? 0, drawn: (bag?.drawn ?? null) !== null };
}

/** A formation takes its activation: it is marked, and the order it carried is spent (DIGEST 7.3–7.5). */
export function activateFormation(s: BattleDraft, formationId: string, rules: BattleRules): void {
  s.activationSerial += 1;
  const carried = [...s.sides.A.formations, ...s.sides.B.formations].find((x) => x.id === formationId)?.pendingOrder ?? null;
  // the order it carries is spent by this activation: kept here for the activation's profile (effective-profile.ts)
  s.activeFormation = { id: formationId, serial: s.activationSerial, order: carried };
  for (const side of [s.sides.A, s.sides.B]) {
    const f = side.formations.find((x) => x.id === formationId);
    if (f) {
      f.activatedThisRound = true;
      if (f.pendingOrder) currentRound(s).expired.push(`${f.name}: ${rules.orders.find((o) => o.id === f.pendingOrder)?.name ?? f.pendingOrder}`);
      f.pendingOrder = null;
    }
  }
}

/** After a draw, a pick or a pass, the round is over once nothing is left to activate. */
export function endIfRoundOver(s: BattleDraft): void {
  if (strategyOf(s).isRoundOver(s.activation)) s.phase = 'end-of-round';
}

/** Morale counts a company's losses: destroyed models are lost, retreated ones are not (DIGEST §23 T11, AMB-S4). */
export function recountMorale(s: BattleDraft, side: Side): void {
  if (!s.morale) return;
  const fs = s.sides[side].formations;
  s.morale = routMorale({ latch: s.morale.latch }).recordLosses(s.morale, sideIndex(side), {
    destroyed: fs.reduce((n, f) => n + lossesOf(f).killed, 0),
    retreated: fs.reduce((n, f) => n + lossesOf(f).retreated, 0),
  });
}
