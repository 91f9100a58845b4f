import { z } from 'zod';

/**
 * The id of a stored row as a request, a file or a bundle names it (a battle, a campaign, a player, a formation…): text
 * of 1 to 64 characters. One schema, so every door bounds an id alike. A pack's own ids are `idSchema`
 * (ruleset/schema.ts), kebab-case names the pack gives its units and rules.
 */
export const rowId = z.string().min(1).max(64);
