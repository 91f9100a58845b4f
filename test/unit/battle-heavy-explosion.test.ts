import { describe, expect, it } from 'vitest';
import { explosionWounds, explosionWoundsOdds, saveHolds } from '../../src-shared/battle/explosion';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import type { BattleRules } from '../../src-shared/battle/setup';
import { battleTotals } from '../../src-shared/battle/summary';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, reportText, setupOf, Table } from '../helpers/battle';

/**
 * [000 §5] "Destroyed Heavy models: All Heavy miniatures, including tanks and specialist artillery, always explode on
 * destruction. Every model within 3 inches takes D3 Wounds, with one D3 roll per model, regardless of allegiance,
 * including neutrals and cryptids. Each Heavy explodes at most once. A destroyed nearby Heavy triggers another
 * explosion, creating a chain reaction."
 * DIGEST AMB-16: the Wounds are automatic (configurable "saves allowed"); a chain resolves in order of destruction.
 * DIGEST AMB-04: explosion damage to a cryptid is credited to the exploding Heavy's company (configurable "uncredited").
 */

const withOptions = (o: Partial<BattleRules['options']>): BattleRules => ({ ...BATTLE_RULES, options: { ...BATTLE_RULES.options, ...o } });

/** A: command group, Heavy f1, Heavy f2, Core f3 (5). B: command group, Heavy f1, Core f2 (5). */
const heavyTable = (rules = BATTLE_RULES, mission: number | null = 1) =>
  new Table(
    setupOf(
      army('A', [
        { slot: 'heavy', models: 1 },
        { slot: 'heavy', models: 1 },
        { slot: 'core', models: 5 },
      ]),
      army('B', [
        { slot: 'heavy', models: 1 },
        { slot: 'core', models: 5 },
      ]),
      mission,
    ),
    rules,
  ).toRoundOne();

const destroy = (t: Table, side: 'A' | 'B', formationId: string) => t.record({ kind: 'record.casualties', side, formationId, killed: 1, retreated: 0 });
const f = (side: 'A' | 'B', formationId: string) => ({ kind: 'formation' as const, side, formationId });
type Explode = Extract<BattleIntentInput, { kind: 'explode' }>;
/** A destroyed Heavy's explosion at these targets, its D3s (and saves) scripted by `dice`. */
const explode = (t: Table, side: 'A' | 'B', formationId: string, cause: Explode['cause'], targets: Explode['targets'] = [], dice: number[] = []) =>
  t.act({ kind: 'explode', side, formationId, cause, targets }, dice);

describe('explosion Wounds, one D3 per model [000 §5], automatic or saved (AMB-16)', () => {
  it.each([
    // rolls, save, save rolls, wounds
    [[3], null, [], 3],
    [[1, 2, 3], null, [], 6],
    [[3, 3], 4, [4, 3], 3], // the first model's Save holds
    [[2], 2, [1], 2], // a natural 1 always fails
    [[2, 2], 6, [6, 6], 0],
  ])('D3 %j, Save %s+, Save dice %j: %i Wounds', (rolls, save, saveRolls, wounds) => {
    expect(explosionWounds(rolls, save, saveRolls)).toBe(wounds);
  });
  it('a Save holds on its target or better, never on a natural 1', () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => saveHolds(r, 2))).toEqual([false, true, true, true, true, true]);
    expect([1, 2, 3, 4, 5, 6].map((r) => saveHolds(r, 5))).toEqual([false, false, false, false, true, true]);
  });
});

describe('exact odds of the Wounds one model takes, checked by enumeration of every D3 × Save die', () => {
  /** The oracle: all 3 × 6 equally likely (D3, Save die) pairs, counted. */
  function enumerate(wounds: number, save: number | null, savesAllowed: boolean): number[] {
    const ways = Array.from({ length: Math.min(3, wounds) + 1 }, () => 0);
    for (let d3 = 1; d3 <= 3; d3++)
      for (let sd = 1; sd <= 6; sd++) {
        const saved = savesAllowed && save !== null && sd !== 1 && sd >= save;
        ways[saved ? 0 : Math.min(d3, wounds)]! += 1;
      }
    return ways.map((w) => w / 18);
  }
  const cases = [1, 2, 3, 4, 6].flatMap((w) => [null, 2, 3, 4, 5, 6].flatMap((save) => [true, false].map((allowed) => [w, save, allowed] as const)));
  it.each(cases)('W%i, Save %s+, saves allowed %s', (wounds, save, allowed) => {
    const odds = explosionWoundsOdds({ wounds, save }, allowed ? 'saves-allowed' : 'automatic');
    expect(odds.probabilities).toEqual(enumerate(wounds, save, allowed).map((p) => expect.closeTo(p, 12)));
    expect(odds.ways.reduce((a, b) => a + b, 0)).toBe(odds.outOf);
  });
  it.each([
    // hand-worked vectors: W4 automatic takes 1, 2 or 3 with 1/3 each (expected 2); W2 Save 4+ allowed: 1/2 none, 1/6 one, 1/3 two
    [{ wounds: 4, save: 4 }, 'automatic', [0, 1 / 3, 1 / 3, 1 / 3], 2],
    [{ wounds: 2, save: 4 }, 'saves-allowed', [1 / 2, 1 / 6, 1 / 3], 5 / 6],
    [{ wounds: 1, save: null }, 'saves-allowed', [0, 1], 1],
  ] as const)('%j under %s', (model, ruling, probabilities, expected) => {
    const odds = explosionWoundsOdds(model, ruling);
    expect(odds.probabilities).toEqual(probabilities.map((p) => expect.closeTo(p, 12)));
    expect(odds.expected).toBeCloseTo(expected, 12);
  });
});

describe('the explosion step in a battle record', () => {
  it('a Heavy recorded destroyed waits to explode; the app rolls one D3 per model ticked, any allegiance', () => {
    const t = heavyTable();
    destroy(t, 'A', 'A-f1');
    expect(t.state.explosions.pending).toEqual([{ side: 'A', formationId: 'A-f1' }]);
    // scripted dice: Core A-f3 2 models (D3 2, 3), B's Core 1 model (D3 1), the mutants at objective 1 (D3 3)
    const targets: Explode['targets'] = [
      { target: f('A', 'A-f3'), models: 2 },
      { target: f('B', 'B-f2'), models: 1 },
      { target: { kind: 'patrol', objective: 0 }, models: 1 },
    ];
    explode(t, 'A', 'A-f1', 'wounds', targets, [2, 3, 1, 3]);
    const e = t.events[t.events.length - 1]!.body;
    expect(e).toMatchObject({
      kind: 'heavy.explosion',
      targets: [
        { rolls: [2, 3], wounds: 5 },
        { rolls: [1], wounds: 1 },
        { rolls: [3], wounds: 3 },
      ],
    });
    expect(t.state.explosions).toEqual({ pending: [], exploded: [{ side: 'A', formationId: 'A-f1' }] });
    expect(t.state.rounds[0]!.explosions).toEqual([{ side: 'A', formationId: 'A-f1', cause: 'wounds', targets: 3, wounds: 9 }]);
  });

  it('each Heavy explodes at most once: a second explosion is refused and nothing is written', () => {
    const t = heavyTable();
    destroy(t, 'A', 'A-f1');
    explode(t, 'A', 'A-f1', 'wounds');
    const n = t.events.length;
    expect(() => explode(t, 'A', 'A-f1', 'wounds')).toThrow(/already exploded: each Heavy explodes at most once/);
    expect(t.events).toHaveLength(n);
  });

  it('a Heavy not recorded destroyed does not explode; a non-Heavy never does', () => {
    const t = heavyTable();
    expect(() => explode(t, 'B', 'B-f1', 'wounds')).toThrow(/not recorded destroyed/);
    expect(() => explode(t, 'B', 'B-f2', 'wounds')).toThrow(/not a Heavy/);
  });

  it('chain reaction: a Heavy destroyed by the explosion explodes in turn, in order of destruction (AMB-16)', () => {
    const t = heavyTable();
    destroy(t, 'A', 'A-f1');
    const targets: Explode['targets'] = [
      { target: f('A', 'A-f2'), models: 1 },
      { target: f('B', 'B-f1'), models: 1 },
    ];
    explode(t, 'A', 'A-f1', 'wounds', targets, [3, 3]);
    // both nearby Heavies are destroyed by it; B-f1's loss is recorded first
    destroy(t, 'B', 'B-f1');
    destroy(t, 'A', 'A-f2');
    expect(() => explode(t, 'A', 'A-f2', 'explosion')).toThrow(/B-f1 was destroyed first/);
    explode(t, 'B', 'B-f1', 'explosion', [{ target: f('A', 'A-f3'), models: 1 }], [2]);
    explode(t, 'A', 'A-f2', 'explosion');
    expect(t.state.explosions.exploded.map((x) => x.formationId)).toEqual(['A-f1', 'B-f1', 'A-f2']);
    // the first Heavy is gone: it cannot be caught in a later blast
    expect(() => destroy(t, 'A', 'A-f1')).toThrow(/A-f1 \(A\) was destroyed: it cannot lose models/);
  });

  it('entered physical rolls are taken as they are, one per model', () => {
    const t = heavyTable();
    destroy(t, 'A', 'A-f1');
    expect(() => explode(t, 'A', 'A-f1', 'storm', [{ target: f('A', 'A-f3'), models: 2, rolls: [1] }])).toThrow(/one D3 per model: 2/);
    explode(t, 'A', 'A-f1', 'storm', [{ target: f('A', 'A-f3'), models: 2, rolls: [1, 2] }]);
    expect(t.events[t.events.length - 1]!.body).toMatchObject({ entered: true, cause: 'storm', targets: [{ wounds: 3 }] });
  });

  it('more models than a formation has left are refused', () => {
    const t = heavyTable();
    destroy(t, 'A', 'A-f1');
    expect(() => explode(t, 'A', 'A-f1', 'wounds', [{ target: f('B', 'B-f2'), models: 6 }], [1, 1, 1, 1, 1, 1])).toThrow(/only 5 model/);
  });

  it('saves allowed (AMB-16 option): one Save die per model; automatic: a Save die is refused', () => {
    const t = heavyTable(withOptions({ explosionSaves: 'saves-allowed' }));
    destroy(t, 'A', 'A-f1');
    explode(t, 'A', 'A-f1', 'wounds', [{ target: f('B', 'B-f2'), models: 2, save: 4 }], [3, 2, 5, 1]);
    expect(t.events[t.events.length - 1]!.body).toMatchObject({ targets: [{ rolls: [3, 2], saveRolls: [5, 1], wounds: 2 }] });

    const auto = heavyTable();
    destroy(auto, 'A', 'A-f1');
    expect(() =>
      auto.record({
        kind: 'heavy.explosion',
        side: 'A',
        formationId: 'A-f1',
        cause: 'wounds',
        targets: [{ target: f('B', 'B-f2'), rolls: [3], save: 4, saveRolls: [6], wounds: 0 }],
      }),
    ).toThrow(/rolled by the app/); // dice are rolled by the backend, never entered as a finished event
  });

  it('striking the explosion out puts the Heavy back in the explosion step (undo)', () => {
    const t = heavyTable();
    destroy(t, 'A', 'A-f1');
    const [ev] = explode(t, 'A', 'A-f1', 'wounds');
    t.act({ kind: 'strike', eventId: ev!.id, reason: 'ticked the wrong squads' });
    expect(t.state.explosions.pending).toEqual([{ side: 'A', formationId: 'A-f1' }]);
    expect(t.state.rounds[0]!.explosions).toEqual([]);
  });

  it('a Heavy that retreated off the table does not explode', () => {
    const t = heavyTable();
    t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-f1', killed: 0, retreated: 1 });
    expect(t.state.explosions.pending).toEqual([]);
  });
});

describe('explosions and cryptids (AMB-04): actual Wounds, credited to the Heavy’s company or to no one', () => {
  /** Mission 3: a guaranteed cryptid (the first creature, 15 Wounds) enters in round 2. */
  function withCryptid(rules: BattleRules) {
    const t = heavyTable(rules, 3);
    t.quietRound();
    t.record({ kind: 'command.done' });
    t.act({ kind: 'resolve-event' }, [1, 1]);
    destroy(t, 'B', 'B-f1');
    explode(t, 'B', 'B-f1', 'cryptid', [{ target: { kind: 'cryptid' }, models: 1 }], [3]);
    return t.state.cryptid!;
  }
  it.each([
    ['credited', { A: 0, B: 3 }],
    ['uncredited', { A: 0, B: 0 }],
  ] as const)('explosionCredit %s', (ruling, credited) => {
    const c = withCryptid(withOptions({ explosionCredit: ruling }));
    expect(c.remaining).toBe(12);
    expect(c.credited).toEqual(credited);
  });
});

describe('the battle report lists every explosion (Field Manual §12: the playtest record)', () => {
  it('round, side, Heavy, cause, targets and Wounds dealt', () => {
    const t = heavyTable();
    destroy(t, 'A', 'A-f1');
    explode(t, 'A', 'A-f1', 'instability', [{ target: f('B', 'B-f2'), models: 2 }], [2, 3]);
    const totals = battleTotals(t.state, BATTLE_RULES);
    expect(totals.explosions).toEqual([{ round: 1, side: 'A', name: 'A-f1', cause: 'instability', targets: 1, wounds: 5 }]);
    const report = reportText(t, totals, 'b1');
    const text = report;
    expect(text).toContain('Heavy explosions');
    expect(text).toContain('["1","A","A-f1","instability","1","5"]');
  });
});
