import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import { expect } from 'vitest';
import type { Backend } from '../../src-main/backend/backend';
import type { WireReply } from '../../src-shared/contract/define';
import { dumpDatabase } from './backend';

/**
 * Fault injection for multi-step writes. A Kysely plugin counts the queries
 * an operation runs and throws at the n-th one, either before it runs or just
 * after it has run (its effect is then inside the transaction and must be
 * rolled back). Handlers reach the ledger through `ctx.db`, so swapping that
 * for the instrumented instance reaches every query of every handler.
 */
export type FaultKind = 'error' | 'disk-full';

class FaultAtQuery implements KyselyPlugin {
  queries = 0;
  results = 0;
  fired = false;
  /** Write units completed when the fault fired: autocommit writes, and transactions that committed. */
  unitsAtFault = 0;
  /** Write units of the whole operation (meaningful when the fault never fired). */
  units = 0;
  private trxHadWrite = false;
  private pendingWrites = new Map<unknown, boolean>();
  private isWrite = new Map<unknown, boolean>();

  constructor(
    readonly at: number,
    readonly when: 'before' | 'after' | 'never',
    private readonly inTransaction: () => boolean,
    /** What the fault throws: a plain error (a bug), or what SQLite throws when the disk is full. */
    private readonly kind: FaultKind = 'error',
  ) {}

  private fail(): never {
    this.fired = true;
    this.unitsAtFault = this.units;
    const where = `${this.when} query ${this.at}`;
    if (this.kind === 'disk-full') throw new BetterSqlite3.SqliteError(`database or disk is full (injected ${where})`, 'SQLITE_FULL');
    throw new Error(`injected fault ${where}`);
  }

  /**
   * Every statement the driver prepares, including its own BEGIN/COMMIT/ROLLBACK
   * (which bypass plugins). Two transactions back to back look alike to a
   * plugin, so a unit is counted at each COMMIT of a transaction that wrote.
   */
  onStatement(sql: string): void {
    const s = sql.trim().toLowerCase();
    if (s === 'commit' || s.startsWith('commit ') || s === 'end') {
      if (this.trxHadWrite) this.units++;
      this.trxHadWrite = false;
    } else if (s === 'rollback' || s === 'begin' || s.startsWith('begin ')) {
      this.trxHadWrite = false;
    }
  }

  /** A disk fills up when something is written: that fault counts (and hits) only writes. */
  private counts(write: boolean): boolean {
    return this.kind !== 'disk-full' || write;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const write = isWriteNode(args.node);
    this.isWrite.set(args.queryId, write);
    if (this.counts(write)) this.queries++;
    const inTrx = this.inTransaction();
    if (inTrx && write) this.trxHadWrite = true;
    this.pendingWrites.set(args.queryId, write && !inTrx);
    if (this.when === 'before' && this.counts(write) && this.queries === this.at) this.fail();
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const write = this.isWrite.get(args.queryId) ?? false;
    this.isWrite.delete(args.queryId);
    if (this.counts(write)) this.results++;
    if (this.pendingWrites.get(args.queryId)) this.units++; // an autocommit write is a unit of its own
    this.pendingWrites.delete(args.queryId);
    if (this.when === 'after' && this.counts(write) && this.results === this.at) this.fail();
    return args.result;
  }
}

/**
 * Runs `op` with `fault` on every query of the backend's ledger, and with the
 * driver's statements (BEGIN/COMMIT, which no plugin sees) reported to it.
 */
async function withFault<T>(backend: Backend, fault: FaultAtQuery, op: () => Promise<T>): Promise<T> {
  const original = backend.ctx.db;
  const sqlite = backend.ctx.sqlite;
  const prepare = sqlite.prepare;
  // an own property shadows the prototype's method for this one connection, removed again below
  (sqlite as { prepare: typeof prepare }).prepare = function (this: typeof sqlite, source: string) {
    fault.onStatement(source);
    return prepare.call(this, source);
  } as typeof prepare;
  backend.ctx.db = original.withPlugin(fault);
  try {
    return await op();
  } finally {
    backend.ctx.db = original;
    delete (sqlite as { prepare?: unknown }).prepare;
  }
}

function isWriteNode(node: RootOperationNode): boolean {
  if (node.kind === 'InsertQueryNode' || node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode' || node.kind === 'MergeQueryNode') return true;
  if (node.kind === 'RawNode') return /^\s*(insert|update|delete|replace|create|drop|alter)\b/i.test(node.sqlFragments.join(' '));
  return false;
}

export interface FaultScenario {
  backend: Backend;
  /** The multi-step write under test; it must succeed when no fault is injected. */
  op: () => Promise<WireReply>;
  close: () => Promise<void>;
}

/**
 * Runs the operation again and again with a fault at query 1, 2, 3… until it
 * completes without reaching the fault; once with the fault before the query
 * runs and once after, each pass on a fresh scenario from `setup`. Every
 * faulted run must be refused and leave every table exactly as before.
 * Returns how many query positions were faulted in each pass.
 *
 * With `kind: 'disk-full'` the fault is the error SQLite raises when the
 * disk fills (SQLITE_FULL) at that query, and the refusal must also tell the
 * organiser so (a STORAGE error, not a crash).
 */
export async function expectAtomicUnderQueryFaults(
  setup: () => Promise<FaultScenario>,
  opts: { maxQueries?: number; kind?: FaultKind } = {},
): Promise<{ before: number; after: number; units: number }> {
  const maxQueries = opts.maxQueries ?? 500;
  // First, how many separate write units (transactions or autocommit writes) the operation commits.
  const measured = await setup();
  const probe = new FaultAtQuery(0, 'never', () => measured.backend.ctx.sqlite.inTransaction);
  try {
    const reply = await withFault(measured.backend, probe, measured.op);
    expect(reply.ok, `the operation failed without any fault: ${JSON.stringify(reply)}`).toBe(true);
  } finally {
    await measured.close();
  }
  expect(probe.units, `the operation commits ${probe.units} separate write units; a crash between them leaves it half-applied`).toBeLessThanOrEqual(1);

  const counts = { before: 0, after: 0, units: probe.units };
  for (const when of ['before', 'after'] as const) {
    const { backend, op, close } = await setup();
    try {
      for (let at = 1; at <= maxQueries; at++) {
        const fault = new FaultAtQuery(at, when, () => backend.ctx.sqlite.inTransaction, opts.kind);
        const before = dumpDatabase(backend.ctx.sqlite);
        const reply = await withFault(backend, fault, op);
        if (!fault.fired) {
          expect(reply.ok, `the operation failed without any fault: ${JSON.stringify(reply)}`).toBe(true);
          break;
        }
        counts[when]++;
        expect(reply.ok, `a fault ${when} query ${at} was reported as success`).toBe(false);
        if (opts.kind === 'disk-full' && !reply.ok && fault.unitsAtFault === 0) {
          expect(reply.error.code, `a full disk ${when} query ${at} answered: ${reply.error.message}`).toBe('STORAGE');
        }
        // After the one write unit has committed (a read-back failing, say) the write is whole: nothing to undo.
        if (fault.unitsAtFault === 0) {
          expect(dumpDatabase(backend.ctx.sqlite), `a fault ${when} query ${at} left a partial write`).toEqual(before);
        } else {
          // the operation has landed whole; later positions are all after its commit
          break;
        }
        if (at === maxQueries) throw new Error(`the operation ran more than ${maxQueries} queries`);
      }
    } finally {
      await close();
    }
  }
  return counts;
}

/**
 * A full disk, simulated: the ledger may not grow by one page. Free space is
 * used up first with a scratch table, so any write that needs a new page
 * fails with SQLITE_FULL. Returns whether the operation was refused (a write
 * that fits in existing pages may still succeed); a refusal must leave every
 * table as it was, and the ledger must work again once space is back.
 */
export async function underFullDisk(backend: Backend, op: () => Promise<WireReply>): Promise<{ refused: boolean; reply: WireReply }> {
  const sqlite = backend.ctx.sqlite;
  sqlite.exec('create table if not exists zz_fault_fill (x blob)');
  const pages = sqlite.pragma('page_count', { simple: true }) as number;
  sqlite.pragma(`max_page_count = ${pages}`);
  const fill = sqlite.prepare('insert into zz_fault_fill (x) values (zeroblob(?))');
  for (const size of [65536, 8192, 2048, 512, 128, 32, 8, 1]) {
    for (;;) {
      try {
        fill.run(size);
      } catch {
        break;
      }
    }
  }
  const before = dumpDatabase(sqlite);
  let reply: WireReply;
  try {
    reply = await op();
    if (!reply.ok) expect(dumpDatabase(sqlite), 'a write refused for lack of space left a partial write').toEqual(before);
  } finally {
    sqlite.pragma('max_page_count = 1073741823');
    sqlite.exec('drop table zz_fault_fill');
  }
  return { refused: !reply.ok, reply };
}

/**
 * A disk filling up under a growing ledger: the file may grow by only a few
 * pages, and the write is repeated (with `i` making each one new) until one is
 * refused. That refusal must leave every table as it was; once room is back,
 * the same write must succeed.
 */
export async function writeUntilDiskFull(
  backend: Backend,
  op: (i: number) => Promise<WireReply>,
  maxOps = 2_000,
): Promise<{ refusedAt: number; reply: WireReply }> {
  const sqlite = backend.ctx.sqlite;
  const pages = sqlite.pragma('page_count', { simple: true }) as number;
  sqlite.pragma(`max_page_count = ${pages + 2}`);
  try {
    for (let i = 0; i < maxOps; i++) {
      const before = dumpDatabase(sqlite);
      const reply = await op(i);
      if (!reply.ok) {
        expect(dumpDatabase(sqlite), `write ${i}, refused for lack of space, left a partial write`).toEqual(before);
        return { refusedAt: i, reply };
      }
    }
    throw new Error(`${maxOps} writes fitted in two pages: the disk never filled`);
  } finally {
    sqlite.pragma('max_page_count = 1073741823');
  }
}
