import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import { captureIo as io } from '../helpers/cli-io';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('CLI', () => {
  it('db check passes on a new ledger, with --data-dir before or after the command', async () => {
    const dir = tmp();
    const a = io();
    expect(await runCli(['--data-dir', dir, 'db', 'check'], a.io)).toBe(0);
    const b = io();
    expect(await runCli(['db', 'check', '--data-dir', dir, '--json'], b.io)).toBe(0);
    expect(JSON.parse(b.out.join(''))).toEqual({ ok: true, integrity: [], foreignKeys: [] });
  });

  it('exits 2 on bad usage', async () => {
    const c = io();
    expect(await runCli(['frobnicate'], c.io)).toBe(2);
    expect(c.err.join('')).toMatch(/unknown command/);
  });

  it('backs up and restores, keeping the replaced ledger as a backup', async () => {
    const dir = tmp();
    const out = join(tmp(), 'copy.sqlite');
    expect(await runCli(['--data-dir', dir, 'backup', '--out', out], io().io)).toBe(0);
    expect(existsSync(out)).toBe(true);
    const r = io();
    expect(await runCli(['--data-dir', dir, 'restore', out], r.io)).toBe(0);
    expect(r.out.join('')).toMatch(/previous ledger was kept/);
  });

  it('refuses to restore a file that is not a ledger (exit 1) and says why', async () => {
    const dir = tmp();
    const bogus = join(tmp(), 'bogus.sqlite');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(bogus, 'hello');
    const r = io();
    expect(await runCli(['--data-dir', dir, 'restore', bogus], r.io)).toBe(1);
    expect(r.err.join('')).toMatch(/not a ledger|damaged/);
  });
});

describe('CLI option placement', () => {
  it('`ruleset export --version 1` means the pack version, and `aoa --version` the app version', async () => {
    const dir = tmp();
    const a = io();
    expect(await runCli(['--data-dir', dir, 'ruleset', 'export', '--version', '1'], a.io)).toBe(0);
    expect(JSON.parse(a.out.join(''))).toMatchObject({ format: 'age-of-ash-ruleset' });
    const b = io();
    expect(await runCli(['--version'], b.io)).toBe(0);
    expect(b.out.join('')).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('--json after a nested command is honoured', async () => {
    const dir = tmp();
    const c = io();
    expect(await runCli(['ruleset', 'list', '--data-dir', dir, '--json'], c.io)).toBe(0);
    expect(() => JSON.parse(c.out.join(''))).not.toThrow();
  });
});
