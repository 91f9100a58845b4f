import type { Roster } from '../../../../src-shared/roster/schema';

/**
 * A roster's edits not yet saved in the ledger, kept in this window's storage (localStorage, keyed by roster id) as
 * soon as they are made: a reload, a crash or a closed window between an edit and its autosave loses nothing, and the
 * editor restores them when the roster is opened again. `baseUpdatedAt` is the stored version the edits rest on, so
 * restored edits are saved over that version only (rosters.save refuses them when it was saved elsewhere since).
 */
export interface LocalDraft {
  roster: Roster;
  baseUpdatedAt: string | null;
}

const PREFIX = 'aoa.rosterDraft.';
const keyOf = (rosterId: string) => `${PREFIX}${rosterId}`;

/** Keeps the draft; false when the browser refuses (storage full or blocked): the caller then still warns on leaving. */
export function keepLocalDraft(draft: LocalDraft): boolean {
  try {
    localStorage.setItem(keyOf(draft.roster.id), JSON.stringify({ v: 1, ...draft }));
    return true;
  } catch {
    return false;
  }
}

/** The kept draft of a roster, when there is one this app wrote for it. */
export function localDraftOf(rosterId: string): LocalDraft | null {
  try {
    const text = localStorage.getItem(keyOf(rosterId));
    if (!text) return null;
    const kept = JSON.parse(text) as { v?: unknown; roster?: Partial<Roster>; baseUpdatedAt?: unknown };
    const r = kept.roster;
    // written by this app for this roster; anything else (another version's shape, a damaged value) is not restored
    if (kept.v !== 1 || !r || r.id !== rosterId || !Array.isArray(r.formations) || typeof r.notes !== 'string') return null;
    return { roster: r as Roster, baseUpdatedAt: typeof kept.baseUpdatedAt === 'string' ? kept.baseUpdatedAt : null };
  } catch {
    return null;
  }
}

export function dropLocalDraft(rosterId: string): void {
  try {
    localStorage.removeItem(keyOf(rosterId));
  } catch {
    // nothing was kept
  }
}
