import { Badge, Card, Group, Text, Timeline, Title } from '@mantine/core';
import type { RefObject } from 'react';
import { ENTRY_LABELS } from '../../../../src-shared/campaign/entries';
import type { Journal } from '../../../../src-shared/contract/ledger.contract';

/**
 * One entry of a timeline line: its kind, the formation or trophy it concerns and the player, each name isolated so a
 * name written right to left keeps the words and numbers around it in place ("Service mark: Line 1 (Ana) +1").
 */
function EntryLine({ entry: x, playerName, first }: { entry: Journal['events'][number]['entries'][number]; playerName?: string; first: boolean }) {
  // a trophy's entry names the trophy and the formation that holds it
  const what = [x.item.trophyName, x.item.formationName].filter((n): n is string => !!n);
  return (
    <>
      {first ? '' : ' · '}
      {ENTRY_LABELS[x.kind]}
      {what.map((n, i) => (
        <span key={i}>
          {i === 0 ? ': ' : ', '}
          <bdi>{n}</bdi>
        </span>
      ))}
      {playerName && (
        <>
          {' '}
          (<bdi>{playerName}</bdi>)
        </>
      )}{' '}
      {x.amount > 0 ? '+' : ''}
      {x.amount}
    </>
  );
}

/** The campaign's events, newest last, each with its ledger entries; the one a link named is marked and scrolled to. */
export function JournalTimeline({
  journal: j,
  missionEvent,
  missionItem,
}: {
  journal: Journal;
  missionEvent: Journal['events'][number] | undefined;
  missionItem: RefObject<HTMLDivElement | null>;
}) {
  return (
    <Card withBorder>
      <Title order={2} size="h3" mb="sm">
        Timeline
      </Title>
      <Timeline bulletSize={14} lineWidth={2} aria-label="Campaign timeline">
        {j.events.map((e) => (
          <Timeline.Item
            key={e.id}
            ref={e.id === missionEvent?.id ? missionItem : undefined}
            aria-current={e.id === missionEvent?.id ? 'true' : undefined}
            data-testid={e.id === missionEvent?.id ? 'journal-mission' : undefined}
            title={
              <Group gap="xs">
                <Text fw={600} td={e.undone ? 'line-through' : undefined}>
                  {e.summary}
                </Text>
                {e.id === missionEvent?.id && <Badge variant="light">Opened from its finish</Badge>}
              </Group>
            }
          >
            <Text size="xs" c="dimmed">
              {new Date(e.createdAt).toLocaleString()}
              {e.undone ? ' · undone' : ''}
            </Text>
            {e.entries.length > 0 && (
              <Text size="sm" data-testid="journal-entries">
                {e.entries
                  .filter((x) => x.kind !== 'mission-unlocked' || x.amount > 0)
                  .map((x, i) => (
                    <EntryLine key={x.id} first={i === 0} entry={x} playerName={j.players.find((p) => p.playerId === x.playerId)?.playerName} />
                  ))}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}
