import pg from 'pg';
import { DATA_DOMAINS, type DataDomain } from '../../../src-shared/contract/effects';
import { pgConnectionString } from './league-url';

/**
 * Live standings in league mode: every backend says what it wrote with
 * NOTIFY (the data domains of the request, from the contract), and listens
 * for the others'. The renderer asks for changes since the last version it
 * saw (a long poll, `system.changes`) and refreshes the cached reads of
 * those domains, as it does after its own writes, so another organiser's
 * Finish Mission shows on the dashboard, the Journal and the standings
 * within a second.
 */
const CHANGES_CHANNEL = 'aoa_changes';

export interface ChangeFeed {
  /** Changes since `since` (at once if there are any; else waits up to `waitMs` for the next). */
  changesSince(since: number, waitMs: number): Promise<{ version: number; domains: DataDomain[]; connected: boolean }>;
  /** Tells the other backends what this one just wrote. */
  publish(domains: readonly DataDomain[]): Promise<void>;
  close(): Promise<void>;
}

const KEEP = 500;
const RECONNECT_MS = 500;

export function startChangeFeed(url: string, opts: { password?: string; origin: string; publishPool: pg.Pool }): ChangeFeed {
  let version = 0;
  const log: { version: number; domains: DataDomain[] }[] = [];
  let waiters: (() => void)[] = [];
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const record = (domains: DataDomain[]) => {
    version++;
    log.push({ version, domains });
    if (log.length > KEEP) log.shift();
    const w = waiters;
    waiters = [];
    for (const wake of w) wake();
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: pgConnectionString(url, opts.password), connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      connected = false;
      void c.end().catch(() => undefined);
      record([]); // wakes the waiters, who now see `connected: false`
      if (!closed) timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel !== CHANGES_CHANNEL || !n.payload) return;
      try {
        const m = JSON.parse(n.payload) as { o?: string; d?: string[] };
        if (m.o === opts.origin) return; // this backend's own write: its renderer refreshed already
        record((m.d ?? []).filter((d): d is DataDomain => (DATA_DOMAINS as readonly string[]).includes(d)));
      } catch {
        // not one of ours
      }
    });
    try {
      client = c;
      await c.connect();
      await c.query(`listen ${CHANGES_CHANNEL}`);
      const wasDown = !connected && version > 0;
      connected = true;
      // whatever was written while this backend could not listen is unknown: everything is refreshed
      if (wasDown) record([...DATA_DOMAINS]);
    } catch {
      lost();
    }
  };
  void connect();

  const since = (v: number) => {
    const domains = new Set<DataDomain>();
    for (const e of log) if (e.version > v) e.domains.forEach((d) => domains.add(d));
    return { version, domains: [...domains], connected };
  };

  return {
    async changesSince(v, waitMs) {
      if (v < version || waitMs <= 0) return since(Math.min(v, version));
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          waiters = waiters.filter((w) => w !== wake);
          resolve();
        }, waitMs);
        const wake = () => {
          clearTimeout(t);
          resolve();
        };
        waiters.push(wake);
      });
      return since(v);
    },
    async publish(domains) {
      if (domains.length === 0) return;
      await opts.publishPool.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ o: opts.origin, d: domains })]);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      for (const wake of waiters.splice(0)) wake();
      await c?.end().catch(() => undefined);
    },
  };
}
