import { z } from 'zod';

/** Tables whose rows a campaign file carries by id, as the preview names them. */
const PREVIEW_TABLES = ['players', 'campaigns', 'events', 'entries', 'finishes', 'rosters'] as const;

/**
 * What importing a campaign file would do, worked out without writing anything
 * (`campaigns.importPreview`): the ruleset versions it adds (a version is its
 * content: pack, data version and canonical pack), the campaigns and players it
 * creates, the file's players whose names clash with a different player here
 * once normalised and case folded (naming that player), and the rows whose id
 * this ledger already holds with other content (named, never merged silently).
 * `lines` says it all in sentences, for the import dialog and the CLI alike.
 */
export const importPreviewSchema = z.object({
  rulesetVersions: z.array(
    z.object({ packId: z.string(), name: z.string(), dataVersion: z.string(), version: z.number().int(), added: z.boolean(), renumbered: z.boolean() }),
  ),
  campaigns: z.array(z.object({ id: z.string(), name: z.string(), added: z.boolean() })),
  players: z.array(z.object({ id: z.string(), name: z.string(), added: z.boolean(), clash: z.object({ id: z.string(), name: z.string() }).nullable() })),
  differences: z.array(z.object({ table: z.enum(PREVIEW_TABLES), id: z.string(), refuses: z.boolean(), message: z.string() })),
  /** False when the import would be refused (a name clash, or a row that differs and cannot be merged). */
  importable: z.boolean(),
  lines: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
