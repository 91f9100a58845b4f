import { survivedTheBattle, uncloakRound } from '../battle/formation-life';
import type { BattleOutcome } from '../battle/outcome';
import type { BattleState } from '../battle/state';
import type { Side } from '../battle/setup';
import type { VpBySource } from '../battle/victory-points';
import { rulingKeysDifferingFromDefault, type RuleOptions } from '../ruleset/options';
import type { PlaytestBattle, PlaytestSide } from './battle';

/**
 * Maps a battle played in Play Mode (its folded state, its finished outcome
 * and the VP it recorded by source) into the report's PlaytestBattle. Pure:
 * the backend loads the pieces (jobs-free, see handlers/reports.handlers.ts).
 */
export interface PlayedBattle {
  id: string;
  campaignId: string | null;
  mission: number | null;
  finishedAt: string;
  activation: 'bag' | 'alternating';
  state: BattleState;
  outcome: BattleOutcome;
  /** Each side's VP by source as Play Mode computes them (victory-points.ts). */
  vpBySource: Record<Side, VpBySource>;
  /** The rulings the battle was played under (its campaign's pinned options, or its own). */
  options: RuleOptions;
}

const tally = (xs: string[]) => xs.reduce<Record<string, number>>((t, x) => ((t[x] = (t[x] ?? 0) + 1), t), {});

export function playtestFromPlayed(b: PlayedBattle): PlaytestBattle {
  const s = b.state;
  const rounds = s.rounds;
  const side = (k: Side, i: 0 | 1): PlaytestSide => {
    const st = s.sides[k];
    const slotOf = new Map(st.formations.map((f) => [f.id, f.slot]));
    const wounds = new Map<string, { ranged: number; melee: number }>();
    for (const r of rounds)
      for (const w of r.wounds) {
        if (w.side !== k) continue;
        const slot = slotOf.get(w.formationId) ?? 'command';
        const row = wounds.get(slot) ?? { ranged: 0, melee: 0 };
        row[w.attack] += w.amount;
        wounds.set(slot, row);
      }
    const by = b.vpBySource[k];
    return {
      playerId: s.setup.sides[i].playerId,
      factionId: s.setup.sides[i].factionId,
      result: b.outcome.sides[i].result,
      // the report has no column of its own for VP recorded as 'other': they count with the secondary objective's
      vp: { objectives: by.objectives, relic: by.relic, secondary: by.secondary + by.other, cryptidHunt: by.cryptidHunt },
      wounds: [...wounds.entries()].map(([unitType, w]) => ({ unitType: unitType as PlaytestSide['wounds'][number]['unitType'], ...w })),
      orders: tally(rounds.flatMap((r) => r.orders.filter((o) => o.side === k).map((o) => o.orderId))),
      gambits: tally(rounds.flatMap((r) => r.gambits.filter((g) => g.side === k).map((g) => g.gambitId))),
      abilities: tally(rounds.flatMap((r) => r.abilities.filter((a) => a.side === k).map((a) => a.abilityId))),
      rulesOfCool: tally(rounds.flatMap((r) => r.rulesOfCool.filter((x) => x.side === k).map((x) => x.band))),
      rulesOfCoolSucceeded: tally(rounds.flatMap((r) => r.rulesOfCool.filter((x) => x.side === k && x.success).map((x) => x.band))),
      explosions: tally(rounds.flatMap((r) => r.explosions.filter((x) => x.side === k).map((x) => x.cause))),
      unitAbilities: tally(rounds.flatMap((r) => r.abilityUses.filter((x) => x.side === k).map((x) => x.abilityId))),
      uncloakRounds: st.formations.map(uncloakRound).filter((r): r is number => r !== null),
      // a service mark needs a survivor at the end, retreated fighters counting (DIGEST 16.3): the life cycle's own answer
      formations: st.formations.map((f) => ({ unitType: f.slot, survived: survivedTheBattle(s, k, f) })),
    };
  };
  const seconds = rounds.map((r) => (r.startedAt && r.endedAt ? Math.max(0, (Date.parse(r.endedAt) - Date.parse(r.startedAt)) / 1000) : null));
  return {
    id: b.id,
    source: 'play',
    campaignId: b.campaignId,
    mission: b.mission,
    playedAt: b.finishedAt,
    sequence: b.activation,
    // rounds without both times are left out rather than counted as zero
    roundSeconds: seconds.every((x) => x !== null) ? (seconds as number[]).slice(0, 5) : [],
    sides: [side('A', 0), side('B', 1)],
    cryptid: s.cryptid
      ? {
          cryptidId: s.cryptid.cryptidId,
          round: s.cryptid.spawnedRound,
          woundsDealt: null,
          woundsTaken: s.cryptid.startingWounds - s.cryptid.remaining,
          defeated: s.cryptid.defeated,
        }
      : null,
    storm: s.storm ? { round: s.storm.arrivedRound, woundsDealt: rounds.reduce((n, r) => n + (r.storm?.woundsDealt ?? 0), 0) } : null,
    rulings: rulingKeysDifferingFromDefault(b.options),
    disputes: [...s.setupRulings.map((r) => ({ ...r, round: null })), ...rounds.flatMap((r) => r.rulings.map((x) => ({ ...x, round: r.round })))].map((r) => ({
      ruleRef: r.ruleRef.slice(0, 40),
      note: `${r.ruling}: ${r.text}`.slice(0, 500),
      round: r.round,
    })),
  };
}
