import { describe, expect, it } from 'vitest';
import { unitFigures, type UnitBattle, type UnitSide } from '../../src-shared/desk/unit-figures';
import { meanInterval, wilsonInterval } from '../../src-shared/stats';
import { deskFigures, deskRecordOf, figureById, withoutKeys } from '../../src-shared/desk/figures';
import { generatedRecords } from '../helpers/playtest-bundles';
import { deskFiguresToCsv } from '../../src-shared/desk/csv';
import { buildDeskReport } from '../../templates/desk-report';

const side = (o: Partial<UnitSide> = {}): UnitSide => ({
  factionId: 'ashborn',
  wounds: [],
  formations: [],
  explosions: {},
  vp: { objectives: 0, relic: 0, secondary: 0, cryptidHunt: 0 },
  ...o,
});
const battle = (key: string, a: UnitSide, b: UnitSide, cryptid: UnitBattle['record']['cryptid'] = null): UnitBattle => ({
  key,
  record: { cryptid, sides: [a, b] },
});

/** Issue 41, point 4: figures from what bundles already carry, each with its n, its interval and the battles behind it. */
describe('unit, explosion, cryptid and VP figures', () => {
  const battles: UnitBattle[] = [
    battle(
      'c/1',
      side({
        formations: [
          { unitType: 'heavy', survived: true },
          { unitType: 'core', survived: false },
          { unitType: 'core', survived: true },
        ],
        wounds: [
          { unitType: 'heavy', ranged: 4, melee: 2 },
          { unitType: 'core', ranged: 1, melee: 0 },
        ],
        explosions: { 'ranged-attack': 1 },
        vp: { objectives: 6, relic: 2, secondary: 1, cryptidHunt: 0 },
      }),
      side({
        formations: [{ unitType: 'heavy', survived: false }],
        wounds: [{ unitType: 'heavy', ranged: 0, melee: 3 }],
        vp: { objectives: 3, relic: 0, secondary: 0, cryptidHunt: 3 },
      }),
      { cryptidId: 'ash-wyrm', round: 2, woundsDealt: 5, woundsTaken: 7, defeated: true },
    ),
    battle(
      'c/2',
      side({ formations: [{ unitType: 'heavy', survived: false }], wounds: [], explosions: { melee: 2, 'ranged-attack': 1 } }),
      side({ formations: [{ unitType: 'elite', survived: true }], wounds: [{ unitType: 'elite', ranged: 2, melee: 2 }] }),
      { cryptidId: 'ash-wyrm', round: 3, woundsDealt: 1, woundsTaken: 2, defeated: false },
    ),
    // a paper record: formations and the cryptid, but no Wounds, explosions or VP by source (absent, not zero)
    battle(
      'c/3',
      { factionId: 'ashborn', formations: [{ unitType: 'heavy', survived: true }] } as UnitSide,
      { factionId: 'scattered', formations: [{ unitType: 'core', survived: true }] } as UnitSide,
      { cryptidId: 'ash-wyrm', round: null, woundsDealt: null, woundsTaken: 4, defeated: true },
    ),
  ];
  const f = unitFigures(battles);

  it('per unit type: survival over the formations, with Wilson’s interval, and Wounds per side that recorded them', () => {
    const heavy = f.unitTypes.find((t) => t.unitType === 'heavy')!;
    expect(heavy).toMatchObject({ formations: 4, survived: 2, n: 4, battleCount: 3, keys: ['c/1', 'c/2', 'c/3'], tooFew: true });
    expect(heavy.survival.estimate).toBe(0.5);
    expect(heavy.survival.lower).toBeCloseTo(wilsonInterval(2, 4).lower, 12);
    // Wounds: the three sides with a Wounds record that fielded a Heavy dealt 6, 3 and 0 (the paper side is not counted)
    expect(heavy.woundsPerGame.sides).toBe(3);
    expect(heavy.woundsPerGame.estimate).toBeCloseTo(3, 12);
    expect(heavy.woundsPerGame.upper).toBeCloseTo(meanInterval([6, 3, 0]).upper, 12);
    expect(heavy.rangedPerGame).toBeCloseTo(4 / 3, 12);
    const core = f.unitTypes.find((t) => t.unitType === 'core')!;
    expect(core).toMatchObject({ formations: 3, survived: 2, keys: ['c/1', 'c/3'] });
    expect(core.woundsPerGame).toMatchObject({ sides: 1, estimate: 1, lower: null, upper: null });
    const command = f.unitTypes.find((t) => t.unitType === 'command')!;
    expect(command).toMatchObject({ formations: 0, n: 0, battleCount: 0, survival: { estimate: null } });
  });

  it('Heavy explosions: the sides fielding a Heavy that recorded explosions, how many had one, and each cause', () => {
    expect(f.heavyExplosions).toMatchObject({ sidesWithHeavy: 3, sidesWithExplosion: 2, n: 3, keys: ['c/1', 'c/2'] });
    expect(f.heavyExplosions.rate.estimate).toBeCloseTo(2 / 3, 12);
    expect(f.heavyExplosions.rate.upper).toBeCloseTo(wilsonInterval(2, 3).upper, 12);
    expect(f.heavyExplosions.byCause.map((c) => [c.cause, c.explosions, c.keys])).toEqual([
      ['melee', 2, ['c/2']],
      ['ranged-attack', 2, ['c/1', 'c/2']],
    ]);
  });

  it('the cryptid: defeated in how many of its battles, and the Wounds each way, with the n of those that say', () => {
    const c = f.cryptids[0]!;
    expect(c).toMatchObject({ cryptidId: 'ash-wyrm', battles: 3, defeated: 2, n: 3, keys: ['c/1', 'c/2', 'c/3'] });
    expect(c.defeatRate.lower).toBeCloseTo(wilsonInterval(2, 3).lower, 12);
    expect(c.woundsTaken.estimate).toBeCloseTo(13 / 3, 12);
    expect(c.woundsDealt).toMatchObject({ n: 2, estimate: 3 });
  });

  it('VP by source: per side that recorded it (not the paper record), with its share of all VP', () => {
    const objectives = f.vpSources.find((s) => s.source === 'objectives')!;
    expect(objectives).toMatchObject({ n: 4, keys: ['c/1', 'c/2'] });
    expect(objectives.perSide.estimate).toBeCloseTo(9 / 4, 12);
    expect(objectives.share).toBeCloseTo(9 / 15, 12);
    expect(f.vpSources.reduce((s, x) => s + x.share!, 0)).toBeCloseTo(1, 12);
  });

  it('over no battles: every figure empty, no interval', () => {
    const e = unitFigures([]);
    expect(e.unitTypes.every((t) => t.n === 0 && t.survival.estimate === null && t.woundsPerGame.estimate === null)).toBe(true);
    expect(e.heavyExplosions).toMatchObject({ n: 0, rate: { estimate: null }, byCause: [] });
    expect(e.cryptids).toEqual([]);
    expect(e.vpSources.every((s) => s.n === 0 && s.share === null)).toBe(true);
  });

  it('in the desk’s figures: over the battles chosen, each figure traced to its battles, counted without its keys on the screen', () => {
    const records = generatedRecords(30, 3);
    const all = deskFigures(records.map((record) => ({ clubId: 'c', record: deskRecordOf(record) })));
    const command = all.units.unitTypes.find((t) => t.unitType === 'command')!;
    // each generated side fields one Command formation that survives, and records Wounds for its Core only
    expect(command).toMatchObject({ formations: 60, survived: 60, battleCount: 30, woundsPerGame: { sides: 60, estimate: 0 } });
    expect(figureById(all, 'unit:command')!.keys).toEqual(records.map((r) => `c/${r.battleId}`));
    expect(figureById(all, 'vp:objectives')!.n).toBe(60);
    const counts = withoutKeys(
      deskFigures(
        records.map((record) => ({ clubId: 'c', record: deskRecordOf(record) })),
        { withKeys: false },
      ),
    );
    expect(counts.units.unitTypes.find((t) => t.unitType === 'command')).not.toHaveProperty('keys');
    expect(counts.units.unitTypes.find((t) => t.unitType === 'command')!.battleCount).toBe(30);
  });

  it('in the CSV and the PDF, with their n and intervals', () => {
    const records = generatedRecords(30, 3);
    const f = deskFigures(records.map((record) => ({ clubId: 'c', record: deskRecordOf(record) })));
    const command = f.units.unitTypes.find((t) => t.unitType === 'command')!;
    const rows = deskFiguresToCsv(f).split('\r\n');
    expect(rows.find((r) => r.startsWith('unit_type,Command group,') && r.includes(',survival,'))).toContain(
      `,60,1,${command.survival.lower!.toFixed(6)},1.000000,`,
    );
    expect(rows.filter((r) => r.startsWith('vp_source,'))).toHaveLength(4);
    const doc = JSON.stringify(buildDeskReport({ figures: f, scope: 'Every club' }));
    expect(doc).toContain('Command group');
    expect(doc).toContain(`100.0% (${(command.survival.lower! * 100).toFixed(1)}% – 100.0%)`);
    expect(doc).toContain('Objectives held');
  });
});

/** Issue 41, point 4: orders, gambits and abilities used, and Rule of Cool by D20 band, over the records that count them. */
describe('orders, gambits, abilities and Rule of Cool', () => {
  const play = (o: Partial<UnitSide>): UnitSide => side({ orders: {}, gambits: {}, abilities: {}, rulesOfCool: {}, rulesOfCoolSucceeded: {}, ...o });
  const battles: UnitBattle[] = [
    battle(
      'c/1',
      play({ orders: { rally: 2, charge: 1 }, gambits: { feint: 1 }, rulesOfCool: { '1': 1 } }),
      play({ orders: { rally: 1 }, abilities: { 'storm-call': 1 }, rulesOfCool: { '11–15': 1 }, rulesOfCoolSucceeded: { '11–15': 1 } }),
    ),
    battle(
      'c/2',
      play({ rulesOfCool: { '11–15': 1 } }),
      play({ orders: { rally: 3, hold: 0 }, rulesOfCool: { '2–5': 1, '20': 1 }, rulesOfCoolSucceeded: { '20': 1, '2–5': 4 } }),
    ),
    // a paper record counts none of these: its sides are left out of every n, not read as sides that used nothing
    battle('c/3', { factionId: 'ashborn', formations: [] } as UnitSide, { factionId: 'scattered', formations: [] } as UnitSide),
  ];
  const f = unitFigures(battles);

  it('uses per game over the sides that recorded them (a side that did not use it counts 0), the sides using it, and the battles behind', () => {
    const orders = f.usage.filter((u) => u.kind === 'order');
    // most used first; an order counted 0 times is no use
    expect(orders.map((u) => [u.key, u.uses, u.sidesUsing, u.keys])).toEqual([
      ['rally', 6, 3, ['c/1', 'c/2']],
      ['charge', 1, 1, ['c/1']],
    ]);
    const rally = orders[0]!;
    expect(rally).toMatchObject({ n: 4, sides: 4, battles: 2, battleCount: 2, tooFew: true, id: 'usage:order:rally' });
    const per = meanInterval([2, 1, 0, 3]);
    expect(rally.perGame.estimate).toBeCloseTo(1.5, 12);
    expect(rally.perGame.lower).toBeCloseTo(per.lower, 12);
    expect(rally.perGame.upper).toBeCloseTo(per.upper, 12);
    expect(rally.usedIn.lower).toBeCloseTo(wilsonInterval(3, 4).lower, 12);
    expect(f.usage.filter((u) => u.kind === 'gambit').map((u) => [u.key, u.uses, u.n])).toEqual([['feint', 1, 4]]);
    expect(f.usage.filter((u) => u.kind === 'ability').map((u) => [u.key, u.uses, u.keys])).toEqual([['storm-call', 1, ['c/1']]]);
  });

  it('Rule of Cool by D20 band: the success rate with its interval and n (the attempts) per band, in the bands’ order', () => {
    const r = f.ruleOfCool;
    expect(r).toMatchObject({ sides: 4, battles: 2, attempts: 5 });
    expect(r.bands.map((b) => [b.band, b.attempts, b.succeeded, b.n, b.keys])).toEqual([
      ['1', 1, 0, 1, ['c/1']],
      // a record's successes beyond its attempts are not believed
      ['2–5', 1, 1, 1, ['c/2']],
      ['11–15', 2, 1, 2, ['c/1', 'c/2']],
      ['20', 1, 1, 1, ['c/2']],
    ]);
    const mid = r.bands[2]!;
    expect(mid.successRate.estimate).toBe(0.5);
    expect(mid.successRate.lower).toBeCloseTo(wilsonInterval(1, 2).lower, 12);
    expect(mid).toMatchObject({ id: 'roc:11–15', tooFew: true });
  });

  it('over the desk’s records, traced by id, and in the CSV and the PDF under the pack’s names', () => {
    const records = generatedRecords(30, 5);
    const all = deskFigures(records.map((record) => ({ clubId: 'c', record: deskRecordOf(record) })));
    const sides = records.flatMap((r) => r.sides);
    const first = all.units.usage[0]!;
    const tally = first.kind === 'order' ? 'orders' : first.kind === 'gambit' ? 'gambits' : 'abilities';
    expect(first.uses).toBe(sides.reduce((s, x) => s + (x[tally]?.[first.key] ?? 0), 0));
    expect(first.n).toBe(60);
    expect(figureById(all, first.id)!.keys).toEqual(records.filter((r) => r.sides.some((s) => (s[tally]?.[first.key] ?? 0) > 0)).map((r) => `c/${r.battleId}`));
    const names = { [first.key]: 'The Named Order' };
    const csv = deskFiguresToCsv(all, (id) => names[id] ?? id).split('\r\n');
    expect(csv.find((r) => r.includes(',uses_per_game,'))).toContain('The Named Order');
    expect(csv.some((r) => r.includes(`,${first.key},`))).toBe(false);
    const doc = JSON.stringify(buildDeskReport({ figures: all, names, scope: 'Every club' }));
    expect(doc).toContain('The Named Order');
    if (all.units.ruleOfCool.bands.length) expect(doc).toContain('Rule of Cool by D20 band');
  });
});
