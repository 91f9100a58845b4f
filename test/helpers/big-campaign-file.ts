import { CAMPAIGN_FILE_FORMAT } from '../../src-shared/campaign/portable-file';

/**
 * A campaign file with `players` players and no campaign: the largest kind of
 * file a club sends (its whole membership), cheap to make in any size.
 */
/** `names`: a name of one's own for some players, by index (a hostile one, a twin of a ledger's player). */
export function bigPlayersFile(players: number, opts: { badAt?: number; idPrefix?: string; names?: Record<number, string> } = {}): string {
  const at = '2026-11-01T10:00:00.000Z';
  const prefix = opts.idPrefix ?? 'big';
  return JSON.stringify({
    format: CAMPAIGN_FILE_FORMAT,
    formatVersion: 1,
    exportedAt: at,
    rulesetVersions: [],
    players: Array.from({ length: players }, (_, i) => ({
      id: `${prefix}-${String(i).padStart(6, '0')}`,
      name: opts.names?.[i] ?? (i === opts.badAt ? '' : `Member ${i} of the Ashford Wargames Club`),
      contact: `member${i}@example.org`,
      notes: 'Plays on Thursdays.',
      created_at: at,
    })),
    campaigns: [],
  });
}
