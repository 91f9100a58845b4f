import { normaliseText } from '../text-policy';
import { newRosterId, type Roster } from './schema';

/** The longest roster name the text policy stores (`rosterNameSchema`). */
const ROSTER_NAME_MAX = 80;
const COPY_SUFFIX = ' (copy)';

/**
 * "<name> (copy)", held to the roster name's length: the name is shortened by
 * whole characters so the suffix always shows.
 */
export function copyName(name: string, max = ROSTER_NAME_MAX): string {
  const base = normaliseText(name, 'name').trim();
  const room = max - COPY_SUFFIX.length;
  let kept = '';
  // by graphemes: neither half a surrogate pair (which the text policy refuses) nor a letter without its accent
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(base)) {
    if (kept.length + segment.length > room) break;
    kept += segment;
  }
  return `${kept.trimEnd()}${COPY_SUFFIX}`;
}

/** Where a clone goes: a campaign (the player's seat there) or a standalone game. */
export interface CloneTarget {
  campaignId: string | null;
  playerId: string;
  rulesetVersionId: number;
  name: string;
}

/**
 * A copy of a roster for a new campaign or a standalone game: every part gets
 * a fresh id (roster, Captain, Officers, formations, fighters), since the
 * ledger keys service marks and Veteran Sixes by formation id and the copy
 * starts with no record. An Officer's posting follows its formation's new id.
 * `rosters.duplicate`, by contrast, keeps formation ids for the same campaign.
 */
export function cloneRoster(source: Roster, target: CloneTarget, newId: () => string = newRosterId): Roster {
  const copy = structuredClone(source);
  const formationIds = new Map(copy.formations.map((f) => [f.id, newId()]));
  return {
    ...copy,
    id: newId(),
    name: target.name,
    playerId: target.playerId,
    campaignId: target.campaignId,
    mode: target.campaignId ? 'campaign' : 'standalone',
    rulesetVersionId: target.rulesetVersionId,
    captain: copy.captain ? { ...copy.captain, id: newId() } : null,
    officers: copy.officers.map((o) => ({ ...o, id: newId(), postedTo: o.postedTo === null ? null : (formationIds.get(o.postedTo) ?? null) })),
    formations: copy.formations.map((f) => ({ ...f, id: formationIds.get(f.id)!, fighters: f.fighters.map((x) => ({ ...x, id: newId() })) })),
  };
}
