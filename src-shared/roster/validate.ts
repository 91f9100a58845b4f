import type { RulesetPack } from '../ruleset/schema';
import { modelCount, type RosterPoints } from './points';
import { ROSTER_RULES } from './rules';
import { ruleContext } from './rules/rule';
import type { FormationSlot, Roster } from './schema';
import type { RosterViolation } from './violation';

export { SLOT_LABEL } from './labels';
export { addFighterRefusal, addFormationRefusal } from './rules/formation-slots';
export { VIOLATION_CODES, type RosterViolation } from './violation';

/**
 * Whether a roster is legal. The Builder (live, on every edit), the CLI
 * (`roster validate`), the save/print handlers and Play Mode all call
 * `rosterViolations`; nothing else decides whether a roster is legal.
 *
 * The rules themselves are a list (rules/index.ts), each naming the Field
 * Manual section it enforces; numbers come from `pack.recruitment` and
 * `pack.sniper`. Violations come out in the list's order.
 */

export interface RosterValidation {
  /** True when there is no violation: the roster may be played and printed as final. */
  valid: boolean;
  points: { spent: number; allowance: number; left: number };
  violations: RosterViolation[];
  /** Points of the command group and of each formation. */
  breakdown: RosterPoints;
  models: number;
}

export interface ValidateOptions {
  /** The points this roster may spend: the ledger's allowance, or the pack's standalone limit. */
  allowance: number;
}

export function rosterViolations(roster: Roster, pack: RulesetPack, opts: ValidateOptions): RosterValidation {
  const ctx = ruleContext(roster, pack, opts.allowance);
  const violations = ROSTER_RULES.flatMap((rule) => rule.check(ctx));
  const spent = ctx.breakdown.total;
  return {
    valid: violations.length === 0,
    points: { spent, allowance: opts.allowance, left: opts.allowance - spent },
    violations,
    breakdown: ctx.breakdown,
    models: modelCount(roster),
  };
}

export interface OfficerHost {
  formationId: string;
  name: string;
  slot: FormationSlot;
}

/**
 * The formations this Officer may be posted to right now [000 §6]: Core or
 * Elite (per the pack), and not already full with other Officers. The
 * Builder's posting dropdown offers exactly these (plus "with the Captain").
 */
export function legalOfficerHosts(roster: Roster, pack: RulesetPack, officerId: string): OfficerHost[] {
  const rec = pack.recruitment;
  const taken = new Map<string, number>();
  for (const o of roster.officers) {
    if (o.id === officerId || o.postedTo === null) continue;
    taken.set(o.postedTo, (taken.get(o.postedTo) ?? 0) + 1);
  }
  return roster.formations
    .filter((f) => (rec.officerHostSlots as string[]).includes(f.slot) && (taken.get(f.id) ?? 0) < rec.officersPerHost)
    .map((f) => ({ formationId: f.id, name: f.name, slot: f.slot }));
}
