// Issue 15: 'A squad that won a trophy appears as fa0ff6ab-… in the Journal, the campaign summary PDF and campaign
// show'. The entry that names a formation wins over later ones that only point at it (a trophy, a spent die).
import { describe, expect, it } from 'vitest';
import { inventoryFromEntries, type LedgerEntry } from '../../src-shared/campaign/entries';

const entry = (n: number, kind: LedgerEntry['kind'], item: LedgerEntry['item'], amount = 1): LedgerEntry => ({
  id: `e${n}`,
  eventId: 'ev1',
  campaignId: 'c1',
  playerId: 'p1',
  mission: 1,
  kind,
  amount,
  item,
  reason: kind,
  reversesEntryId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const rank = (marks: number) => ({ rank: marks >= 1 ? 'I' : null, veteranSixes: marks >= 1 ? 1 : 0 });
const SQUAD = '3f34fb5e-91eb-4d47-81c8-5cb8e7c100d3';

describe('formation names in a campaign inventory', () => {
  it.each([
    [
      'the trophy after the mark',
      [
        entry(1, 'service-mark', { formationId: SQUAD, formationName: 'Core squad 1' }),
        entry(2, 'trophy-claimed', { formationId: SQUAD, trophyId: 't', trophyName: 'Heart' }),
      ],
    ],
    [
      'the trophy before the mark',
      [
        entry(1, 'trophy-claimed', { formationId: SQUAD, trophyId: 't', trophyName: 'Heart' }),
        entry(2, 'service-mark', { formationId: SQUAD, formationName: 'Core squad 1' }),
      ],
    ],
  ])('%s: the squad is called by its name', (_order, entries) => {
    const inv = inventoryFromEntries(entries, rank);
    expect(inv.formations.map((f) => f.name)).toEqual(['Core squad 1']);
  });
});
