import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../src-shared/errors';
import { textProblem, type TextKind } from '../../../src-shared/text-policy';
import { COPY_PLAN, type LedgerTable } from './ledger-copy';
import type { Database } from './schema';

/**
 * The text policy on the rows a ledger copy (`league push` / `pull`) moves
 * as they are (issue 33): a ledger written before the policy existed may
 * hold a name with a NUL, a control or a bidi override, which PostgreSQL's
 * driver refuses as an `invalid byte sequence` half way through the copy,
 * or which would reach every organiser's screen. Every such row is named,
 * with its table, key and column, before anything is copied.
 */

type Db = Kysely<Database> | Transaction<Database>;
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

export interface TextRowProblem {
  table: string;
  key: string;
  column: string;
  problem: string;
}

/** The rows of `db` a copy may not move as they are, each with what is wrong (at most `limit`). */
export async function uncopyableText(db: Db, limit = 20): Promise<TextRowProblem[]> {
  const out: TextRowProblem[] = [];
  for (const [table, plan] of COPY_PLAN) {
    const columns = TEXT_COLUMNS[table] ?? {};
    const rows = (await (db as AnyDb).selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== 'string') continue;
        const kind = columns[column];
        const problem = kind ? textProblem(value, kind) : NEVER_STORABLE.test(value) ? textProblem(value, 'note') : null;
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
  throw new AppError(
    'VALIDATION',
    `Nothing was copied: ${problems.length === 1 ? 'a row holds' : `${problems.length} rows hold`} text the app no longer stores ` +
      `(written by an older version). Rename or edit ${problems.length === 1 ? 'it' : 'them'} in the app, then copy again. ${lines.join('; ')}.`,
    { path: [first.table, first.key, first.column] },
  );
}
