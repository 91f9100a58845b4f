import type { FormationOutcome } from '../battle/outcome';
import type { Economy } from './rewards';

/**
 * Service marks, ranks, Veteran Sixes, Cryptid Dice and the Cryptid Veteran
 * badge (Field Manual §10–§11; DIGEST 13.13–13.14, 16.3–16.4).
 */

export interface Rank {
  rank: string | null;
  veteranSixes: number;
}

/** The highest rank whose mark threshold is reached (1 mark Rank I, 3 marks Rank II in the standard pack). */
export function rankFor(marks: number, economy: Economy): Rank {
  let best: Rank = { rank: null, veteranSixes: 0 };
  let bestMarks = -1;
  for (const r of economy.ranks) {
    if (marks >= r.marks && r.marks > bestMarks && r.marks > 0) {
      best = { rank: r.rank, veteranSixes: r.veteranSixes };
      bestMarks = r.marks;
    }
  }
  return best;
}

/** One die per complete N actual Wounds by this squad alone; never pooled across squads. */
export function cryptidDiceFor(woundsBySquad: number, woundsPerDie: number): number {
  return Math.floor(woundsBySquad / woundsPerDie);
}

export interface FormationAward {
  formationId: string;
  name: string;
  /** A survivor at battle end, a retreated fighter included (DIGEST 16.3). */
  serviceMark: boolean;
  cryptidDice: number;
  /** Dealt at least one actual Wound to a cryptid (DIGEST 13.14). */
  cryptidVeteran: boolean;
}

export function formationAward(f: FormationOutcome, woundsPerDie: number): FormationAward {
  return {
    formationId: f.formationId,
    name: f.name,
    serviceMark: f.survivors > 0,
    cryptidDice: cryptidDiceFor(f.cryptidWounds, woundsPerDie),
    cryptidVeteran: f.cryptidWounds >= 1,
  };
}
