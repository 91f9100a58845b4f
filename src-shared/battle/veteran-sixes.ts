import type { Side } from './setup';
import type { BattleState } from './state';

/**
 * Veteran Sixes in a battle (Field Manual §11 steps 3–6; DIGEST 16.4–16.7,
 * AMB-24, AMB-25). A formation brings as many as its rank gives; they are
 * counted per battle (a new battle starts from its rank again), at most one
 * per formation activation, declared before the pool is rolled, and in a
 * crossover each side uses no more than the matched number.
 */

export type VeteranSixPool = 'hit' | 'wound' | 'save';

export interface VeteranSixesLeft {
  /** The formation's own Veteran Sixes left this battle; null when its record predates the count (no limit known). */
  formation: number | null;
  /** A crossover side's matched Veteran Sixes left this battle; null outside a crossover. */
  side: number | null;
  /** What the formation may still spend: the smaller of the two known limits (null: no known limit). */
  usable: number | null;
}

const smaller = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.min(a, b));

/** What a formation may still spend in this battle. */
export function veteranSixesLeft(s: Pick<BattleState, 'setup' | 'sides'>, side: Side, formationId: string): VeteranSixesLeft {
  const setupSide = s.setup.sides[side === 'A' ? 0 : 1];
  const snap = setupSide.formations.find((f) => f.id === formationId);
  const f = s.sides[side].formations.find((x) => x.id === formationId);
  const spent = f?.veteranSixesSpent ?? 0;
  const own = snap?.veteranSixes ?? null;
  const formation = own === null ? null : Math.max(0, own - spent);
  const matched = setupSide.veteranSixesMatched ?? null;
  const sideSpent = s.sides[side].formations.reduce((n, x) => n + x.veteranSixesSpent, 0);
  const sideLeft = matched === null ? null : Math.max(0, matched - sideSpent);
  return { formation, side: sideLeft, usable: smaller(formation, sideLeft) };
}

export interface VeteranSixUse {
  side: Side;
  formationId: string;
  /** The natural die it would replace when the pool has already been rolled; null when declared before rolling. */
  replacing: number | null;
}

/**
 * Why this Veteran Six may not be spent now, in the table's words, or null
 * when it may. The reducer refuses the event with this message; Play Mode
 * offers the Use button only while this is null.
 */
export function veteranSixRefusal(s: Pick<BattleState, 'setup' | 'sides' | 'activationSerial' | 'round'>, use: VeteranSixUse): string | null {
  if (s.round < 1) return 'Veteran Sixes are spent during the battle.';
  const f = s.sides[use.side].formations.find((x) => x.id === use.formationId);
  if (!f) return `Side ${use.side} has no formation ${use.formationId}.`;
  if (use.replacing === 1) return 'A natural 1 already rolled cannot be replaced (Field Manual §11 step 6): declare a Veteran Six before rolling the pool.';
  if (use.replacing !== null) return 'A Veteran Six replaces a die before the pool is rolled (Field Manual §11 step 4), not a die already rolled.';
  const left = veteranSixesLeft(s, use.side, use.formationId);
  if (left.formation === 0) {
    const own = f.veteranSixesSpent;
    return own === 0
      ? `${f.name} has no Veteran Six in this battle: only a formation of Rank I (1) or Rank II (2) has them (Field Manual §11 step 3).`
      : `${f.name} has spent all ${own} Veteran Six${own === 1 ? '' : 'es'} its rank gives for this battle (Field Manual §11 step 3); they refresh next battle.`;
  }
  if (left.side === 0) {
    const matched = s.setup.sides[use.side === 'A' ? 0 : 1].veteranSixesMatched ?? 0;
    return matched === 0
      ? 'Veteran Sixes are switched off for both sides in this crossover (DIGEST 18.5).'
      : `This side has used the ${matched} matched Veteran Six${matched === 1 ? '' : 'es'} of this crossover (DIGEST 18.5, AMB-24).`;
  }
  // DIGEST 16.5 [000 L236], counted per activation in which the formation rolls, its own or an enemy's (AMB-25).
  if (f.veteranSixActivation === s.activationSerial)
    return `${f.name} has already spent a Veteran Six in this activation: no more than one per formation activation (DIGEST 16.5).`;
  return null;
}

/**
 * How many targets of one attack a Veteran Six to Hit can make critical: the
 * one die it replaces, never every target under a blast template (Field
 * Manual §11 step 5). A Veteran Six on a Wound or Save makes nothing critical.
 */
export function veteranSixCriticalTargets(pool: VeteranSixPool, targets: number): number {
  return pool === 'hit' && targets > 0 ? 1 : 0;
}
