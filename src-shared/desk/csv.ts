import { MIRROR_NOTE, type DeskFigures, type Estimate } from './figures';
import { rulingLabel } from '../ruleset/options';
import { factionModelNote } from './faction-adjusted';
import { EXPLOSION_CAUSE_NAMES, FORMATION_TYPE_NAMES, nameOf, USAGE_KIND_NAMES, VP_SOURCE_NAMES } from '../naming';

/**
 * The desk's figures as one CSV table in long form: a row per figure and
 * measure, with its interval, n, the "too few games" mark, the test in words
 * where there is one, and the battles behind it (`club/battle`, space
 * separated). RFC 4180 quoting; a cell a spreadsheet would run as a formula
 * (another club's note starting with =, +, - or @) is prefixed with '.
 */
export const DESK_CSV_HEADER = ['section', 'subject', 'detail', 'measure', 'n', 'estimate', 'lower', 'upper', 'too_few', 'in_words', 'battles'] as const;

function cell(v: string | number | null): string {
  if (v === null) return '';
  let s = typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(6)) : v;
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

type Cell = string | number | null;
type Add = (
  section: string,
  subject: string,
  detail: string,
  measure: string,
  n: number,
  e: Partial<Estimate> | null,
  tooFew: boolean,
  words?: string,
  keys?: string[],
) => void;
type Names = (id: string) => string;

/** The battles and clubs the figures are over. */
function summaryRows(f: DeskFigures, add: Add): void {
  add('summary', 'all', '', 'battles', f.battles, { estimate: f.battles }, false);
  add('summary', 'all', '', 'clubs', f.clubs, { estimate: f.clubs }, false);
}

/** Each faction: its win rate, mirror matches, VP difference and strength adjusted for players. */
function factionRows(f: DeskFigures, add: Add, names: Names): void {
  // mirror matches counted one way in every faction row, and said once (issue 41, point 5)
  if (f.factions.length) add('note', 'mirror matches', MIRROR_NOTE, '', 0, null, false);
  for (const x of f.factions) {
    add(
      'faction',
      names(x.factionId),
      `${x.wins} wins, ${x.draws} draws, ${x.losses} losses in ${x.games} games against other factions`,
      'win_rate',
      x.n,
      x.winRate,
      x.tooFew,
      '',
      x.keys,
    );
    add('faction', names(x.factionId), 'battles against itself, counted in no other row', 'mirror_matches', x.mirrors, { estimate: x.mirrors }, false);
    add('faction', names(x.factionId), '', 'vp_difference', x.n, x.vpDifference, x.tooFew, '', x.keys);
    if (x.adjusted) {
      const detail = 'adjusted for players: against the average faction, players of equal skill';
      add('faction', names(x.factionId), detail, 'adjusted_win_chance', x.adjusted.games, x.adjusted.winChance, x.tooFew, '', x.keys);
      add('faction', names(x.factionId), detail, 'adjusted_strength_log_odds', x.adjusted.games, x.adjusted.strength, x.tooFew, '', x.keys);
    }
  }
}

/** The unit figures (issue 41, point 4): each over the records that hold its field. */
function unitTypeRows(f: DeskFigures, add: Add): void {
  // the unit figures (issue 41, point 4): each over the records that hold its field
  for (const t of f.units.unitTypes) {
    if (!t.formations) continue;
    add(
      'unit_type',
      nameOf(FORMATION_TYPE_NAMES, t.unitType),
      `${t.survived} of ${t.formations} formations survived`,
      'survival',
      t.n,
      t.survival,
      t.tooFew,
      '',
      t.keys,
    );
    add(
      'unit_type',
      nameOf(FORMATION_TYPE_NAMES, t.unitType),
      'Wounds dealt per side that fielded it (ranged and melee)',
      'wounds_per_side',
      t.woundsPerGame.sides,
      t.woundsPerGame,
      t.tooFew,
      '',
      t.keys,
    );
  }
}

/** Sides whose Heavy exploded, and the explosions by cause. */
function heavyExplosionRows(f: DeskFigures, add: Add): void {
  const h = f.units.heavyExplosions;
  if (h.sidesWithHeavy) {
    add(
      'heavy_explosions',
      'all',
      `${h.sidesWithExplosion} of ${h.sidesWithHeavy} sides that fielded a Heavy`,
      'sides_with_explosion',
      h.n,
      h.rate,
      h.tooFew,
      '',
      h.keys,
    );
    for (const c of h.byCause)
      add('heavy_explosions', nameOf(EXPLOSION_CAUSE_NAMES, c.cause), '', 'explosions', c.n, { estimate: c.explosions }, c.tooFew, '', c.keys);
  }
}

/** Each cryptid: how often defeated, and the Wounds it took and dealt. */
function cryptidRows(f: DeskFigures, add: Add, names: Names): void {
  for (const c of f.units.cryptids) {
    add('cryptid', names(c.cryptidId), `${c.defeated} of ${c.battles} battles`, 'defeated', c.n, c.defeatRate, c.tooFew, '', c.keys);
    add('cryptid', names(c.cryptidId), '', 'wounds_taken', c.n, c.woundsTaken, c.tooFew, '', c.keys);
    add('cryptid', names(c.cryptidId), '', 'wounds_dealt', c.woundsDealt.n, c.woundsDealt, c.tooFew, '', c.keys);
  }
}

/** VP per side by source. */
function vpSourceRows(f: DeskFigures, add: Add): void {
  for (const v of f.units.vpSources)
    if (v.n)
      add(
        'vp_source',
        nameOf(VP_SOURCE_NAMES, v.source),
        v.share === null ? '' : `share ${v.share.toFixed(6)}`,
        'vp_per_side',
        v.n,
        v.perSide,
        v.tooFew,
        '',
        v.keys,
      );
}

/** Orders, gambits, abilities and the rest used per game. */
function usageRows(f: DeskFigures, add: Add, names: Names): void {
  for (const u of f.units.usage)
    add(
      'used',
      names(u.key),
      `${USAGE_KIND_NAMES[u.kind]}: ${u.uses} uses, by ${u.sidesUsing} of ${u.sides} sides in ${u.battles} battles`,
      'uses_per_game',
      u.n,
      u.perGame,
      u.tooFew,
      `used in ${u.sidesUsing} of ${u.sides} sides' games`,
      u.keys,
    );
}

/** Rule of Cool success by D20 band. */
function ruleOfCoolRows(f: DeskFigures, add: Add): void {
  for (const b of f.units.ruleOfCool.bands)
    add('rule_of_cool', `D20 ${b.band}`, `${b.succeeded} of ${b.attempts} attempts succeeded`, 'success_rate', b.n, b.successRate, b.tooFew, '', b.keys);
}

/** The faction model behind the adjusted strengths. */
function factionModelRows(f: DeskFigures, add: Add): void {
  if (f.factionModel)
    add(
      'faction_model',
      'all',
      'penalised Bradley–Terry, Wald 95%',
      'decided_games',
      f.factionModel.games,
      { estimate: f.factionModel.games },
      false,
      factionModelNote(f.factionModel),
    );
}

/** The win chance at each difference in army points. */
function pointsCurveRows(f: DeskFigures, add: Add): void {
  if (f.pointsCurve)
    for (const x of f.pointsCurve.at)
      add(
        'points_curve',
        `${x.difference > 0 ? '+' : ''}${x.difference} points`,
        'logistic, through 50% at equal points',
        'win_chance',
        f.pointsCurve.n,
        x,
        false,
      );
}

/** Each player: games, results and factions played. */
function playerRows(f: DeskFigures, add: Add, names: Names): void {
  for (const x of f.players)
    add(
      'player',
      x.player,
      x.factions.map((y) => `${names(y.factionId)} (${y.games})`).join('; '),
      'games',
      x.games,
      { estimate: x.wins },
      x.tooFew,
      `${x.wins} wins, ${x.draws} draws, ${x.losses} losses`,
      x.keys,
    );
}

/** Head to head: the first faction's win rate against the second. */
function pairRows(f: DeskFigures, add: Add, names: Names): void {
  for (const x of f.pairs) add('head_to_head', `${names(x.factionA)} v ${names(x.factionB)}`, '', 'win_rate_first', x.n, x.winRateA, x.tooFew, '', x.keys);
}

/** Each ruling, faction by faction: the difference from the default and its stratified, Holm-adjusted test. */
function rulingRows(f: DeskFigures, add: Add, names: Names): void {
  for (const x of f.rulings)
    for (const c of x.factions) {
      add(
        'ruling',
        rulingLabel(x.ruling),
        names(c.factionId),
        'win_rate_difference',
        c.under.games + c.atDefault.games,
        c.differenceInterval,
        c.tooFew,
        c.words,
        x.keys,
      );
      add(
        'ruling',
        rulingLabel(x.ruling),
        names(c.factionId),
        'stratified_p_holm',
        c.under.games + c.atDefault.games,
        { estimate: c.adjustedP },
        c.tooFew,
        `${c.stratified.words}; ${c.gamesNeeded ?? '–'} games per side to find 10 points${x.confoundedWith.length ? `; confounded with ${x.confoundedWith.map(rulingLabel).join('; ')}` : ''}`,
        x.keys,
      );
    }
}

/** The side that held the initiative. */
function firstMoverRows(f: DeskFigures, add: Add): void {
  add('first_mover', 'all', '', 'win_rate', f.firstMover.n, f.firstMover.winRate, f.firstMover.tooFew, '', f.firstMover.keys);
}

/** Minutes per round and per battle, by mission. */
function speedRows(f: DeskFigures, add: Add): void {
  for (const x of f.speed) {
    const m = x.mission === null ? 'no mission' : `mission ${x.mission}`;
    if (x.roundMinutes)
      add(
        'speed',
        m,
        'median and quartiles',
        'round_minutes',
        x.roundMinutes.rounds,
        { estimate: x.roundMinutes.median, lower: x.roundMinutes.q1, upper: x.roundMinutes.q3 },
        x.tooFew,
        '',
        x.keys,
      );
    if (x.battleMinutes)
      add(
        'speed',
        m,
        'median and quartiles',
        'battle_minutes',
        x.n,
        { estimate: x.battleMinutes.median, lower: x.battleMinutes.q1, upper: x.battleMinutes.q3 },
        x.tooFew,
        '',
        x.keys,
      );
  }
}

/** Disputes per 100 battles, by rule. */
function disputeRows(f: DeskFigures, add: Add): void {
  for (const x of f.disputes) add('disputes', x.ruleRef, x.notes.join(' | '), 'per_100_battles', x.n, { estimate: x.per100 }, x.tooFew, '', x.keys);
}

/** Fun and clarity, by faction and by mission. */
function ratingRows(f: DeskFigures, add: Add, names: Names): void {
  for (const x of f.ratings) {
    const subject = x.by === 'faction' ? names(x.key) : x.key === 'none' ? 'no mission' : `mission ${x.key}`;
    // each rating with its own raters' n and its own "too few" (fun and clarity are counted apart)
    if (x.fun) add('rating', subject, x.by, 'fun', x.fun.n, x.fun, x.fun.tooFew, `median ${x.fun.median}`, x.keys);
    if (x.clarity) add('rating', subject, x.by, 'clarity', x.clarity.n, x.clarity, x.clarity.tooFew, `median ${x.clarity.median}`, x.keys);
  }
}

/** One CSV section per kind of figure, in the order the table lists them. */
const SECTIONS: ((f: DeskFigures, add: Add, names: Names) => void)[] = [
  summaryRows,
  factionRows,
  unitTypeRows,
  heavyExplosionRows,
  cryptidRows,
  vpSourceRows,
  usageRows,
  ruleOfCoolRows,
  factionModelRows,
  pointsCurveRows,
  playerRows,
  pairRows,
  rulingRows,
  firstMoverRows,
  speedRows,
  disputeRows,
  ratingRows,
];

export function deskFiguresToCsv(f: DeskFigures, names: (id: string) => string = (x) => x): string {
  const rows: Cell[][] = [[...DESK_CSV_HEADER]];
  const add: Add = (section, subject, detail, measure, n, e, tooFew, words = '', keys = []) =>
    rows.push([
      section,
      subject,
      detail,
      measure,
      n,
      e?.estimate ?? null,
      e?.lower ?? null,
      e?.upper ?? null,
      tooFew ? 'too few games' : '',
      words,
      keys.join(' '),
    ]);
  for (const section of SECTIONS) section(f, add, names);
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
