import { FACTION_PENALTY, fitFactionModel, PLAYER_PENALTY, strengthAsWinChance } from '../stats/faction-model';
import { RESULT_DRAW, RESULT_WIN, type DeskColumns } from './columns';

/**
 * The desk's faction strength adjusted for player skill (issue 41, point 3): the battles the report reads, gathered
 * for the faction model (src-shared/stats/faction-model.ts), and its fit as each faction's figure carries it.
 *
 * A player is a pseudonym within its club: pseudonyms are a keyed hash with each club's own secret, so the same text
 * from two clubs (or the same name, where clubs sent names) is two players. Draws are left out (the model is of who
 * won); mirror matches are kept, since they say who is the better player, and say nothing of the faction.
 */
export interface AdjustedStrength {
  /** The faction's strength on the log-odds scale, against the average of the factions fitted, with its 95% Wald interval. */
  strength: { estimate: number; lower: number; upper: number };
  /** The same as the chance to beat the average faction, both players of average skill. */
  winChance: { estimate: number; lower: number; upper: number };
  /** The decided games against other factions behind it. */
  games: number;
}

export interface FactionModelSummary {
  /** Decided games fitted (mirror matches included), and the players (pseudonyms within clubs) in them. */
  games: number;
  players: number;
  /** The ridge penalties (1 / prior variance) on a player's skill and a faction's strength. */
  playerPenalty: number;
  factionPenalty: number;
}

export class FactionModelGames {
  private readonly pa: number[] = [];
  private readonly pb: number[] = [];
  private readonly fa: number[] = [];
  private readonly fb: number[] = [];
  private readonly win: number[] = [];
  private readonly playerIds = new Map<number, number>();
  /**
   * The factions by their place in the columns, numbered as first met here (as the players are), so that the fit
   * over the same battles in the same order is the same to the last bit whatever else the desk holds.
   */
  private readonly factionIds = new Map<number, number>();
  private readonly crossGames: number[] = [];

  constructor(private readonly c: DeskColumns) {}

  private factionOf(place: number): number {
    let id = this.factionIds.get(place);
    if (id === undefined) {
      this.factionIds.set(place, (id = this.factionIds.size));
      this.crossGames.push(0);
    }
    return id;
  }

  private playerOf(side: number, club: number): number {
    const key = club * this.c.players.length + this.c.player[side]!;
    let id = this.playerIds.get(key);
    if (id === undefined) this.playerIds.set(key, (id = this.playerIds.size));
    return id;
  }

  /** Battle i (a row of the columns), if one side won. */
  add(i: number): void {
    const c = this.c;
    const r = c.result[2 * i]!;
    if (r === RESULT_DRAW || c.result[2 * i + 1] === RESULT_DRAW) return;
    const club = c.club[i]!;
    this.pa.push(this.playerOf(2 * i, club));
    this.pb.push(this.playerOf(2 * i + 1, club));
    const a = this.factionOf(c.faction[2 * i]!);
    const b = this.factionOf(c.faction[2 * i + 1]!);
    this.fa.push(a);
    this.fb.push(b);
    this.win.push(r === RESULT_WIN ? 1 : 0);
    if (a !== b) {
      this.crossGames[a]! += 1;
      this.crossGames[b]! += 1;
    }
  }

  /** The fit: each faction's adjusted strength by its place (null where the faction had no decided game against another), and the model's summary. */
  fit(): { byFaction: (AdjustedStrength | null)[]; summary: FactionModelSummary | null } {
    const byFaction = new Array<AdjustedStrength | null>(this.c.factions.length).fill(null);
    const games = { playerA: this.pa, playerB: this.pb, factionA: this.fa, factionB: this.fb, winA: this.win, length: this.pa.length };
    const fit = fitFactionModel(games, {
      players: this.playerIds.size,
      factions: this.factionIds.size,
      playerPenalty: PLAYER_PENALTY,
      factionPenalty: FACTION_PENALTY,
    });
    if (!fit) return { byFaction, summary: null };
    for (const [place, f] of this.factionIds) byFaction[place] = adjustedOf(fit.strength[f]!, fit.se[f]!, this.crossGames[f]!);
    return { byFaction, summary: { games: fit.n, players: this.playerIds.size, playerPenalty: PLAYER_PENALTY, factionPenalty: FACTION_PENALTY } };
  }
}

/** A faction's fitted strength as its figure carries it; null where it won or lost no game against another faction. */
export function adjustedOf(strength: number, se: number, games: number): AdjustedStrength | null {
  if (!games || !Number.isFinite(strength) || !Number.isFinite(se)) return null;
  const z = 1.959963984540054;
  return { strength: { estimate: strength, lower: strength - z * se, upper: strength + z * se }, winChance: strengthAsWinChance(strength, se), games };
}

/** The model's caveat, in the words the screen, the PDF and the CSV give it. */
export function factionModelNote(m: FactionModelSummary): string {
  return (
    `Adjusted for players: each faction's chance to beat the average faction when both players are of average skill, from a model that gives ` +
    `every player (a pseudonym within their club) a skill and every faction a strength, fitted over the ${m.games} games one side won ` +
    `(${m.players} players; draws left out), with its 95% Wald interval. It can tell a faction from the players who chose it only where ` +
    `players played several factions or met many opponents. A player with few games is taken to be near average, so part of a strong ` +
    `newcomer's results stays with their faction, and the intervals run a little narrow (in simulation about 93 in 100 covered the truth). ` +
    `Each faction is measured against the average of the factions shown, so a filter that changes the factions moves it.`
  );
}
