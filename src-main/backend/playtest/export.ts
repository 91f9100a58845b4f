import { createHash, createHmac } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { matchesFilter, sideVpTotal, type PlaytestBattle, type PlaytestSide, type ReportFilter } from '../../../src-shared/reports/battle';
import {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  playtestBundleSchema,
  type BundleRecord,
  type BundleSide,
  type PlaytestBundle,
} from '../../../src-shared/playtest/bundle';
import { canonicalJson } from '../../../src-shared/canonical-json';
import { AppError } from '../../../src-shared/errors';
import { olderVersionTextRefusal, textProblem } from '../../../src-shared/text-policy';
import { safeFileName } from '../pdf/file-name';
import type { Db } from '../db/schema';
import { loadReportBattles } from '../reports/played-battles';
import { finishedBattleRows } from '../db/tables/battles.table';
import { playerNameKeys } from '../db/tables/club.table';
import { listRulesetVersions, rulesetVersionDigest } from '../db/tables/rulesets.table';
import { packOfVersion } from '../db/game-data';
import { nameScrubber, packTerms, type Replacement } from '../../../src-shared/playtest/scrub';
import { ensureClubIdentity, type ClubIdentity } from '../db/tables/club-identity.repo';
import { battleState } from '../battles/battle-state';
import { findRoster } from '../db/tables/rosters.table';
import { CONFUSING_RULE_MAX, keptRating } from '../../../src-shared/battle/ratings';
import type { SideSetup } from '../../../src-shared/battle/setup';
import { rosterPoints } from '../../../src-shared/roster/points';
import type { RulesetPack } from '../../../src-shared/ruleset/schema';

/**
 * A club's playtest bundle (issue 36, src-shared/playtest/bundle.ts): its
 * finished battles as the report knows them, players as pseudonyms (HMAC-SHA256
 * of the player's id under the club's secret) unless names are included,
 * campaigns as pseudonyms too, and with names off every player name of the
 * ledger written in a dispute's note replaced by that player's pseudonym.
 */
export interface ExportOptions {
  filter: ReportFilter;
  includeNames: boolean;
  clubName?: string;
  /** Notes the organiser left out (`noteId`): a dispute leaves without them, a rating without its confusing rule. */
  excludedNoteIds?: readonly string[];
}

/** Free text as it will leave, with the spans the scrubber replaced (where in `text`, and the name that was there). */
interface MarkedText {
  text: string;
  marks: Replacement[];
}

/**
 * One note that leaves with the bundle (issue 41): a dispute (its rule and note) or the rule a player found confusing,
 * as it will be written, for the organiser to read before it leaves and to leave out.
 */
export interface ExportNote {
  id: string;
  battleId: string;
  playedAt: string;
  kind: 'dispute' | 'rating';
  /** The side whose rating it is (a rating's note); null for a dispute. */
  side: 0 | 1 | null;
  round: number | null;
  rule: MarkedText;
  /** A dispute's note; null for a rating's. */
  note: MarkedText | null;
  excluded: boolean;
}

/**
 * A note's id, as the preview lists it and the export request names it: what it is, which one, and its battle (last,
 * since a battle id may hold any character).
 */
const noteId = (kind: ExportNote['kind'], index: number, battleId: string) => `${kind}:${index}:${battleId}`;

type Scrub = (text: string) => MarkedText;
const keepText: Scrub = (text) => ({ text, marks: [] });

/** Scrubbed text cut to `max` characters (and trimmed when asked), its marks cut and moved with it. */
function cut(s: MarkedText, max: number, trim: boolean): MarkedText {
  let text = s.text.slice(0, max);
  let shift = 0;
  if (trim) {
    shift = text.length - text.trimStart().length;
    text = text.trim();
  }
  const marks = s.marks.map((m) => ({ ...m, start: Math.max(0, m.start - shift), end: Math.min(text.length, m.end - shift) })).filter((m) => m.end > m.start);
  return { text, marks };
}

const keyed = (secret: string, what: string) => createHmac('sha256', Buffer.from(secret, 'hex')).update(what).digest('hex').slice(0, 16);
const playerPseudonym = (id: ClubIdentity, playerId: string) => `p-${keyed(id.secret, `player:${playerId}`)}`;
const campaignPseudonym = (id: ClubIdentity, campaignId: string) => `c-${keyed(id.secret, `campaign:${campaignId}`)}`;

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What only a Play Mode battle's record knows beyond its report facts: the variant, the initiative, the game data
 * version, and each army's points as it took the table.
 */
type Extras = Pick<BundleRecord, 'variant' | 'firstMover' | 'rulesVersion' | 'packDigest'> & { points: [number | null, number | null] };

const NO_EXTRAS: Extras = { variant: null, firstMover: null, rulesVersion: null, packDigest: null, points: [null, null] };

/**
 * An army's points as it took the table: kept in the battle's set-up since it was, and for a battle started before
 * then, its roster's (rosterPoints, under the battle's pack) only while that roster is still as the battle found it
 * (not saved since the battle started: a campaign roster is upgraded after each mission). Otherwise unknown.
 */
async function armyPoints(db: Db, side: SideSetup, startedAt: string, pack: RulesetPack): Promise<number | null> {
  if (typeof side.points === 'number') return side.points;
  if (!side.rosterId) return null;
  const roster = await findRoster(db, side.rosterId);
  return roster && roster.updatedAt <= startedAt ? rosterPoints(roster.roster, pack).total : null;
}

async function playedExtras(db: Db, ids: string[]): Promise<Map<string, Extras>> {
  const out = new Map<string, Extras>();
  for (const { id } of await finishedBattleRows(db, { ids })) {
    const { state, loaded } = await battleState(db, id);
    const points = await Promise.all(loaded.setup.sides.map((s) => armyPoints(db, s, loaded.row.started_at, loaded.pack)));
    out.set(id, {
      variant: state.missionVariantId,
      firstMover: state.deploymentWinner === null ? null : state.deploymentWinner === 'A' ? 0 : 1,
      rulesVersion: loaded.pack.meta.dataVersion.trim() || null,
      // the pack itself, whatever its label: the desk tells two packs of one label apart, and one pack of two labels
      packDigest: await rulesetVersionDigest(db, loaded.row.ruleset_version_id),
      points: [points[0] ?? null, points[1] ?? null],
    });
  }
  return out;
}

/**
 * Replaces every player name of the ledger in free text by that player's pseudonym (names off): a note is free text,
 * and organisers write names in it. Whole words only, full names and their parts, never a term of the packs the
 * battles were played with (`nameScrubber`).
 */
async function scrubberOf(db: Db, id: ClubIdentity, players: { id: string; name: string }[]): Promise<Scrub> {
  const versions = await listRulesetVersions(db);
  const terms = new Set<string>();
  for (const v of versions) for (const t of packTerms((await packOfVersion(db, v.id)).pack)) terms.add(t);
  const scrub = nameScrubber(
    players.map((p) => ({ name: p.name, pseudonym: playerPseudonym(id, p.id) })),
    [...terms],
  );
  return (text) => {
    const out = scrub(text);
    return { text: out.text, marks: out.replaced };
  };
}

/** The rule a side's player found confusing, as it will leave (null where they named none), its marks with it. */
function confusingRuleOf(s: PlaytestSide, scrub: Scrub): MarkedText | null {
  const rating = keptRating(s.ratings);
  // the rule a player named is their own words, where a name may stand: scrubbed as a dispute's note is, names off
  const rule = rating?.confusingRule ? cut(scrub(rating.confusingRule), CONFUSING_RULE_MAX, true) : null;
  return rule?.text ? rule : null;
}

function bundleSide(s: PlaytestSide, paper: boolean, pseudonym: string, points: number | null, rule: string | null): BundleSide {
  const rating = keptRating(s.ratings);
  const known = {
    player: pseudonym,
    factionId: s.factionId,
    result: s.result,
    points,
    formations: s.formations.map((f) => ({ unitType: f.unitType, survived: f.survived })),
    // the player's ratings as battle_ratings holds them (loadReportBattles puts them on the side); null where they did not rate
    ratings: rating && { fun: rating.fun, clarity: rating.clarity, confusingRule: rule },
  };
  // a paper record (issue 41) carries what the form knows and leaves out, rather than zeroes, what it does not
  if (paper)
    return {
      ...known,
      vpTotal: sideVpTotal(s) ?? 0,
      trophies: [...(s.trophies ?? [])],
      veteranSixesSpent: s.veteranSixesSpent ?? 0,
    };
  const vp = s.vp ?? { objectives: 0, relic: 0, secondary: 0, cryptidHunt: 0 };
  return {
    ...known,
    vp: { objectives: vp.objectives, relic: vp.relic, secondary: vp.secondary, cryptidHunt: vp.cryptidHunt },
    wounds: s.wounds.map((w) => ({ unitType: w.unitType, ranged: w.ranged, melee: w.melee })),
    orders: { ...s.orders },
    gambits: { ...s.gambits },
    abilities: { ...s.abilities },
    rulesOfCool: { ...s.rulesOfCool },
    rulesOfCoolSucceeded: { ...s.rulesOfCoolSucceeded },
    explosions: { ...s.explosions },
    unitAbilities: { ...s.unitAbilities },
    uncloakRounds: [...s.uncloakRounds],
  };
}

/** The bundle of the battles `filter` selects. Writes the club's identity the first time (run it in a write transaction). */
export async function buildBundle(db: Db, o: ExportOptions, now = new Date()): Promise<PlaytestBundle> {
  return (await buildExport(db, o, now)).bundle;
}

/**
 * A battle's free text as it will leave: each side's confusing rule and each dispute, scrubbed and cut, each listed
 * in `notes` (as the preview shows it) and left out of what returns when the organiser excluded it.
 */
function battleNotes(b: PlaytestBattle, scrub: Scrub, excluded: ReadonlySet<string>, notes: ExportNote[]) {
  const listed = (kind: ExportNote['kind'], index: number, note: Omit<ExportNote, 'id' | 'battleId' | 'playedAt' | 'kind' | 'excluded'>) => {
    const id = noteId(kind, index, b.id);
    notes.push({ id, battleId: b.id, playedAt: b.playedAt, kind, ...note, excluded: excluded.has(id) });
    return !excluded.has(id);
  };
  const rules = b.sides.map((s, i) => {
    const rule = confusingRuleOf(s, scrub);
    return rule && listed('rating', i, { side: i as 0 | 1, round: null, rule, note: null }) ? rule.text : null;
  });
  const disputes: NonNullable<BundleRecord['disputes']> = [];
  b.disputes.forEach((d, k) => {
    let rule = cut(scrub(d.ruleRef), 40, true);
    if (!rule.text) rule = { text: 'unnamed rule', marks: [] };
    const note = cut(scrub(d.note), 500, false);
    if (listed('dispute', k, { side: null, round: d.round, rule, note })) disputes.push({ ruleRef: rule.text, note: note.text, round: d.round });
  });
  return { rules, disputes };
}

/**
 * The bundle of the battles `filter` selects, and every note that leaves in it with the replacements the scrubber made
 * (the export preview's list, issue 41; the notes left out are listed too, marked so).
 */
export async function buildExport(db: Db, o: ExportOptions, now = new Date()): Promise<{ bundle: PlaytestBundle; notes: ExportNote[] }> {
  const identity = await ensureClubIdentity(db);
  const battles: PlaytestBattle[] = (await loadReportBattles(db, o.filter)).filter((b) => matchesFilter(b, o.filter));
  const extras = await playedExtras(
    db,
    battles.map((b) => b.id),
  );
  const ledgerPlayers = [...(await playerNameKeys(db)).values()];
  const nameOf = new Map(ledgerPlayers.map((p) => [p.id, p.name]));
  const scrub = o.includeNames ? keepText : await scrubberOf(db, identity, ledgerPlayers);
  const excluded = new Set(o.excludedNoteIds ?? []);
  const notes: ExportNote[] = [];
  const players = new Map<string, string | null>();
  const playerIdOf = new Map<string, string>();
  const records: BundleRecord[] = battles.map((b) => {
    const { points, ...extra } = extras.get(b.id) ?? NO_EXTRAS;
    const paper = b.source === 'paper';
    const text = battleNotes(b, scrub, excluded, notes);
    // a paper record keeps its armies' points as they were when it was recorded
    const sidePoints = b.sides.map((s) => s.points ?? null);
    const sides = b.sides.map((s, i) => {
      const p = playerPseudonym(identity, s.playerId);
      if (!players.has(p)) players.set(p, o.includeNames ? (nameOf.get(s.playerId) ?? `Player ${p.slice(2, 8)}`) : null);
      playerIdOf.set(p, s.playerId);
      return bundleSide(s, paper, p, points[i] ?? sidePoints[i] ?? null, text.rules[i] ?? null);
    }) as [BundleSide, BundleSide];
    const known = {
      battleId: b.id,
      playedAt: b.playedAt,
      campaign: b.campaignId === null ? null : campaignPseudonym(identity, b.campaignId),
      mission: b.mission,
      ...extra,
      sides,
      rulings: [...new Set(b.rulings)],
    };
    // a paper battle's record (issue 41): what the form knows, the cryptid without its round, and nothing of Play Mode's
    if (paper) return { ...known, source: 'paper', cryptid: b.cryptid && { ...b.cryptid, round: null } };
    return {
      ...known,
      source: 'play',
      sequence: b.sequence ?? 'bag',
      roundSeconds: [...b.roundSeconds],
      cryptid: b.cryptid && { ...b.cryptid },
      storm: b.storm && { ...b.storm },
      disputes: text.disputes,
    };
  });
  const bundle: PlaytestBundle = {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    club: { id: identity.clubId, name: o.clubName?.trim() || null },
    exportedAt: now.toISOString(),
    namesIncluded: o.includeNames,
    players: [...players].map(([pseudonym, name]) => ({ pseudonym, name })),
    contentHash: `sha256:${sha256Hex(canonicalJson(records))}`,
    records,
  };
  // what leaves the club is what the desk will accept: checked here, so a record the schema refuses is found by its sender
  const checked = playtestBundleSchema.safeParse(bundle);
  if (checked.success) return { bundle: checked.data, notes };
  throw storedTextRefusal(bundle, checked.error.issues, playerIdOf);
}

/** The value at a path of the bundle, if any. */
function valueAt(v: unknown, path: readonly PropertyKey[]): unknown {
  let at = v;
  for (const k of path) at = at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[k] : undefined;
  return at;
}

/**
 * Why the bundle built from this ledger fails its own schema. Text an older
 * version stored and the policy now refuses (a player's name with a control
 * character, a dispute's note) is the ledger's, not a fault of the app: it is
 * VALIDATION, in the sentence every such refusal uses, naming the row and the
 * field. Anything else is the app's own fault (INTERNAL), said in words.
 */
function storedTextRefusal(bundle: PlaytestBundle, issues: readonly { path: PropertyKey[]; message: string }[], playerIdOf: Map<string, string>): AppError {
  const found: string[] = [];
  let path: (string | number)[] | undefined;
  for (const issue of issues) {
    const value = valueAt(bundle, issue.path);
    if (typeof value !== 'string') continue;
    const [top, i, field] = issue.path;
    let where: string | undefined;
    let problem: string | null = null;
    if (top === 'players' && field === 'name') {
      const id = playerIdOf.get(bundle.players[Number(i)]!.pseudonym) ?? '?';
      where = `players ${id}: its name`;
      problem = textProblem(value, 'name');
      path ??= ['players', id, 'name'];
    } else if (top === 'records') {
      const battle = bundle.records[Number(i)]?.battleId ?? '?';
      const kind = issue.path[issue.path.length - 1] === 'note' ? 'note' : 'name';
      where = `battle ${battle}: its ${issue.path.slice(2).join(' ')}`;
      problem = textProblem(value, kind);
      path ??= ['records', battle, ...issue.path.slice(2).map((k) => (typeof k === 'number' ? k : String(k)))];
    }
    if (where && problem) found.push(`${where} ${problem}`);
  }
  if (found.length) return new AppError('VALIDATION', `Nothing was exported. ${olderVersionTextRefusal(found)}`, { path });
  return new AppError(
    'INTERNAL',
    `The playtest bundle built from this ledger does not pass its own check: ${issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.')}: ${i.message}`)
      .join('; ')}.`,
  );
}

/** The bundle as a file: JSON, gzipped when asked, with a name saying whose and when. */
export function bundleFile(bundle: PlaytestBundle, gzip: boolean): { fileName: string; bytes: Buffer } {
  const json = Buffer.from(JSON.stringify(bundle));
  const who = bundle.club.name ?? 'club';
  const fileName = safeFileName(`playtest-bundle ${who} ${bundle.exportedAt.slice(0, 10)}`, gzip ? 'json.gz' : 'json', 'playtest-bundle');
  return { fileName, bytes: gzip ? gzipSync(json) : json };
}
