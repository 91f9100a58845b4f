import type { RulesetPack } from '../../ruleset/schema';
import { packIndex, rosterPoints, type PackIndex, type RosterPoints } from '../points';
import type { Formation, FormationSlot, Roster } from '../schema';
import type { RosterViolation } from '../violation';

/**
 * The recruitment rules as a list: each rule names the Field Manual section
 * it enforces and returns the violations it finds. The context is built once
 * per validation, so no rule re-indexes the pack or re-prices the roster.
 */

export interface RuleContext {
  roster: Roster;
  pack: RulesetPack;
  allowance: number;
  idx: PackIndex;
  /** The roster's formations by slot, each with its index in `roster.formations`. */
  bySlot: Record<FormationSlot, { f: Formation; i: number }[]>;
  breakdown: RosterPoints;
}

export interface RosterRule {
  id: string;
  /** The section enforced, e.g. "Field Manual §2 step 2". */
  cites: string;
  check(ctx: RuleContext): RosterViolation[];
}

/** A rule about one formation; `formation-contents` runs these formation by formation. */
export interface FormationRule {
  id: string;
  cites: string;
  check(ctx: RuleContext, f: Formation, i: number): RosterViolation[];
}

export function ruleContext(roster: Roster, pack: RulesetPack, allowance: number): RuleContext {
  const bySlot: RuleContext['bySlot'] = { core: [], elite: [], skirmisher: [], heavy: [] };
  roster.formations.forEach((f, i) => bySlot[f.slot].push({ f, i }));
  return { roster, pack, allowance, idx: packIndex(pack), bySlot, breakdown: rosterPoints(roster, pack) };
}

/** `formationId` only when there is one, so a violation about the command group carries no such key. */
export const onFormation = (formationId: string | undefined) => (formationId ? { formationId } : {});

/** A count with its noun ("2 fighters"): the app's one plural, src-shared/naming.ts. */
export { counted as plural } from '../../naming';
