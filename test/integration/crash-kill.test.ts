import { describe, expect, it } from 'vitest';
import { runCrashCampaign, seededRandom } from '../helpers/crash-harness';
import BetterSqlite3 from 'better-sqlite3';
import { CRASH_WORKLOADS, settingsWorkload } from '../helpers/crash-harness-workloads';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('crash safety (SIGKILL at random points)', () => {
  it('20 kills: the ledger stays whole, acknowledged writes stay, nothing is half-applied', { timeout: 180_000 }, async () => {
    const seed = Number(process.env.AOA_CRASH_SEED ?? Date.now() % 1_000_000);
    const report = await runCrashCampaign({ dataDir: tmp(), kills: 20, workloads: CRASH_WORKLOADS, rng: seededRandom(seed) });
    expect(report.problems, `seed ${seed}`).toEqual([]);
    expect(report.kills).toBe(20);
    // the run did real work: writes were acknowledged before kills
    expect(report.acknowledged).toBeGreaterThan(20);
  });
});

describe('the crash checks themselves', () => {
  const ledger = (rows: Record<string, unknown>) => {
    const db = new BetterSqlite3(':memory:');
    db.exec('create table settings (key text primary key, value_json text not null)');
    for (const [k, v] of Object.entries(rows)) db.prepare('insert into settings values (?, ?)').run(k, JSON.stringify(v));
    return db;
  };
  const item = (n: number) => settingsWorkload.next(n, new Map());

  it.each([
    ['a consistent update 7 after acknowledged 6', { clubName: 'run 7', backupKeep: 8, paperSize: 'A4', theme: 'light' }, [6], [6, 7], []],
    ['a half-applied update', { clubName: 'run 7', backupKeep: 3, paperSize: 'A4', theme: 'light' }, [6], [6, 7], ['half-applied update 7: backupKeep is 3, not 8']],
    ['a lost acknowledged update', { clubName: 'run 5', backupKeep: 6, paperSize: 'A4', theme: 'dark' }, [5, 6], [5, 6], ['stored update 5 is older than acknowledged 6']],
    ['nothing stored though acknowledged', {}, [1], [1], ['acknowledged update 1 is missing']],
  ])('%s', async (_name, rows, acked, sent, problems) => {
    const db = ledger(rows);
    expect(await settingsWorkload.verify(db, acked.map(item), sent.map(item), new Map())).toEqual(problems);
    db.close();
  });
});
