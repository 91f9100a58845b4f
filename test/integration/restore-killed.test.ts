import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const mainOut = join(process.cwd(), process.env.AOA_OUT ?? 'out', 'main');
const LEFTOVER = /\.(restoring|partial)(-journal|-wal|-shm)?$/;

/** A ledger made by the app with `players` players of 2 KB notes each: a source large enough that its restore takes a while. */
async function ledgerWithPlayers(dir: string, players: number): Promise<string> {
  await (await startBackend({ dataDir: dir, mode: 'test' })).close();
  const file = join(dir, 'ledger.sqlite');
  const db = new BetterSqlite3(file);
  try {
    const ins = db.prepare("insert into players (id, name, name_key, contact, notes, created_at) values (?, ?, lower(?), '', ?, ?)");
    db.transaction(() => {
      for (let i = 0; i < players; i++) ins.run(`p${i}`, `Player ${i}`, `Player ${i}`, 'n'.repeat(2000), new Date().toISOString());
    })();
  } finally {
    db.close();
  }
  return file;
}

describe('a restore killed half-way (issue 33)', () => {
  beforeAll(() => {
    if (!existsSync(join(mainOut, 'cli.js'))) expect(spawnSync('npx', ['electron-vite', 'build'], { stdio: 'ignore', timeout: 300_000 }).status).toBe(0);
  }, 320_000);

  it('leaves its partial files, which the next start removes; the ledger is the one from before', async () => {
    const source = await ledgerWithPlayers(tmp(), 10_000);
    const dataDir = tmp();
    await ledgerWithPlayers(dataDir, 1);

    // `aoa restore`, killed while it writes the restored copy
    const child = spawn(process.execPath, ['bin/aoa.mjs', '--data-dir', dataDir, 'restore', source], { stdio: 'ignore' });
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    let running = true;
    void exited.then(() => (running = false));
    while (running && !existsSync(join(dataDir, 'ledger.sqlite.restoring-journal'))) await new Promise((r) => setTimeout(r, 1));
    child.kill('SIGKILL');
    await exited;
    const left = readdirSync(dataDir).filter((n) => LEFTOVER.test(n));
    expect(left).toEqual(expect.arrayContaining(['ledger.sqlite.restoring', 'ledger.sqlite.restoring-journal']));

    const backend = await startBackend({ dataDir, mode: 'test' });
    try {
      expect(await backend.dispatch('players.list', {})).toMatchObject({ ok: true, value: [{ name: 'Player 0' }] });
    } finally {
      await backend.close();
    }
    expect(readdirSync(dataDir).filter((n) => LEFTOVER.test(n))).toEqual([]);
    expect(readdirSync(join(dataDir, 'backups')).filter((n) => LEFTOVER.test(n))).toEqual([]);
  }, 60_000);
});
