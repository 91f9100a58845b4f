import { describe, expect, it } from 'vitest';
import { deskFiguresToCsv } from '../../src-shared/desk/csv';
import { factionModelNote } from '../../src-shared/desk/faction-adjusted';
import { deskFigures, deskRecordOf, type DeskBattle } from '../../src-shared/desk/figures';
import { fitFactionModel } from '../../src-shared/stats/faction-model';
import { buildDeskReport } from '../../templates/desk-report';
import { generatedRecords } from '../helpers/playtest-bundles';

/** Battles of two clubs whose pseudonyms are the same texts (p-…0 to p-…79 in each): each club's players are its own. */
const battles: DeskBattle[] = [
  ...generatedRecords(300, 5).map((record) => ({ clubId: 'club-a', record: deskRecordOf(record) })),
  ...generatedRecords(300, 6).map((record) => ({ clubId: 'club-b', record: deskRecordOf(record) })),
];

/** Issue 41: the adjusted faction figure in the desk's report, its CSV, its PDF and the model's caveat. */
describe('faction strength adjusted for players, in the desk', () => {
  const f = deskFigures(battles);

  it('fits the decided games with a player per pseudonym within each club, and gives each faction its adjusted chance', () => {
    const decided = battles.filter((b) => b.record.sides[0].result !== 'draw');
    expect(f.factionModel).toEqual({ games: decided.length, players: 160, playerPenalty: 1, factionPenalty: 0.25 });
    // the same games fitted by hand, players keyed by club and pseudonym, factions as first met
    const players = new Map<string, number>();
    const factions = new Map<string, number>();
    const id = (m: Map<string, number>, k: string) => m.get(k) ?? (m.set(k, m.size), m.size - 1);
    const fit = fitFactionModel(
      {
        playerA: decided.map((b) => id(players, `${b.clubId}/${b.record.sides[0].player}`)),
        playerB: decided.map((b) => id(players, `${b.clubId}/${b.record.sides[1].player}`)),
        factionA: decided.map((b) => id(factions, b.record.sides[0].factionId)),
        factionB: decided.map((b) => id(factions, b.record.sides[1].factionId)),
        winA: decided.map((b) => b.record.sides[0].result === 'win'),
        length: decided.length,
      },
      { players: players.size, factions: factions.size },
    )!;
    for (const x of f.factions) {
      const k = factions.get(x.factionId)!;
      expect(x.adjusted!.strength.estimate).toBeCloseTo(fit.strength[k]!, 9);
      expect(x.adjusted!.strength.upper - x.adjusted!.strength.estimate).toBeCloseTo(1.959963984540054 * fit.se[k]!, 9);
      expect(x.adjusted!.winChance.estimate).toBeCloseTo(1 / (1 + Math.exp(-fit.strength[k]!)), 9);
      expect(x.adjusted!.winChance.lower).toBeLessThan(x.adjusted!.winChance.estimate);
      expect(x.adjusted!.games).toBe(
        decided.filter((b) => b.record.sides.some((s) => s.factionId === x.factionId) && b.record.sides[0].factionId !== b.record.sides[1].factionId).length,
      );
    }
  });

  it('is absent where no two factions met in a decided game', () => {
    const mirrors = battles.slice(0, 20).map((b) => ({
      ...b,
      record: {
        ...b.record,
        sides: [
          { ...b.record.sides[0], factionId: 'x' },
          { ...b.record.sides[1], factionId: 'x' },
        ] as const,
      },
    }));
    const g = deskFigures(mirrors);
    expect(g.factionModel).toBeNull();
    expect(g.factions.every((x) => x.adjusted === null)).toBe(true);
  });

  it('is in the CSV, a row per faction and the model’s caveat', () => {
    const rows = deskFiguresToCsv(f).split('\r\n');
    for (const x of f.factions) {
      const row = rows.find((r) => r.startsWith(`faction,${x.factionId},`) && r.includes(',adjusted_win_chance,'))!;
      expect(row).toContain(`,${x.adjusted!.games},${x.adjusted!.winChance.estimate.toFixed(6)},${x.adjusted!.winChance.lower.toFixed(6)},`);
    }
    expect(rows.filter((r) => r.includes(',adjusted_strength_log_odds,'))).toHaveLength(f.factions.length);
    expect(rows.find((r) => r.startsWith('faction_model,'))).toContain('Wald interval');
  });

  it('is in the PDF’s faction table, with the caveat under it', () => {
    const doc = JSON.stringify(buildDeskReport({ figures: f, scope: 'Every club' }));
    expect(doc).toContain('Adjusted for players (95%)');
    expect(doc).toContain(JSON.stringify(factionModelNote(f.factionModel!)).slice(1, -1));
    const x = f.factions[0]!;
    expect(doc).toContain(`${(x.adjusted!.winChance.estimate * 100).toFixed(1)}% (`);
  });

  it('says what it adjusts for and when not to trust it', () => {
    const note = factionModelNote(f.factionModel!);
    expect(note).toContain(`${f.factionModel!.games} games`);
    expect(note).toContain('160 players');
    expect(note).toMatch(/average skill/);
    expect(note).toMatch(/few games/);
  });
});
