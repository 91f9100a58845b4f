import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withBackend } from '../helpers/backend';
import { createTestDatabase, pgServer } from '../helpers/pg';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/** What a command printed, its exit code, and how long it ran on after its last line. */
interface Run {
  code: number | null;
  printed: string;
  afterLastLineMs: number;
}

/** The installed command as a user runs it (plain Node on bin/aoa.mjs, which runs the built bundle), timed line by line. */
function aoa(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/aoa.mjs', ...args], { env: { ...process.env, ...env } });
    let printed = '';
    let last = Date.now();
    const heard = (d: Buffer) => {
      printed += d.toString();
      last = Date.now();
    };
    child.stdout.on('data', heard);
    child.stderr.on('data', heard);
    child.on('exit', (code) => resolve({ code, printed, afterLastLineMs: Date.now() - last }));
  });
}

/**
 * Issue 40: `aoa league init` and a refused `league push` printed their answer, then idled about 30 s: the league's
 * pool had been asked directly (the steps applied, the grants), Kysely had never used it and so never ended it, and its
 * idle connections kept the process alive until their timeout. Every command now ends within a second of its last line.
 */
describe.skipIf(!pgServer)('the CLI exits when its work is done (a real PostgreSQL server)', () => {
  it('league init exits within 3 s of printing its answer', async () => {
    const url = await createTestDatabase();
    const r = await aoa(['league', 'init', url, '--owner', 'own_exit', '--organiser', 'org_exit']);
    expect(r.code, r.printed).toBe(0);
    expect(r.printed).toMatch(/is ready/);
    expect(r.afterLastLineMs).toBeLessThan(3_000);
  }, 60_000);

  it('a refused league push exits within 3 s of printing its refusal, having written nothing', async () => {
    const url = await createTestDatabase();
    const dir = tmp();
    await withBackend(dir, async ({ api }) => {
      await api.call('players.create', { name: 'Ada' });
    });
    const file = join(dir, 'ledger.sqlite');
    // a name an app from before the text policy could have stored: the push refuses it after connecting to the league
    const raw = new Database(file);
    raw.prepare('update players set name = ?').run('Ada\u0007');
    raw.close();
    const r = await aoa(['league', 'push', '--from', file, url]);
    expect(r.code, r.printed).toBe(1);
    expect(r.printed).toMatch(/players/);
    expect(r.afterLastLineMs).toBeLessThan(3_000);
  }, 60_000);
});
