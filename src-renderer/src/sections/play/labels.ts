import type { Side } from '../../../../src-shared/battle/setup';
import type { Phase } from '../../../../src-shared/battle/state';

/**
 * Each side's token colour, used everywhere a side is shown so the table can tell at a glance: as the fill of a
 * button or badge (white text on it passes WCAG AA in both themes), and as text (`SIDE_TEXT`, a theme token with a
 * shade per colour scheme: dark on the light theme, light on the dark one; main.tsx defines them).
 */
export const SIDE_COLOR: Record<Side | 'neutral', string> = { A: 'blue.8', B: 'red.9', neutral: 'gray.7' };

/** A side's colour for text on the page's background, readable in the light and the dark theme. */
export const SIDE_TEXT: Record<Side | 'neutral', string> = {
  A: 'var(--aoa-side-a-text)',
  B: 'var(--aoa-side-b-text)',
  neutral: 'var(--aoa-side-neutral-text)',
};

export const PHASE_LABEL: Record<Phase, string> = {
  scenario: 'Setup: scenario',
  terrain: 'Setup: terrain and objectives',
  rolloff: 'Setup: deployment roll-off',
  deployment: 'Setup: deployment and reserves',
  command: 'Command Phase',
  event: 'Round-two event',
  cryptid: 'The cryptid acts',
  activations: 'Activations',
  'end-of-round': 'End of round',
  over: 'Battle over',
};

export function clock(fromIso: string | null, now: number): string {
  if (!fromIso) return '0:00';
  const s = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 1000));
  const m = Math.floor(s / 60);
  return `${Math.floor(m / 60) ? `${Math.floor(m / 60)}:` : ''}${String(m % 60).padStart(Math.floor(m / 60) ? 2 : 1, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Table actions (draw, roll, end the round) in a neutral dark, apart from the two sides' colours and readable on a tablet. */
export const ACTION_COLOR = 'dark';
