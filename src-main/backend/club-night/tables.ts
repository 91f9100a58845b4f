import type { Board, ClubTable } from '../../../src-shared/contract/club-night.contract';
import { victoryPoints } from '../../../src-shared/battle/reducer';
import type { BackendContext } from '../context';
import { battleSummary } from '../battles/battles';
import { readBattleState } from '../battles/battle-state';
import { battleRules } from '../battles/rules';
import { getCampaign } from '../campaigns/campaigns';
import { tableLinksInForce } from '../db/tables/club-links.table';
import { claimTimes } from './side-claims';

/** Tonight's tables: each battle with a table link in force, with the latest expiry among its links. */
async function tablesInForce(ctx: BackendContext): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const l of await tableLinksInForce(ctx.db, new Date().toISOString())) {
    const seen = out.get(l.battle_id);
    if (!seen || l.expires_at > seen) out.set(l.battle_id, l.expires_at);
  }
  return out;
}

/**
 * The organiser's list, asked every few seconds: every table with its round, last event and when a phone was last
 * heard from. Each table's list row, not its whole record: the round comes from the state cache the phones' own
 * reads keep current.
 */
export async function clubTables(ctx: BackendContext): Promise<ClubTable[]> {
  const tables = await tablesInForce(ctx);
  const out: ClubTable[] = [];
  for (const [battleId, linkExpiresAt] of tables) {
    const d = await battleSummary(ctx.db, battleId);
    out.push({
      battleId,
      players: d.players,
      campaignName: d.campaignName,
      mode: d.mode,
      mission: d.mission,
      status: d.status,
      // the round being played, as the phones fold it (the same as battleDetail's)
      round: d.round,
      events: d.events,
      lastEventAt: d.updatedAt,
      lastHeardAt: ctx.clubNight.heard.get(battleId) ?? null,
      linkExpiresAt,
      claims: await claimTimes(ctx, battleId),
    });
  }
  return out;
}

/** The projector's board: tonight's tables with round and score, and the standings of their campaigns. */
export async function clubBoard(ctx: BackendContext): Promise<Board> {
  const tables: Board['tables'] = [];
  const campaignIds = new Set<string>();
  for (const battleId of (await tablesInForce(ctx)).keys()) {
    const d = await battleSummary(ctx.db, battleId);
    // the round and score only: the cached state read in place, not the record read and the state copied per table
    const { round, score } = await readBattleState(ctx.db, battleId, (state, loaded) => ({
      // the round being played, as on the phones (see roundBeingPlayed)
      round: state.round,
      score: victoryPoints(state, battleRules(loaded.pack, loaded.options)),
    }));
    tables.push({
      battleId,
      players: d.players,
      campaignName: d.campaignName,
      mission: d.mission,
      status: d.status,
      round,
      victoryPoints: score,
    });
    if (d.campaignId) campaignIds.add(d.campaignId);
  }
  const standings: Board['standings'] = [];
  for (const id of campaignIds) {
    const c = await getCampaign(ctx.db, id);
    standings.push({
      campaignId: c.id,
      campaignName: c.name,
      players: c.standings.map((s) => ({
        name: c.seats.find((seat) => seat.playerId === s.playerId)?.playerName ?? '',
        wins: s.wins,
        draws: s.draws,
        losses: s.losses,
        victoryPoints: s.victoryPoints,
      })),
    });
  }
  return { tables, standings };
}
