import type { LedgerEvent } from './entries';

/**
 * Undo and redo over an append-only history. Walking the events in order
 * rebuilds the two stacks: an ordinary event pushes onto "done" and clears
 * "redo"; an undo moves its target from done to redo; a redo moves it back
 * (as the redo event itself, which a later undo reverses).
 */
export function undoRedoTargets(events: readonly LedgerEvent[]): { undo: LedgerEvent | null; redo: LedgerEvent | null } {
  const done: LedgerEvent[] = [];
  const redo: LedgerEvent[] = [];
  const sorted = [...events].sort((x, y) => x.seq - y.seq);
  for (const e of sorted) {
    if (e.kind === 'campaign-created') continue; // the starting allowance is not an undoable step
    if (e.kind === 'undo') {
      const i = done.findIndex((d) => d.id === e.reversesEventId);
      if (i >= 0) done.splice(i, 1);
      redo.push(e);
    } else if (e.kind === 'redo') {
      const i = redo.findIndex((u) => u.id === e.redoesEventId);
      if (i >= 0) redo.splice(i, 1);
      done.push(e);
    } else {
      done.push(e);
      redo.length = 0;
    }
  }
  return { undo: done.at(-1) ?? null, redo: redo.at(-1) ?? null };
}
