import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBackend } from '../helpers/backend';
import { seedCampaignsWithRosters } from '../helpers/print-seed';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const mainOut = join(process.cwd(), process.env.AOA_OUT ?? 'out', 'main');

/** The installed command, as a user runs it: plain Node on bin/aoa.mjs, which runs the bundle. */
function aoa(args: string[]) {
  return spawnSync(process.execPath, ['bin/aoa.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });
}

describe('the CLI from the built bundle (no TypeScript loader at run time)', () => {
  beforeAll(() => {
    // bin/aoa.mjs would build it too; building here keeps that chatter out of the assertions
    if (!existsSync(join(mainOut, 'cli.js'))) expect(spawnSync('npx', ['electron-vite', 'build'], { stdio: 'ignore', timeout: 300_000 }).status).toBe(0);
  }, 320_000);

  it('prints its help', () => {
    const r = aoa(['--help']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Usage: aoa /);
    expect(r.stdout).toContain('print [options]');
  });

  it('prints the army sheets of a seeded data folder through the batch worker', async () => {
    const data = tmp();
    const outDir = tmp();
    const { api, close } = await testBackend(data);
    try {
      await seedCampaignsWithRosters(api, 1, { full: true });
    } finally {
      await close();
    }
    const r = aoa(['--data-dir', data, 'print', 'rosters', '--all', '--out', join(outDir, 'sheets'), '--json']);
    expect(r.status, r.stderr).toBe(0);
    const { files, rosters } = JSON.parse(r.stdout) as { files: string[]; rosters: number };
    expect(rosters).toBe(2);
    expect(readdirSync(join(outDir, 'sheets')).filter((f) => f.endsWith('.pdf'))).toHaveLength(2);
    for (const f of files) expect(readFileSync(f).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps the worker entries beside the code that starts them', () => {
    // the clients look for `batch-worker.js` / `backend-worker.js` next to their own module's URL
    const files = readdirSync(mainOut).filter((f) => f.endsWith('.js'));
    for (const worker of ['batch-worker.js', 'backend-worker.js']) {
      expect(files).toContain(worker);
      const starters = files.filter((f) => readFileSync(join(mainOut, f), 'utf8').includes(`./${worker}`));
      expect(starters.length).toBeGreaterThan(0);
    }
  });
});
