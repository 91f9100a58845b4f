import type { BattleOutcome } from '../battle/outcome';
import type { BattleRatings } from '../battle/ratings';
import { rulingKeysDifferingFromDefault, type RuleOptions } from '../ruleset/options';
import type { PlaytestBattle, PlaytestSide } from './battle';

/** What the backend knows beside a post-battle form's outcome: each side's army (faction and points), the rulings, when. */
export interface PaperBattle {
  id: string;
  outcome: BattleOutcome;
  /** Each side's army as its roster stood when the battle was recorded. */
  armies: readonly [{ factionId: string; points: number | null }, { factionId: string; points: number | null }];
  /** The campaign's pinned rulings (its options). */
  options: RuleOptions;
  finishedAt: string;
  ratings?: Partial<BattleRatings>;
}

/**
 * A battle recorded on the post-battle form as a playtest record of its own kind (issue 41, `source: 'paper'`): what
 * the form knows (mission, factions, results, VP as entered, formations' survival, the cryptid and the Wounds dealt
 * it, trophies, Veteran Sixes, the rulings in force, the ratings) and nothing it does not: no VP by source, sequence,
 * round times, wounds by unit type, orders, gambits, abilities, Rule of Cool, Uncloak, storm or disputes. Those are
 * null or absent, so no figure reads them as zero.
 */
export function playtestFromPaper(p: PaperBattle): PlaytestBattle {
  const o = p.outcome;
  const side = (i: 0 | 1): PlaytestSide => {
    const s = o.sides[i];
    return {
      playerId: s.playerId,
      factionId: p.armies[i].factionId,
      result: s.result,
      vp: null,
      vpTotal: s.victoryPoints,
      points: p.armies[i].points,
      trophies: s.trophies.map((t) => t.trophyId),
      veteranSixesSpent: s.veteranSixesSpent,
      wounds: [],
      orders: {},
      gambits: {},
      abilities: {},
      rulesOfCool: {},
      rulesOfCoolSucceeded: {},
      explosions: {},
      unitAbilities: {},
      uncloakRounds: [],
      // a service mark needs a survivor at the end, retreated fighters counting among the survivors (DIGEST 16.3)
      formations: s.formations.map((f) => ({ unitType: f.slot, survived: f.survivors > 0 })),
      ratings: p.ratings?.[i === 0 ? 'A' : 'B'] ?? null,
    };
  };
  return {
    id: p.id,
    source: 'paper',
    campaignId: o.campaignId,
    mission: o.mission,
    playedAt: p.finishedAt,
    sequence: null,
    roundSeconds: [],
    sides: [side(0), side(1)],
    cryptid: o.cryptid && {
      cryptidId: o.cryptid.cryptidId,
      round: null,
      woundsDealt: null,
      // the Wounds each formation dealt it, as entered
      woundsTaken: o.sides.reduce((t, s) => t + s.formations.reduce((u, f) => u + f.cryptidWounds, 0), 0),
      defeated: o.cryptid.defeated,
    },
    storm: null,
    rulings: rulingKeysDifferingFromDefault(p.options),
    disputes: [],
  };
}
