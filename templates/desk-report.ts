import { MIRROR_NOTE, type DeskFigures, type Estimate, type RulingFactionComparison, type RatingScale } from '../src-shared/desk/figures';
import { TOO_FEW } from '../src-shared/stats';
import { rulingLabel } from '../src-shared/ruleset/options';
import { EXPLOSION_CAUSE_NAMES, FORMATION_TYPE_NAMES, USAGE_KIND_NAMES, VP_SOURCE_NAMES } from '../src-shared/naming';
import { factionModelNote } from '../src-shared/desk/faction-adjusted';
import type { PdfContent, PdfNode } from './pdf/types';
import { headed, heading, tableOrNone, title } from './pdf/pieces';
import type { BuiltDocument } from './crib-sheet';

/**
 * The designer's desk as a PDF (issue 36): every figure with its interval,
 * n and "too few games" mark, win rates drawn as vector whiskers (a line
 * from the lower to the upper bound of the 95% interval, a dot at the
 * estimate, a dashed line at one half), the rulings' comparisons with their
 * test in words, speed, disputes with their notes and the ratings.
 */
export interface DeskReportInput {
  figures: DeskFigures;
  names?: Record<string, string>;
  /** What it covers, e.g. "Every club · mission 2". */
  scope: string;
}

const TOO_FEW_MARK = 'too few games';
const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);
const num = (x: number | null, digits = 1) => (x === null ? '–' : x.toFixed(digits));
const interval = (e: Estimate, f: (x: number | null) => string = pct) => (e.lower === null || e.upper === null ? '–' : `${f(e.lower)} – ${f(e.upper)}`);
const nOf = (n: number, tooFew: boolean) => (tooFew ? `${n} (${TOO_FEW_MARK})` : String(n));
/** A rating on the 1–5 scale with its own n: "3.6 (3.1 – 4.0), median 4, n = 23". */
const scale = (r: RatingScale | null) => (r ? `${num(r.estimate)} (${interval(r, (v) => num(v))}), median ${r.median}, n = ${nOf(r.n, r.tooFew)}` : '–');

const CHART_WIDTH = 220;
const ROW = 14;

/** A whisker chart of proportions: each row's interval as a line, its estimate as a dot, one half dashed. Vector (pdfmake canvas). */
function whiskers(rows: { label: string; e: Estimate; tooFew: boolean }[]): PdfNode {
  const x = (p: number) => p * CHART_WIDTH;
  const canvas: PdfNode[] = [
    { type: 'line', x1: x(0.5), y1: 0, x2: x(0.5), y2: rows.length * ROW, dash: { length: 2 }, lineWidth: 0.5, lineColor: '#888888' },
    { type: 'line', x1: 0, y1: rows.length * ROW, x2: CHART_WIDTH, y2: rows.length * ROW, lineWidth: 0.5 },
  ];
  rows.forEach((r, i) => {
    const y = i * ROW + ROW / 2;
    const color = r.tooFew ? '#999999' : '#1f4e79';
    if (r.e.lower !== null && r.e.upper !== null) {
      canvas.push({ type: 'line', x1: x(r.e.lower), y1: y, x2: x(r.e.upper), y2: y, lineWidth: 1.2, lineColor: color });
      for (const b of [r.e.lower, r.e.upper]) canvas.push({ type: 'line', x1: x(b), y1: y - 3, x2: x(b), y2: y + 3, lineWidth: 1, lineColor: color });
    }
    if (r.e.estimate !== null) canvas.push({ type: 'ellipse', x: x(r.e.estimate), y, r1: 2.2, r2: 2.2, color });
  });
  return {
    columns: [
      {
        width: 150,
        stack: rows.map((r) => ({ text: r.tooFew ? `${r.label} (${TOO_FEW_MARK})` : r.label, fontSize: 8, margin: [0, 2, 0, 2.4], noWrap: true })),
      },
      {
        width: CHART_WIDTH + 10,
        stack: [{ canvas }, { columns: ['0%', { text: '50%', alignment: 'center' }, { text: '100%', alignment: 'right' }], fontSize: 7, width: CHART_WIDTH }],
      },
    ],
    margin: [0, 4, 0, 10],
  };
}

type Names = (id: string) => string;
/** A block's margin with 8 points below it (a fresh array per block, as pdfmake is handed them). */
const below = (): [number, number, number, number] => [0, 0, 0, 8];

/** The faction figures: the whiskers of their win rates, the table, and the notes on mirror matches and the model. */
function factionSection(f: DeskFigures, name: Names): PdfContent[] {
  return [
    heading('Win rate by faction'),
    ...(f.factions.length ? [whiskers(f.factions.map((x) => ({ label: name(x.factionId), e: x.winRate, tooFew: x.tooFew })))] : []),
    tableOrNone(
      ['Faction', 'Games', 'W / D / L', 'Win rate', '95% interval', 'n', 'Mirror matches', 'Adjusted for players (95%)', 'VP difference (95%)'],
      f.factions.map((x) => [
        name(x.factionId),
        x.games,
        `${x.wins} / ${x.draws} / ${x.losses}`,
        pct(x.winRate.estimate),
        interval(x.winRate),
        nOf(x.n, x.tooFew),
        x.mirrors,
        x.adjusted ? `${pct(x.adjusted.winChance.estimate)} (${interval(x.adjusted.winChance)})` : '–',
        `${num(x.vpDifference.estimate)} (${interval(x.vpDifference, (v) => num(v))})`,
      ]),
      'No battles.',
    ),
    ...(f.factions.length ? [{ text: MIRROR_NOTE, fontSize: 8, margin: [0, 0, 0, 4] as [number, number, number, number] }] : []),
    ...(f.factionModel ? [{ text: factionModelNote(f.factionModel), fontSize: 8, margin: [0, 0, 0, 8] as [number, number, number, number] }] : []),
  ];
}

function pointsSection(f: DeskFigures): PdfContent[] {
  const curve = f.pointsCurve;
  if (!curve) return [headed('Army points and results', 1, { text: 'No battle knows both armies’ points and a winner.', margin: below() })];
  return [
    headed(
      'Army points and results',
      1,
      tableOrNone(
        ['Points more than the opponent', 'Chance to win', '95% band'],
        curve.at.map((x) => [x.difference > 0 ? `+${x.difference}` : String(x.difference), pct(x.estimate), interval(x)]),
        'No battle knows both armies’ points.',
      ),
    ),
    {
      text: `A logistic curve through 50% at equal points over ${curve.n} battles; slope ${num(curve.slope.estimate)} (${interval(curve.slope, (v) => num(v))}) per 100 points on the log-odds scale: an interval spanning 0 says the points may not matter.`,
      fontSize: 8,
      margin: below(),
    },
  ];
}

function playersSection(f: DeskFigures, name: Names): PdfContent[] {
  return [
    headed(
      'Players',
      1,
      tableOrNone(
        ['Player (pseudonym)', 'Games', 'W / D / L', 'Factions played'],
        f.players
          .slice(0, 30)
          .map((x) => [x.player, x.games, `${x.wins} / ${x.draws} / ${x.losses}`, x.factions.map((y) => `${name(y.factionId)} (${y.games})`).join(', ')]),
        'No players.',
      ),
    ),
    {
      text: `Most games first${f.players.length > 30 ? `, the first 30 of ${f.players.length}` : ''}. A player's games are not independent of each other: one strong player who plays a faction often moves its win rate.`,
      fontSize: 8,
      margin: below(),
    },
  ];
}

function headToHead(f: DeskFigures, name: Names): PdfContent {
  return headed(
    'Head to head',
    1,
    tableOrNone(
      ['Pair', 'Games', 'Wins (first / second)', 'Draws', 'First’s win rate (95%)', 'n'],
      f.pairs.map((x) => [
        `${name(x.factionA)} v ${name(x.factionB)}`,
        x.games,
        `${x.winsA} / ${x.winsB}`,
        x.draws,
        `${pct(x.winRateA.estimate)} (${interval(x.winRateA)})`,
        nOf(x.n, x.tooFew),
      ]),
      'No battles.',
    ),
  );
}

/** One faction's row of a ruling's comparison. */
function comparisonRow(c: RulingFactionComparison, name: Names): (string | number)[] {
  return [
    name(c.factionId),
    `${pct(c.under.winRate)} of ${c.under.games}`,
    `${pct(c.atDefault.winRate)} of ${c.atDefault.games}`,
    c.difference === null
      ? '–'
      : `${(c.difference * 100).toFixed(1)} points (${interval(c.differenceInterval, (v) => (v === null ? '–' : (v * 100).toFixed(1)))})`,
    `${c.stratified.words}${c.adjustedP === null ? '' : `; adjusted p = ${c.adjustedP < 0.001 ? '< 0.001' : c.adjustedP.toFixed(3)}`}`,
    c.tooFew ? `${c.words}; ${TOO_FEW_MARK}` : c.words,
    c.gamesNeeded ?? '–',
  ];
}

function rulingsSection(f: DeskFigures, name: Names): PdfContent[] {
  const rulings = f.rulings.map((r) =>
    headed(
      `${rulingLabel(r.ruling)}: ${r.battles.under} battles under it, ${r.battles.atDefault} at the default` +
        (r.confoundedWith.length ? ` (always played with ${r.confoundedWith.map(rulingLabel).join('; ')}: their effects cannot be told apart)` : ''),
      2,
      tableOrNone(
        ['Faction', 'Under it', 'At the default', 'Difference (95%)', 'Within clubs (Holm-adjusted p)', 'Pooled', 'Games needed'],
        r.factions.map((c) => comparisonRow(c, name)),
        'No faction played it outside mirror matches.',
      ),
    ),
  );
  // the section's heading goes with its first ruling, whose own heading and table are kept together
  return [
    headed('Rulings against the default', 1, rulings[0] ?? { text: 'Every battle was played at the default rulings.', margin: below() }),
    ...rulings.slice(1),
  ];
}

function firstMoverSection(f: DeskFigures): PdfContent[] {
  return [
    heading('First-mover advantage'),
    whiskers([{ label: 'Initiative holder', e: f.firstMover.winRate, tooFew: f.firstMover.tooFew }]),
    {
      text: `The side that held the initiative won ${pct(f.firstMover.winRate.estimate)} (${interval(f.firstMover.winRate)}) of ${nOf(f.firstMover.n, f.firstMover.tooFew)} battles whose record says who held it.`,
      margin: below(),
    },
  ];
}

function speedSection(f: DeskFigures): PdfContent {
  return headed(
    'Speed',
    1,
    tableOrNone(
      ['Mission', 'Round (median, quartiles)', 'Battle (median, quartiles)', 'Battles'],
      f.speed.map((x) => [
        x.mission === null ? 'No mission' : `Mission ${x.mission}`,
        x.roundMinutes ? `${num(x.roundMinutes.median)} min (${num(x.roundMinutes.q1)}–${num(x.roundMinutes.q3)})` : '–',
        x.battleMinutes ? `${num(x.battleMinutes.median)} min (${num(x.battleMinutes.q1)}–${num(x.battleMinutes.q3)})` : '–',
        nOf(x.n, x.tooFew),
      ]),
      'No timed battles.',
    ),
  );
}

function disputesSection(f: DeskFigures): PdfContent {
  return headed(
    'Clarity: disputed rulings',
    1,
    tableOrNone(
      ['Rule', 'Disputes', 'Per 100 battles', 'Notes'],
      f.disputes.map((x) => [x.ruleRef, x.count, num(x.per100), x.notes.slice(0, 5).join('\n')]),
      'No disputes recorded.',
      [70, 45, 55, '*'],
    ),
  );
}

function ratingsSection(f: DeskFigures, name: Names): PdfContent {
  return headed(
    'Fun and clarity ratings',
    1,
    tableOrNone(
      ['By', 'Of', 'Fun (95%), median, n', 'Clarity (95%), median, n', 'Battles'],
      f.ratings.map((x) => [
        x.by,
        x.by === 'faction' ? name(x.key) : x.key === 'none' ? 'no mission' : `mission ${x.key}`,
        scale(x.fun),
        scale(x.clarity),
        nOf(x.n, x.tooFew),
      ]),
      'No ratings in these bundles yet.',
    ),
  );
}

export function buildDeskReport({ figures: f, names = {}, scope }: DeskReportInput): BuiltDocument {
  const name = (id: string) => names[id] ?? id;
  const content: PdfContent[] = [
    ...title("The designer's desk", `${scope} · ${f.battles} battles from ${f.clubs} club${f.clubs === 1 ? '' : 's'}`),
    {
      text: `Intervals are 95%: Wilson for win rates, t for means; medians with quartiles (R type 7). A figure with fewer than ${TOO_FEW} battles behind it is marked "${TOO_FEW_MARK}".`,
      fontSize: 8,
      margin: [0, 0, 0, 8],
    },
    ...factionSection(f, name),
    ...unitSection(f, name),
    ...pointsSection(f),
    ...playersSection(f, name),
    headToHead(f, name),
    ...rulingsSection(f, name),
    ...firstMoverSection(f),
    speedSection(f),
    disputesSection(f),
    ratingsSection(f, name),
  ];
  return { body: { content }, title: "The designer's desk", provisional: false };
}

const labelOf = (names: Record<string, string>, key: string) => names[key] ?? key;

/** Issue 41, point 4: per unit type, Heavy explosions, the cryptid and VP by source, each with its n and interval. */
function unitSection(f: DeskFigures, name: (id: string) => string): PdfContent[] {
  const u = f.units;
  const h = u.heavyExplosions;
  const small = (text: string) => ({ text, fontSize: 8, margin: [0, 0, 0, 8] as [number, number, number, number] });
  return [
    headed(
      'Unit types',
      1,
      tableOrNone(
        ['Unit type', 'Formations', 'Survived (95%)', 'Wounds per side (95%)', 'Sides with Wounds'],
        u.unitTypes
          .filter((t) => t.formations > 0)
          .map((t) => [
            t.tooFew ? `${labelOf(FORMATION_TYPE_NAMES, t.unitType)} (${TOO_FEW_MARK})` : labelOf(FORMATION_TYPE_NAMES, t.unitType),
            t.formations,
            `${pct(t.survival.estimate)} (${interval(t.survival)})`,
            `${num(t.woundsPerGame.estimate, 2)} (${interval(t.woundsPerGame, (v) => num(v, 2))})`,
            t.woundsPerGame.sides,
          ]),
        'No battle lists its formations.',
      ),
    ),
    small(
      'Survival over the formations fielded (Wilson 95%; formations of one army share its fate, so the interval is narrower than the games justify); Wounds per side that fielded the type, over the battles that recorded Wounds (a paper form does not ask them).',
    ),
    small(
      h.sidesWithHeavy
        ? `Heavy explosions: ${h.sidesWithExplosion} of ${h.sidesWithHeavy} sides that fielded a Heavy had one, ${pct(h.rate.estimate)} (95% ${interval(h.rate)})${h.tooFew ? ` (${TOO_FEW_MARK})` : ''}${h.byCause.length ? `; by cause: ${h.byCause.map((c) => `${labelOf(EXPLOSION_CAUSE_NAMES, c.cause)} ${c.explosions}`).join(', ')}` : ''}.`
        : 'Heavy explosions: no side that fielded a Heavy recorded them.',
    ),
    ...(u.cryptids.length
      ? [
          tableOrNone(
            ['Cryptid', 'Battles', 'Defeated (95%)', 'Wounds taken (95%)', 'Wounds dealt (95%)'],
            u.cryptids.map((c) => [
              c.tooFew ? `${name(c.cryptidId)} (${TOO_FEW_MARK})` : name(c.cryptidId),
              c.battles,
              `${pct(c.defeatRate.estimate)} (${interval(c.defeatRate)})`,
              `${num(c.woundsTaken.estimate)} (${interval(c.woundsTaken, (v) => num(v))})`,
              `${num(c.woundsDealt.estimate)} (${interval(c.woundsDealt, (v) => num(v))}), n = ${c.woundsDealt.n}`,
            ]),
            'No cryptid came.',
          ),
        ]
      : []),
    ...usageSection(f, name),
    ...(u.vpSources[0]!.n
      ? [
          tableOrNone(
            ['VP source', 'Per side (95%)', 'Share of VP', 'Sides'],
            u.vpSources.map((v) => [
              labelOf(VP_SOURCE_NAMES, v.source),
              `${num(v.perSide.estimate, 2)} (${interval(v.perSide, (x) => num(x, 2))})`,
              pct(v.share),
              nOf(v.n, v.tooFew),
            ]),
            'No VP by source.',
          ),
        ]
      : []),
  ];
}

/** Issue 41, point 4: orders, gambits and abilities used per game, and Rule of Cool by D20 band, each with its n. */
function usageSection(f: DeskFigures, name: (id: string) => string): PdfContent[] {
  const { usage, ruleOfCool: roc } = f.units;
  const small = (text: string) => ({ text, fontSize: 8, margin: [0, 0, 0, 8] as [number, number, number, number] });
  return [
    headed(
      'Orders, gambits and abilities used',
      1,
      tableOrNone(
        ['Used', 'Kind', 'Uses', 'Per game (95%)', 'Sides using it (95%)', 'n (sides)'],
        usage.map((x) => [
          name(x.key),
          USAGE_KIND_NAMES[x.kind],
          x.uses,
          `${num(x.perGame.estimate, 2)} (${interval(x.perGame, (v) => num(v, 2))})`,
          `${x.sidesUsing} of ${x.sides}, ${pct(x.usedIn.estimate)} (${interval(x.usedIn)})`,
          `${nOf(x.n, x.tooFew)} in ${x.battles} battles`,
        ]),
        'No battle counted orders, gambits or abilities (a paper form does not ask them).',
      ),
    ),
    small(
      'Per game: uses by one army in one battle, over the sides whose record counts them (Play Mode’s; paper records are left out, not read as none), mean with a 95% t-interval.',
    ),
    headed(
      'Rule of Cool by D20 band',
      1,
      tableOrNone(
        ['D20 band', 'Attempts (n)', 'Succeeded', 'Success rate (95%)'],
        roc.bands.map((b) => [b.band, nOf(b.attempts, b.tooFew), b.succeeded, `${pct(b.successRate.estimate)} (${interval(b.successRate)})`]),
        'No Rule of Cool attempt recorded.',
      ),
    ),
    small(
      `${roc.attempts} attempts by ${roc.sides} sides in ${roc.battles} battles that counted them; the success rate per band with its Wilson 95% interval, "${TOO_FEW_MARK}" under ${TOO_FEW} attempts.`,
    ),
  ];
}
