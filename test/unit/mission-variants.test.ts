import { describe, expect, it } from 'vitest';
import { battleMission, missionVariantsOf, withVariant } from '../../src-shared/battle/mission';
import { missionVp } from '../../src-shared/battle/victory-points';
import { isAppError, type AppError } from '../../src-shared/errors';
import type { MissionVariant } from '../../src-shared/ruleset/schema';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, setupOf, Table, twoCores } from '../helpers/battle';

/**
 * Issue 17 point 2: a battle plays one of the five missions as written, or a
 * province's own version of it, chosen with the province at set-up. The
 * variant changes what it names (here the relic's worth and the round-two
 * event) and every rule reads the mission through battleMission.
 */
const SALVAGE: MissionVariant = {
  id: 'marsh-salvage',
  name: 'Wreck Salvage',
  mission: 1,
  kind: 'relic-recovery',
  relicVp: 5,
  briefing: 'The relic lies in a wreck: 5 VP.',
  provisional: ['*'],
};
const LIGHTS: MissionVariant = {
  id: 'marsh-lights',
  name: 'Follow the Lights',
  mission: 2,
  guaranteedCryptid: true,
  briefing: 'A cryptid is certain.',
  provisional: [],
};
const FIVE: MissionVariant = { id: 'marsh-five', name: 'Open Flats', mission: 1, objectives: 5, briefing: 'Five objectives.', provisional: [] };
const RULES = {
  ...BATTLE_RULES,
  provinces: BATTLE_RULES.provinces.map((p) => (p.id === 'marsh' ? { ...p, missionVariants: [SALVAGE, LIGHTS, FIVE] } : p)),
};

function scenario(mission: number | null, variantId: string | null, mode: 'standalone' | 'campaign' = 'standalone') {
  const setup = setupOf(army('A', twoCores), army('B', twoCores), mission);
  const t = new Table(mode === 'campaign' ? { ...setup, mode, campaignId: 'c1' } : setup, RULES);
  t.record({ kind: 'setup.scenario', provinceId: 'marsh', campaignGame: mission, variantId });
  return t;
}
const relic = (amount: number) => ({ kind: 'record' as const, body: { kind: 'record.vp' as const, side: 'A' as const, source: 'relic' as const, amount } });

describe('withVariant: what a variant changes, and what stays the mission’s', () => {
  const m1 = BATTLE_RULES.missions[0]!;
  it.each([
    { field: 'kind', expected: 'relic-recovery' },
    { field: 'relicVp', expected: 5 },
    { field: 'objectives', expected: m1.objectives },
    { field: 'number', expected: 1 },
    { field: 'name', expected: m1.name },
    { field: 'awardsRp', expected: m1.awardsRp },
    { field: 'secondaryVp', expected: m1.secondaryVp },
  ] as const)('$field: $expected', ({ field, expected }) => {
    expect(withVariant(m1, SALVAGE)[field]).toBe(expected);
  });
  it('the briefing adds the variant’s to the mission’s, and a provisional variant marks the fields it changes', () => {
    const m = withVariant({ ...m1, briefing: 'Hold the markers.', provisional: [] }, SALVAGE);
    expect(m.briefing).toBe('Hold the markers. Wreck Salvage: The relic lies in a wreck: 5 VP.');
    expect(m.provisional.sort()).toEqual(['briefing', 'kind', 'relicVp']);
    expect(withVariant(m1, undefined)).toEqual({ ...m1, variant: null });
  });
  it('a province offers only its variants of the battle’s mission', () => {
    expect(missionVariantsOf(RULES, 'marsh', 1).map((v) => v.id)).toEqual(['marsh-salvage', 'marsh-five']);
    expect(missionVariantsOf(RULES, 'marsh', 2).map((v) => v.id)).toEqual(['marsh-lights']);
    expect(missionVariantsOf(RULES, 'marsh', 3)).toEqual([]);
    expect(missionVariantsOf(RULES, 'marsh', null)).toEqual([]);
  });
});

describe('a battle played under a variant', () => {
  it('the relic is worth the variant’s 5 VP (3 as written), and the refusal names the variant', () => {
    const written = scenario(1, null);
    expect(missionVp(written.state, RULES).relic).toBe(3);
    const t = scenario(1, 'marsh-salvage');
    expect(t.state.missionVariantId).toBe('marsh-salvage');
    expect(battleMission(t.state, RULES)?.variant?.name).toBe('Wreck Salvage');
    expect(missionVp(t.state, RULES).relic).toBe(5);
    t.record({ kind: 'setup.terrain', objectives: 3 });
    t.act({ kind: 'deployment-rolloff' }, [6, 1]);
    t.record({ kind: 'setup.deployed', reserves: { A: [], B: [] } });
    expect(() => t.act(relic(3))).toThrow(/worth 5 VP in Mission 1 \(Wreck Salvage\)/);
    t.act(relic(5));
    expect(t.state.sides.A.vpRecorded.relic).toBe(5);
  });

  it('a variant with a certain cryptid skips the D20 at the round-two event, where the mission as written rolls it', () => {
    const toEvent = (variantId: string | null) => {
      const t = scenario(2, variantId);
      t.record({ kind: 'setup.terrain', objectives: 3 });
      t.act({ kind: 'deployment-rolloff' }, [6, 1]);
      t.record({ kind: 'setup.deployed', reserves: { A: [], B: [] } });
      t.quietRound();
      t.record({ kind: 'command.done' });
      return t;
    };
    const lights = toEvent('marsh-lights');
    lights.act({ kind: 'resolve-event' }, [1, 1]);
    expect(lights.state.event).toMatchObject({ d20: null, outcome: 'cryptid' });
    const written = toEvent(null);
    written.act({ kind: 'resolve-event' }, [15, 3, 2]);
    expect(written.state.event).toMatchObject({ d20: 15, outcome: 'storm' });
  });

  it('a campaign game under a variant is played on the variant’s objectives', () => {
    const t = scenario(1, 'marsh-five', 'campaign');
    expect(() => t.record({ kind: 'setup.terrain', objectives: 3 })).toThrow(/played with 5 objectives/);
    t.record({ kind: 'setup.terrain', objectives: 5 });
    expect(t.state.objectives).toBe(5);
  });

  it.each([
    {
      what: 'a variant of another mission',
      mission: 1,
      variantId: 'marsh-lights',
      message: /The Marsh has no such variant of Mission 1: choose Wreck Salvage or Open Flats/,
    },
    { what: 'an unknown variant', mission: 3, variantId: 'nowhere', message: /The Marsh has no such variant of Mission 3\./ },
    { what: 'a variant in a game without a mission', mission: null, variantId: 'marsh-salvage', message: /needs a mission: this game plays none/ },
  ])('refuses $what, on the variant field, writing nothing', ({ mission, variantId, message }) => {
    const setup = setupOf(army('A', twoCores), army('B', twoCores), mission);
    const t = new Table(setup, RULES);
    let thrown: unknown;
    try {
      t.record({ kind: 'setup.scenario', provinceId: 'marsh', campaignGame: mission, variantId });
    } catch (e) {
      thrown = e;
    }
    expect(isAppError(thrown) && thrown.code).toBe('RULE_VIOLATION');
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as AppError).path).toEqual(['variantId']);
    expect(t.events).toEqual([]);
  });
});
