import { counted, EXPLOSION_CAUSE_NAMES, FORMATION_TYPE_NAMES, nameOf, USAGE_KIND_NAMES, VP_SOURCE_NAMES } from '../src-shared/naming';
import { TRACKED_ABILITIES } from '../src-shared/battle/abilities';
import { compareRuling, type PlaytestReport, type RulingRow } from '../src-shared/reports/aggregate';
import { rulingLabel } from '../src-shared/ruleset/options';
import type { PdfContent } from './pdf/types';
import { headed, heading, simpleTable, tableOrNone, title } from './pdf/pieces';
import { isolate } from './pdf/script-fonts';
import { shortenIds } from '../src-shared/reports/short-ids';
import type { BuiltDocument } from './crib-sheet';

/**
 * The playtest report for the designer (issue 7, Field Manual §12): results,
 * times, wounds, VP, orders and gambits, events and disputed rulings, with
 * vector charts and an appendix of the battle ids behind every figure.
 */
export interface PlaytestReportInput {
  report: PlaytestReport;
  /** Display names for faction, order, gambit and ability ids. */
  names?: Record<string, string>;
  /** What the report covers, e.g. "Whole club · 2026-01-01 to 2026-03-31". */
  scope: string;
  /** Vector charts as SVG (src-main/backend/pdf/vega-charts.ts); left out when not given. */
  charts?: { factions: string; rounds: string };
}

/** Text width of an A4 page between the margins, the narrower of the two paper sizes. */
const TEXT_WIDTH = 515;
const ID_FONT_SIZE = 6.5;
const ID_GAP = '\u00a0\u00a0';

/**
 * Ids as lines of fixed count joined by non-breaking spaces: pdfmake measures
 * each line as one word instead of every id on its own, which makes the
 * appendix of a large report several times faster to lay out. The count is
 * from a generous width estimate (hex digits are narrow in Roboto, anything
 * else counted as wide) so a line never overflows.
 */
function idLines(ids: string[]): string {
  if (!ids.length) return '';
  const longest = ids.reduce((a, b) => (b.length > a.length ? b : a), '');
  const em = [...longest].reduce((w, c) => w + (/[0-9a-f-]/.test(c) ? 0.6 : 0.95), 0) + 0.6;
  const perLine = Math.max(1, Math.floor(TEXT_WIDTH / (em * ID_FONT_SIZE)));
  const lines: string[] = [];
  for (let i = 0; i < ids.length; i += perLine) lines.push(ids.slice(i, i + perLine).join(ID_GAP));
  return lines.join('\n');
}

/**
 * The appendix lists at most this many battles (and this many per ruling):
 * at 100,000 battles a full list would be hundreds of pages. The CSV has
 * every id, and reports.pdf reads no more ids than these.
 */
export const APPENDIX_BATTLES = 1000;
const APPENDIX_RULING_BATTLES = 200;

const pct = (x: number) => `${Math.round(x * 100)}%`;
const minutes = (s: number) => `${(s / 60).toFixed(1)} min`;

/** "12 of 30 battles", or "every battle". */
const ofBattles = (k: number, games: number) => (k === games ? 'every battle' : `${k} of ${games} battles`);

/** One ruling's results beside those of the battles played at the default (DIGEST product decision 2). */
function rulingSection(r: PlaytestReport, row: RulingRow, n: (id: string) => string): PdfContent[] {
  const c = compareRuling(r, row);
  const rate = (x: number | null) => (x === null ? '–' : pct(x));
  const vp = (x: number | null) => (x === null ? '–' : x.toFixed(2));
  const rows: (string | number)[][] = c.factions.map((f) => [
    n(f.factionId),
    f.under.games,
    rate(f.under.winRate),
    f.atDefault.games,
    rate(f.atDefault.winRate),
  ]);
  rows.push(['Mean VP per side', c.vpSides.under, vp(c.meanVpPerSide.under), c.vpSides.atDefault, vp(c.meanVpPerSide.atDefault)]);
  return [
    heading(`${rulingLabel(row.ruling)} (${ofBattles(row.battles, r.games)})`, 3),
    simpleTable(['Faction', 'Games under it', 'Win rate under it', 'Games at the default', 'Win rate at the default'], rows, [
      '*',
      'auto',
      'auto',
      'auto',
      'auto',
    ]),
  ];
}

type Names = (id: string) => string;

/** The counts at the top: games, sources, times, sequences, the cryptid and the storm, and what the records leave out. */
function overview(r: PlaytestReport): PdfContent[] {
  const content: PdfContent[] = [
    simpleTable(
      ['Games', 'Play Mode', 'Paper', 'Mean battle time', 'Token bag', 'Alternating module', 'Cryptid battles', 'Storm battles'],
      [
        [
          r.games,
          r.sources.play,
          r.sources.paper,
          minutes(r.meanBattleSeconds),
          r.sequences.bag,
          r.sequences.alternating,
          `${r.cryptid.battles} (${pct(r.cryptid.frequency)})`,
          `${r.storm.battles} (${pct(r.storm.frequency)} of ${r.storm.of})`,
        ],
      ],
    ),
  ];
  // a paper battle's record knows less than Play Mode's: each figure counts the records that hold its field (issue 41)
  if (r.sources.paper)
    content.push({
      text: `${r.sources.paper} of the ${r.games} battles were recorded on the post-battle form: they count in results, factions, VP per side, the cryptid, service marks, rulings and ratings, and not in battle times, the activation sequence, VP by source, wounds, orders, gambits, abilities, Uncloak, the storm or disputes, whose n counts Play Mode's battles only.`,
      style: 'small',
      margin: [0, 0, 0, 4],
    });
  // every ruling the battles were played under that differs from the default, with how many (DIGEST product decision 2)
  const optionNotes = r.byRuling.map((x) => `${rulingLabel(x.ruling)} (${ofBattles(x.battles, r.games)})`);
  if (optionNotes.length) content.push({ text: `Rule options differing from the default: ${optionNotes.join('; ')}.`, style: 'small', margin: [0, 0, 0, 4] });
  return content;
}

/** A heading with its chart, kept on one page, or the heading alone when there is no chart. */
const chartHeading = (text: string, svg: string | undefined): PdfContent =>
  svg !== undefined ? { stack: [heading(text, 2), { svg, width: TEXT_WIDTH }], unbreakable: true } : heading(text, 2);

function resultsByFaction(r: PlaytestReport, n: Names, charts: PlaytestReportInput['charts']): PdfContent[] {
  return [
    chartHeading('Results by faction', charts?.factions),
    simpleTable(
      ['Faction', 'Games', 'Wins', 'Draws', 'Losses', 'Win rate'],
      r.byFaction.map((f) => [n(f.factionId), f.games, f.wins, f.draws, f.losses, pct(f.winRate)]),
      ['*', 'auto', 'auto', 'auto', 'auto', 'auto'],
    ),
  ];
}

function matchups(r: PlaytestReport, n: Names): PdfContent[] {
  return [
    headed(
      'Matchups',
      2,
      simpleTable(
        ['Faction A', 'Faction B', 'Games', 'A wins', 'B wins', 'Draws'],
        r.matchups.map((m) => [n(m.factionA), n(m.factionB), m.games, m.winsA, m.winsB, m.draws]),
        ['*', '*', 'auto', 'auto', 'auto', 'auto'],
      ),
    ),
  ];
}

function resultsByRuling(r: PlaytestReport, n: Names): PdfContent[] {
  if (!r.byRuling.length) return [];
  return [
    heading('Results by ruling', 2),
    {
      text: 'Each ruling that differs from the default, with the results of the battles played under it beside those of the battles played at the default.',
      style: 'small',
      margin: [0, 0, 0, 3],
    },
    ...r.byRuling.flatMap((row) => rulingSection(r, row, n)),
  ];
}

function timePerRound(r: PlaytestReport, charts: PlaytestReportInput['charts']): PdfContent[] {
  return [
    chartHeading('Time per round', charts?.rounds),
    simpleTable(
      ['Round', 'Mean time', 'Battles timed'],
      r.roundTimes.map((t) => [t.round, minutes(t.meanSeconds), t.battles]),
    ),
  ];
}

function wounds(r: PlaytestReport, n: Names): PdfContent[] {
  // no forced page break: the heading keeps with its table (render.ts), so no page is left near-empty
  return [
    heading('Wounds dealt, by ranged and melee attacks', 2),
    { text: `All battles: ${r.woundTotals.ranged} ranged, ${r.woundTotals.melee} melee.`, margin: [0, 0, 0, 3] },
    simpleTable(
      ['Faction', 'Unit type', 'Ranged', 'Melee'],
      r.wounds.map((w) => [n(w.factionId), nameOf(FORMATION_TYPE_NAMES, w.unitType), w.ranged, w.melee]),
      ['*', 'auto', 'auto', 'auto'],
    ),
  ];
}

function vpBySource(r: PlaytestReport): PdfContent {
  return headed(
    'Victory points by source',
    2,
    simpleTable(
      ['Source', 'Total', 'Mean per side', 'Sides (n)'],
      r.vpBySource.map((v) => [nameOf(VP_SOURCE_NAMES, v.source), v.total, v.meanPerSide.toFixed(2), v.sides]),
    ),
  );
}

function ordersUsed(r: PlaytestReport, n: Names): PdfContent {
  return headed(
    'Orders, gambits and Captain abilities used',
    2,
    simpleTable(
      ['Kind', 'Name', 'Uses', 'Battles'],
      r.usage.filter((u) => ['order', 'gambit', 'ability'].includes(u.kind)).map((u) => [nameOf(USAGE_KIND_NAMES, u.kind), n(u.id), u.uses, u.battles]),
      ['auto', '*', 'auto', 'auto'],
    ),
  );
}

function ruleOfCool(r: PlaytestReport): PdfContent {
  const cool = r.usage.filter((u) => u.kind === 'rule-of-cool');
  // how often stunts are tried, and how often they work, by the band the D20 fell in (Field Manual §8)
  const succeeded = (band: string) => r.usage.find((u) => u.kind === 'rule-of-cool-success' && u.id === band)?.uses ?? 0;
  return headed(
    'Rule of Cool attempts by D20 band',
    2,
    cool.length
      ? simpleTable(
          ['D20 band', 'Attempts', 'Battles', 'Succeeded'],
          [
            ...[...cool]
              .sort((x, y) => parseInt(x.id, 10) - parseInt(y.id, 10))
              .map((u) => [u.id === '1' ? '1 (critical failure)' : u.id, u.uses, u.battles, succeeded(u.id)]),
            ['All attempts', cool.reduce((t, u) => t + u.uses, 0), '', cool.reduce((t, u) => t + succeeded(u.id), 0)],
          ],
        )
      : { text: 'No Rule of Cool attempted.', italics: true },
  );
}

function heavyExplosions(r: PlaytestReport): PdfContent {
  const explosions = r.usage.filter((u) => u.kind === 'explosion');
  return headed(
    'Heavy explosions',
    2,
    tableOrNone(
      ['Destroyed by', 'Explosions', 'Battles'],
      explosions.map((u) => [nameOf(EXPLOSION_CAUSE_NAMES, u.id), u.uses, u.battles]),
      'No Heavy exploded.',
      ['*', 'auto', 'auto'],
    ),
  );
}

function unitAbilitiesUsed(r: PlaytestReport, n: Names): PdfContent {
  const unitAbilities = r.usage.filter((u) => u.kind === 'unit-ability');
  return headed(
    'Unit abilities used',
    2,
    tableOrNone(
      ['Ability', 'Uses', 'Battles'],
      unitAbilities.map((u) => [TRACKED_ABILITIES[u.id]?.name ?? n(u.id), u.uses, u.battles]),
      'No limited unit ability used.',
      ['*', 'auto', 'auto'],
    ),
  );
}

function uncloakTiming(r: PlaytestReport): PdfContent {
  return headed(
    'Uncloak timing',
    2,
    tableOrNone(
      ['Round', 'Patrols uncloaked'],
      r.uncloak.map((u) => [u.round, u.count]),
      'No patrol uncloaked.',
    ),
  );
}

function cryptidsAndStorm(r: PlaytestReport): PdfContent {
  return headed(
    'Cryptids and the storm',
    2,
    simpleTable(
      ['Event', 'Battles', 'Share', 'Mean Wounds to fighters', 'Other'],
      [
        [
          'Cryptid',
          r.cryptid.battles,
          pct(r.cryptid.frequency),
          r.cryptid.meanWoundsDealt.toFixed(2),
          `took ${r.cryptid.meanWoundsTaken.toFixed(2)} W on average; defeated ${r.cryptid.defeated}×`,
        ],
        [
          'Radiation storm',
          r.storm.battles,
          pct(r.storm.frequency),
          r.storm.meanWoundsDealt.toFixed(2),
          r.storm.of === r.games ? '' : `share of the ${r.storm.of} Play Mode battles`,
        ],
      ],
      ['auto', 'auto', 'auto', 'auto', '*'],
    ),
  );
}

function serviceMarks(r: PlaytestReport): PdfContent {
  return headed(
    'Service-mark survival by formation type',
    2,
    simpleTable(
      ['Formation type', 'Formations', 'Survived', 'Rate'],
      r.serviceMarks.map((m) => [nameOf(FORMATION_TYPE_NAMES, m.unitType), m.formations, m.survived, pct(m.rate)]),
    ),
  );
}

function disputedRulings(r: PlaytestReport): PdfContent {
  return headed(
    'Disputed or confusing rulings',
    2,
    tableOrNone(
      ['Rule', 'Times', 'What came up'],
      r.disputes.map((d) => [d.ruleRef, d.count, d.notes.join('; ')]),
      'None recorded.',
      ['auto', 'auto', '*'],
    ),
  );
}

/** The players' own word (Field Manual §12, "speed, clarity and fun"): their ratings and the rules that confused them. */
function playersRatings(r: PlaytestReport): PdfContent[] {
  const rated = r.ratings;
  const content: PdfContent[] = [
    headed(
      'Players’ ratings: fun and clarity',
      2,
      rated.sides === 0
        ? { text: 'No player rated a battle of this report.', italics: true }
        : simpleTable(
            ['Rating (1–5)', 'Sides that rated it', 'Mean', 'Median'],
            (['fun', 'clarity'] as const).map((k) => [
              k === 'fun' ? 'Fun' : 'Clarity',
              rated[k].n,
              rated[k].mean === null ? '—' : rated[k].mean.toFixed(2),
              rated[k].median === null ? '—' : String(rated[k].median),
            ]),
          ),
    ),
  ];
  if (rated.sides === 0) return content;
  return [
    ...content,
    { text: `${counted(rated.sides, 'side')} rated their battle.`, margin: [0, 4, 0, 0] },
    heading('Rules that confused the players', 3),
    tableOrNone(
      ['Rule, in the players’ words', 'Sides'],
      rated.confusingRules.map((c) => [isolate(c.rule), c.count]),
      'None named.',
      ['*', 'auto'],
    ),
  ];
}

/** The battles behind the report (the first APPENDIX_BATTLES), then those behind each disputed ruling, by shortened id. */
function appendix(r: PlaytestReport): PdfContent[] {
  const content: PdfContent[] = [heading('Appendix: battles in this report', 2)];
  const listed = r.battleIds.slice(0, APPENDIX_BATTLES);
  const rulings = r.disputes.map((d) => ({ d, ids: d.battleIds.slice(0, APPENDIX_RULING_BATTLES) }));
  const short = shortenIds([...listed, ...rulings.flatMap((x) => x.ids)]);
  const cut = (ids: string[]) => ids.map((id) => id.slice(0, short.length));
  const more = (shown: number, total: number) => (total > shown ? `\u00a0… and ${total - shown} more` : '');
  const which =
    r.games > listed.length
      ? `Every figure above is computed from ${r.games} battles; the first ${listed.length} by date are listed here, the CSV export lists them all.`
      : `Every figure above is computed from ${r.games === 1 ? 'this battle' : `these ${r.games} battles`}.`;
  content.push({
    text: `${which} Ids are shortened to their first ${short.length} characters, which no two listed ones share; the app and the CSV export show them in full, and the battles behind each single figure are one click away in the app and listed in the CSV.`,
    style: 'small',
    margin: [0, 0, 0, 4],
  });
  content.push({ text: idLines(cut(listed)) + more(listed.length, r.games), fontSize: ID_FONT_SIZE });
  if (rulings.length) {
    content.push(heading('Battles behind each ruling', 3));
    for (const { d, ids } of rulings) {
      content.push({ text: `${d.ruleRef} (${d.battleIds.length})`, bold: true, fontSize: 7.5, margin: [0, 3, 0, 1] });
      content.push({ text: idLines(cut(ids)) + more(ids.length, d.battleIds.length), fontSize: ID_FONT_SIZE });
    }
  }
  return content;
}

export function buildPlaytestReport({ report: r, names = {}, scope, charts }: PlaytestReportInput): BuiltDocument {
  const n = (id: string) => names[id] ?? id;
  const content: PdfContent[] = [...title('Playtest report', scope), ...overview(r)];
  if (r.games === 0) {
    content.push({ text: 'No finished battles match this selection.', italics: true });
    return { title: 'Playtest report', provisional: false, body: { content } };
  }
  content.push(
    ...resultsByFaction(r, n, charts),
    ...matchups(r, n),
    ...resultsByRuling(r, n),
    ...timePerRound(r, charts),
    ...wounds(r, n),
    vpBySource(r),
    ordersUsed(r, n),
    ruleOfCool(r),
    heavyExplosions(r),
    unitAbilitiesUsed(r, n),
    uncloakTiming(r),
    cryptidsAndStorm(r),
    serviceMarks(r),
    disputedRulings(r),
    ...playersRatings(r),
    ...appendix(r),
  );
  return { title: 'Playtest report', provisional: false, body: { content } };
}
