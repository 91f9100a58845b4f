import type { MouseEvent } from 'react';

/**
 * A double click on a button at the table is one press. The browser numbers the clicks of a multi-click
 * (`event.detail`), so the second click of a double click is stopped on its way to the button, however quickly the
 * first was answered: on a fast machine the first step is recorded before the second click lands, and the button
 * would record the losses, the Wounds or the draw again. Separate clicks (detail 1) and the keyboard (detail 0) pass.
 * Used as an `onClickCapture` around a screen: React's events reach it before any button inside, portals included.
 */
export function stopRepeatClicks(e: MouseEvent): void {
  if (e.detail > 1 && e.target instanceof Element && e.target.closest('button')) {
    e.stopPropagation();
    e.preventDefault();
  }
}
