import fc from 'fast-check';
import { expect } from 'vitest';
import type { Backend } from '../../src-main/backend/backend';
import { appContract, type Channel } from '../../src-shared/contract';
import { wireReplySchema } from '../../src-shared/contract/define';
import { ERROR_CODES } from '../../src-shared/errors';
import { dumpDatabase } from './backend';
import { channelInput } from './fuzz';
import { domainsWrittenBy } from '../../src-shared/contract/invalidation';

type Sqlite = Backend['ctx']['sqlite'];

/** Every row of the ledger (dumpDatabase), as JSON too: two dumps compare as one string, and only unequal ones row by row. */
export interface LedgerDump {
  rows: ReturnType<typeof dumpDatabase>;
  json: string;
  /** The connection's change counters when it was taken (changeStamp). */
  stamp: string;
  /** The connection it was read through (a restore opens another). */
  sqlite: Sqlite;
}

const stampStatements = new WeakMap<Sqlite, () => string>();

/**
 * What SQLite counts of a connection's changes: rows written through it (`total_changes()`), commits by any other
 * connection (`data_version`), and schema changes (`schema_version`). While none of them moves, the ledger holds what
 * it held.
 */
function changeStamp(sqlite: Sqlite): string {
  let read = stampStatements.get(sqlite);
  if (!read) {
    const changes = sqlite.prepare('select total_changes()').pluck();
    const data = sqlite.prepare('pragma data_version').pluck();
    const schema = sqlite.prepare('pragma schema_version').pluck();
    read = () => `${changes.get()}/${data.get()}/${schema.get()}`;
    stampStatements.set(sqlite, read);
  }
  return read();
}

const lastDumps = new WeakMap<Sqlite, LedgerDump>();

/**
 * The ledger before a request: the dump taken after the previous request, when nothing has changed the ledger since
 * (the same change stamp), else a new one. Reusing a dump can only make a check stricter: were the ledger changed
 * unseen in between, the next dump after a refusal would differ from it. The fuzz runs dumped twice a request.
 */
export function dumpBefore(sqlite: Sqlite): LedgerDump {
  const last = lastDumps.get(sqlite);
  return last && last.stamp === changeStamp(sqlite) ? last : dumpAfter(sqlite);
}

/** The ledger after a request: always read again, row by row. */
function dumpAfter(sqlite: Sqlite): LedgerDump {
  const stamp = changeStamp(sqlite);
  const rows = dumpDatabase(sqlite);
  const dump = { rows, json: JSON.stringify(rows), stamp, sqlite };
  lastDumps.set(sqlite, dump);
  return dump;
}

/**
 * The ledger as it was `before`: compared as JSON, and row by row (for the diff) only when that differs. Where the same
 * connection's change stamp has not moved since `before`, nothing was written, committed elsewhere or altered in the
 * schema, so the ledger is what it was without reading it again (a dump is every row, the bundled pack's included: most of
 * the channel fuzzing's time went on reading and comparing dumps of requests that wrote nothing). A request that wrote
 * anything, even a write rolled back, moves the stamp and is compared row by row as before.
 */
export function expectLedgerUnchanged(sqlite: Sqlite, before: LedgerDump, message: string): void {
  if (before.sqlite === sqlite && before.stamp === changeStamp(sqlite)) return;
  const after = dumpAfter(sqlite);
  if (after.json !== before.json) expect(after.rows, message).toEqual(before.rows);
}

/**
 * A request whose contract entry declares no written domain must leave the
 * ledger as it was even when it succeeds: otherwise screens showing what it
 * changed would never be refreshed (the renderer invalidates by domain).
 */
export function expectDeclaredWrites(backend: Backend, channel: Channel, before: LedgerDump): void {
  if (domainsWrittenBy(channel).length > 0) return;
  expectLedgerUnchanged(backend.ctx.sqlite, before, `${channel} declares no written domain in its contract entry, but changed the ledger`);
}

/**
 * The property every channel must hold, whatever it is sent: the dispatcher
 * answers (never throws), the answer is a well-formed reply that survives
 * JSON (browser mode's transport), a refusal is a typed error that is not a
 * crash (INTERNAL means a bug), and a refused request leaves every table
 * exactly as it was.
 */
export async function fuzzChannel(backend: Backend, channel: Channel, numRuns: number, seed?: number): Promise<void> {
  const def = appContract[channel];
  await fc.assert(
    fc.asyncProperty(channelInput(def.input), async (input) => {
      const before = dumpBefore(backend.ctx.sqlite);
      const reply = await backend.dispatch(channel, input);
      expect(wireReplySchema.safeParse(reply).success, 'reply shape').toBe(true);
      expect(() => JSON.stringify(reply), 'reply survives JSON').not.toThrow();
      if (!reply.ok) {
        expect(ERROR_CODES).toContain(reply.error.code);
        expect(reply.error.code, `${channel} crashed: ${reply.error.message}`).not.toBe('INTERNAL');
        expectLedgerUnchanged(backend.ctx.sqlite, before, `${channel} refused (${reply.error.message}) but changed the ledger`);
      } else {
        expectDeclaredWrites(backend, channel, before);
      }
    }),
    { numRuns, seed, endOnFailure: true, includeErrorInReport: true },
  );
}
