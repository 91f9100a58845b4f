import type { BattleRules } from './setup';
import type { BattleState } from './state';

/**
 * Tied cryptid damage (DIGEST 17.8, AMB-03): with the 'rolloff' ruling, equal
 * actual damage (at least 1 Wound each) is settled by a roll-off, higher roll
 * first (AMB-20), recorded once the battle is over and before it is finished.
 */
export function cryptidTieNeedsRolloff(s: Pick<BattleState, 'cryptid'>, rules: Pick<BattleRules, 'options'>): boolean {
  const c = s.cryptid;
  return !!c && rules.options.cryptidDamageTie === 'rolloff' && c.credited.A === c.credited.B && c.credited.A >= 1;
}

/** Why the tie roll-off may not be recorded now, or null. */
export function cryptidTieRolloffRefusal(s: Pick<BattleState, 'cryptid' | 'phase'>, rules: Pick<BattleRules, 'options'>): string | null {
  if (rules.options.cryptidDamageTie !== 'rolloff') return 'This battle’s ruling settles tied cryptid damage without a roll-off (DIGEST AMB-03).';
  if (!s.cryptid) return 'There was no cryptid in this battle.';
  if (s.phase !== 'over') return 'Roll off for tied cryptid damage once the battle is over and the damage is final.';
  if (!cryptidTieNeedsRolloff(s, rules)) return 'The companies did not deal equal cryptid damage (at least 1 Wound each): no roll-off.';
  if (s.cryptid.tieRolloff) return 'The roll-off for the tied cryptid damage is already recorded.';
  return null;
}
