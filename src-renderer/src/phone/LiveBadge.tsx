import { Badge } from '@mantine/core';
import type { LiveState } from './live';

const WORDS: Record<LiveState, { text: string; color: string }> = {
  live: { text: 'Connected', color: 'teal.9' },
  connecting: { text: 'Not connected', color: 'orange.9' },
  closed: { text: 'Not connected: reload the page', color: 'red.9' },
};

/**
 * Whether this phone reaches the organiser's computer, in plain words: connected (and hearing the other phone's
 * changes as they happen), or not (taps are kept on the phone meanwhile, `waiting` of them).
 */
export function LiveBadge({ live, waiting = 0 }: { live: LiveState; waiting?: number }) {
  const w = WORDS[live];
  const text = waiting > 0 ? `${w.text} · ${waiting} waiting` : w.text;
  return (
    <Badge variant="filled" color={w.color} size="lg" role="status" aria-label={`Connection: ${text}`} h="auto" mih={28} style={{ whiteSpace: 'normal' }}>
      {text}
    </Badge>
  );
}
