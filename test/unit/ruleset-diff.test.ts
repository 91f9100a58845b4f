import { describe, expect, it } from 'vitest';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { diffPacks, summariseChanges } from '../../src-shared/ruleset/diff';
import type { RulesetPack } from '../../src-shared/ruleset/schema';

const base = getBundledPack();
const edit = (fn: (p: RulesetPack) => void): RulesetPack => {
  const p = structuredClone(base) as RulesetPack;
  fn(p);
  return p;
};

describe('diffPacks', () => {
  it('finds nothing between a pack and its copy, or when lists are only reordered', () => {
    expect(diffPacks(base, structuredClone(base))).toEqual([]);
    expect(
      diffPacks(
        base,
        edit((p) => p.units.reverse()),
      ),
    ).toEqual([]);
  });

  it.each([
    [
      'a unit cost',
      (p: RulesetPack): void => {
        p.units.find((u) => u.id === 'iron-lancer')!.cost = 50;
      },
      'costs',
      ['units', 'iron-lancer', 'cost'],
      'units › Iron Lancer › cost',
    ],
    [
      'a loadout cost',
      (p: RulesetPack): void => {
        p.units.find((u) => u.id === 'iron-lancer')!.loadouts[0]!.cost = 9;
      },
      'costs',
      ['units', 'iron-lancer', 'loadouts', 'great-lance', 'cost'],
      'units › Iron Lancer › loadouts › Great lance › cost',
    ],
    [
      'the Sniper’s cost',
      (p: RulesetPack): void => {
        p.sniper.cost = 15;
      },
      'costs',
      ['sniper', 'cost'],
      'sniper › cost',
    ],
    [
      'a profile stat',
      (p: RulesetPack): void => {
        p.units.find((u) => u.id === 'ash-guard')!.profile.T = 6;
      },
      'profiles',
      ['units', 'ash-guard', 'profile', 'T'],
      'units › Ash Guard › profile › T',
    ],
    [
      'a weapon’s Force',
      (p: RulesetPack): void => {
        p.weapons.find((w) => w.id === 'harpoon')!.force = 7;
      },
      'profiles',
      ['weapons', 'harpoon', 'force'],
      'weapons › Harpoon › force',
    ],
    [
      'a cryptid stat',
      (p: RulesetPack): void => {
        p.cryptids.find((c) => c.id === 'kelpie')!.profile.M = 11;
      },
      'profiles',
      ['cryptids', 'kelpie', 'profile', 'M'],
      'cryptids › Kelpie › profile › M',
    ],
    [
      'a rule text',
      (p: RulesetPack): void => {
        p.specialRules.find((r) => r.id === 'shield-line')!.text = 'New wording.';
      },
      'rules',
      ['specialRules', 'shield-line', 'text'],
      'specialRules › Shield Line › text',
    ],
    [
      'a storm number',
      (p: RulesetPack): void => {
        p.storm.hitModifier = -1;
      },
      'rules',
      ['storm', 'hitModifier'],
      'storm › hitModifier',
    ],
    [
      'a rule option',
      (p: RulesetPack): void => {
        p.options.enragedThreshold = 'half-rounded-up';
      },
      'options',
      ['options', 'enragedThreshold'],
      'options › enragedThreshold',
    ],
    [
      'a mission (matched by number)',
      (p: RulesetPack): void => {
        p.missions[2]!.name = 'Beast Night';
      },
      'other',
      ['missions', '3', 'name'],
      'missions › Beast Night › name',
    ],
  ] as const)('puts a change of %s in its category with a readable label', (_what, fn, category, path, label) => {
    const changes = diffPacks(base, edit(fn as (p: RulesetPack) => void));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ category, kind: 'changed', path, label });
  });

  it('reports added and removed entities by name', () => {
    const changes = diffPacks(
      base,
      edit((p) => {
        p.units = p.units.filter((u) => u.id !== 'shatterbound');
        p.equipment.push({ id: 'gas-mask', name: 'Gas mask', cost: 3, text: '', radProtection: true, slots: ['core'], provisional: [] });
      }),
    );
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'removed', path: ['units', 'shatterbound'], label: 'units › Shatterbound' }),
        expect.objectContaining({ kind: 'added', path: ['equipment', 'gas-mask'], after: 'Gas mask' }),
      ]),
    );
    expect(summariseChanges(changes)).toEqual({ costs: 0, profiles: 0, rules: 0, options: 0, other: 2 });
  });
});
