import { describe, expect, it } from 'vitest';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { MAX_PACK_BYTES, parsePackText } from '../../src-shared/ruleset/parse';
import { jsonErrorOffset } from '../../src-shared/ruleset/json-position';

const good = () => JSON.parse(JSON.stringify(getBundledPack()));
const issuesOf = (text: string) => {
  const r = parsePackText(text);
  if (r.ok) throw new Error('expected a refusal');
  return r;
};
const paths = (text: string) => issuesOf(text).issues.map((i) => i.path.join('.'));

describe('parsePackText', () => {
  it('accepts the default pack written out as JSON', () => {
    const r = parsePackText(JSON.stringify(getBundledPack(), null, 2));
    expect(r.ok).toBe(true);
  });

  it('refuses a file over 5 MB before parsing it', () => {
    const r = issuesOf('x'.repeat(MAX_PACK_BYTES + 1));
    expect(r.message).toMatch(/at most 5 MB/);
  });

  it.each([
    ['{"a": }', 1, 7],
    ['{\n  "format": "age-of-ash-ruleset",\n  "meta": {,\n}', 3, 12],
    ['[1, 2', 1, 6],
  ])('reports a JSON syntax error with its line and column: %j', (text, line, col) => {
    expect(issuesOf(text).message).toContain(`line ${line}, column ${col}`);
  });

  it('finds the same offset as V8 reports where V8 gives one', () => {
    for (const t of ['{"a":1,}', '{"a" 1}', '[1,2', '{"a":"x\n"}']) {
      let v8 = -1;
      try {
        JSON.parse(t);
      } catch (e) {
        v8 = Number(/position (\d+)/.exec((e as Error).message)![1]);
      }
      expect(jsonErrorOffset(t), t).toBe(v8);
    }
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses a "%s" key anywhere, with its path', (key) => {
    const text = JSON.stringify(good()).replace('"units":[{', `"units":[{"${key}":{"polluted":true},`);
    const r = issuesOf(text);
    expect(r.issues).toEqual([expect.objectContaining({ path: ['units', 0, key], code: 'forbidden-key' })]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports every problem at once: wrong types, a negative cost, an unknown cryptid and faction in a province', () => {
    const p = good();
    p.units[0].profile.M = 'six';
    p.units[1].cost = -5;
    p.provinces[0].cryptids[1] = 'jabberwock';
    p.provinces[0].homeFactions = ['the-moon-court'];
    p.units[2].factionId = 'nobody';
    p.weapons[0].force = 3.5;
    const found = paths(JSON.stringify(p));
    expect(found).toEqual(
      expect.arrayContaining([
        'units.0.profile.M',
        'units.1.cost',
        'provinces.0.cryptids.1',
        'provinces.0.homeFactions.0',
        'units.2.factionId',
        'weapons.0.force',
      ]),
    );
  });

  it('reports duplicate ids, unknown weapons and rules, a missing Captain ability and gaps in dice tables', () => {
    const p = good();
    p.weapons[1].id = p.weapons[0].id;
    p.units[0].weapons.push('ray-gun');
    p.units[0].specialRules.push('flight');
    p.factions[0].captainAbility = 'nope';
    p.cryptidRules.behaviour.pop();
    p.environmentEvent.storm.min = 12;
    const r = issuesOf(JSON.stringify(p));
    const found = r.issues.map((i) => i.path.join('.'));
    expect(found).toEqual(expect.arrayContaining(['weapons.1.id', 'factions.0.captainAbility', 'cryptidRules.behaviour', 'environmentEvent']));
    expect(r.issues.some((i) => i.message.includes('ray-gun'))).toBe(true);
    expect(r.issues.some((i) => i.message.includes('flight'))).toBe(true);
    expect(r.issues.find((i) => i.path.join('.') === 'environmentEvent')!.message).toContain('11');
  });

  it('refuses a cryptid whose Wounds do not match its class [000 §10]', () => {
    const p = good();
    p.cryptids.find((c: { class: string }) => c.class === 'boss').profile.W = 15;
    expect(paths(JSON.stringify(p)).some((x) => x.endsWith('profile.W'))).toBe(true);
  });

  it('refuses something that is not a pack at all', () => {
    const r = issuesOf('{"hello": "world"}');
    expect(r.issues.length).toBeGreaterThan(3);
    expect(r.message).toMatch(/not valid/);
  });
});
