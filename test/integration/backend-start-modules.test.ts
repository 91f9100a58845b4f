import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const mainDir = join(process.cwd(), process.env.AOA_OUT ?? 'out', 'main');

/**
 * What a process pays for at its start: the built backend (as `npm start`, browser mode, the CLI and every worker
 * load it) brings in pdfmake, pdfkit and fontkit only when the first document is rendered (pdf/render.ts), so a
 * process that never prints does not load them (about 0.15 s of every start), and node-postgres only when a league is
 * opened (db/league-url.ts; about 70 ms). Run on the built bundle, in a Node of its own, reading the CommonJS modules
 * it loaded.
 */
describe('the built backend at its start', () => {
  beforeAll(() => {
    if (!existsSync(mainDir)) expect(spawnSync('npx', ['electron-vite', 'build'], { stdio: 'ignore', timeout: 300_000 }).status).toBe(0);
  }, 320_000);

  it('loads no PDF library until a document is rendered, and then does; no PostgreSQL driver at all', () => {
    const backend = readdirSync(mainDir).find((f) => /^backend-.*\.js$/.test(f));
    expect(backend, 'the built backend chunk').toBeDefined();
    const file = join(mainDir, backend!);
    // the chunk's exports are renamed by the bundler: find startBackend's name in its export list
    const exported = /\bstartBackend as (\w+)\b/.exec(readFileSync(file, 'utf8'))?.[1];
    expect(exported, 'startBackend among the chunk’s exports').toBeDefined();
    const dataDir = tmp();
    const script = `
      import { createRequire } from 'node:module';
      const M = createRequire(import.meta.url)('node:module');
      const loaded = () => ['pdfmake', 'pdfkit', 'fontkit', 'pg'].filter((m) => Object.keys(M._cache).some((k) => k.includes('/node_modules/' + m + '/')));
      const chunk = await import(${JSON.stringify(file)});
      const backend = await chunk[${JSON.stringify(exported)}]({ dataDir: ${JSON.stringify(dataDir)}, mode: 'test' });
      const started = loaded();
      const sheet = await backend.dispatch('print.cribSheet', {});
      const printed = loaded();
      await backend.close();
      console.log(JSON.stringify({ started, printed, ok: sheet.ok, pages: sheet.value?.pages }));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { started: string[]; printed: string[]; ok: boolean; pages: number };
    // started and answering, with no PDF library loaded and no PostgreSQL driver (a data folder's backend needs none);
    // the first document loads the PDF libraries and renders
    expect(out.started).toEqual([]);
    expect(out).toMatchObject({ ok: true, printed: ['pdfmake', 'pdfkit', 'fontkit'] });
    expect(out.pages).toBeGreaterThan(0);
  });
});
