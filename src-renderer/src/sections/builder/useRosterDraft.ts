import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import useUndo from 'use-undo';
import type { Roster } from '../../../../src-shared/roster/schema';
import { useApiMutation } from '../../api/hooks';
import { dropLocalDraft, keepLocalDraft, localDraftOf } from './local-draft';

/** How long the Builder waits after the last edit before it saves by itself. */
const AUTOSAVE_DELAY_MS = 1500;

/**
 * The roster being edited, saved as the organiser works: every change is kept
 * in this window's storage at once (local-draft.ts) and written to the ledger
 * shortly after the last edit (and at once when the editor closes), so nothing
 * is lost by clicking another section, reloading or closing the window: edits
 * the ledger did not get yet are restored when the roster is opened again.
 * While the roster is open, every change can be undone and redone
 * (Ctrl+Z / Ctrl+Shift+Z outside text fields, whose own undo stays theirs).
 */
export function useRosterDraft(loaded: Roster | undefined, loadedAt: string | undefined) {
  const save = useApiMutation('rosters.save');
  const [history, { set, reset, undo, redo, canUndo, canRedo }] = useUndo<Roster | null>(null);
  const draft = history.present;
  const [savedJson, setSavedJson] = useState('');
  /** The last document sent, so a save in flight is not sent again. */
  const sent = useRef('');
  /**
   * The stored version this editor's changes rest on (its `updatedAt`): each save names it, so a save over a roster
   * saved elsewhere since (another organiser of the league, another window) is refused rather than replacing it.
   */
  const base = useRef<string | undefined>(undefined);
  /**
   * Saves go one after the other, each naming the version the one before it wrote: an autosave and the next one (or
   * Save, Print, Export) never overtake each other on a slow connection.
   */
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const json = draft ? JSON.stringify(draft) : '';
  const dirty = draft !== null && json !== savedJson;
  /** Edits from an earlier visit were restored from this window's storage when the roster was opened. */
  const [restored, setRestored] = useState(false);
  /** The unsaved edits are kept in this window's storage (false only when the browser refused to keep them). */
  const [keptLocally, setKeptLocally] = useState(true);

  /** Shows the roster as stored (version `storedAt`), with nothing unsaved and a fresh undo history. */
  const showStored = useCallback(
    (stored: Roster, storedAt: string) => {
      reset(stored);
      const storedJson = JSON.stringify(stored);
      setSavedJson(storedJson);
      sent.current = storedJson;
      base.current = storedAt;
    },
    [reset],
  );

  /**
   * Opens a roster: as stored, with the edits kept here that the ledger did not get (a reload or a closed window
   * before their autosave) put back on top, resting on the version they were made on, so they are saved over it or
   * refused as saved elsewhere like any other edit.
   */
  const open = useCallback(
    (stored: Roster, storedAt: string) => {
      showStored(stored, storedAt);
      setRestored(false);
      const kept = localDraftOf(stored.id);
      if (!kept) return;
      if (JSON.stringify(kept.roster) === JSON.stringify(stored)) {
        dropLocalDraft(stored.id);
        return;
      }
      base.current = kept.baseUpdatedAt ?? storedAt;
      set(kept.roster);
      setRestored(true);
    },
    [showStored, set],
  );

  useEffect(() => {
    if (!loaded || !loadedAt) return;
    if (!draft || draft.id !== loaded.id) open(loaded, loadedAt);
    // the stored one changed elsewhere while nothing here is unsaved: show the stored one
    else if (!dirty && loadedAt !== base.current && sent.current === savedJson) showStored(loaded, loadedAt);
  }, [loaded, loadedAt, draft, dirty, savedJson, showStored, open]);

  // every edit is kept in this window's storage as it is made, with the version it rests on (which a landed save
  // moves on: savedJson changes then); once the ledger holds what is on screen, the kept copy goes
  useEffect(() => {
    if (!draft) return;
    if (dirty) setKeptLocally(keepLocalDraft({ roster: draft, baseUpdatedAt: base.current ?? null }));
    else dropLocalDraft(draft.id);
  }, [draft, dirty, savedJson]);

  const saveNow = (roster: Roster) => {
    const body = JSON.stringify(roster);
    sent.current = body;
    const run = queue.current.then(async () => {
      const out = await save.mutateAsync({ roster, baseUpdatedAt: base.current });
      base.current = out.summary.updatedAt;
      setSavedJson(body);
      return out;
    });
    queue.current = run.catch(() => undefined);
    return run;
  };

  const autosave = useDebouncedCallback(
    (roster: Roster) => {
      if (JSON.stringify(roster) === sent.current) return;
      // a failed autosave stays on screen (save.error) and the edit stays dirty; the next edit tries again
      saveNow(roster).catch(() => undefined);
    },
    { delay: AUTOSAVE_DELAY_MS, flushOnUnmount: true },
  );

  useEffect(() => {
    if (draft && dirty && json !== sent.current) autosave(draft);
  }, [draft, dirty, json, autosave]);

  // undo and redo as of the latest render: a notification's Undo button outlives the render that made it
  const latest = useRef({ undo, redo });
  latest.current = { undo, redo };

  useHotkeys([
    ['mod+Z', () => canUndo && undo()],
    ['mod+shift+Z', () => canRedo && redo()],
    ['mod+Y', () => canRedo && redo()],
  ]);

  return {
    draft,
    setDraft: (r: Roster) => set(r),
    dirty,
    restored,
    keptLocally,
    saving: save.isPending,
    saveError: save.error,
    /**
     * The roster was saved elsewhere since this editor's version: rosters.save's CONFLICT about the whole roster (its
     * other CONFLICT, a roster moved to another player or campaign, names that field).
     */
    conflict: save.error?.code === 'CONFLICT' && save.error.path?.join('.') === 'roster',
    /** Drops the edits here and shows the roster as stored (after a conflict): `stored` is the fresh read of it. */
    takeStored: (stored: Roster, storedAt: string) => {
      save.reset();
      showStored(stored, storedAt);
    },
    /**
     * Keeps the edits here over the roster as stored (after a conflict): saves the draft on the stored version
     * `storedAt`, the fresh read of it, so a roster saved elsewhere again meanwhile is still refused.
     */
    keepMine: (storedAt: string) => {
      save.reset();
      base.current = storedAt;
      return draft ? saveNow(draft) : Promise.resolve(null);
    },
    /** Saves the current draft at once (the Save button, Print and Export). */
    saveNow: () => (draft ? saveNow(draft) : Promise.resolve(null)),
    undo: () => latest.current.undo(),
    redo: () => latest.current.redo(),
    canUndo,
    canRedo,
  };
}
