import { describe, expect, it } from 'vitest';
import { appContract, CHANNELS } from '../../src-shared/contract';
import { backupFileNameSchema } from '../../src-shared/contract/maintenance.contract';
import { PATH_TRAVERSAL } from '../helpers/fuzz';
import { defOf, WRAPPER_TYPES } from '../helpers/zod-def';

/** Every object key of a schema, with its path, looking through wrappers, arrays and unions. */
function keysOf(schema: unknown, path: string[] = [], seen = new Set<unknown>()): { path: string[]; schema: unknown }[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const out: { path: string[]; schema: unknown }[] = [];
  const next = (s: unknown, p = path) => out.push(...keysOf(s, p, seen));
  if (WRAPPER_TYPES.has(def.type)) next(def.innerType);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        out.push({ path: [...path, k], schema: v });
        next(v, [...path, k]);
      }
      break;
    case 'pipe':
      next(def.in);
      break;
    case 'array':
      next(def.element, [...path, '[]']);
      break;
    case 'record':
      next(def.valueType, [...path, '{}']);
      break;
    case 'union':
      for (const o of def.options as unknown[]) next(o);
      break;
    case 'intersection':
      next(def.left);
      next(def.right);
      break;
    case 'lazy':
      next((def.getter as () => unknown)());
      break;
  }
  return out;
}

// A request naming where the backend writes (or reads) a file would let a page choose any path on disk.
const PATHLIKE = /(path|dir|directory|folder|dest|destination|output|outfile|saveTo|location|filename|file)$/i;

/** Is the field (through wrappers) a free string? Enums and ids of game things are not paths. */
function isFreeString(schema: unknown): boolean {
  const def = defOf(schema);
  if (WRAPPER_TYPES.has(def.type)) return isFreeString(def.innerType);
  if (def.type === 'pipe') return isFreeString(def.in);
  return def.type === 'string';
}

/** Fields that name a file but cannot name a path, each with the reason. */
const ALLOWED: Record<string, string> = {
  'backups.restore file': 'a backup file name from the backups folder, checked by backupFileNameSchema below',
  'print.startBatch fileName': 'the name of the single PDF, offered to the save dialog or download',
};

/**
 * Ratchet: violations found when this test was written and reported to their
 * owners. A new one fails the test above; a fixed one must be taken off this
 * list (the second test fails until it is).
 */
const KNOWN_VIOLATIONS: Record<string, string> = {};

describe('no request can choose where the backend writes', () => {
  it('no channel input has a path-like field (PDFs and exports come back as data; the user picks where they go)', () => {
    const found: string[] = [];
    for (const channel of CHANNELS) {
      for (const k of keysOf(appContract[channel].input)) {
        const name = `${channel} ${k.path.join('.')}`;
        if (PATHLIKE.test(k.path.at(-1)!) && isFreeString(k.schema) && !(name in ALLOWED) && !(name in KNOWN_VIOLATIONS)) found.push(name);
      }
    }
    expect(found).toEqual([]);
  });

  it('every known violation still exists (take fixed ones off the list)', () => {
    const all = new Set(CHANNELS.flatMap((c) => keysOf(appContract[c].input).map((k) => `${c} ${k.path.join('.')}`)));
    for (const name of Object.keys(KNOWN_VIOLATIONS)) expect(all.has(name) || !CHANNELS.includes(name.split(' ')[0] as never), name).toBe(true);
  });

  it('outputs that carry files carry their bytes (base64 or text), never a path to be opened', () => {
    const outputs = CHANNELS.flatMap((c) => keysOf(appContract[c].output).map((k) => `${c} ${k.path.join('.')}`));
    // file names for the save dialog are fine; a server-side location is not
    expect(outputs.filter((o) => /(outputPath|savedTo|writtenTo)$/i.test(o))).toEqual([]);
  });

  it.each(
    PATH_TRAVERSAL.concat([
      'ledger-20261130T000000000Z-manual.sqlite/../x',
      'ledger-20261130T000000000Z-../../x.sqlite',
      '/tmp/ledger-20261130T000000000Z-manual.sqlite',
    ]),
  )('a backup name cannot be a path: %s', (name) => {
    expect(backupFileNameSchema.safeParse(name).success).toBe(false);
  });

  it('accepts the names the app itself writes', () => {
    expect(backupFileNameSchema.safeParse('ledger-20261130T051325128Z-pre-restore.sqlite').success).toBe(true);
    expect(backupFileNameSchema.safeParse('ledger-20261130T051325128Z-auto-start-1.sqlite').success).toBe(true);
  });
});
