import { useMemo } from 'react';
import type { ChannelOutput } from '../../../../src-shared/contract';
import { provisionalCosts } from '../../../../src-shared/roster/provisional';
import type { Roster } from '../../../../src-shared/roster/schema';
import { rosterViolations } from '../../../../src-shared/roster/validate';
import { useApiQuery } from '../../api/hooks';
import { veteranRecords } from './veteran-record';

/**
 * What the editor knows of the draft, recomputed on every change: its violations (the same pure validator the CLI
 * and Play Mode use), which points rest on provisional costs, and each formation's record from the ledger.
 */
export function useRosterChecks(draft: Roster | null, detail: ChannelOutput<'rosters.get'> | undefined) {
  const pack = detail?.pack;
  const allowance = detail?.allowance ?? 0;
  const validation = useMemo(() => (draft && pack ? rosterViolations(draft, pack, { allowance }) : null), [draft, pack, allowance]);
  const provisional = useMemo(() => (draft && pack ? provisionalCosts(draft, pack) : null), [draft, pack]);
  // a campaign roster's formations carry their record from the ledger (marks, rank, Veteran Sixes, trophies)
  const campaignId = detail?.roster.campaignId ?? null;
  const inventory = useApiQuery(
    'ledger.inventory',
    { campaignId: campaignId ?? '', playerId: detail?.roster.playerId ?? '' },
    { enabled: !!campaignId && !!detail },
  );
  const veterans = useMemo(() => (inventory.data && pack ? veteranRecords(inventory.data.inventory, pack) : null), [inventory.data, pack]);
  return { pack, allowance, validation, provisional, veterans };
}
