import { describe, expect, it } from 'vitest';
import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import { veteranSixCriticalTargets, veteranSixesLeft, veteranSixRefusal } from '../../src-shared/battle/veteran-sixes';
import { army, Table } from '../helpers/battle';
import { FIELD_MANUAL_ECONOMY } from '../fixtures/campaign-rules';

/** [000 §11 step 3] no mark: no rank and no Veteran Six; then the ranks as transcribed. */
const VETERAN_SIXES_BY_RANK = [{ rank: 'no rank', sixes: 0 }, ...FIELD_MANUAL_ECONOMY.ranks.map((r) => ({ rank: `Rank ${r.rank}`, sixes: r.veteranSixes }))];

/**
 * Veteran Sixes per battle [000 §11 steps 3–6]:
 * "At 1 mark, Rank I gives 1 Veteran Six in each later battle. At 3 marks, Rank II gives 2 Veteran Sixes."
 * "Before rolling an eligible Hit, Wound or Save pool, replace one ordinary die with a fixed 6. Spend no more than one per formation activation."
 * "It cannot bypass rolls or make all blast targets critical."
 * "A natural 1 already rolled cannot be replaced. Veteran Sixes refresh next battle."
 * Crossovers: "Veteran Sixes must be matched in quantity or switched off for both sides" (DIGEST 18.5, AMB-24).
 */

const ranked = (sixes: [number | null, number | null], matched: number | null = null, mode: 'campaign' | 'crossover' = 'campaign') => {
  const side = (p: string) => ({
    ...army(p, [
      { slot: 'core', models: 5, veteranSixes: sixes[0] },
      { slot: 'core', models: 3, veteranSixes: sixes[1] },
    ]),
    veteranSixesMatched: matched,
  });
  return new Table(
    battleSetupSchema.parse({ mode, campaignId: mode === 'campaign' ? 'c1' : null, mission: mode === 'campaign' ? 2 : null, sides: [side('A'), side('B')] }),
  ).toRoundOne();
};

/** Ends the current activation by drawing the next token and picking a formation, so "one per activation" starts again. */
function nextActivation(t: Table) {
  if (t.state.phase === 'command') t.record({ kind: 'command.done' });
  t.act({ kind: 'draw' }, [1]);
  const turn = BagActivation.turn(t.state.activation as BagState);
  if (turn.kind === 'choose') t.record({ kind: 'bag.activate', formationId: turn.eligible[0]! });
}

const six = (formationId = 'A-f1', extra: { replacing?: number; pool?: 'hit' | 'wound' | 'save' } = {}) => ({
  kind: 'record.veteranSix' as const,
  side: 'A' as const,
  formationId,
  pool: extra.pool ?? ('hit' as const),
  replacing: extra.replacing ?? null,
});

describe('Veteran Sixes per battle by rank [000 §11 step 3]', () => {
  it.each(VETERAN_SIXES_BY_RANK)('$rank gives $sixes in a battle: the one after that is refused and nothing is written', ({ sixes }) => {
    const t = ranked([sixes, 0]);
    for (let i = 0; i < sixes; i++) {
      expect(veteranSixesLeft(t.state, 'A', 'A-f1').usable).toBe(sixes - i);
      t.record(six());
      nextActivation(t);
    }
    expect(veteranSixesLeft(t.state, 'A', 'A-f1')).toEqual({ formation: 0, side: null, usable: 0 });
    const before = t.events.length;
    expect(() => t.record(six())).toThrow(new RegExp(sixes === 0 ? 'has no Veteran Six in this battle' : `spent all ${sixes} Veteran Six`));
    expect(t.events).toHaveLength(before);
    expect(t.state.sides.A.formations.find((f) => f.id === 'A-f1')!.veteranSixesSpent).toBe(sixes);
  });

  it('a Rank I formation cannot spend five in one battle (issue #16): the second is refused in a later activation too', () => {
    const t = ranked([1, 2]);
    t.record(six('A-f1'));
    nextActivation(t);
    expect(veteranSixRefusal(t.state, { side: 'A', formationId: 'A-f1', replacing: null })).toMatch(/spent all 1 Veteran Six its rank gives/);
    // the other formation keeps its own two: the count is per formation
    expect(veteranSixRefusal(t.state, { side: 'A', formationId: 'A-f2', replacing: null })).toBeNull();
  });

  it('they refresh next battle: a new battle record starts from the rank again [000 §11 step 6]', () => {
    const first = ranked([1, 0]);
    first.record(six());
    expect(veteranSixesLeft(first.state, 'A', 'A-f1').usable).toBe(0);
    const next = ranked([1, 0]);
    expect(veteranSixesLeft(next.state, 'A', 'A-f1').usable).toBe(1);
  });

  it('a record made before the count was kept still replays: no per-battle limit is known, one per activation still holds', () => {
    const t = ranked([null, null]);
    t.record(six());
    expect(() => t.record(six())).toThrow(/no more than one per formation activation/);
    nextActivation(t);
    t.record(six());
    expect(veteranSixesLeft(t.state, 'A', 'A-f1')).toEqual({ formation: null, side: null, usable: null });
  });

  it('an old stored event without pool or replacing parses and folds', () => {
    const t = ranked([2, 0]);
    t.record({ kind: 'record.veteranSix', side: 'A', formationId: 'A-f1' });
    expect(t.events[t.events.length - 1]!.body).toMatchObject({ pool: null, replacing: null });
    expect(t.state.rounds[0]!.veteranSixes).toBe(1);
  });
});

describe('a natural 1 already rolled cannot be replaced [000 §11 step 6]', () => {
  it.each([
    [1, /natural 1 already rolled cannot be replaced/],
    [3, /before the pool is rolled/],
  ])('replacing a rolled %i is refused', (natural, message) => {
    const t = ranked([2, 0]);
    expect(() => t.record(six('A-f1', { replacing: natural }))).toThrow(message);
    expect(t.state.sides.A.formations.find((f) => f.id === 'A-f1')!.veteranSixesSpent).toBe(0);
  });
});

describe('crossover: both sides use the matched number (DIGEST 18.5, AMB-24)', () => {
  it('matched 1: the side’s second Veteran Six is refused even from a formation that still holds one', () => {
    const t = ranked([2, 2], 1, 'crossover');
    t.record(six('A-f1'));
    nextActivation(t);
    expect(veteranSixesLeft(t.state, 'A', 'A-f2')).toEqual({ formation: 2, side: 0, usable: 0 });
    expect(() => t.record(six('A-f2'))).toThrow(/used the 1 matched Veteran Six of this crossover/);
  });

  it('switched off for both: none at all', () => {
    const t = ranked([2, 2], 0, 'crossover');
    expect(() => t.record(six('A-f1'))).toThrow(/switched off for both sides/);
  });
});

describe('a Veteran Six to Hit cannot make all blast targets critical [000 §11 step 5]', () => {
  it.each([
    ['hit', 1, 1],
    ['hit', 4, 1],
    ['hit', 0, 0],
    ['wound', 3, 0],
    ['save', 1, 0],
  ] as const)('pool %s with %i target(s) under the template: %i critical', (pool, targets, critical) => {
    expect(veteranSixCriticalTargets(pool, targets)).toBe(critical);
  });
});
