import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import useUndo from 'use-undo';
import type { Roster } from '../../../../src-shared/roster/schema';
import { useApiMutation } from '../../api/hooks';

/** How long the Builder waits after the last edit before it saves by itself. */
export const AUTOSAVE_DELAY_MS = 1500;

/**
 * The roster being edited, saved as the organiser works: every change is
 * written to the ledger shortly after the last edit (and at once when the
 * editor closes), so nothing is lost by clicking another section or reloading.
 * While the roster is open, every change can be undone and redone
 * (Ctrl+Z / Ctrl+Shift+Z outside text fields, whose own undo stays theirs).
 */
export function useRosterDraft(loaded: Roster | undefined) {
  // an autosave and the next one (or Save, Print, Export) never overtake each other on a slow connection
  const save = useApiMutation('rosters.save', { inOrder: 'rosters.save' });
  const [history, { set, reset, undo, redo, canUndo, canRedo }] = useUndo<Roster | null>(null);
  const draft = history.present;
  const [savedJson, setSavedJson] = useState('');
  /** The last document sent, so a save in flight is not sent again. */
  const sent = useRef('');

  useEffect(() => {
    if (loaded && (!draft || draft.id !== loaded.id)) {
      reset(loaded);
      const json = JSON.stringify(loaded);
      setSavedJson(json);
      sent.current = json;
    }
  }, [loaded, draft, reset]);

  const json = draft ? JSON.stringify(draft) : '';
  const dirty = draft !== null && json !== savedJson;

  const saveNow = async (roster: Roster) => {
    const body = JSON.stringify(roster);
    sent.current = body;
    const out = await save.mutateAsync({ roster });
    setSavedJson(body);
    return out;
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
    saving: save.isPending,
    saveError: save.error,
    /** Saves the current draft at once (the Save button, Print and Export). */
    saveNow: () => (draft ? saveNow(draft) : Promise.resolve(null)),
    undo: () => latest.current.undo(),
    redo: () => latest.current.redo(),
    canUndo,
    canRedo,
  };
}
