import { Badge } from '@mantine/core';
import type { LiveState } from './live';

const WORDS: Record<LiveState, { text: string; color: string }> = {
  live: { text: 'Live', color: 'teal.9' },
  connecting: { text: 'Connecting…', color: 'gray.7' },
  closed: { text: 'Not live: reload the page', color: 'red.9' },
};

/** Whether this page hears the other phone's (the tables') changes as they happen. */
export function LiveBadge({ live }: { live: LiveState }) {
  const w = WORDS[live];
  return (
    <Badge variant="filled" color={w.color} size="lg" role="status" aria-label={`Live updates: ${w.text}`}>
      {w.text}
    </Badge>
  );
}
