import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../src-shared/errors';
import { nameKey, olderVersionTextRefusal, textProblem, type TextKind } from '../../../src-shared/text-policy';
import { COPY_PLAN, type LedgerTable } from './ledger-copy';
import { storedTextHex } from './database';
import { dialectOf } from './dialect';
import type { Db } from './schema';

/**
 * The text policy on the rows a ledger copy (`league push` / `pull`) moves
 * as they are (issue 33): a ledger written before the policy existed may
 * hold a name with a NUL, a control or a bidi override, which PostgreSQL's
 * driver refuses as an `invalid byte sequence` half way through the copy,
 * or which would reach every organiser's screen. Every such row is named,
 * with its table, key and column, before anything is copied.
 */

type AnyDb = Kysely<any> | Transaction<any>;

/** The name and note columns of each table, and their kind (the policy of the requests that write them). */
const TEXT_COLUMNS: Partial<Record<LedgerTable, Record<string, TextKind>>> = {
  players: { name: 'name', contact: 'name', notes: 'note' },
  campaigns: { name: 'name', notes: 'note' },
  rosters: { name: 'name' },
  ruleset_versions: { name: 'name', note: 'note' },
  ledger_events: { summary: 'note' },
  ledger_entries: { reason: 'note' },
  report_disputes: { rule_ref: 'name', note: 'note' },
};

/** Text no database column may hold: NUL (PostgreSQL refuses it) and lone surrogates (not text). */
// eslint-disable-next-line no-control-regex -- NUL is what is looked for
const NEVER_STORABLE = /\u0000|\p{Cs}/u;

interface TextRowProblem {
  table: string;
  key: string;
  column: string;
  problem: string;
}

/** The first lone surrogate in UTF-8 bytes given as hex (ED A0..BF xx, which is not UTF-8), or null. */
function loneSurrogateInUtf8(hex: string | undefined): number | null {
  if (!hex) return null;
  for (let i = 0; i + 6 <= hex.length; i += 2) {
    if (hex.slice(i, i + 2).toUpperCase() !== 'ED') continue;
    const b2 = parseInt(hex.slice(i + 2, i + 4), 16);
    const b3 = parseInt(hex.slice(i + 4, i + 6), 16);
    // ED is a lead byte only, never a continuation: a match at a byte boundary is a character's first byte
    if (b2 >= 0xa0 && b2 <= 0xbf && b3 >= 0x80 && b3 <= 0xbf) return 0xd000 | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
  }
  return null;
}

/** The rows of `db` a copy may not move as they are, each with what is wrong (at most `limit`). */
async function uncopyableText(db: Db, limit = 20): Promise<TextRowProblem[]> {
  const out: TextRowProblem[] = [];
  const sqlite = dialectOf(db) === 'sqlite';
  for (const [table, plan] of COPY_PLAN) {
    const columns = TEXT_COLUMNS[table] ?? {};
    const rows = (await (db as AnyDb).selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== 'string') continue;
        const kind = columns[column];
        let problem = kind ? textProblem(value, kind) : NEVER_STORABLE.test(value) ? textProblem(value, 'note') : null;
        // SQLite's driver reads a stored lone surrogate as U+FFFD: the bytes tell it from a real U+FFFD, which would
        // otherwise be copied as the replacement character and verified equal on both sides
        if (!problem && sqlite && value.includes('\uFFFD')) {
          // ruleset versions are named by their content, which is no column: their own id finds the row
          const key = Object.fromEntries((table === 'ruleset_versions' ? ['id'] : plan.key).map((k) => [k, row[k]]));
          const lone = loneSurrogateInUtf8(await storedTextHex(db as AnyDb, table, column, key));
          if (lone !== null) problem = textProblem(String.fromCharCode(lone), kind ?? 'note');
        }
        if (!problem) continue;
        out.push({ table, key: plan.key.map((k) => String(row[k])).join(' / '), column, problem });
        if (out.length >= limit) return out;
      }
    }
  }
  return out;
}

/** Refuses a copy whose source holds text the policy refuses, naming each row; nothing is copied. */
export async function refuseUncopyableText(db: Db): Promise<void> {
  const problems = await uncopyableText(db);
  if (!problems.length) return;
  const first = problems[0]!;
  const lines = problems.map((p) => `${p.table} ${p.key}: its ${p.column.replace('_', ' ')} ${p.problem}`);
  throw new AppError('VALIDATION', `Nothing was copied. ${olderVersionTextRefusal(lines)}`, { path: [first.table, first.key, first.column] });
}

/**
 * Refuses a copy that would bring a second player of one name (issue 40): a
 * row of `from` the target lacks by id whose name is, as people compare names
 * (nameKey: NFC, case folded), the name of another player there, or of
 * another row of the copy. Named by table, row and field; nothing is copied.
 */
export async function refuseTwinNames(from: Db, to: Db, where: string): Promise<void> {
  const there = new Map<string, { id: string; name: string }>();
  for (const p of await to.selectFrom('players').select(['id', 'name']).orderBy('id').execute()) there.set(p.id, p);
  const byKey = new Map<string, { id: string; name: string; here: boolean }>();
  for (const p of there.values()) byKey.set(nameKey(p.name), { ...p, here: true });
  const twins: string[] = [];
  let first: string | undefined;
  for (const p of await from.selectFrom('players').select(['id', 'name']).orderBy('id').execute()) {
    if (there.has(p.id)) continue;
    const clash = byKey.get(nameKey(p.name));
    if (!clash) {
      byKey.set(nameKey(p.name), { ...p, here: false });
      continue;
    }
    first ??= p.id;
    twins.push(
      `players ${p.id}: its name "${p.name}" is the name of player "${clash.name}" (players ${clash.id}) ${clash.here ? `in ${where}` : 'in the same copy'}`,
    );
    if (twins.length >= 20) break;
  }
  if (!twins.length) return;
  // CONFLICT, as every door refuses a second player of one name (the Players page, a campaign file)
  throw new AppError(
    'CONFLICT',
    `Nothing was copied: ${twins.join('; ')}. Two players may not share a name (one written in other capitals, or with its accents ` +
      'composed differently, is the same name): rename one of them in the app (Players), then copy again.',
    { path: ['players', first!, 'name'] },
  );
}
