import { battleOutcomeSchema } from '../battle/outcome';
import { parsePackText } from '../ruleset/parse';
import type { RulesetPack } from '../ruleset/schema';
import { isRpKind } from './entries';
import { firstAllowanceBreach } from './ledger-invariants';
import type { CampaignFile, CampaignFileCampaign } from './portable-file';

/**
 * The checks a portable file passes after its shape (portable-file.ts) and
 * before anything of it is written: no id twice, every reference resolved
 * inside the file and within its own campaign, and each campaign's entries
 * keeping the ledger's invariants under the pack the campaign is pinned to.
 * The first problem is returned with its path in the file.
 */

export interface PortableProblem {
  code: 'VALIDATION' | 'RULE_VIOLATION';
  message: string;
  path: (string | number)[];
}

type Path = (string | number)[];
const invalid = (message: string, path: Path): PortableProblem => ({ code: 'VALIDATION', message, path });

/** The first id seen twice in `rows`, with its path. */
function duplicate<T>(rows: readonly { row: T; path: Path }[], key: (r: T) => string | number, what: string): PortableProblem | null {
  const seen = new Set<string | number>();
  for (const { row, path } of rows) {
    const k = key(row);
    if (seen.has(k)) return invalid(`The file carries ${what} ${k} twice.`, path);
    seen.add(k);
  }
  return null;
}

const idOf = (r: { id: string }) => r.id;

/** A campaign's own rows whose ids must be unique across the file, and what one is called. */
const CAMPAIGN_ROWS = [
  ['events', 'event'],
  ['entries', 'entry'],
  ['finishes', 'finish'],
  ['rosters', 'roster'],
] as const;

export function portableFileProblem(file: CampaignFile): PortableProblem | null {
  const all = <T>(pick: (c: CampaignFileCampaign) => readonly T[], name: string) =>
    file.campaigns.flatMap((c, ci) => pick(c).map((row, i) => ({ row, path: ['campaigns', ci, name, i, 'id'] as Path })));
  const dup =
    duplicate(
      file.rulesetVersions.map((row, i) => ({ row, path: ['rulesetVersions', i, 'id'] })),
      (v) => v.id,
      'ruleset version',
    ) ??
    duplicate(
      file.rulesetVersions.map((row, i) => ({ row, path: ['rulesetVersions', i, 'version'] })),
      (v) => `${v.pack_id} v${v.version}`,
      'ruleset',
    ) ??
    duplicate(
      file.players.map((row, i) => ({ row, path: ['players', i, 'id'] })),
      (p) => p.id,
      'player',
    ) ??
    duplicate(
      file.campaigns.map((c, ci) => ({ row: c.campaign, path: ['campaigns', ci, 'campaign', 'id'] })),
      (c) => c.id,
      'campaign',
    );
  if (dup) return dup;
  for (const [name, what] of CAMPAIGN_ROWS) {
    const twice = duplicate(
      all<{ id: string }>((c) => c[name], name),
      idOf,
      what,
    );
    if (twice) return twice;
  }

  const packs = new Map<number, RulesetPack>();
  for (const v of file.rulesetVersions) {
    const r = parsePackText(v.pack_json);
    if (r.ok) packs.set(v.id, r.pack);
  }
  const players = new Set(file.players.map((p) => p.id));
  for (const [ci, c] of file.campaigns.entries()) {
    const problem = campaignProblem(c, ['campaigns', ci], packs, players);
    if (problem) return problem;
  }
  return null;
}

/** What each check of one campaign reads: the campaign, where it stands in the file, its label, its events by id and its seated players. */
interface CampaignCheck {
  c: CampaignFileCampaign;
  at: Path;
  id: string;
  label: string;
  events: Map<string, CampaignFileCampaign['events'][number]>;
  seatPlayers: Set<string>;
}

/** Its seats: of this campaign, each seat and player once, players the file carries, factions of its pack. Fills `seatPlayers`. */
function seatProblem(k: CampaignCheck, pack: RulesetPack, players: Set<string>): PortableProblem | null {
  const { c, at, id, label, seatPlayers } = k;
  for (const [si, s] of c.seats.entries()) {
    const path = [...at, 'seats', si];
    if (s.campaign_id !== id) return invalid(`A seat of ${label} names another campaign.`, [...path, 'campaign_id']);
    if (c.seats.findIndex((x) => x.seat === s.seat) !== si) return invalid(`${label} has seat ${s.seat} twice.`, [...path, 'seat']);
    if (seatPlayers.has(s.player_id)) return invalid(`A campaign is between two different players; ${label} seats one twice.`, [...path, 'player_id']);
    if (!players.has(s.player_id)) return invalid(`The file does not carry the player of seat ${s.seat} of ${label}.`, [...path, 'player_id']);
    if (!pack.factions.some((f) => f.id === s.faction_id))
      return invalid(`The faction ${s.faction_id} is not in the ruleset version ${label} is pinned to.`, [...path, 'faction_id']);
    seatPlayers.add(s.player_id);
  }
  return null;
}

/** Its events: of this campaign, one per step, referring only to its own events. */
function eventProblem({ c, at, id, label, events }: CampaignCheck): PortableProblem | null {
  const seqs = new Set<number>();
  for (const [i, e] of c.events.entries()) {
    const path = [...at, 'events', i];
    if (e.campaign_id !== id) return invalid(`An event of ${label} names another campaign.`, [...path, 'campaign_id']);
    if (seqs.has(e.seq)) return invalid(`${label} has two events at step ${e.seq}.`, [...path, 'seq']);
    seqs.add(e.seq);
    for (const col of ['reverses_event_id', 'redoes_event_id'] as const) {
      const ref = e[col];
      if (ref !== null && !events.has(ref)) return invalid(`An event of ${label} refers to an event that is not in this campaign.`, [...path, col]);
    }
  }
  return null;
}

/** One entry: of this campaign and one of its events, its own place, a seated player (any RP entry names one), reversing its own entries. */
function entryProblem(
  k: CampaignCheck,
  e: CampaignFileCampaign['entries'][number],
  path: Path,
  positions: Set<string>,
  entryIds: Set<string>,
): PortableProblem | null {
  const { id, label, events, seatPlayers } = k;
  if (e.campaign_id !== id) return invalid(`An entry of ${label} names another campaign.`, [...path, 'campaign_id']);
  if (!events.has(e.event_id)) return invalid(`An entry of ${label} belongs to an event that is not in this campaign.`, [...path, 'event_id']);
  if (positions.has(`${e.event_id}|${e.position}`)) return invalid(`Two entries of ${label} share a place in one event.`, [...path, 'position']);
  positions.add(`${e.event_id}|${e.position}`);
  if (e.player_id !== null && !seatPlayers.has(e.player_id))
    return invalid(`An entry of ${label} names a player who does not play in it.`, [...path, 'player_id']);
  if (e.player_id === null && isRpKind(e.kind)) return invalid(`A requisition entry of ${label} names no player.`, [...path, 'player_id']);
  if (e.reverses_entry_id !== null && !entryIds.has(e.reverses_entry_id))
    return invalid(`An entry of ${label} reverses an entry that is not in this campaign.`, [...path, 'reverses_entry_id']);
  return null;
}

function entriesProblem(k: CampaignCheck): PortableProblem | null {
  const entryIds = new Set(k.c.entries.map((e) => e.id));
  const positions = new Set<string>();
  for (const [i, e] of k.c.entries.entries()) {
    const problem = entryProblem(k, e, [...k.at, 'entries', i], positions, entryIds);
    if (problem) return problem;
  }
  return null;
}

/** Its finishes: of this campaign, referring to its own events, each recording a battle of its own mission and players. */
function finishProblem({ c, at, id, label, events, seatPlayers }: CampaignCheck): PortableProblem | null {
  for (const [i, f] of c.finishes.entries()) {
    const path = [...at, 'finishes', i];
    if (f.campaign_id !== id) return invalid(`A finish of ${label} names another campaign.`, [...path, 'campaign_id']);
    for (const col of ['event_id', 'undone_by_event_id'] as const) {
      const ref = f[col];
      if (ref !== null && !events.has(ref)) return invalid(`A finish of ${label} refers to an event that is not in this campaign.`, [...path, col]);
    }
    // the text was checked against the schema with the file's shape
    const o = battleOutcomeSchema.parse(JSON.parse(f.outcome_json));
    if (o.campaignId !== id || o.mission !== f.mission || o.sides.some((s) => !seatPlayers.has(s.playerId)))
      return invalid(`A finish of ${label} records a battle of another campaign, mission or players.`, [...path, 'outcome_json']);
  }
  return null;
}

/** The entries in timeline order, each with its place in the file for the path of a breach: no allowance past the cap. */
function allowanceProblem({ c, at, label, events }: CampaignCheck, pack: RulesetPack): PortableProblem | null {
  const seqOf = (eventId: string) => events.get(eventId)!.seq;
  const ordered = c.entries.map((e, i) => ({ e, i })).sort((x, y) => seqOf(x.e.event_id) - seqOf(y.e.event_id) || x.e.position - y.e.position);
  const breach = firstAllowanceBreach(
    ordered.map(({ e }) => ({ eventId: e.event_id, playerId: e.player_id, kind: e.kind, amount: e.amount })),
    pack.economy,
  );
  if (breach) return { code: 'RULE_VIOLATION', message: `In ${label}: ${breach.message}`, path: [...at, 'entries', ordered[breach.index]!.i, 'amount'] };
  return null;
}

function campaignProblem(c: CampaignFileCampaign, at: Path, packs: Map<number, RulesetPack>, players: Set<string>): PortableProblem | null {
  const label = `campaign "${c.campaign.name}"`;
  const pack = packs.get(c.campaign.ruleset_version_id);
  if (!pack) return invalid(`The file does not carry the ruleset version ${label} is pinned to.`, [...at, 'campaign', 'ruleset_version_id']);
  const k: CampaignCheck = { c, at, id: c.campaign.id, label, events: new Map(c.events.map((e) => [e.id, e])), seatPlayers: new Set() };
  return seatProblem(k, pack, players) ?? eventProblem(k) ?? entriesProblem(k) ?? finishProblem(k) ?? allowanceProblem(k, pack);
}
