import { describe, expect, it } from 'vitest';
import { fitFactionModel, strengthAsWinChance, type ModelGames } from '../../src-shared/stats/faction-model';
import { FACTION_MODEL_REFERENCE } from '../fixtures/faction-model-reference';

const gamesOf = (rows: readonly (readonly number[])[]): ModelGames => ({
  playerA: rows.map((r) => r[0]!),
  playerB: rows.map((r) => r[1]!),
  factionA: rows.map((r) => r[2]!),
  factionB: rows.map((r) => r[3]!),
  winA: rows.map((r) => r[4]!),
  length: rows.length,
});

/** Issue 41: faction strength adjusted for player skill, matched to statsmodels and scipy (test/fixtures/faction-model-reference.py). */
describe('the faction model checked against statsmodels', () => {
  it.each(FACTION_MODEL_REFERENCE.map((c) => [`${c.name}, penalties ${c.playerPenalty} and ${c.factionPenalty}`, c] as const))('%s', (_, c) => {
    const fit = fitFactionModel(gamesOf(c.games), {
      players: c.players,
      factions: c.factions,
      playerPenalty: c.playerPenalty,
      factionPenalty: c.factionPenalty,
    })!;
    expect(fit).not.toBeNull();
    expect(fit.n).toBe(c.games.length);
    for (let f = 0; f < c.factions; f++) {
      expect(fit.strength[f]).toBeCloseTo(c.strength[f]!, 9);
      expect(fit.se[f]).toBeCloseTo(c.se[f]!, 9);
    }
    c.covariance.forEach((v, i) => expect(fit.covariance[i]).toBeCloseTo(v, 9));
    c.skill.forEach((v, p) => expect(fit.skill[p]).toBeCloseTo(v, 9));
    expect(fit.logLikelihood).toBeCloseTo(c.logLikelihood, 9);
    // the penalty makes the strengths sum to zero: each is against the average faction
    expect(Math.abs(fit.strength.reduce((a, b) => a + b, 0))).toBeLessThan(1e-9);
  });
});

describe('the faction model', () => {
  it('takes a strong player’s wins from their faction', () => {
    // player 0 is strong and always plays faction 0; players 1–3 are even and play factions 0 and 1 alike, with even results
    const rows: number[][] = [];
    for (let k = 0; k < 40; k++) {
      rows.push([0, 1 + (k % 3), 0, 1, k % 5 === 0 ? 0 : 1]); // player 0 wins 80%
      rows.push([1 + (k % 3), 1 + ((k + 1) % 3), k % 2, 1 - (k % 2), k % 2]); // the faction played by A alternates, and so does the winner
      rows.push([1 + (k % 3), 1 + ((k + 2) % 3), k % 2, 1 - (k % 2), 1 - (k % 2)]);
    }
    const fit = fitFactionModel(gamesOf(rows), { players: 4, factions: 2 })!;
    // raw: faction 0 wins (32 + 40) of 120 of its games against faction 1, 60%
    expect(fit.strength[0]).toBeGreaterThan(0);
    expect(strengthAsWinChance(fit.strength[0]!, fit.se[0]!).estimate).toBeLessThan(0.56);
    expect(fit.skill[0]).toBeGreaterThan(0.8);
  });

  it('converges where a player won every game, with finite intervals', () => {
    const rows = Array.from({ length: 12 }, (_, k) => [0, 1 + (k % 2), k % 2, 1 - (k % 2), 1]);
    const fit = fitFactionModel(gamesOf(rows), { players: 3, factions: 2 })!;
    expect(Number.isFinite(fit.skill[0]!)).toBe(true);
    expect(Number.isFinite(fit.se[0]!)).toBe(true);
    expect(fit.strength[0]).toBeCloseTo(0, 9);
  });

  it('splits the players into clubs that never met, with the same estimate as one block', () => {
    // two clubs (players 0–2, 3–5) that never played each other, and the same games as one list in another order
    const rows = FACTION_MODEL_REFERENCE[0]!.games.slice(0, 60);
    const fit = fitFactionModel(gamesOf(rows), { players: 18, factions: 4 })!;
    const reversed = fitFactionModel(gamesOf([...rows].reverse()), { players: 18, factions: 4 })!;
    for (let f = 0; f < 4; f++) expect(reversed.strength[f]).toBeCloseTo(fit.strength[f]!, 12);
  });

  it('leaves out a faction with no game and fits nothing without two factions meeting', () => {
    const fit = fitFactionModel(gamesOf([[0, 1, 0, 2, 1]]), { players: 2, factions: 3 })!;
    expect(Number.isNaN(fit.strength[1]!)).toBe(true);
    expect(fit.strength[0]! + fit.strength[2]!).toBeCloseTo(0, 12);
    expect(fitFactionModel(gamesOf([[0, 1, 1, 1, 1]]), { players: 2, factions: 3 })).toBeNull();
    expect(fitFactionModel(gamesOf([]), { players: 0, factions: 0 })).toBeNull();
  });

  it('gives the win chance against the average faction through the logistic', () => {
    const w = strengthAsWinChance(0.5, 0.2);
    expect(w.estimate).toBeCloseTo(1 / (1 + Math.exp(-0.5)), 12);
    expect(w.lower).toBeCloseTo(1 / (1 + Math.exp(-(0.5 - 1.959963984540054 * 0.2))), 9);
    expect(w.upper).toBeCloseTo(1 / (1 + Math.exp(-(0.5 + 1.959963984540054 * 0.2))), 9);
  });
});
