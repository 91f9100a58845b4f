import type { RosterRule } from './rule';

/** The roster's faction is one of the pack's (the Field Manual lists six). */
export const FACTION_RULE: RosterRule = {
  id: 'faction-in-ruleset',
  cites: 'Field Manual §9 (the six factions)',
  check: ({ roster, idx }) =>
    idx.factions.has(roster.factionId)
      ? []
      : [
          {
            code: 'UNKNOWN_FACTION',
            message: `The faction "${roster.factionId}" is not in this ruleset; choose one of its factions.`,
            rule: 'Field Manual §9',
            path: ['factionId'],
          },
        ],
};
