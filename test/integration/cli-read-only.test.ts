import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src-shared/contract/client';
import type { Channel } from '../../src-shared/contract';
import { MIGRATIONS } from '../../migrations';
import { openLedger, openLedgerReadOnly } from '../../src-main/backend/db/database';
import { spawnChildBackend } from '../helpers/crash-harness';
import { seedCampaignsWithRosters } from '../helpers/print-seed';
import { useTempDirs } from '../helpers/tmp';
import { captureIo } from '../helpers/cli-io';
import { runCli } from '../../src-main/cli/program';

const tmp = useTempDirs();

/**
 * The CLI beside the app: the app runs in a child process of its own and holds
 * the ledger; the CLI runs here, in the test's process, as `aoa` would in a
 * terminal (its own process, its own lock check), without paying a TypeScript
 * start-up per command.
 */
async function aoa(dataDir: string, args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const c = captureIo();
  const status = await runCli(['--data-dir', dataDir, ...args], c.io);
  return { status, stdout: c.out.join(''), stderr: c.err.join('') };
}

/** Every row of every table, and the bytes of the ledger files: what a reader must leave as it found it. */
function ledgerState(dir: string): { rows: string; files: string[] } {
  const db = new BetterSqlite3(join(dir, 'ledger.sqlite'), { readonly: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[];
    const rows = JSON.stringify(tables.map(({ name }) => [name, db.prepare(`select * from "${name}"`).all()]));
    const files = ['ledger.sqlite', 'ledger.sqlite-wal'].filter((f) => existsSync(join(dir, f))).map((f) => readFileSync(join(dir, f)).toString('base64'));
    return { rows, files };
  } finally {
    db.close();
  }
}

describe('the CLI beside the running app (issue 15)', () => {
  it('reads the ledger the app holds, sees its latest write, refuses writes naming the holder and changes nothing', async () => {
    const dir = tmp();
    const out = tmp();
    const app = spawnChildBackend(dir, { mode: 'browser' });
    const pid = await app.ready;
    try {
      const api = createApiClient((channel: Channel, input) => app.call(channel, input));
      const { campaignIds } = await seedCampaignsWithRosters(api, 2, { full: true, campaignName: (i) => ['Old Guard', 'Tonight at the Club'][i]! });
      // the write just before the command: the reader must see it, not an older snapshot
      expect(await app.call('campaigns.setStatus', { id: campaignIds[0], status: 'abandoned' })).toMatchObject({ ok: true });
      const before = ledgerState(dir);
      const backups = () => (existsSync(join(dir, 'backups')) ? readdirSync(join(dir, 'backups')).sort() : []);
      const backupsBefore = backups();

      const list = await aoa(dir, ['campaign', 'list', '--json']);
      expect(list.status, list.stderr).toBe(0);
      const listed = JSON.parse(list.stdout) as { name: string; status: string }[];
      expect(listed.map((c) => [c.name, c.status]).sort()).toEqual([
        ['Old Guard', 'abandoned'],
        ['Tonight at the Club', 'active'],
      ]);

      const crib = await aoa(dir, ['print', 'crib', '--out', join(out, 'crib.pdf')]);
      expect(crib.status, crib.stderr).toBe(0);
      expect(readFileSync(join(out, 'crib.pdf')).subarray(0, 5).toString()).toBe('%PDF-');

      const check = await aoa(dir, ['db', 'check']);
      expect(check.status, check.stderr).toBe(0);
      expect(check.stdout).toContain('Ledger OK');

      const exported = await aoa(dir, ['campaign', 'export', campaignIds[0]!, '--out', join(out, 'tonight.json')]);
      expect(exported.status, exported.stderr).toBe(0);

      // the batch worker reads the ledger read-only as well, and writes only into the folder named
      const batch = await aoa(dir, ['print', 'rosters', '--all', '--out', join(out, 'sheets'), '--json']);
      expect(batch.status, batch.stderr).toBe(0);
      expect(readdirSync(join(out, 'sheets')).filter((f) => f.endsWith('.pdf')).length).toBeGreaterThan(0);

      // the other reading commands, each through its own channels
      for (const args of [
        ['campaign', 'show', campaignIds[1]!],
        ['roster', 'list'],
        ['battle', 'list'],
        ['ruleset', 'list'],
        ['print', 'report', '--out', join(out, 'report.pdf')],
        ['print', 'report', '--out', join(out, 'report.csv')],
        ['backup', '--out', join(out, 'copy.sqlite')],
      ]) {
        const r = await aoa(dir, args);
        expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      }

      const imported = await aoa(dir, ['campaign', 'import', join(out, 'tonight.json')]);
      expect(imported.status).toBe(1);
      expect(imported.stderr).toMatch(/data folder is in use/);
      expect(imported.stderr).toMatch(/already open/);
      expect(imported.stderr).toContain(`browser, process ${pid}`);

      expect(ledgerState(dir)).toEqual(before);
      expect(backups()).toEqual(backupsBefore);
      expect(JSON.parse(readFileSync(join(dir, 'ledger.lock'), 'utf8'))).toMatchObject({ pid, owner: 'browser' });
      // …and the app goes on writing
      expect(await app.call('settings.update', { clubName: 'still the app' })).toMatchObject({ ok: true });
    } finally {
      app.proc.stdin.end();
      await app.exited;
    }
  }, 180_000);
});

describe('opening a ledger read-only', () => {
  it('refuses a ledger whose schema is older or newer than this app’s, and leaves it as it is', async () => {
    const file = join(tmp(), 'ledger.sqlite');
    const names = Object.keys(MIGRATIONS);
    const older = Object.fromEntries(names.slice(0, -1).map((n) => [n, MIGRATIONS[n]!]));
    await (await openLedger({ file, migrations: older })).close();
    const bytes = readFileSync(file);
    await expect(openLedgerReadOnly({ file })).rejects.toMatchObject({ code: 'LOCKED', message: expect.stringMatching(/older schema/) });
    const newer = Object.fromEntries(names.slice(0, -2).map((n) => [n, MIGRATIONS[n]!]));
    await expect(openLedgerReadOnly({ file, migrations: newer })).rejects.toMatchObject({ code: 'DB_NEWER' });
    expect(readFileSync(file).equals(bytes)).toBe(true);
    const current = await openLedgerReadOnly({ file, migrations: older });
    expect(current.sqlite.readonly).toBe(true);
    await current.close();
  });
});
