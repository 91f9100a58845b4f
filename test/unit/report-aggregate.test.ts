import { describe, expect, it } from 'vitest';
import { buildReport, generateBattles, ratingFigure, reportToCsv, playtestBattleSchema, type PlaytestBattle } from '../../src-shared/reports';

/**
 * Acceptance 2 of issue 7: the report over generated battles matches figures
 * computed here independently, by plain loops over the same fixture.
 */
const battles = generateBattles({ count: 300, seed: 7 });

describe('playtest report over a generated fixture [issue 7 acceptance 2; 000 §12]', () => {
  const report = buildReport(battles);

  it('the fixture is valid playtest records', () => {
    for (const b of battles.slice(0, 20)) expect(playtestBattleSchema.safeParse(b).success).toBe(true);
  });

  it('wins by faction', () => {
    const expected = new Map<string, { wins: number; games: number }>();
    for (const b of battles)
      for (const s of b.sides) {
        const e = expected.get(s.factionId) ?? { wins: 0, games: 0 };
        e.games++;
        if (s.result === 'win') e.wins++;
        expected.set(s.factionId, e);
      }
    expect(report.byFaction.length).toBe(expected.size);
    for (const f of report.byFaction) {
      expect(f.wins).toBe(expected.get(f.factionId)!.wins);
      expect(f.games).toBe(expected.get(f.factionId)!.games);
      expect(f.wins + f.draws + f.losses).toBe(f.games);
    }
    expect(report.games).toBe(300);
  });

  it('mean round time per round and mean battle time', () => {
    for (let r = 0; r < 5; r++) {
      const xs = battles.map((b) => b.roundSeconds[r]!);
      expect(report.roundTimes[r]!.meanSeconds).toBeCloseTo(xs.reduce((a, x) => a + x, 0) / xs.length, 9);
    }
    const totals = battles.map((b) => b.roundSeconds.reduce((a, x) => a + x, 0));
    expect(report.meanBattleSeconds).toBeCloseTo(totals.reduce((a, x) => a + x, 0) / totals.length, 9);
  });

  it('wounds by source (ranged and melee), in total and per faction and unit type', () => {
    let ranged = 0,
      melee = 0;
    const perKey = new Map<string, number>();
    for (const b of battles)
      for (const s of b.sides)
        for (const w of s.wounds) {
          ranged += w.ranged;
          melee += w.melee;
          perKey.set(`${s.factionId}|${w.unitType}|melee`, (perKey.get(`${s.factionId}|${w.unitType}|melee`) ?? 0) + w.melee);
        }
    expect(report.woundTotals).toEqual({ ranged, melee });
    for (const w of report.wounds) expect(w.melee).toBe(perKey.get(`${w.factionId}|${w.unitType}|melee`));
  });

  it('every figure is traceable: battle ids behind a faction row are exactly its battles', () => {
    const f = report.byFaction[0]!;
    const expected = battles.filter((b) => b.sides.some((s) => s.factionId === f.factionId)).map((b) => b.id);
    expect(f.battleIds).toEqual(expected);
  });

  it('cryptid and storm frequency; disputes counted per rule reference', () => {
    expect(report.cryptid.battles).toBe(battles.filter((b) => b.cryptid).length);
    expect(report.storm.battles).toBe(battles.filter((b) => b.storm).length);
    // DIGEST 12.4: Mission 3 always has a cryptid
    expect(battles.filter((b) => b.mission === 3).every((b) => b.cryptid !== null)).toBe(true);
    const refs = new Map<string, number>();
    for (const b of battles) for (const d of b.disputes) refs.set(d.ruleRef, (refs.get(d.ruleRef) ?? 0) + 1);
    expect(Object.fromEntries(report.disputes.map((d) => [d.ruleRef, d.count]))).toEqual(Object.fromEntries(refs));
  });
});

describe('filters', () => {
  it.each([
    { name: 'faction', filter: { factionIds: ['scattered'] }, keep: (b: PlaytestBattle) => b.sides.some((s) => s.factionId === 'scattered') },
    { name: 'mission', filter: { missions: [3] }, keep: (b: PlaytestBattle) => b.mission === 3 },
    { name: 'campaign', filter: { campaignIds: ['c-002'] }, keep: (b: PlaytestBattle) => b.campaignId === 'c-002' },
    { name: 'date range', filter: { from: '2026-02-01', to: '2026-02-28' }, keep: (b: PlaytestBattle) => b.playedAt.slice(0, 7) === '2026-02' },
  ])('by $name', ({ filter, keep }) => {
    const r = buildReport(battles, filter);
    expect(r.battleIds).toEqual(battles.filter(keep).map((b) => b.id));
    expect(r.games).toBeGreaterThan(0);
  });

  it('an empty selection gives zeros, not NaN', () => {
    const r = buildReport(battles, { campaignIds: ['none'] });
    expect(r.games).toBe(0);
    expect(r.meanBattleSeconds).toBe(0);
    expect(r.cryptid.frequency).toBe(0);
  });
});

describe('the players’ ratings (Field Manual §12)', () => {
  it('counts each side that rated, with the mean and median of fun and clarity and the confusing rules by count', () => {
    const rated = (i: number, a: PlaytestBattle['sides'][0]['ratings'], b: PlaytestBattle['sides'][1]['ratings']): PlaytestBattle => {
      const x = structuredClone(battles[i]!);
      x.sides[0].ratings = a;
      x.sides[1].ratings = b;
      return x;
    };
    const r = buildReport([
      rated(0, { fun: 5, clarity: 2, confusingRule: 'Steady Fire' }, { fun: 3, clarity: null, confusingRule: null }),
      rated(1, { fun: 4, clarity: 4, confusingRule: 'Uncloak' }, { fun: null, clarity: null, confusingRule: null }),
      rated(2, { fun: 1, clarity: null, confusingRule: 'Steady Fire' }, null),
      battles[3]!,
    ]);
    expect(r.ratings).toEqual({
      sides: 4,
      // 1, 3, 4, 5: the median halfway between the middle two
      fun: { n: 4, mean: 13 / 4, median: 3.5 },
      clarity: { n: 2, mean: 3, median: 3 },
      confusingRules: [
        { rule: 'Steady Fire', count: 2 },
        { rule: 'Uncloak', count: 1 },
      ],
    });
    expect(
      ratingFigure([
        [2, 1],
        [5, 2],
        [3, 0],
      ]),
    ).toEqual({ n: 3, mean: 4, median: 5 });
    expect(ratingFigure([])).toEqual({ n: 0, mean: null, median: null });
    expect(buildReport([battles[0]!]).ratings).toEqual({
      sides: 0,
      fun: { n: 0, mean: null, median: null },
      clarity: { n: 0, mean: null, median: null },
      confusingRules: [],
    });
    const csv = reportToCsv(buildReport([rated(0, { fun: 4, clarity: null, confusingRule: '=cmd()' }, null)]));
    expect(csv).toContain('ratings,fun,,mean,4,');
    expect(csv).toContain("confusing_rule,'=cmd(),,sides,1,");
  });
});

describe('CSV export', () => {
  it('holds the same figures, quoted where needed', () => {
    const b: PlaytestBattle = { ...battles[0]!, disputes: [{ ruleRef: '000 §5', note: 'He said, "no"', round: 1 }] };
    const r = buildReport([b]);
    const csv = reportToCsv(r);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('section,subject,detail,measure,value,battle_ids');
    expect(lines).toContain(`summary,all,,games,1,${b.id}`);
    expect(csv).toContain('dispute,000 §5,"He said, ""no""",count,1,');
    const wins = lines.filter((l) => l.includes(',wins,'));
    expect(wins.length).toBe(2);
  });
});
