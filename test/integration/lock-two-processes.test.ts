import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import { spawnChildBackend } from '../helpers/crash-harness';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('two at once on one data folder', () => {
  it('a second backend process (the app, or browser mode) is refused with a message while the first holds the folder', async () => {
    const dir = tmp();
    const first = spawnChildBackend(dir, { mode: 'electron' });
    const firstPid = await first.ready;
    try {
      const second = spawnChildBackend(dir, { mode: 'browser' });
      const refused = await second.ready.then(
        () => undefined,
        (e: unknown) => e as { code: string; message: string },
      );
      expect(refused).toMatchObject({ code: 'LOCKED' });
      expect(refused!.message).toContain(`process ${firstPid}`);
      expect(refused!.message).toMatch(/already open/);
      expect((await second.exited).code).toBe(3);
      // the CLI is refused too, rather than writing under the app (a command that writes: reading ones
      // run beside the app on a read-only connection, issue 15)
      const err: string[] = [];
      const pack = join(tmp(), 'pack.json');
      writeFileSync(pack, '{}');
      expect(await runCli(['--data-dir', dir, 'ruleset', 'import', pack], { out: () => undefined, err: (t) => err.push(t) })).toBe(1);
      expect(err.join('')).toMatch(/data folder is in use/);
      // …and the first one keeps working
      expect(await first.call('settings.update', { clubName: 'still mine' })).toMatchObject({ ok: true });
    } finally {
      first.proc.stdin.end();
      await first.exited;
    }
    // after a clean exit the lock is gone and a new process starts straight away
    const third = spawnChildBackend(dir);
    await third.ready;
    expect(await third.call('settings.get', {})).toMatchObject({ ok: true, value: { clubName: 'still mine' } });
    third.proc.stdin.end();
    await third.exited;
  });

  it('a lock left by a killed process is taken over', async () => {
    const dir = tmp();
    const first = spawnChildBackend(dir);
    const pid = await first.ready;
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(JSON.parse(readFileSync(join(dir, 'ledger.lock'), 'utf8'))).toMatchObject({ pid });
    const next = spawnChildBackend(dir, { mode: 'browser' });
    const nextPid = await next.ready;
    expect(JSON.parse(readFileSync(join(dir, 'ledger.lock'), 'utf8'))).toMatchObject({ pid: nextPid, owner: 'browser' });
    next.proc.stdin.end();
    await next.exited;
  });

  it('a lock naming a process that no longer exists, or an unreadable lock file, is taken over', async () => {
    // a pid that certainly is not running: a process that has just exited
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    for (const content of [JSON.stringify({ pid: Number(dead.stdout), owner: 'electron' }), '{ half a lock']) {
      const dir = tmp();
      writeFileSync(join(dir, 'ledger.lock'), content);
      const child = spawnChildBackend(dir);
      const pid = await child.ready;
      // taken over: the lock now names the new process, which answers
      expect(JSON.parse(readFileSync(join(dir, 'ledger.lock'), 'utf8'))).toMatchObject({ pid });
      expect(await child.call('settings.get', {})).toMatchObject({ ok: true });
      child.proc.stdin.end();
      await child.exited;
    }
  });
});

describe('the data-folder lock within one process', () => {
  it('refuses a second backend of the same process (a worker thread), but takes over a lock older than this process', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { acquireDataDirLock } = await import('../../src-main/backend/lock');
    const dir = tmp();
    const file = join(dir, 'ledger.lock');
    const first = acquireDataDirLock(file, 'first');
    expect(() => acquireDataDirLock(file, 'second')).toThrow(expect.objectContaining({ code: 'LOCKED' }));
    first.release();
    // a lock file with our pid written before this process started: left by an earlier run whose pid we reuse
    writeFileSync(file, JSON.stringify({ pid: process.pid, owner: 'old run', since: new Date(Date.now() - process.uptime() * 1000 - 60_000).toISOString() }));
    const taken = acquireDataDirLock(file, 'this run');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, owner: 'this run' });
    taken.release();
  });
});

describe('a lock left from before the computer restarted (issue 14)', () => {
  it('is taken over even when its pid is alive again (pid 1), while the same lock from this boot is refused', async () => {
    const { acquireDataDirLock, currentBootId } = await import('../../src-main/backend/lock');
    const file = join(tmp(), 'ledger.lock');
    // pid 1 is always alive: in this boot it holds the lock, in another it is someone else
    writeFileSync(file, JSON.stringify({ pid: 1, owner: 'electron', since: new Date().toISOString(), boot: currentBootId() }));
    expect(() => acquireDataDirLock(file, 'test')).toThrow(expect.objectContaining({ code: 'LOCKED' }));
    writeFileSync(file, JSON.stringify({ pid: 1, owner: 'electron', since: new Date().toISOString(), boot: 'a-boot-before-the-restart' }));
    const taken = acquireDataDirLock(file, 'test');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, owner: 'test', boot: currentBootId() });
    taken.release();
    // a lock of an older version has no boot id: one written before this boot started is stale too
    writeFileSync(file, JSON.stringify({ pid: 1, owner: 'electron', since: '2020-01-01T00:00:00.000Z' }));
    acquireDataDirLock(file, 'test').release();
  });
});
