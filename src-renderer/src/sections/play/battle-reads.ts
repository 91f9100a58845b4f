import type { Side } from '../../../../src-shared/battle/setup';
import type { Roster } from '../../../../src-shared/roster/schema';
import { api } from '../../api/transport';
import { useApiQuery } from '../../api/hooks';
import type { PaperSize } from '../../components/PdfPreviewModal';
import type { BattleHook } from './useBattle';

/**
 * What a battle's screens read besides the battle, through the channels its viewer may call (useBattle's `access`):
 * the organiser's own, or a table link's `table.*`, which name the battle and answer the same data. Each hook asks
 * one of the two, never both.
 */

/** The two armies as saved, side A's first (the odds drawer's profiles and loadouts); null where one is not stored. */
export function useBattleRosters(b: BattleHook): [Roster | null, Roster | null] {
  const detail = b.battle.data!;
  const table = b.access === 'table';
  const [ra, rb] = detail.setup.sides.map((s) => s.rosterId);
  const rosterA = useApiQuery('rosters.get', { id: ra ?? '' }, { enabled: !!ra && !table });
  const rosterB = useApiQuery('rosters.get', { id: rb ?? '' }, { enabled: !!rb && !table });
  const both = useApiQuery('table.rosters', { battleId: detail.id }, { enabled: table });
  if (!table) return [rosterA.data?.roster ?? null, rosterB.data?.roster ?? null];
  const find = (id: string | null | undefined) => both.data?.find((d) => d.roster.id === id)?.roster ?? null;
  return [find(ra), find(rb)];
}

/** A side's campaign inventory (Veteran Sixes, Cryptid Dice, trophies) for a campaign battle. */
export function useSideInventory(b: BattleHook, side: Side) {
  const detail = b.battle.data!;
  const table = b.access === 'table';
  const setup = detail.setup.sides[side === 'A' ? 0 : 1];
  const organiser = useApiQuery(
    'ledger.inventory',
    { campaignId: detail.campaignId ?? '', playerId: setup.playerId },
    { enabled: !table && !!detail.campaignId },
  );
  const atTable = useApiQuery('table.inventory', { battleId: detail.id, side }, { enabled: table });
  return table ? (atTable.data ?? null) : (organiser.data ?? null);
}

/** The crib sheet for the battle's pack and rulings, with a page of both armies' special rules. */
export function cribSheetOf(b: BattleHook, paperSize: PaperSize) {
  const detail = b.battle.data!;
  if (b.access === 'table') return api.call('table.cribSheet', { battleId: detail.id, paperSize });
  const rosterIds = detail.setup.sides.flatMap((s) => (s.rosterId ? [s.rosterId] : []));
  return api.call('print.cribSheet', {
    ...(detail.campaignId ? { campaignId: detail.campaignId } : { rulesetVersionId: detail.rulesetVersionId }),
    rosterIds,
    paperSize,
  });
}
