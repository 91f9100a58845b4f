import { COMMAND_GROUP_RULES } from './command-group';
import { FORMATION_CONTENTS_RULE } from './formation-contents';
import { FORMATION_SLOT_RULES } from './formation-slots';
import { FACTION_RULE } from './faction';
import { OFFICER_POSTINGS_RULE } from './officer-postings';
import { POINTS_RULE } from './points-allowance';
import type { RosterRule } from './rule';

/**
 * Every recruitment rule, in the order its violations are reported: the
 * faction, the command group, formation counts and sizes by slot (DIGEST 2's
 * rule order), each formation's contents, Officer postings, then points.
 */
export const ROSTER_RULES: readonly RosterRule[] = [
  FACTION_RULE,
  ...COMMAND_GROUP_RULES,
  ...FORMATION_SLOT_RULES,
  FORMATION_CONTENTS_RULE,
  OFFICER_POSTINGS_RULE,
  POINTS_RULE,
];

export { FORMATION_RULES } from './formation-contents';
