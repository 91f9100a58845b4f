import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';

/**
 * The one dialect seam (STYLE pattern 15). Repositories are written once in
 * Kysely's builder and run on the embedded SQLite ledger and on a league's
 * PostgreSQL database alike; every place where the two must say something
 * differently is a named function here, chosen by the connection it is given:
 *
 * | what                          | SQLite                          | PostgreSQL                                      |
 * | ----------------------------- | ------------------------------- | ----------------------------------------------- |
 * | JSON array of a group         | json_group_array(x order by …)  | coalesce(json_agg(x order by …)::text, '[]')    |
 * | a write that must not race    | one writer at a time (the file) | the campaign/battle row locked, or serializable; |
 * |                               |                                 | retried on 40001/40P01                          |
 * | what a failure means          | SQLITE_CONSTRAINT…, SQLITE_BUSY | 23xxx, 40001, connection errors                 |
 * | big integers (count, sum)     | numbers                         | int8/numeric parsed to numbers (league.ts)      |
 * | case-blind search             | like                            | ilike                                           |
 *
 * The schema differences (serial ids, the last-played trigger, 8-byte
 * floats) are in the PostgreSQL migration twins, migrations/postgres/.
 * Dates are ISO-8601 text, booleans 0/1 integers, JSON text columns and ids
 * text UUIDs or integers on both, so rows read back the same.
 */
export type DialectName = 'sqlite' | 'postgres';

type Db = Kysely<any> | Transaction<any>;

export function dialectOf(db: Db): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An ordered list of values aggregated as a JSON array, read back as text on both dialects ('[]' over no rows, as SQLite says; json_agg alone says null). */
export function jsonArrayAgg(db: Db, value: RawBuilder<unknown>, orderBy: RawBuilder<unknown>): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`coalesce(json_agg(${value} order by ${orderBy})::text, '[]')`
    : sql<string>`json_group_array(${value} order by ${orderBy})`;
}

/**
 * The schema the ledger's tables live in: PostgreSQL's current schema (a
 * league database may hold other schemas, an administrator's own, that are
 * no part of the ledger); SQLite has one, undefined here.
 */
export async function ledgerSchema(db: Db): Promise<string | undefined> {
  if (dialectOf(db) === 'sqlite') return undefined;
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(db);
  return rows[0]?.s;
}

/**
 * The operator for "contains this text, whatever its case" searches: SQLite's
 * LIKE ignores the case of ASCII letters, PostgreSQL's needs ILIKE for that
 * (in the C locale, ASCII letters too).
 */
export function caseInsensitiveLike(db: Db): 'like' | 'ilike' {
  return dialectOf(db) === 'postgres' ? 'ilike' : 'like';
}

/** What a database failure means for the app, whichever database said it. */
export type DbFailure =
  /** a UNIQUE, foreign-key or check constraint refused the row */
  | 'constraint'
  /** the file is locked by another writer (SQLite) */
  | 'busy'
  /** a concurrent transaction won (PostgreSQL serializable or a deadlock); retrying is safe */
  | 'serialization'
  /** the league server cannot be reached or went away mid-request */
  | 'unreachable'
  | undefined;

function codeOf(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
}

/** Connection-level failures of node-postgres and the server's own "going away" classes (57P01 admin shutdown, 08xxx). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03']);
const UNREACHABLE_MESSAGE = /Connection terminated|connection timeout|Client has encountered a connection error|Client was closed|not queryable/i;

export function dbFailure(e: unknown): DbFailure {
  const code = codeOf(e);
  if (code.startsWith('SQLITE_CONSTRAINT') || /^23\d{3}$/.test(code)) return 'constraint';
  if (code.startsWith('SQLITE_BUSY')) return 'busy';
  if (code === '40001' || code === '40P01') return 'serialization';
  if (UNREACHABLE_CODES.has(code) || code.startsWith('08') || (e instanceof Error && UNREACHABLE_MESSAGE.test(e.message))) return 'unreachable';
  return undefined;
}

const RETRIES = 20;

/**
 * The row a write is about: writers of the same campaign (or battle) queue on it instead of colliding.
 * `lockedByFirstRead`: the write's own first read takes the lock (see lockingRead), one statement and
 * round trip fewer; see writeTransaction for what that asks of the write.
 */
export type WriteLock = { campaignId: string; lockedByFirstRead?: boolean } | { battleId: string; lockedByFirstRead?: boolean };

/** A UNIQUE violation (PostgreSQL 23505): with a lock taken by the first read, the sign of a read made stale by the wait. */
function uniqueViolation(e: unknown): boolean {
  return codeOf(e) === '23505';
}

/**
 * A write that must not race another organiser's. On SQLite, where the file
 * has one writer at a time, it is the ordinary transaction it always was.
 * On PostgreSQL:
 * - with a `lock`, the transaction first locks that campaign's (or
 *   battle's) row, so writers of the same campaign take turns and each sees
 *   what the one before it committed (read committed: every statement after
 *   the lock reads the newest rows). Serializable would not do here: its
 *   snapshot is taken before the lock is granted, so the second writer
 *   would still number its event from a stale timeline and fail;
 * - without one, it runs serializable.
 * Either way it is run again from the start when the server reports a
 * serialization failure or a deadlock (nothing of the losing attempt was
 * kept, so a retry is exact). `fn` must do all its reads inside the
 * transaction it is given, since it may run more than once.
 *
 * With `lockedByFirstRead`, no lock statement is sent first: `fn`'s first
 * read locks the row itself (lockingRead). The locked row is read as the
 * lock's holder left it, but the rest of that statement (a max(seq) in a
 * subquery) was read from the snapshot taken before a wait for the lock,
 * so it may be stale. Such a write must number what it writes from that
 * read under a UNIQUE key (battle_events (battle_id, seq), its id): a stale
 * number then collides with the row the other writer committed, and the
 * write is run again from the start, reading afresh. Uncontended (the
 * common case) it is one round trip fewer. A campaign's first read reads
 * only the locked row itself (Finish Mission's campaign row), which is
 * never stale, and statements after it read afresh: nothing more is asked.
 *
 * Given a transaction already (a write that is one step of a larger one,
 * such as a league push's campaign import), `fn` joins it: the enclosing
 * write commits or rolls back the whole, and retries it as a whole.
 */
export async function writeTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>, lock?: WriteLock): Promise<T> {
  if (db.isTransaction) {
    if (lock && dialectOf(db) === 'postgres') await lockRow(db as Transaction<DB>, lock);
    return fn(db as Transaction<DB>);
  }
  if (dialectOf(db) === 'sqlite') return db.transaction().execute(fn);
  for (let attempt = 0; ; attempt++) {
    try {
      if (!lock) return await db.transaction().setIsolationLevel('serializable').execute(fn);
      if (lock.lockedByFirstRead) return await db.transaction().execute(fn);
      return await db.transaction().execute(async (trx) => {
        await lockRow(trx, lock);
        return fn(trx);
      });
    } catch (e) {
      const stale = !!lock && 'battleId' in lock && !!lock.lockedByFirstRead && uniqueViolation(e);
      if ((dbFailure(e) !== 'serialization' && !stale) || attempt >= RETRIES) throw e;
      // a random, growing back-off so the same writers do not collide again in step
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 5 * 2 ** attempt)));
    }
  }
}

/**
 * Thrown by a single-statement write that wrote from a guess (`mayGuess`:
 * what this process last knew, e.g. the sequence number of the battle's
 * last event as its own cache holds it, instead of reading it) when the
 * statement's own guard wrote nothing: it is run again, reading this time.
 * A guessed sequence made stale by another writer needs no such signal: it
 * collides on its UNIQUE key, which is retried too.
 */
export class GuessWasStale extends Error {
  constructor() {
    super('a guessed write found the database changed; it is run again from a fresh read');
  }
}

/**
 * A write that is reads followed by ONE statement that writes: rows numbered
 * from what was read under UNIQUE keys, with the write's preconditions in
 * that statement's own WHERE (see insertBattleEvents' `whileInProgress`).
 * On PostgreSQL it runs without BEGIN and COMMIT: each statement commits on
 * its own, and the one that writes is atomic by itself, so nothing is ever
 * half written; two round trips (read, write) instead of four. A read made
 * stale by another writer shows as a UNIQUE violation of what was
 * numbered from it, and the write is run again from the start (as is a
 * serialization failure). On SQLite it is the ordinary transaction.
 * `fn` is given the database to read and write through, and may run more
 * than once. On PostgreSQL its first attempt may guess instead of reading
 * (`mayGuess`), since a wrong guess is caught and retried: then the write
 * is one statement, one round trip.
 */
/** How a single-statement write runs. */
export interface SingleStatementWrite {
  /** It may write from what this process last knew instead of reading it (a wrong guess is retried). */
  mayGuess: boolean;
  /** No transaction is around it: the statement that writes must check the write's preconditions itself. */
  guarded: boolean;
}

export async function singleStatementWrite<DB, T>(db: Kysely<DB>, fn: (db: Kysely<DB> | Transaction<DB>, how: SingleStatementWrite) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'sqlite') return db.transaction().execute((trx) => fn(trx, { mayGuess: false, guarded: false }));
  for (let attempt = 0; ; attempt++) {
    try {
      // the first attempt may write from what this process last knew instead of reading it (see GuessWasStale)
      return await fn(db, { mayGuess: attempt === 0, guarded: true });
    } catch (e) {
      if ((dbFailure(e) !== 'serialization' && !uniqueViolation(e) && !(e instanceof GuessWasStale)) || attempt >= RETRIES) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 5 * 2 ** attempt)));
    }
  }
}

/**
 * A subquery that takes a SHARE lock on the rows it reads of `table` on
 * PostgreSQL: a guard inside a single-statement write, so a writer holding
 * the row (closing the battle) is waited for and its result re-checked;
 * writers taking the same share lock do not wait for one another. On
 * SQLite (one writer per file) the plain subquery.
 */
export function sharingRead<Q extends { forShare(of?: any): Q }>(db: Db, q: Q, table: string): Q {
  return dialectOf(db) === 'postgres' ? q.forShare(table) : q;
}

/** writeTransaction with the row it is about named first (it reads better at the call). */
export function lockedWrite<DB, T>(db: Kysely<DB>, lock: WriteLock, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return writeTransaction(db, fn, lock);
}

/**
 * A read that also locks the rows it reads of `table` (FOR NO KEY UPDATE OF
 * it) on PostgreSQL, for a write whose lock is taken by its first read
 * (`lockedByFirstRead`); on SQLite, where the file has one writer at a
 * time, the plain read.
 */
export function lockingRead<Q extends { forNoKeyUpdate(of?: any): Q }>(db: Db, q: Q, table: string): Q {
  return dialectOf(db) === 'postgres' ? q.forNoKeyUpdate(table) : q;
}

/** FOR NO KEY UPDATE: waits for the row's other writers, yet lets rows that only refer to it (entries, rosters) be inserted meanwhile. */
async function lockRow(trx: Transaction<any>, lock: WriteLock): Promise<void> {
  if ('campaignId' in lock) await sql`select id from campaigns where id = ${lock.campaignId} for no key update`.execute(trx);
  else await sql`select id from battles where id = ${lock.battleId} for no key update`.execute(trx);
}

/**
 * node-postgres hands 64-bit integers (count(*), sum of integers) and numeric
 * values back as strings, so no precision is lost silently; the ledger's
 * figures are all far inside JavaScript's safe integers, and SQLite returns
 * them as numbers, so here they are numbers too.
 */
export const PG_INT8 = 20;
export const PG_NUMERIC = 1700;
