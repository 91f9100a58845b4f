// What the app knows of a ruleset pack without zod: the factions, the slots, the points' bound and the provisional
// marks. schema.ts builds the pack's schema on these; a phone's round screen reads them without zod (issue 42).

/** The most points a pack may name anywhere (a cost, an allowance, a reward): a ledger entry moves at most this many. */
export const MAX_POINTS = 10000;

export const FACTION_IDS = ['penitent-concord', 'crowned-marches', 'saltbound-league', 'cinder-porte', 'veiled-communion', 'scattered'] as const;

export const SLOTS = ['captain', 'officer', 'core', 'elite', 'skirmisher', 'heavy'] as const;

export type Slot = (typeof SLOTS)[number];

/** Is `field` of this entity provisional? */
export function isProvisional(entity: { provisional?: string[] }, field?: string): boolean {
  const p = entity.provisional ?? [];
  if (p.includes('*')) return true;
  if (!field) return p.length > 0;
  return p.some((f) => f === field || field.startsWith(`${f}.`));
}
