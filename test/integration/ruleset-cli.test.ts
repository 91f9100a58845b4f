import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { rulesetPackSchema } from '../../src-shared/ruleset/schema';
import { captureIo as io, cliOn } from '../helpers/cli-io';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('ruleset CLI', () => {
  it('`ruleset export` prints the default pack as JSON that validates against the schema (acceptance 2)', async () => {
    const aoa = cliOn(tmp());
    const c = io();
    expect(await aoa(['ruleset', 'export'], c.io)).toBe(0);
    const parsed = rulesetPackSchema.safeParse(JSON.parse(c.out.join('\n')));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(getBundledPack());
  });

  it('lists versions, imports an edited file as version 2 and diffs the two', async () => {
    const aoa = cliOn(tmp());
    const file = join(tmp(), 'edited.json');
    expect(await aoa(['ruleset', 'export', '--out', file], io().io)).toBe(0);
    const pack = JSON.parse(readFileSync(file, 'utf8'));
    pack.units.find((u: { id: string }) => u.id === 'iron-lancer').cost = 50;
    pack.options.enragedThreshold = 'half-rounded-up';
    writeFileSync(file, JSON.stringify(pack));

    const imp = io();
    expect(await aoa(['ruleset', 'import', file, '--note', 'club prices'], imp.io)).toBe(0);
    expect(imp.out.join('')).toMatch(/version 2 \(id 2\)/);

    const list = io();
    expect(await aoa(['--json', 'ruleset', 'list'], list.io)).toBe(0);
    expect(JSON.parse(list.out.join('')).map((v: { version: number; origin: string }) => [v.version, v.origin])).toEqual([
      [2, 'import'],
      [1, 'bundled'],
    ]);

    const diff = io();
    expect(await aoa(['ruleset', 'diff', '1', '2'], diff.io)).toBe(0);
    const text = diff.out.join('\n');
    expect(text).toContain('2 changes');
    expect(text).toMatch(/Costs \(1\)\n {2}~ units › Iron Lancer › cost: 42 → 50/);
    expect(text).toMatch(/Rule options \(1\)\n {2}~ options › enragedThreshold: half-or-below → half-rounded-up/);

    const v1 = io();
    expect(await aoa(['ruleset', 'export', '--version=1'], v1.io)).toBe(0);
    expect(JSON.parse(v1.out.join('\n')).units.find((u: { id: string }) => u.id === 'iron-lancer').cost).toBe(42);
    for (const args of [['-v', '2'], ['2']]) {
      const v2 = io();
      expect(await aoa(['ruleset', 'export', ...args], v2.io)).toBe(0);
      expect(JSON.parse(v2.out.join('\n')).units.find((u: { id: string }) => u.id === 'iron-lancer').cost).toBe(50);
    }
  });

  it('`ruleset import` of an invalid file exits 1 listing every problem with its path, and stores nothing', async () => {
    const aoa = cliOn(tmp());
    const file = join(tmp(), 'bad.json');
    const pack = JSON.parse(JSON.stringify(getBundledPack()));
    pack.units[0].cost = -1;
    pack.provinces[0].cryptids[0] = 'yeti';
    pack.weapons[0].force = 'strong';
    writeFileSync(file, JSON.stringify(pack));
    const c = io();
    expect(await aoa(['ruleset', 'import', file], c.io)).toBe(1);
    const err = c.err.join('\n');
    expect(err).toContain('units.0.cost');
    expect(err).toContain('provinces.0.cryptids.0: Unknown cryptid "yeti"');
    expect(err).toContain('weapons.0.force');
    const list = io();
    await aoa(['--json', 'ruleset', 'list'], list.io);
    expect(JSON.parse(list.out.join(''))).toHaveLength(1);
  });

  it('refuses a missing file and a bad version id with a sentence', async () => {
    const dir = tmp();
    const aoa = cliOn(dir);
    const a = io();
    expect(await aoa(['ruleset', 'import', join(dir, 'nope.json')], a.io)).toBe(1);
    expect(a.err.join('')).toMatch(/There is no file/);
    const b = io();
    expect(await aoa(['ruleset', 'diff', '1', 'two'], b.io)).toBe(1);
    expect(b.err.join('')).toMatch(/not a version id/);
  });
});
