import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import BetterSqlite3 from 'better-sqlite3';
import { inject } from 'vitest';
import type { WireReply } from '../../src-shared/contract/define';
import type { AppErrorPayload } from '../../src-shared/errors';
import { checkDatabase } from '../../src-main/backend/db/database';
import { mulberry32 } from '../../src-shared/reports/generate';

const ROOT = new URL('../../', import.meta.url).pathname;

export interface ChildBackend {
  proc: ChildProcessWithoutNullStreams;
  /** Resolves with the pid when the backend has opened its ledger, rejects with its fatal error. */
  ready: Promise<number>;
  call(channel: string, input: unknown): Promise<WireReply>;
  /** Resolves when the process is gone (exit code or signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

/** Starts test/helpers/child-backend.ts (bundled) on a data folder in a separate Node process. */
export function spawnChildBackend(dataDir: string, opts: { mode?: string; autoBackup?: boolean } = {}): ChildBackend {
  // plain `node` on the bundle test/source-bundles-setup.ts made for the run, so a SIGKILL reaches the
  // backend itself (the tsx CLI would run it in a grandchild, which would then shut down cleanly)
  const args = [inject('childBackend'), dataDir, '--mode', opts.mode ?? 'test'];
  if (opts.autoBackup) args.push('--auto-backup');
  const proc = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (c) => (err += c));
  const pending = new Map<number, (r: WireReply) => void>();
  let nextId = 1;
  let readyResolve!: (pid: number) => void;
  let readyReject!: (e: AppErrorPayload | Error) => void;
  const ready = new Promise<number>((res, rej) => {
    readyResolve = res;
    readyReject = rej;
  });
  ready.catch(() => undefined);
  createInterface({ input: proc.stdout }).on('line', (line) => {
    let msg: { ready?: boolean; pid?: number; fatal?: AppErrorPayload; id?: number; reply?: WireReply };
    try {
      msg = JSON.parse(line);
    } catch {
      return; // stray output (a warning) is not protocol
    }
    if (msg.ready) {
      if (msg.pid !== proc.pid) readyReject(new Error(`the backend runs in process ${msg.pid}, not in the child ${proc.pid} that would be killed`));
      else readyResolve(msg.pid!);
    } else if (msg.fatal) readyReject(msg.fatal);
    else if (typeof msg.id === 'number') {
      pending.get(msg.id)?.(msg.reply!);
      pending.delete(msg.id);
    }
  });
  proc.stdin.on('error', () => undefined); // writing to a killed child
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    proc.on('exit', (code, signal) => {
      readyReject(new Error(`child exited (${code ?? signal}) before it was ready: ${err.slice(-2000)}`));
      res({ code, signal });
    }),
  );
  return {
    proc,
    ready,
    exited,
    stderr: () => err,
    call(channel, input) {
      const id = nextId++;
      return new Promise<WireReply>((res) => {
        pending.set(id, res);
        proc.stdin.write(JSON.stringify({ id, channel, input }) + '\n');
      });
    },
  };
}

/** One request of a workload, with what the workload needs to check it later. */
export interface WorkItem {
  channel: string;
  input: unknown;
  /** Free-form note the workload's verify reads back (e.g. the run number written). */
  tag: unknown;
  /** The reply's value, filled in when it was acknowledged. */
  result?: unknown;
}

/**
 * A kind of real work the crash run drives. Each domain's multi-step writes
 * get a workload as their channels land; `applies` keeps a workload out
 * until its channels exist, so the harness grows with the app.
 */
export interface CrashWorkload {
  name: string;
  /** How many of its requests per round of the stream (default 1). */
  weight?: number;
  /** The channels it needs; the workload is skipped when one is missing from the contract. */
  channels: string[];
  /** Optional one-off preparation (e.g. creating players) on a running child, before the timed stream. */
  prepare?(call: ChildBackend['call'], state: Map<string, unknown>): Promise<void>;
  /** The n-th request of the stream (n counts across kills, so values are unique per run). */
  next(n: number, state: Map<string, unknown>): WorkItem;
  /**
   * After a kill: the problems found, given the database and the items whose
   * reply arrived (`acked`) and all items sent (`sent`, a superset).
   */
  verify(db: BetterSqlite3.Database, acked: WorkItem[], sent: WorkItem[], state: Map<string, unknown>): string[] | Promise<string[]>;
}

/** Opens a killed child's ledger the way the next start would (WAL recovery) and checks its structure. */
function checkAfterKill(file: string): { db: BetterSqlite3.Database; problems: string[] } {
  const db = new BetterSqlite3(file);
  db.pragma('foreign_keys = ON');
  const r = checkDatabase(db);
  return { db, problems: [...r.integrity.map((i) => `integrity: ${i}`), ...r.foreignKeys.map((f) => `foreign key: ${f}`)] };
}

/** Sends a stream of work until killed; resolves with what was sent and acknowledged. */
async function streamUntilKilled(
  child: ChildBackend,
  workloads: CrashWorkload[],
  state: Map<string, unknown>,
  counter: { n: number },
  killAfterMs: number,
): Promise<{ sent: Map<CrashWorkload, WorkItem[]>; acked: Map<CrashWorkload, WorkItem[]>; errors: string[] }> {
  const sent = new Map(workloads.map((w) => [w, [] as WorkItem[]]));
  const acked = new Map(workloads.map((w) => [w, [] as WorkItem[]]));
  const errors: string[] = [];
  let alive = true;
  void child.exited.then(() => (alive = false));
  // the clock starts at the first reply, so a loaded machine (slower replies) still gets writes acknowledged
  // before the kill; three more requests are in flight by then, so the kill still lands anywhere among them
  let timer: NodeJS.Timeout | undefined;
  const armKill = () => (timer ??= setTimeout(() => child.proc.kill('SIGKILL'), killAfterMs));
  const noReply = setTimeout(armKill, 5_000); // a backend that answers nothing is killed all the same
  // keep a few requests in flight so the kill can land anywhere: between, inside, or just after a write
  const inFlight = new Set<Promise<void>>();
  const wheel = workloads.flatMap((w) => Array.from({ length: w.weight ?? 1 }, () => w));
  while (alive) {
    const w = wheel[counter.n % wheel.length]!;
    const item = w.next(counter.n++, state);
    sent.get(w)!.push(item);
    const p = child.call(item.channel, item.input).then((reply) => {
      armKill();
      if (reply.ok) acked.get(w)!.push({ ...item, result: reply.value });
      else errors.push(`${item.channel}: ${reply.error.code} ${reply.error.message}`);
    });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    if (inFlight.size >= 4) await Promise.race([...inFlight, child.exited]);
  }
  clearTimeout(timer);
  clearTimeout(noReply);
  return { sent, acked, errors };
}

export interface CrashRunReport {
  kills: number;
  /** Requests acknowledged before a kill, over the whole run. */
  acknowledged: number;
  /** Kills that landed while the backend was still starting (migrations, lock take-over). */
  killedDuringStart: number;
  problems: string[];
  workloads: string[];
}

/**
 * The crash run: start a child backend, stream real work at it, SIGKILL it
 * at a random moment, then check the ledger; repeat `kills` times on the same
 * data folder. Some kills land during start-up (a fresh folder's migrations,
 * taking over the dead process's lock).
 */
export async function runCrashCampaign(opts: {
  dataDir: string;
  kills: number;
  workloads: CrashWorkload[];
  rng: () => number;
  /** Longest time a stream runs before the kill. */
  maxStreamMs?: number;
  onKill?: (i: number, report: CrashRunReport) => void;
}): Promise<CrashRunReport> {
  const { appContract } = await import('../../src-shared/contract');
  const workloads = opts.workloads.filter((w) => w.channels.every((c) => c in appContract));
  const report: CrashRunReport = { kills: 0, acknowledged: 0, killedDuringStart: 0, problems: [], workloads: workloads.map((w) => w.name) };
  const state = new Map<string, unknown>();
  const counter = { n: 0 };
  const database = `${opts.dataDir}/ledger.sqlite`;
  let prepared = false;
  let startMs = 800;
  for (let i = 0; i < opts.kills; i++) {
    const t0 = Date.now();
    const child = spawnChildBackend(opts.dataDir);
    // one kill in six lands during start-up, at a random point of it
    if (i > 0 && opts.rng() < 1 / 6) {
      const at = Math.floor(opts.rng() * startMs);
      setTimeout(() => child.proc.kill('SIGKILL'), at);
      const started = await child.ready.then(
        () => true,
        () => false,
      );
      if (started) child.proc.kill('SIGKILL');
      else report.killedDuringStart++;
      await child.exited;
    } else {
      try {
        await child.ready;
      } catch (e) {
        report.problems.push(`kill ${i}: the backend did not start after the previous kill: ${JSON.stringify(e)} ${child.stderr().slice(-500)}`);
        child.proc.kill('SIGKILL');
        break;
      }
      startMs = Math.max(200, Date.now() - t0);
      if (!prepared) {
        for (const w of workloads) await w.prepare?.(child.call, state);
        prepared = true;
      }
      const killAfter = 5 + Math.floor(opts.rng() * (opts.maxStreamMs ?? 150));
      const r = await streamUntilKilled(child, workloads, state, counter, killAfter);
      await child.exited;
      const { db, problems } = checkAfterKill(database);
      try {
        for (const w of workloads) {
          const acked = r.acked.get(w)!;
          report.acknowledged += acked.length;
          for (const p of await w.verify(db, acked, r.sent.get(w)!, state)) problems.push(`${w.name}: ${p}`);
        }
      } finally {
        db.close();
      }
      for (const e of r.errors) problems.push(`refused during the stream: ${e}`);
      report.problems.push(...problems.map((p) => `kill ${i}: ${p}`));
    }
    report.kills++;
    opts.onKill?.(i, report);
    if (report.problems.length > 0) break;
  }
  return report;
}

/** A small seeded generator, so a failing run can be replayed from its seed. */
export const seededRandom = mulberry32;
