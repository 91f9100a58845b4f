import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerOddsCommands } from '../../src-main/cli/commands/odds.commands';
import { runCli } from '../../src-main/cli/program';
import { useTempDirs } from '../helpers/tmp';
import { testBackend } from '../helpers/backend';
import { DIGEST_PROBABILITIES } from '../fixtures/digest-probabilities';

const tmp = useTempDirs();
const prob01 = DIGEST_PROBABILITIES[0]!;

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) },
    out,
    err,
  };
}

function file(content: string): string {
  const p = join(tmp(), 'attack.json');
  writeFileSync(p, content);
  return p;
}

describe('aoa odds FILE', () => {
  it('prints the exact distribution of PROB-01 as a table', async () => {
    const a = io();
    expect(await runCli(['odds', file(JSON.stringify(prob01.spec))], a.io)).toBe(0);
    const text = a.out.join('\n');
    expect(text).toMatch(/Any damage: +16\.67% \(1\/6\)/);
    expect(text).toMatch(/Expected damage: 0\.208 \(5\/24\)/);
    expect(text).toMatch(/^ +0 +83\.33% +100\.00% +5\/6$/m);
  });

  it('--json gives fractions and values', async () => {
    const a = io();
    expect(await runCli(['--json', 'odds', file(JSON.stringify(DIGEST_PROBABILITIES.find((v) => v.id === 'PROB-09')!.spec))], a.io)).toBe(0);
    const r = JSON.parse(a.out.join(''));
    expect(r.expected.fraction).toBe('23/24');
    expect(r.selfExpected.fraction).toBe('2/3');
  });

  it('exit 1 on an invalid attack, naming each field', async () => {
    const a = io();
    const code = await runCli(
      [
        'odds',
        file(
          JSON.stringify({
            ...prob01.spec,
            kind: 'melee',
            attacks: 0,
            modifiers: { holdFast: true },
          }),
        ),
      ],
      a.io,
    );
    expect(code).toBe(1);
    expect(a.err.join('\n')).toMatch(/attacks:/);
  });

  it('exit 2 on a missing file or text that is not JSON', async () => {
    const a = io();
    expect(await runCli(['odds', join(tmp(), 'nope.json')], a.io)).toBe(2);
    expect(a.err.join('')).toMatch(/no such file/);
    const b = io();
    expect(await runCli(['odds', file('{ not json')], b.io)).toBe(2);
    expect(b.err.join('')).toMatch(/not valid JSON/);
  });

  it('reads standard input when no FILE is given, and rolls reproducibly with --roll --seed', async () => {
    const run = async (args: string[]) => {
      const a = io();
      const program = new Command().exitOverride().option('--json');
      registerOddsCommands(program, a.io, () => program.opts(), Readable.from([JSON.stringify({ ...prob01.spec, attacks: 5 })]));
      await program.parseAsync(args, { from: 'user' });
      return a.out.join('\n');
    };
    expect(await run(['odds'])).toMatch(/5 ranged attacks/);
    const rolled = await run(['odds', '--roll', '--seed', '7']);
    expect(rolled).toMatch(/^#1 +hit /m);
    expect(await run(['odds', '--roll', '--seed', '7'])).toBe(rolled);
  });

  it('works as a real process reading a pipe', () => {
    const r = spawnSync('npx', ['tsx', 'src-main/cli/main.ts', 'odds', '--json'], { input: JSON.stringify(prob01.spec), encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).pAny.fraction).toBe('1/6');
  });
});

describe('aoa odds: shooting into an allied melee (DIGEST 6.13)', () => {
  it('prints the chance a shot hits a friend (PROB-06: 1/3) and the damage friends take', async () => {
    const a = io();
    const spec = { ...prob01.spec, intoAlliedMelee: { toughness: 4, save: 4 } };
    expect(await runCli(['odds', file(JSON.stringify(spec))], a.io)).toBe(0);
    const text = a.out.join('\n');
    expect(text).toMatch(/A shot hits one of our fighters in the melee: 33\.33% \(1\/3\)/);
    // 1/3 astray × 1/2 wound × 1/2 unsaved
    expect(text).toMatch(/Expected: 0\.083 \(1\/12\)/);
  });

  it('the channels carry the friends’ odds and the friend’s dice', async () => {
    const { api, close } = await testBackend(tmp());
    try {
      const spec = { ...prob01.spec, hit: 7, intoAlliedMelee: { toughness: 4, save: null } };
      const r = await api.call('odds.evaluate', spec);
      expect(r.pFriendlyHit?.fraction).toBe('5/6');
      const rolled = await api.call('odds.roll', { spec: { ...spec, attacks: 6 }, seed: 5 });
      const astray = rolled.attacks.filter((x) => !x.hit.success);
      expect(astray.length).toBeGreaterThan(0);
      expect(astray.every((x) => x.friendly !== undefined)).toBe(true);
      expect(rolled.friendlyHits).toBe(astray.length);
    } finally {
      await close();
    }
  });
});

describe('odds channels', () => {
  it('odds.evaluate returns fractions; odds.roll with a seed is reproducible; a bad spec is a VALIDATION error with its path', async () => {
    const { api, close } = await testBackend(tmp());
    try {
      const r = await api.call('odds.evaluate', prob01.spec);
      expect([r.pAny.fraction, r.expected.fraction]).toEqual(['1/6', '5/24']);
      const a = await api.call('odds.roll', {
        spec: { ...prob01.spec, attacks: 6 },
        seed: 3,
      });
      expect(
        await api.call('odds.roll', {
          spec: { ...prob01.spec, attacks: 6 },
          seed: 3,
        }),
      ).toEqual(a);
      expect(a.attacks).toHaveLength(6);
      const secure = await api.call('odds.roll', { spec: prob01.spec });
      expect(secure).toMatchObject({ dice: 'crypto', seed: null });
      const e = await api
        .call('odds.evaluate', {
          ...prob01.spec,
          modifiers: { shieldLine: true },
        })
        .catch((x) => x);
      expect(e.code).toBe('VALIDATION');
      expect(JSON.stringify(e.issues ?? e.path)).toMatch(/shieldLine/);
    } finally {
      await close();
    }
  });
});
