import { isRpKind } from './entries';
import type { Economy } from './rewards';

/**
 * What must hold of a campaign's entries however they reached the ledger
 * (the app's own writes, an import, an old import checked by `db check`):
 * a player's allowance is the sum of their RP entries, and after every
 * event it lies between 0 and the pack's ceiling (DIGEST 17.3). Within an
 * event the total may pass the ceiling, since a reward is written before the
 * ceiling entry that cuts it.
 */

export interface InvariantEntry {
  eventId: string;
  playerId: string | null;
  kind: string;
  amount: number;
}

export interface AllowanceBreach {
  /** Index (in the list given) of the player's last RP entry of the event after which the allowance is out of bounds. */
  index: number;
  playerId: string;
  allowance: number;
  message: string;
}

/** The first event after which some player's allowance is below 0 or above the cap; entries in timeline order. */
export function firstAllowanceBreach(entries: readonly InvariantEntry[], economy: Pick<Economy, 'cap'>): AllowanceBreach | null {
  const totals = new Map<string, number>();
  // each player's last RP entry of the event being read: the entry a breach is reported at
  let lastOfEvent = new Map<string, number>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (isRpKind(e.kind) && e.playerId !== null) {
      totals.set(e.playerId, (totals.get(e.playerId) ?? 0) + e.amount);
      lastOfEvent.set(e.playerId, i);
    }
    if (i < entries.length - 1 && entries[i + 1]!.eventId === e.eventId) continue;
    for (const [playerId, index] of lastOfEvent) {
      const allowance = totals.get(playerId)!;
      if (allowance > economy.cap)
        return {
          index,
          playerId,
          allowance,
          message: `An allowance would be ${allowance} RP, above the ceiling of ${economy.cap} RP the campaign's rules allow.`,
        };
      if (allowance < 0) return { index, playerId, allowance, message: `An allowance would be ${allowance} RP, below 0.` };
    }
    lastOfEvent = new Map();
  }
  return null;
}
