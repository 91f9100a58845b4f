import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
//
// Until the paper post-battle form and Play Mode listed formations the same
// way (issue 17), the paper form recorded the command group under the id
// "command" and Play Mode under the Captain's id, so a campaign that mixed the
// two held the command group's service marks (and its Cryptid Veteran badge)
// on two lines. This step moves what stands under "command" onto the
// Captain's line. Entries are append-only, so it edits none: each campaign
// concerned gets one correction event, shown in the Journal, whose entries
// take the marks off "command" and put them on the Captain's line.
// Portable query builder only: it serves the SQLite and the PostgreSQL lists.

const OLD_ID = 'command';
const SUMMARY = 'Command group records merged onto one line';

interface Item {
  formationId?: string;
  formationName?: string;
}

interface Moved {
  campaignId: string;
  playerId: string;
  marks: number;
  veteran: number;
  oldName: string;
}

function item(json: string): Item {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as Item) : {};
  } catch {
    return {};
  }
}

/** Net marks and badge per campaign and player that stand under the old id. */
async function standingUnderOldId(db: Kysely<any>): Promise<Moved[]> {
  const rows = (await db
    .selectFrom('ledger_entries')
    .select(['campaign_id', 'player_id', 'kind', 'amount', 'item_json'])
    .where('kind', 'in', ['service-mark', 'cryptid-veteran'])
    .where('player_id', 'is not', null)
    .where('item_json', 'like', `%"formationId":"${OLD_ID}"%`)
    .orderBy('created_at')
    .execute()) as { campaign_id: string; player_id: string; kind: string; amount: number; item_json: string }[];
  const byPair = new Map<string, Moved>();
  for (const r of rows) {
    const it = item(r.item_json);
    if (it.formationId !== OLD_ID) continue;
    const key = `${r.campaign_id}|${r.player_id}`;
    const m = byPair.get(key) ?? { campaignId: r.campaign_id, playerId: r.player_id, marks: 0, veteran: 0, oldName: 'Command group' };
    if (r.kind === 'service-mark') m.marks += Number(r.amount);
    else m.veteran += Number(r.amount);
    if (it.formationName) m.oldName = it.formationName;
    byPair.set(key, m);
  }
  return [...byPair.values()].filter((m) => m.marks > 0 || m.veteran > 0);
}

/**
 * The Captain's line for a player in a campaign: first where Play Mode already
 * recorded the command group (an entry named "… command group" under another
 * id), else the Captain of the player's newest roster in the campaign.
 */
async function captainLine(
  db: Kysely<any>,
  m: Moved,
): Promise<{ id: string; name: string; hasVeteran: boolean } | undefined> {
  const entries = (await db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount', 'item_json'])
    .where('campaign_id', '=', m.campaignId)
    .where('player_id', '=', m.playerId)
    .where('kind', 'in', ['service-mark', 'cryptid-veteran'])
    .orderBy('created_at')
    .execute()) as { kind: string; amount: number; item_json: string }[];
  let found: { id: string; name: string } | undefined;
  for (const e of entries) {
    const it = item(e.item_json);
    if (it.formationId && it.formationId !== OLD_ID && /command group$/i.test(it.formationName ?? '')) found = { id: it.formationId, name: it.formationName! };
  }
  if (!found) {
    const rosters = (await db
      .selectFrom('rosters')
      .select('roster_json')
      .where('campaign_id', '=', m.campaignId)
      .where('player_id', '=', m.playerId)
      .where('deleted_at', 'is', null)
      .orderBy('updated_at', 'desc')
      .execute()) as { roster_json: string }[];
    for (const r of rosters) {
      let captain: { id?: unknown } | null = null;
      try {
        captain = (JSON.parse(r.roster_json) as { captain?: { id?: unknown } | null }).captain ?? null;
      } catch {
        captain = null;
      }
      if (typeof captain?.id === 'string') {
        found = { id: captain.id, name: m.oldName };
        break;
      }
    }
  }
  if (!found) return undefined;
  const veteran = entries
    .filter((e) => e.kind === 'cryptid-veteran' && item(e.item_json).formationId === found.id)
    .reduce((s, e) => s + Number(e.amount), 0);
  return { ...found, hasVeteran: veteran > 0 };
}

export async function up(db: Kysely<any>): Promise<void> {
  const moved = await standingUnderOldId(db);
  const byCampaign = new Map<string, { m: Moved; to: { id: string; name: string; hasVeteran: boolean } }[]>();
  for (const m of moved) {
    const to = await captainLine(db, m);
    // no roster and no Play Mode line to merge into: the single "command" line is already one line
    if (!to) continue;
    byCampaign.set(m.campaignId, [...(byCampaign.get(m.campaignId) ?? []), { m, to }]);
  }
  const at = new Date().toISOString();
  for (const [campaignId, pairs] of byCampaign) {
    const last = (await db
      .selectFrom('ledger_events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst()) as { seq: number | string | null } | undefined;
    // ids from the campaign: the step runs once per ledger, and a league and its clubs' copies agree on them
    const eventId = `0011-merge-command-${campaignId}`;
    await db
      .insertInto('ledger_events')
      .values({
        id: eventId,
        campaign_id: campaignId,
        seq: Number(last?.seq ?? 0) + 1,
        kind: 'correction',
        mission: null,
        summary: SUMMARY,
        reverses_event_id: null,
        redoes_event_id: null,
        created_at: at,
      })
      .execute();
    const entries: Record<string, unknown>[] = [];
    const add = (playerId: string, kind: string, amount: number, formation: { id: string; name: string }, reason: string) =>
      entries.push({
        id: `${eventId}-${entries.length}`,
        event_id: eventId,
        position: entries.length,
        campaign_id: campaignId,
        player_id: playerId,
        mission: null,
        kind,
        amount,
        item_json: JSON.stringify({ formationId: formation.id, formationName: formation.name }),
        reason,
        reverses_entry_id: null,
        created_at: at,
      });
    for (const { m, to } of pairs) {
      const from = { id: OLD_ID, name: m.oldName };
      const why = `Recorded by the paper form as “${m.oldName}”, moved to ${to.name} so the command group has one line`;
      if (m.marks > 0) {
        add(m.playerId, 'service-mark', -m.marks, from, why);
        add(m.playerId, 'service-mark', m.marks, to, why);
      }
      if (m.veteran > 0) {
        add(m.playerId, 'cryptid-veteran', -m.veteran, from, why);
        if (!to.hasVeteran) add(m.playerId, 'cryptid-veteran', 1, to, why);
      }
    }
    await db.insertInto('ledger_entries').values(entries).execute();
  }
}

export async function down(): Promise<void> {
  // The correction is part of the ledger's history, like any other; a later undo of it is a new entry.
}
