import { formationRefusal, statusOf } from './formation-life';
import type { Side } from './setup';
import type { BattleState } from './state';

/**
 * Objective holding and Uncloak (Field Manual §7 step 3, DIGEST 11.3,
 * AMB-36): "Uncloak uses its Movement; the patrol may shoot, though it cannot
 * move again, charge or score on the arrival round." A patrol that never
 * arrives stays in reserve and cannot score either. The end of a round names
 * the formations holding each objective, so the rule can be checked.
 */

/** Who holds an objective at the end of a round: nobody, a side (records made before the formations were named), or a side and its holding formations. */
export type ObjectiveHolder = Side | null | { side: Side; formationIds: string[] };

/** The side an objective's holder belongs to, whichever shape it was recorded in. */
export const holderSide = (h: ObjectiveHolder): Side | null => (h === null ? null : typeof h === 'string' ? h : h.side);

/** The formations named as holding it; empty for nobody or a side recorded without them. */
export const holderFormations = (h: ObjectiveHolder): string[] => (h !== null && typeof h === 'object' ? h.formationIds : []);

type Readable = Pick<BattleState, 'setup' | 'sides' | 'round' | 'phase'>;

/** Why this formation cannot hold an objective for scoring at the end of this round, in the table's words, or null when it can. */
export function holdingRefusal(s: Readable, side: Side, formationId: string): string | null {
  // on the table since before this round: not in reserve, not arrived this round, not destroyed or gone (formation-life.ts)
  return formationRefusal(s, side, formationId, 'hold-objective');
}

/** Why this holder cannot be recorded for objective `objective` (0-based), or null. Only a holder with named formations is checked. */
export function holderRefusal(s: Readable, h: ObjectiveHolder): string | null {
  if (h === null || typeof h === 'string') return null;
  if (new Set(h.formationIds).size !== h.formationIds.length) return 'Name each holding formation once.';
  for (const id of h.formationIds) {
    const why = holdingRefusal(s, h.side, id);
    if (why) return why;
  }
  return null;
}

/**
 * Why a new round end may not credit an objective to a bare side: from round
 * two, when a patrol of that side uncloaked this round, the holding
 * formations must be named, so the patrol is not credited unseen. Asked of
 * new events only (intents.ts); a bare side in an older record still replays.
 */
export function bareHolderRefusal(s: Readable, h: ObjectiveHolder): string | null {
  if (typeof h !== 'string' || s.round < 2) return null;
  const arrived = s.sides[h].formations.filter((f) => statusOf(s, h, f) === 'arrived');
  if (!arrived.length) return null;
  return `Name the formations holding it: ${arrived.map((f) => f.name).join(', ')} uncloaked this round and cannot score (Field Manual §7).`;
}
