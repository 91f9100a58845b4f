import { describe, expect, it } from 'vitest';
import { runCrashCampaign, seededRandom } from '../helpers/crash-harness';
import BetterSqlite3 from 'better-sqlite3';
import { battleEventsWorkload, CRASH_WORKLOADS, settingsWorkload } from '../helpers/crash-harness-workloads';
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
    [
      'a half-applied update',
      { clubName: 'run 7', backupKeep: 3, paperSize: 'A4', theme: 'light' },
      [6],
      [6, 7],
      ['half-applied update 7: backupKeep is 3, not 8'],
    ],
    [
      'a lost acknowledged update',
      { clubName: 'run 5', backupKeep: 6, paperSize: 'A4', theme: 'dark' },
      [5, 6],
      [5, 6],
      ['stored update 5 is older than acknowledged 6'],
    ],
    ['nothing stored though acknowledged', {}, [1], [1], ['acknowledged update 1 is missing']],
  ])('%s', async (_name, rows, acked, sent, problems) => {
    const db = ledger(rows);
    expect(await settingsWorkload.verify(db, acked.map(item), sent.map(item), new Map())).toEqual(problems);
    db.close();
  });

  it('an update stored by an earlier stream is not "never sent" when this stream sent none', async () => {
    const db = ledger({ clubName: 'run 7', backupKeep: 8, paperSize: 'A4', theme: 'light' });
    const state = new Map<string, unknown>();
    expect(await settingsWorkload.verify(db, [item(7)], [item(6), item(7)], state)).toEqual([]);
    expect(await settingsWorkload.verify(db, [], [], state)).toEqual([]);
    db.close();
  });

  const battle = (rows: [string, number][]) => {
    const db = new BetterSqlite3(':memory:');
    db.exec('create table battle_events (id text, battle_id text, seq integer, payload_json text)');
    for (const [id, seq] of rows)
      db.prepare("insert into battle_events values (?, 'b1', ?, ?)").run(
        id,
        seq,
        JSON.stringify({ kind: 'record.ruling', text: `call ${parseInt(id.slice(-12), 16)} at the table` }),
      );
    return db;
  };
  const ev = (n: number) => battleEventsWorkload.next(n, new Map<string, unknown>([['battle', { battleId: 'b1', sent: [] }]]));
  const evId = (n: number) => (ev(n).input as { clientEventId: string }).clientEventId;

  it.each([
    [
      'events 1…3, all acknowledged',
      [
        [evId(1), 1],
        [evId(2), 2],
        [evId(3), 3],
      ],
      [1, 2, 3],
      [],
    ],
    [
      'a gap in seq',
      [
        [evId(1), 1],
        [evId(2), 3],
      ],
      [1, 2],
      [`event ${evId(2)} has seq 3 at position 2: a gap or a repeat`],
    ],
    ['an acknowledged event lost', [[evId(1), 1]], [1, 2], ['acknowledged event 2 is missing']],
  ] as [string, [string, number][], number[], string[]][])('battle events: %s', async (_name, rows, acked, problems) => {
    const db = battle(rows);
    const state = new Map<string, unknown>([['battle', { battleId: 'b1', sent: [] }]]);
    expect(await battleEventsWorkload.verify(db, acked.map(ev), acked.map(ev), state)).toEqual(problems);
    db.close();
  });
});
