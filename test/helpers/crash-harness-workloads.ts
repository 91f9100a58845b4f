import type BetterSqlite3 from 'better-sqlite3';
import { validateLedgerFile } from '../../src-main/backend/db/restore';
import { listBackups } from '../../src-main/backend/db/backup';
import type { CrashWorkload, WorkItem } from './crash-harness';
import { RP_KINDS } from '../../src-shared/campaign/entries';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { rulesetPackSchema } from '../../src-shared/ruleset/schema';
import type { Roster } from '../../src-shared/roster/schema';
import { minimalArmy } from './battle-seed';

const THEMES = ['auto', 'light', 'dark'] as const;

/**
 * Settings: each request changes four keys at once, all derived from the
 * request number, so a half-applied update (some keys from one request, some
 * from another) shows; and the stored number may never be older than the last
 * acknowledged one.
 */
export const settingsWorkload: CrashWorkload = {
  name: 'settings.update (four keys in one transaction)',
  channels: ['settings.update'],
  next: (n) => ({
    channel: 'settings.update',
    input: { clubName: `run ${n}`, backupKeep: (n % 100) + 1, paperSize: n % 2 ? 'A4' : 'LETTER', theme: THEMES[n % 3] },
    tag: n,
  }),
  verify(db: BetterSqlite3.Database, acked: WorkItem[], sent: WorkItem[], state: Map<string, unknown> = new Map()) {
    // the highest request ever sent, over every stream so far (a short stream may send no update at all)
    const maxSent = Math.max(...sent.map((x) => x.tag as number), (state.get('settings.maxSent') as number | undefined) ?? -1);
    state.set('settings.maxSent', maxSent);
    const rows = db.prepare('select key, value_json from settings').all() as { key: string; value_json: string }[];
    const s = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value_json) as unknown]));
    const problems: string[] = [];
    const lastAcked = acked.at(-1)?.tag as number | undefined;
    if (s.clubName === undefined) {
      if (lastAcked !== undefined) problems.push(`acknowledged update ${lastAcked} is missing`);
      return problems;
    }
    const k = Number(String(s.clubName).replace('run ', ''));
    const expected = { backupKeep: (k % 100) + 1, paperSize: k % 2 ? 'A4' : 'LETTER', theme: THEMES[k % 3] };
    for (const [key, v] of Object.entries(expected)) if (s[key] !== v) problems.push(`half-applied update ${k}: ${key} is ${String(s[key])}, not ${v}`);
    if (lastAcked !== undefined && k < lastAcked) problems.push(`stored update ${k} is older than acknowledged ${lastAcked}`);
    if (k > maxSent) problems.push(`stored update ${k} was never sent`);
    return problems;
  },
};

/** Backups: every acknowledged backup exists and is a whole ledger; nothing half-written carries a backup's name. */
const backupsWorkload: CrashWorkload = {
  name: 'backups.create (VACUUM INTO, then retention)',
  channels: ['backups.create'],
  weight: 1,
  next: (n) => ({ channel: 'backups.create', input: { label: 'crash-run' }, tag: n }),
  verify(db: BetterSqlite3.Database, acked: WorkItem[]) {
    const problems: string[] = [];
    const dir = (db.name as string).replace(/ledger\.sqlite$/, 'backups');
    const listed = new Set(listBackups(dir).map((b) => b.file));
    for (const a of acked) {
      const file = (a.result as { file: string }).file;
      if (!listed.has(file)) problems.push(`acknowledged backup ${file} is missing`);
    }
    for (const file of listed) {
      try {
        validateLedgerFile(file);
      } catch (e) {
        problems.push(`backup ${file} is not a whole ledger: ${(e as Error).message}`);
      }
    }
    return problems;
  },
};

/** Players: every acknowledged player is there, whole (name and notes together), and none was created twice. */
const playersWorkload: CrashWorkload = {
  name: 'players.create',
  channels: ['players.create'],
  next: (n) => ({ channel: 'players.create', input: { name: `Crash player ${n}`, notes: `notes of ${n}` }, tag: n }),
  verify(db: BetterSqlite3.Database, acked: WorkItem[]) {
    const rows = db.prepare("select name, notes from players where name like 'Crash player %'").all() as { name: string; notes: string }[];
    const byName = new Map<string, number>();
    const problems: string[] = [];
    for (const r of rows) {
      byName.set(r.name, (byName.get(r.name) ?? 0) + 1);
      if (r.notes !== `notes of ${r.name.replace('Crash player ', '')}`) problems.push(`player ${r.name} has the notes of another request`);
    }
    for (const a of acked) if (!byName.has(`Crash player ${a.tag as number}`)) problems.push(`acknowledged player ${a.tag as number} is missing`);
    for (const [name, count] of byName) if (count > 1) problems.push(`${name} was created ${count} times`);
    return problems;
  },
};

/** Every workload the app's current channels support; the harness skips those whose channels are not there yet. */
export const CRASH_WORKLOADS: CrashWorkload[] = [{ ...settingsWorkload, weight: 4 }, backupsWorkload, { ...playersWorkload, weight: 2 }];
// (the feature workloads, defined below, are added to CRASH_WORKLOADS at the end of the file)

// ---------------------------------------------------------------------------
// The feature workloads: finishing missions (and undoing them), recording
// battle events, importing campaigns and editing packs. Each prepares its
// state through the channels on the first child, and reads the ledger back
// after every kill, both to check it and to learn where the stream stands
// (a request whose reply was lost may or may not have landed).
// ---------------------------------------------------------------------------

type Call = Parameters<NonNullable<CrashWorkload['prepare']>>[0];

async function must<T>(call: Call, channel: string, input: unknown): Promise<T> {
  const r = await call(channel, input);
  if (!r.ok) throw new Error(`crash-run preparation: ${channel} refused: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

/** Two players, a campaign on the default pack, and the pack itself; `tag` keeps names apart. */
async function prepareCampaign(call: Call, tag: string) {
  const { version, pack } = await must<{ version: { id: number }; pack: RulesetPack }>(call, 'rulesets.get', {});
  const a = await must<{ id: string }>(call, 'players.create', { name: `${tag} A` });
  const b = await must<{ id: string }>(call, 'players.create', { name: `${tag} B` });
  const [fa, fb] = [pack.factions[0]!.id, pack.factions[1]!.id];
  const campaign = await must<{ id: string }>(call, 'campaigns.create', {
    rulesetVersionId: version.id,
    seats: [
      { playerId: a.id, factionId: fa },
      { playerId: b.id, factionId: fb },
    ],
  });
  return { versionId: version.id, pack, players: [a.id, b.id] as const, factions: [fa, fb] as const, campaignId: campaign.id };
}

/** A post-battle form's outcome of mission 1: side A wins with two mutant kills. */
function missionOneOutcome(campaignId: string, players: readonly [string, string]) {
  const side = (i: 0 | 1) => ({
    playerId: players[i],
    rosterId: null,
    result: i === 0 ? 'win' : 'loss',
    mutantKills: i === 0 ? 2 : 0,
    victoryPoints: i === 0 ? 3 : 1,
    formations: [{ formationId: `crash-${i}-core`, name: 'Line', slot: 'core', startingModels: 5, survivors: 3 - i, retreated: 0, cryptidWounds: 0 }],
    trophies: [],
    veteranSixesSpent: 0,
    cryptidDiceSpent: [],
  });
  return { mode: 'campaign', campaignId, mission: 1, mutantsInScenario: 9, cryptid: null, sides: [side(0), side(1)] };
}

interface FinishState {
  campaigns: { id: string; players: readonly [string, string] }[];
  /** Per campaign: its mission 1 has a live finish (so the next request undoes it). */
  live: Map<string, boolean>;
  /** Per campaign: the request in flight since the last kill (one at a time per campaign). */
  busy: Set<string>;
  round: number;
}

/**
 * Finish Mission, then undo it, again and again, on several campaigns: each
 * finish writes an event, the register row, reward and campaign entries and
 * the campaign's state; each undo writes reversing entries. After a kill:
 * every finish has all its entries or none, every undo reverses all of its
 * finish's entries, a campaign without a live finish is back at 400 RP a
 * player, and every acknowledged finish is in the register.
 */
const finishMissionWorkload: CrashWorkload = {
  name: 'campaigns.finishMission and ledger.undo (event, register, entries, campaign state)',
  channels: ['campaigns.finishMission', 'ledger.undo', 'campaigns.create'],
  weight: 2,
  async prepare(call, state) {
    const campaigns: FinishState['campaigns'] = [];
    for (let i = 0; i < 8; i++) {
      const c = await prepareCampaign(call, `Finisher ${i}`);
      campaigns.push({ id: c.campaignId, players: c.players });
    }
    state.set('finish', { campaigns, live: new Map(campaigns.map((c) => [c.id, false])), busy: new Set(), round: 0 } satisfies FinishState);
  },
  next(n, state) {
    const s = state.get('finish') as FinishState;
    // round robin: with at most four requests in flight and eight campaigns, a campaign's previous request has been answered
    const c = s.campaigns[s.round++ % s.campaigns.length]!;
    const live = s.live.get(c.id)!;
    s.live.set(c.id, !live); // what the ledger will hold if this lands; re-read from the ledger after a kill
    if (live) return { channel: 'ledger.undo', input: { campaignId: c.id, reason: `crash run ${n}` }, tag: { kind: 'undo', campaignId: c.id, n } };
    return {
      channel: 'campaigns.finishMission',
      input: { battleId: `crash-finish-${n}`, outcome: missionOneOutcome(c.id, c.players) },
      tag: { kind: 'finish', campaignId: c.id, battleId: `crash-finish-${n}` },
    };
  },
  verify(db, acked, _sent, state) {
    const s = state.get('finish') as FinishState;
    const problems: string[] = [];
    const count = db.prepare('select count(*) as n from ledger_entries where event_id = ?');
    const entries = (eventId: string) => (count.get(eventId) as { n: number }).n;
    const ids = s.campaigns.map((c) => c.id);
    const inList = `(${ids.map(() => '?').join(',')})`;
    const finishes = db
      .prepare(`select f.campaign_id, f.battle_id, f.event_id, f.undone_by_event_id from mission_finishes f where f.campaign_id in ${inList}`)
      .all(...ids) as {
      campaign_id: string;
      battle_id: string;
      event_id: string;
      undone_by_event_id: string | null;
    }[];
    const sizes = new Set<number>();
    for (const f of finishes) {
      const n = entries(f.event_id);
      sizes.add(n);
      if (n === 0) problems.push(`finish of ${f.battle_id} has no ledger entries`);
      if (f.undone_by_event_id) {
        const u = entries(f.undone_by_event_id);
        if (u !== n) problems.push(`the undo of ${f.battle_id} reverses ${u} of its ${n} entries`);
      }
    }
    // the same outcome on a fresh campaign gives the same entries every time: a different count is a partial finish
    if (sizes.size > 1) problems.push(`finishes of the same outcome have different numbers of entries: ${[...sizes].join(', ')}`);
    const events = db
      .prepare(`select e.id, e.kind from ledger_events e where e.campaign_id in ${inList} and e.kind in ('mission-finished', 'undo')`)
      .all(...ids) as { id: string; kind: string }[];
    const registered = new Set(finishes.flatMap((f) => [f.event_id, f.undone_by_event_id]));
    for (const e of events) if (!registered.has(e.id)) problems.push(`${e.kind} event ${e.id} is not in the finish register`);
    const byBattle = new Set(finishes.map((f) => f.battle_id));
    for (const a of acked) {
      const t = a.tag as { kind: string; battleId?: string };
      if (t.kind === 'finish' && !byBattle.has(t.battleId!)) problems.push(`acknowledged finish ${t.battleId} is missing`);
    }
    // where each campaign stands now, for the stream after the restart
    for (const c of s.campaigns) {
      const live = finishes.some((f) => f.campaign_id === c.id && !f.undone_by_event_id);
      s.live.set(c.id, live);
      const mission = (db.prepare('select current_mission from campaigns where id = ?').get(c.id) as { current_mission: number }).current_mission;
      if (mission !== (live ? 2 : 1)) problems.push(`campaign ${c.id} is at mission ${mission} with${live ? '' : 'out'} a live finish of mission 1`);
      if (!live) {
        const totals = db
          .prepare(
            `select player_id, sum(amount) as rp from ledger_entries where campaign_id = ? and player_id is not null and kind in (${RP_KINDS.map(() => '?').join(',')}) group by player_id`,
          )
          .all(c.id, ...RP_KINDS) as { player_id: string; rp: number }[];
        for (const t of totals) if (t.rp !== 400) problems.push(`campaign ${c.id}: with no live finish, player ${t.player_id} has ${t.rp} RP, not 400`);
      }
    }
    return problems;
  },
};

/** A client event id per request number, in UUID form (the channel requires one). */
const eventId = (n: number) => `c0ffee00-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/**
 * Recording at the table: a disputed-ruling note per request, and now and
 * then a retry of an earlier request with the same client event id. After a
 * kill: the battle's seq numbers are 1…N with no gap or repeat, every
 * acknowledged event is there exactly once, and a retry added nothing.
 */
export const battleEventsWorkload: CrashWorkload = {
  name: 'battles.act (append-only events with client ids)',
  channels: ['battles.start', 'battles.act', 'rosters.create', 'rosters.save'],
  weight: 3,
  async prepare(call, state) {
    const c = await prepareCampaign(call, 'Recorder');
    const rosterIds: string[] = [];
    for (const i of [0, 1] as const) {
      const created = await must<{ roster: Roster }>(call, 'rosters.create', {
        name: `Crash army ${i}`,
        playerId: c.players[i],
        factionId: c.factions[i],
        mode: 'campaign',
        campaignId: c.campaignId,
      });
      const saved = await must<{ roster: Roster }>(call, 'rosters.save', { roster: minimalArmy(created.roster, c.pack) });
      rosterIds.push(saved.roster.id);
    }
    const b = await must<{ id: string }>(call, 'battles.start', { mode: 'campaign', campaignId: c.campaignId, rosterIds });
    state.set('battle', { battleId: b.id, sent: [] as number[] });
  },
  next(n, state) {
    const s = state.get('battle') as { battleId: string; sent: number[] };
    // every seventh request repeats one sent earlier: a retry after a lost reply must record nothing new
    const retry = n % 7 === 6 && s.sent.length > 0 ? s.sent[Math.floor(s.sent.length / 2)]! : undefined;
    const k = retry ?? n;
    if (retry === undefined) s.sent.push(n);
    const intent = { kind: 'record', body: { kind: 'record.ruling', ruling: 'disputed', ruleRef: 'Field Manual §4', text: `call ${k} at the table` } };
    return { channel: 'battles.act', input: { battleId: s.battleId, clientEventId: eventId(k), intent }, tag: k };
  },
  verify(db, acked, _sent, state) {
    const s = state.get('battle') as { battleId: string };
    const rows = db.prepare('select id, seq, payload_json from battle_events where battle_id = ? order by seq').all(s.battleId) as {
      id: string;
      seq: number;
      payload_json: string;
    }[];
    const problems: string[] = [];
    rows.forEach((r, i) => {
      if (r.seq !== i + 1) problems.push(`event ${r.id} has seq ${r.seq} at position ${i + 1}: a gap or a repeat`);
    });
    const ids = new Map<string, number>();
    for (const r of rows) ids.set(r.id, (ids.get(r.id) ?? 0) + 1);
    for (const a of acked) {
      const id = eventId(a.tag as number);
      if (!ids.has(id)) problems.push(`acknowledged event ${a.tag as number} is missing`);
    }
    for (const [id, k] of ids) if (k > 1) problems.push(`event ${id} is recorded ${k} times`);
    for (const r of rows) {
      const payload = JSON.parse(r.payload_json) as { text?: string; body?: { text?: string } };
      const body = payload.body ?? payload;
      const k = parseInt(r.id.slice(-12), 16);
      if (body.text !== undefined && body.text !== `call ${k} at the table`) problems.push(`event ${r.id} carries the text of another request`);
    }
    return problems;
  },
};

/**
 * Every UUID in a campaign file rewritten for copy `n`: a new campaign,
 * players, events, entries and finishes. The players are new people, so
 * they get names of their own too: a ledger keeps one player per name.
 */
function copyOfCampaignFile(json: string, n: number): string {
  return json
    .replace(
      /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-)[0-9a-f]{12}/g,
      (_m, head: string) => `${head.slice(0, 9)}0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    )
    .replace(/"Exported ([AB])"/g, `"Exported $1 ${n}"`);
}

/**
 * Importing a campaign file (players, events, entries, a finish): copy n of
 * one exported campaign, with new ids. After a kill each copy is whole (as
 * many seats, events, entries and finishes as the file) or absent, and each
 * acknowledged copy is there.
 */
const campaignImportWorkload: CrashWorkload = {
  name: 'campaigns.import (a whole campaign or nothing)',
  channels: ['campaigns.import', 'campaigns.export', 'campaigns.finishMission'],
  weight: 1,
  async prepare(call, state) {
    const c = await prepareCampaign(call, 'Exported');
    await must(call, 'campaigns.finishMission', { battleId: crypto.randomUUID(), outcome: missionOneOutcome(c.campaignId, c.players) });
    const file = await must<{ json: string }>(call, 'campaigns.export', { ids: [c.campaignId] });
    const parsed = JSON.parse(file.json) as {
      campaigns: { campaign: { id: string }; seats: unknown[]; events: unknown[]; entries: unknown[]; finishes: unknown[] }[];
    };
    const one = parsed.campaigns[0]!;
    state.set('import', {
      json: file.json,
      counts: { seats: one.seats.length, events: one.events.length, entries: one.entries.length, finishes: one.finishes.length },
      source: one.campaign.id,
    });
  },
  next(n, state) {
    const s = state.get('import') as { json: string };
    return { channel: 'campaigns.import', input: { json: copyOfCampaignFile(s.json, n + 1) }, tag: n + 1 };
  },
  verify(db, acked, sent, state) {
    const s = state.get('import') as { counts: Record<string, number>; source: string };
    const problems: string[] = [];
    const ackedCopies = new Set(acked.map((a) => a.tag as number));
    for (const item of sent) {
      const id = JSON.parse(copyOfCampaignFile(JSON.stringify(s.source), item.tag as number)) as string;
      const got = {
        seats: (db.prepare('select count(*) as n from campaign_players where campaign_id = ?').get(id) as { n: number }).n,
        events: (db.prepare('select count(*) as n from ledger_events where campaign_id = ?').get(id) as { n: number }).n,
        entries: (db.prepare('select count(*) as n from ledger_entries where campaign_id = ?').get(id) as { n: number }).n,
        finishes: (db.prepare('select count(*) as n from mission_finishes where campaign_id = ?').get(id) as { n: number }).n,
      };
      const present = (db.prepare('select count(*) as n from campaigns where id = ?').get(id) as { n: number }).n === 1;
      const whole = Object.entries(s.counts).every(([k, v]) => got[k as keyof typeof got] === v);
      const absent = !present && Object.values(got).every((v) => v === 0);
      if (!whole && !absent) problems.push(`imported copy ${item.tag as number} is partial: ${JSON.stringify(got)} of ${JSON.stringify(s.counts)}`);
      if (ackedCopies.has(item.tag as number) && !whole) problems.push(`acknowledged import ${item.tag as number} is missing`);
    }
    return problems;
  },
};

/**
 * Editing a pack in the Armoury: each request saves the default pack with one
 * cost changed as a new version. After a kill every stored version parses as
 * a whole pack, version numbers are unique per pack, and every acknowledged
 * version is there with its cost.
 */
const packEditWorkload: CrashWorkload = {
  name: 'rulesets.createVersion (a whole pack version)',
  channels: ['rulesets.createVersion', 'rulesets.get'],
  weight: 1,
  async prepare(call, state) {
    const { version, pack } = await must<{ version: { id: number }; pack: RulesetPack }>(call, 'rulesets.get', {});
    state.set('pack', { baseVersionId: version.id, pack });
  },
  next(n, state) {
    const s = state.get('pack') as { baseVersionId: number; pack: RulesetPack };
    const pack = structuredClone(s.pack);
    // never the base's own cost: an unchanged pack is refused
    pack.units[0]!.cost = s.pack.units[0]!.cost + 1 + (n % 200);
    return { channel: 'rulesets.createVersion', input: { baseVersionId: s.baseVersionId, pack, note: `crash edit ${n}` }, tag: pack.units[0]!.cost };
  },
  verify(db, acked) {
    const problems: string[] = [];
    const rows = db.prepare('select id, pack_id, version, pack_json from ruleset_versions').all() as {
      id: number;
      pack_id: string;
      version: number;
      pack_json: string;
    }[];
    const seen = new Set<string>();
    for (const r of rows) {
      const key = `${r.pack_id}#${r.version}`;
      if (seen.has(key)) problems.push(`version ${key} is stored twice`);
      seen.add(key);
      try {
        const parsed = rulesetPackSchema.safeParse(JSON.parse(r.pack_json));
        if (!parsed.success) problems.push(`version ${key} does not parse as a pack: ${parsed.error.issues[0]?.message}`);
      } catch (e) {
        problems.push(`version ${key} is not whole JSON: ${(e as Error).message}`);
      }
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const a of acked) {
      const v = a.result as { id: number };
      const row = byId.get(v.id);
      if (!row) problems.push(`acknowledged version ${v.id} is missing`);
      else if ((JSON.parse(row.pack_json) as RulesetPack).units[0]!.cost !== a.tag) problems.push(`version ${v.id} holds another edit's cost`);
    }
    return problems;
  },
};

/** The feature workloads, for the crash run beside the foundation's. */
const FEATURE_WORKLOADS: CrashWorkload[] = [finishMissionWorkload, battleEventsWorkload, campaignImportWorkload, packEditWorkload];

CRASH_WORKLOADS.push(...FEATURE_WORKLOADS);
