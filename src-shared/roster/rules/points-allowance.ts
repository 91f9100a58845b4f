import type { RosterViolation } from '../violation';
import type { RosterRule } from './rule';

/** [000 §2 step 6] total points within the allowance: the ledger's, or the pack's standalone limit. */
export const POINTS_RULE: RosterRule = {
  id: 'points-within-allowance',
  cites: 'Field Manual §2 step 6, §13',
  check: ({ breakdown, allowance }): RosterViolation[] => {
    const spent = breakdown.total;
    if (spent <= allowance) return [];
    return [
      {
        code: 'POINTS_OVER_LIMIT',
        message: `The warband costs ${spent} points, ${spent - allowance} over its allowance of ${allowance}: remove fighters, formations, loadouts or equipment.`,
        rule: 'Field Manual §2 step 6, §13',
        path: [],
      },
    ];
  },
};
