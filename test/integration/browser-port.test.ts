import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const serverJs = join(process.env.AOA_OUT ?? 'out', 'main', 'server.js');

/** Starts browser mode as `npm run serve` does (no --port, no AOA_PORT) on `dataDir`; its port, and a stop. */
async function serve(dataDir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const env = { ...process.env };
  delete env.AOA_PORT;
  const proc = spawn(process.execPath, [serverJs, '--data-dir', dataDir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not start:\n${out}`)), 60_000);
    proc.stdout.on('data', (d) => {
      out += String(d);
      const m = /Open http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.once('exit', (code) => reject(new Error(`browser mode exited (${code}):\n${out}`)));
  });
  return {
    port,
    stop: async () => {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A page's origin includes its port, and the window's storage (the Builder's unsaved drafts) belongs to the origin:
 * browser mode on a data folder listens where it listened last, so a restart keeps that storage; when that port has
 * been taken meanwhile it takes another, and remembers that one.
 */
describe('browser mode’s port, per data folder', () => {
  it('is the same after a restart, another (remembered) when the old one is taken', async () => {
    expect(existsSync(serverJs), `${serverJs}: run npm run build first`).toBe(true);
    const dir = tmp();
    const first = await serve(dir);
    await first.stop();
    const file = join(dir, 'browser-port.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ port: first.port });
    expect(statSync(file).mode & 0o077).toBe(0);

    const second = await serve(dir);
    expect(second.port).toBe(first.port);
    await second.stop();

    // something else has the port now: the app starts on another and remembers it
    const squatter = createServer();
    await new Promise<void>((r) => squatter.listen(first.port, '127.0.0.1', () => r()));
    try {
      const third = await serve(dir);
      expect(third.port).not.toBe(first.port);
      await third.stop();
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ port: third.port });
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  }, 120_000);
});
