import { describe, expect, it } from 'vitest';
import { deskColumns } from '../../src-shared/desk/columns';
import { deskFigures, deskFiguresOver, type DeskBattle, type DeskSide } from '../../src-shared/desk/figures';
import { deskRows, type DeskFilter } from '../../src-shared/desk/filter';
import { inDeskFilter, referenceDeskFigures } from '../fixtures/desk-figures-reference';

// Issue 36: the desk's figures are read from columns (src-shared/desk/columns.ts); they must equal, value for value,
// the figures as they were computed from the battles' records (test/fixtures/desk-figures-reference.ts), over every
// kind of battle the records allow and every filter.

function random(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => (s = (s * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, pick, int };
}

// names that sort alike in the locale's order but are different texts ("é" written two ways), and names whose
// code-unit order differs from the locale's ("B" before "a"), so the order rows are met in and sorted in both tell
const FACTIONS = ['ashborn', 'iron-choir', 'B-side', 'a-side', '\u00e9cho', 'e\u0301cho', 'scattered'];
const RULINGS = ['latchRout=true', 'stormRound=3', 'Alpha=1', 'alpha=1'];
const RULE_REFS = ['AMB-12', 'amb-12', 'R\u00e9f', 'Re\u0301f', 'LOS-3'];
const NOTES = ['', 'Which edge?', 'Unclear', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9', 'n10', 'n11'];
const PLAYERS = ['p-0000000000000001', 'p-0000000000000002', 'Zo\u00eb', 'Zoe\u0308', 'zoë', 'p-00000000000000ff'];
const CLUBS = ['3f1c2a10-0000-4000-8000-000000000001', '3f1c2a10-0000-4000-8000-000000000002', '3f1c2a10-0000-4000-8000-000000000003'];

function battles(count: number, seed: number, o: { keyed?: boolean; paper?: boolean } = {}): DeskBattle[] {
  const r = random(seed);
  const side = (factionId: string, result: DeskSide['result']): DeskSide => ({
    player: r.pick(PLAYERS),
    factionId,
    result,
    points: r.next() < 0.1 ? null : r.pick([400, 500, 750]),
    vp: { objectives: r.int(0, 10), relic: r.int(0, 3), secondary: r.int(0, 4), cryptidHunt: r.int(0, 2) },
    ratings: r.next() < 0.5 ? null : { fun: r.next() < 0.2 ? null : r.int(1, 5), clarity: r.next() < 0.2 ? null : r.int(1, 5), confusingRule: null },
  });
  return Array.from({ length: count }, (_, i) => {
    const a = r.pick(FACTIONS);
    const b = r.next() < 0.15 ? a : r.pick(FACTIONS);
    const x = r.next();
    const [ra, rb]: [DeskSide['result'], DeskSide['result']] = x < 0.45 ? ['win', 'loss'] : x < 0.9 ? ['loss', 'win'] : ['draw', 'draw'];
    const clubId = r.pick(CLUBS);
    const battleId = `b-${i}`;
    // about one battle in five recorded on the paper form (issue 41): VP as a total, no times, initiative or disputes
    if (o.paper && r.next() < 0.2) {
      const paperSide = (s: DeskSide): DeskSide => ({
        player: s.player,
        factionId: s.factionId,
        result: s.result,
        points: s.points,
        vpTotal: r.int(0, 19),
        ratings: s.ratings,
      });
      return {
        clubId,
        ...(o.keyed ? { key: `${clubId}/${battleId}` } : {}),
        record: {
          battleId,
          source: 'paper' as const,
          playedAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
          mission: r.int(1, 5),
          variant: null,
          rulesVersion: r.pick(['2.4', '2.5']),
          firstMover: null,
          rulings: Array.from({ length: r.pick([0, 0, 1]) }, () => r.pick(RULINGS)),
          sides: [paperSide(side(a, ra)), paperSide(side(b, rb))],
        },
      };
    }
    return {
      clubId,
      ...(o.keyed ? { key: `${clubId}/${battleId}` } : {}),
      record: {
        battleId,
        playedAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
        mission: r.next() < 0.1 ? null : r.int(1, 5),
        variant: r.next() < 0.7 ? null : r.pick(['ash-fields', 'night']),
        rulesVersion: r.next() < 0.1 ? null : r.pick(['2.4', '2.5']),
        firstMover: r.next() < 0.3 ? null : r.pick([0, 1] as const),
        // whole seconds and fractions, repeated times, zero and minus zero (JSON reads "-0" as -0)
        roundSeconds: Array.from({ length: r.pick([0, 0, 1, 3, 5]) }, () => r.pick([0, -0, 540, 600, 600, 612.5, 700, 1234.25])),
        rulings: Array.from({ length: r.pick([0, 0, 0, 1, 2, 3]) }, () => r.pick(RULINGS)),
        disputes: Array.from({ length: r.pick([0, 0, 0, 1, 2]) }, () => ({ ruleRef: r.pick(RULE_REFS), note: r.pick(NOTES), round: null })),
        sides: [side(a, ra), side(b, rb)],
      },
    };
  });
}

const FILTERS: DeskFilter[] = [
  {},
  { missions: [2, 3] },
  { versions: ['2.5'] },
  { versions: ['9.9'] },
  { variants: ['night'] },
  { clubs: [CLUBS[1]!] },
  { factions: ['B-side', '\u00e9cho'] },
  { factions: ['nobody'] },
  { pointsMin: 500 },
  { pointsMax: 500 },
  { pointsMin: 450, pointsMax: 600 },
  { rulings: ['latchRout=true'] },
  { rulings: ['latchRout=true', 'stormRound=3'] },
  { rulings: ['neverRuled=1'] },
  { from: '2026-01-05' },
  { to: '2026-01-09' },
  { from: '2026-01-03', to: '2026-01-04' },
  { missions: [], factions: [] },
  { clubs: [CLUBS[0]!, CLUBS[2]!], missions: [1, 5], factions: ['ashborn'], rulings: ['Alpha=1'], pointsMin: 400 },
];

describe('the desk’s figures from columns equal the figures from the records [issue 36]', () => {
  it.each([
    [400, 1],
    [1500, 2],
    [3000, 3],
  ])('over %i battles (seed %i), with and without the keys', (count, seed) => {
    const bs = battles(count, seed, { keyed: seed % 2 === 0 });
    expect(deskFigures(bs)).toStrictEqual(referenceDeskFigures(bs));
    expect(deskFigures(bs, { withKeys: false })).toStrictEqual(referenceDeskFigures(bs, { withKeys: false }));
  });

  it.each(FILTERS.map((f) => [JSON.stringify(f), f] as const))('over the battles the filter %s selects', (_, f) => {
    const bs = battles(2500, 7, { keyed: true });
    const columns = deskColumns(bs);
    const rows = deskRows(columns, f);
    const selected = bs.filter((b) => inDeskFilter(b, f));
    expect(rows === null ? bs.length : rows.length).toBe(selected.length);
    expect(deskFiguresOver(columns, rows)).toStrictEqual(referenceDeskFigures(selected));
    // a second report over the same columns reuses their buffers
    expect(deskFiguresOver(columns, rows, { withKeys: false })).toStrictEqual(referenceDeskFigures(selected, { withKeys: false }));
  });

  it.each([{}, { source: 'play' }, { source: 'paper' }, { source: 'paper', missions: [2] }] as DeskFilter[])(
    'with paper records among them, over the battles the filter %j selects [issue 41]',
    (f) => {
      const bs = battles(2000, 11, { keyed: true, paper: true });
      const paper = bs.filter((b) => b.record.source === 'paper');
      expect(paper.length).toBeGreaterThan(300);
      const columns = deskColumns(bs);
      const rows = deskRows(columns, f);
      const selected = bs.filter((b) => inDeskFilter(b, f));
      expect(rows === null ? bs.length : rows.length).toBe(selected.length);
      const figures = deskFiguresOver(columns, rows);
      expect(figures).toStrictEqual(referenceDeskFigures(selected));
      // a dispute's n counts the battles whose records can hold disputes: never a paper one
      const disputable = selected.filter((b) => b.record.source !== 'paper').length;
      for (const d of figures.disputes) expect(d.n).toBe(disputable);
      if (f.source === 'paper') {
        expect(selected.every((b) => b.record.source === 'paper')).toBe(true);
        expect(figures.disputes).toEqual([]);
        expect(figures.speed).toEqual([]);
        expect(figures.firstMover.n).toBe(0);
        // what the form knows still counts: the factions' games and their ratings
        expect(figures.factions.reduce((t, x) => t + x.games + 2 * x.mirrors, 0)).toBe(2 * selected.length);
        expect(figures.ratings.length).toBeGreaterThan(0);
      }
      if (f.source === 'play') expect(selected.some((b) => b.record.source === 'paper')).toBe(false);
    },
  );

  it('over no battles, and over one', () => {
    expect(deskFigures([])).toStrictEqual(referenceDeskFigures([]));
    const one = battles(1, 5);
    expect(deskFigures(one)).toStrictEqual(referenceDeskFigures(one));
  });
});
