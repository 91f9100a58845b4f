/** What the validator reports: a code per rule broken, with a sentence saying what to change. */

export const VIOLATION_CODES = [
  'UNKNOWN_FACTION',
  'CAPTAIN_COUNT',
  'OFFICER_COUNT',
  'CORE_COUNT_MIN',
  'CORE_COUNT_MAX',
  'CORE_SIZE',
  'ELITE_COUNT_MIN',
  'ELITE_COUNT_MAX',
  'ELITE_SIZE',
  'SKIRMISHER_COUNT_MIN',
  'SKIRMISHER_COUNT_MAX',
  'SKIRMISHER_SIZE',
  'HEAVY_COUNT_MIN',
  'HEAVY_COUNT_MAX',
  'HEAVY_SIZE',
  'UNKNOWN_UNIT',
  'UNIT_FACTION',
  'UNIT_SLOT',
  'LOADOUT_NOT_ALLOWED',
  'EQUIPMENT_UNKNOWN',
  'EQUIPMENT_NOT_ALLOWED',
  'EQUIPMENT_TWICE',
  'SNIPER_PER_PATROL',
  'LOADOUT_LIMIT',
  'RESERVE_NOT_SKIRMISHER',
  'OFFICER_POST_UNKNOWN',
  'OFFICER_POST_TYPE',
  'OFFICER_POST_SHARED',
  'POINTS_OVER_LIMIT',
] as const;
type ViolationCode = (typeof VIOLATION_CODES)[number];

export interface RosterViolation {
  code: ViolationCode;
  /** One sentence saying what to change. */
  message: string;
  /** Where the rule comes from, e.g. "Field Manual §2". */
  rule: string;
  /** The formation the problem concerns, so the Builder can show it beside that formation. */
  formationId?: string;
  /** Path into the roster of the field concerned. */
  path: (string | number)[];
}
