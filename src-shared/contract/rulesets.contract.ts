import { z } from 'zod';
import { noteText } from '../text-policy.schema';
import { reads, writes } from './effects';
import { channel, noInput } from './define';
import { idSchema, rulesetPackSchema } from '../ruleset/schema';
import { CHANGE_CATEGORIES } from '../ruleset/diff';

export const rulesetVersionSchema = z.object({
  id: z.number().int(),
  packId: z.string(),
  version: z.number().int(),
  name: z.string(),
  rulesVersion: z.string(),
  dataVersion: z.string(),
  parentId: z.number().int().nullable(),
  note: z.string(),
  origin: z.enum(['bundled', 'edit', 'import']),
  createdAt: z.string(),
  /** Campaigns pinned to this version. */
  campaigns: z.number().int().nonnegative(),
});
export type RulesetVersion = z.infer<typeof rulesetVersionSchema>;

/** A pack saved or imported: the version holding its content, and whether that content was stored already (one pack, one version). */
const storedVersionSchema = rulesetVersionSchema.extend({ alreadyStored: z.boolean() });
export type StoredVersion = z.infer<typeof storedVersionSchema>;

const packChangeSchema = z.object({
  category: z.enum(CHANGE_CATEGORIES),
  kind: z.enum(['changed', 'added', 'removed']),
  path: z.array(z.string()),
  label: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

const versionId = z.number().int().positive();
/** Imports are read whole, then refused with a clear message above 5 MB (parsePackText). */
const MAX_IMPORT_CHARS = 32 * 1024 * 1024;

export const rulesetsContract = {
  'rulesets.list': channel('Every stored version of every ruleset pack, newest first', noInput, z.array(rulesetVersionSchema), reads('rulesets')),
  'rulesets.get': channel(
    'One pack version with its data (the latest version of the default pack when no id is given)',
    z.object({ versionId: versionId.optional() }).strict().optional().default({}),
    z.object({ version: rulesetVersionSchema, pack: rulesetPackSchema }),
    reads('rulesets'),
  ),
  'rulesets.createVersion': channel(
    'Save an edited pack as a new version (the base version is never changed)',
    z.object({
      baseVersionId: versionId,
      // checked in the handler, so every schema and cross-reference problem comes back with its path
      pack: z.unknown(),
      note: noteText(500).default(''),
    }),
    storedVersionSchema,
    writes('rulesets'),
  ),
  'rulesets.import': channel(
    'Import a pack from the text of a JSON file; nothing is stored unless the whole file is valid',
    z.object({ text: z.string().max(MAX_IMPORT_CHARS, 'The file is far too large to be a ruleset pack.'), note: noteText(500).default('') }),
    storedVersionSchema,
    writes('rulesets'),
  ),
  'rulesets.export': channel(
    'A pack version as JSON text, ready to save as a file',
    z.object({ versionId: versionId.optional() }).strict().optional().default({}),
    z.object({ fileName: z.string(), text: z.string() }),
    reads('rulesets'),
  ),
  'rulesets.unitUsage': channel(
    'The rosters on a version that field a unit, and the loadouts they give it (a unit or loadout they need cannot be removed)',
    z.object({ versionId, unitId: idSchema }),
    z.object({ rosters: z.array(z.object({ id: z.string(), name: z.string(), loadoutIds: z.array(z.string()) })) }),
    reads('rulesets', 'rosters'),
  ),
  'rulesets.diff': channel(
    'What changed from version a to version b: costs, profiles, rules, options, other',
    z.object({ a: versionId, b: versionId }),
    z.object({ a: rulesetVersionSchema, b: rulesetVersionSchema, changes: z.array(packChangeSchema) }),
    reads('rulesets'),
  ),
} as const;
