import { describe, expect, it } from 'vitest';
import { deskFigures, deskRecordOf, type DeskBattle } from '../../src-shared/desk/figures';
import { generatedRecords } from '../helpers/playtest-bundles';

/** Battles of one club: `n` games of faction "a" against "b", "a" winning `aWins` of them, each under these rulings. */
function club(clubId: string, n: number, aWins: number, rulings: string[], prefix: string): DeskBattle[] {
  return generatedRecords(n, 1, prefix).map((r, i) => {
    const won = i < aWins;
    const record = deskRecordOf({
      ...r,
      rulings,
      sides: [
        { ...r.sides[0], factionId: 'a', result: won ? 'win' : 'loss' },
        { ...r.sides[1], factionId: 'b', result: won ? 'loss' : 'win' },
      ],
    });
    return { clubId, record };
  });
}

/**
 * Issue 41: a ruling's games were compared with the default pooled over every club, so a strong club that played the
 * ruling read as the ruling's effect; two rulings always played together showed as two identical tables.
 */
describe('the desk compares a ruling fairly', () => {
  it('within clubs: a strong club that alone plays a ruling is not the ruling’s effect', () => {
    // club S: "a" wins 80% whether or not it plays the ruling; club W: "a" wins 30%, and plays only at the default
    const battles = [...club('S', 40, 32, ['latchRout=true'], 's1'), ...club('S', 40, 32, [], 's2'), ...club('W', 80, 24, [], 'w')];
    const f = deskFigures(battles, { withKeys: false });
    const ruling = f.rulings.find((r) => r.ruling === 'latchRout=true')!;
    const a = ruling.factions.find((x) => x.factionId === 'a')!;
    // pooled, the ruling looks strong: 80% under it against 46.7% at the default (club W's games dragging it down)
    expect(a.p).toBeLessThan(0.001);
    // within clubs there is nothing: club S wins as often either way, and club W never played it
    expect(a.stratified).toMatchObject({ test: 'exact', clubs: 1 });
    expect(a.stratified.p).toBeCloseTo(1, 9);
    expect(a.differenceInterval.lower).toBeLessThan(a.difference!);
    expect(a.differenceInterval.upper).toBeGreaterThan(a.difference!);
    expect(a.gamesNeeded).toBeGreaterThan(100);
    expect(a.adjustedP).toBeGreaterThanOrEqual(a.stratified.p!);
  });

  it('names rulings always played together as one confounded set, and adjusts every p-value of the page together', () => {
    const battles = [
      ...club('S', 30, 20, ['latchRout=true', 'cryptidTie=rolloff'], 'x'),
      ...club('S', 30, 12, [], 'y'),
      ...club('T', 20, 5, ['cryptidTie=rolloff'], 'z'),
      ...club('T', 20, 10, [], 'v'),
    ];
    const both = [...club('S', 30, 20, ['latchRout=true', 'cryptidTie=rolloff'], 'x'), ...club('S', 30, 12, [], 'y')];
    const f = deskFigures(both, { withKeys: false });
    expect(f.rulings.map((r) => [r.ruling, r.confoundedWith])).toEqual([
      ['cryptidTie=rolloff', ['latchRout=true']],
      ['latchRout=true', ['cryptidTie=rolloff']],
    ]);
    const apart = deskFigures(battles, { withKeys: false });
    expect(apart.rulings.every((r) => r.confoundedWith.length === 0)).toBe(true);
    const comparisons = apart.rulings.flatMap((r) => r.factions);
    for (const c of comparisons) expect(c.adjustedP!).toBeGreaterThanOrEqual(c.stratified.p!);
    // Holm over k tests: the smallest p-value is multiplied by k
    const smallest = comparisons.reduce((m, c) => (c.stratified.p! < m.stratified.p! ? c : m));
    expect(smallest.adjustedP).toBeCloseTo(Math.min(1, smallest.stratified.p! * comparisons.length), 12);
  });

  it('lists each player by pseudonym with games, results and factions, most games first', () => {
    const battles = club('S', 6, 4, [], 'p');
    const f = deskFigures(battles, { withKeys: false });
    const sides = battles.flatMap((b) => b.record.sides);
    const byPlayer = new Map<string, number>();
    for (const s of sides) byPlayer.set(s.player, (byPlayer.get(s.player) ?? 0) + 1);
    expect(f.players.map((p) => [p.player, p.games])).toEqual([...byPlayer].sort(([x, a], [y, b]) => b - a || (x < y ? -1 : 1)));
    for (const p of f.players) {
      const mine = sides.filter((s) => s.player === p.player);
      expect([p.wins, p.draws, p.losses]).toEqual(['win', 'draw', 'loss'].map((r) => mine.filter((s) => s.result === r).length));
      expect(p.factions.reduce((n, x) => n + x.games, 0)).toBe(p.games);
    }
  });
});
