import { describe, expect, it } from 'vitest';
import { deskFigures, deskRecordOf, MIRROR_NOTE, type DeskBattle } from '../../src-shared/desk/figures';
import { deskFiguresToCsv, DESK_CSV_HEADER } from '../../src-shared/desk/csv';
import { buildDeskReport } from '../../templates/desk-report';
import { generatedRecords } from '../helpers/playtest-bundles';

/**
 * Issue 41, point 5: a faction's mirror matches (the same faction on both sides) are counted the same way in every
 * column (left out of games, wins, draws, losses, the rate, its n and the battles behind it, and counted apart once per
 * battle), and one footnote says so wherever faction rates appear. Before, "71 games, 38 wins, 56.9%" counted a
 * mirror twice in the games and not at all in the rate.
 */
describe('mirror matches, counted one way in every column', () => {
  const records = generatedRecords(400, 17);
  const battles: DeskBattle[] = records.map((record) => ({ clubId: 'c', record: deskRecordOf(record) }));
  const mirrorsOf = (factionId: string) => records.filter((r) => r.sides[0].factionId === factionId && r.sides[1].factionId === factionId);
  const f = deskFigures(battles);

  it('the generated battles hold mirror matches of several factions', () => {
    expect(f.factions.filter((x) => mirrorsOf(x.factionId).length > 0).length).toBeGreaterThan(1);
  });

  it('games = wins + draws + losses = n = the battles behind it; the rate is wins over those games; mirrors are battles apart', () => {
    for (const x of f.factions) {
      const against = records.filter((r) => r.sides[0].factionId !== r.sides[1].factionId && r.sides.some((s) => s.factionId === x.factionId));
      expect(x.games, x.factionId).toBe(against.length);
      expect(x.wins + x.draws + x.losses, x.factionId).toBe(x.games);
      expect(x.n, x.factionId).toBe(x.games);
      expect(x.battleCount, x.factionId).toBe(x.games);
      expect(x.keys, x.factionId).toEqual(against.map((r) => `c/${r.battleId}`));
      expect(x.winRate.estimate, x.factionId).toBeCloseTo(x.wins / x.games, 12);
      expect(x.wins, x.factionId).toBe(against.filter((r) => r.sides.find((s) => s.factionId === x.factionId)!.result === 'win').length);
      expect(x.mirrors, x.factionId).toBe(mirrorsOf(x.factionId).length);
    }
    // every side of every battle is in exactly one place: a faction's games, or (twice per battle) its mirrors
    expect(f.factions.reduce((t, x) => t + x.games + 2 * x.mirrors, 0)).toBe(2 * records.length);
  });

  /** A CSV line's cells (RFC 4180 quoting). */
  const cells = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, DESK_CSV_HEADER.length);

  it('the CSV and the PDF carry the same counts and the footnote', () => {
    const rows = deskFiguresToCsv(f).split('\r\n');
    const n = DESK_CSV_HEADER.indexOf('n');
    for (const x of f.factions) {
      const rate = rows.find((r) => r.startsWith(`faction,${x.factionId},`) && r.includes(',win_rate,'))!;
      expect(Number(cells(rate)[n])).toBe(x.games);
      const mirrors = rows.find((r) => r.startsWith(`faction,${x.factionId},`) && r.includes(',mirror_matches,'))!;
      expect(Number(cells(mirrors)[n])).toBe(x.mirrors);
    }
    expect(rows.filter((r) => r.includes(MIRROR_NOTE.slice(0, 40)))).toHaveLength(1);
    const doc = JSON.stringify(buildDeskReport({ figures: f, scope: 'Every club' }));
    expect(doc).toContain(JSON.stringify(MIRROR_NOTE).slice(1, 60));
    const x = f.factions[0]!;
    expect(doc).toContain(`${x.wins} / ${x.draws} / ${x.losses}`);
  });
});
