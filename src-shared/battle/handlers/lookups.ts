import type { Side } from '../setup';
import { creditedWounds, isEnragedAt } from '../cryptid';
import type { BattleState, CryptidState, FormationState, RoundRecord } from '../state';
import { formationRefusal, type FormationAction } from '../formation-life';
import { violation, type BattleDraft, type HandlerContext } from './handler';

/** Reads the handlers share; each refuses with the message the table sees when the thing asked for is not there. */

export const IN_ROUND: BattleState['phase'][] = ['command', 'event', 'cryptid', 'activations', 'end-of-round'];

export const sideIndex = (side: Side): 0 | 1 => (side === 'A' ? 0 : 1);

export function formationOf(s: BattleDraft, side: Side, formationId: string): FormationState {
  const f = s.sides[side].formations.find((x) => x.id === formationId);
  if (!f) throw violation(`Side ${side} has no formation ${formationId}.`, ['formationId']);
  return f;
}

export function currentRound(s: BattleDraft): RoundRecord {
  const r = s.rounds[s.rounds.length - 1];
  if (!r || s.round < 1) throw violation('The battle has not reached its first round yet.');
  return r;
}

export function requirePhase(s: BattleDraft, ...phases: BattleState['phase'][]): void {
  if (!phases.includes(s.phase)) throw violation(`Not now: the battle is in the ${s.phase} step, not ${phases.join(' or ')}.`);
}

/** The side owning a player formation, or null for a mutant patrol. */
export function sideOfFormation(s: BattleDraft, formationId: string): Side | null {
  if (s.sides.A.formations.some((f) => f.id === formationId)) return 'A';
  if (s.sides.B.formations.some((f) => f.id === formationId)) return 'B';
  return null;
}

/**
 * The cryptid takes Wounds: only what it actually loses is credited (AMB-04),
 * to `creditTo`'s side and formation when it has one, and the round's record
 * and Enraged follow. Every source of cryptid damage (attacks entered, Heavy
 * explosions) passes here. Returns the Wounds credited.
 */
export function woundCryptid(
  s: BattleDraft,
  c: CryptidState,
  amount: number,
  threshold: 'half-or-below' | 'half-rounded-up',
  creditTo: { side: Side; formation: FormationState } | null,
): number {
  const credit = creditedWounds(amount, c.remaining);
  c.remaining -= credit;
  if (creditTo) {
    c.credited[creditTo.side] += credit;
    creditTo.formation.cryptidWounds += credit;
  }
  c.enraged = c.enraged || isEnragedAt(c.remaining, c.startingWounds, threshold);
  if (c.remaining === 0) c.defeated = true;
  const r = currentRound(s);
  r.cryptid = {
    target: r.cryptid?.target ?? null,
    behaviourId: r.cryptid?.behaviourId ?? null,
    engaged: r.cryptid?.engaged ?? c.engaged,
    woundsTaken: (r.cryptid?.woundsTaken ?? 0) + credit,
  };
  return credit;
}

/**
 * The formation, when its life cycle lets it do this now (formation-life.ts);
 * otherwise the refusal naming it, its side and the rule.
 */
export function formationThatMay(
  s: BattleDraft,
  side: Side,
  formationId: string,
  action: FormationAction,
  ctx: Pick<HandlerContext, 'lifeGuard'>,
  path: (string | number)[] = ['formationId'],
): FormationState {
  const f = formationOf(s, side, formationId);
  const why = ctx.lifeGuard ? formationRefusal(s, side, formationId, action) : null;
  if (why) throw violation(why, path);
  return f;
}
