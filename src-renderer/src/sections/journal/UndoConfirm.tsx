import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { ENTRY_LABELS, isRpKind } from '../../../../src-shared/campaign/entries';
import type { Journal } from '../../../../src-shared/contract/ledger.contract';

type JournalEvent = Journal['events'][number];

/** What one player gets back or loses when `event` is undone: the allowance before and after, and the items it gave. */
function playerLines(j: Journal, event: JournalEvent) {
  const ids = new Set(event.entries.map((e) => e.id));
  return j.players
    .map((p) => {
      const rp = p.explanation.filter((l) => ids.has(l.entryId)).reduce((sum, l) => sum + l.amount, 0);
      // one line per kind and formation or trophy: two dice earned by one squad are "+2", not two lines
      const counted = new Map<string, number>();
      for (const e of event.entries) {
        if (e.playerId !== p.playerId || isRpKind(e.kind) || e.amount === 0) continue;
        const what = e.item?.formationName ?? e.item?.trophyName;
        const label = `${ENTRY_LABELS[e.kind]}${what ? ` (${what})` : ''}`;
        counted.set(label, (counted.get(label) ?? 0) + e.amount);
      }
      const items = [...counted].filter(([, n]) => n !== 0).map(([label, n]) => `${label} ${n > 0 ? '+' : ''}${n}`);
      return { player: p, rp, items };
    })
    .filter((l) => l.rp !== 0 || l.items.length > 0);
}

/**
 * "Undo last event" asks first and says what it will take back: a finished mission takes every allowance, mark,
 * rank, trophy and Cryptid Die it gave with it, which a click on the wrong button should not do unseen.
 */
export function UndoConfirm({
  journal,
  step,
  pending,
  onCancel,
  onConfirm,
}: {
  journal: Journal;
  /** The event shown when Undo was clicked: what is named is what is undone (the request names it too). */
  step: Journal['undo'];
  pending: boolean;
  onCancel: () => void;
  onConfirm: (eventId: string) => void;
}) {
  const event = step && journal.events.find((e) => e.id === step.eventId);
  const mission = event?.kind === 'mission-finished' ? event.mission : null;
  const title = mission !== null ? `Undo mission ${mission}?` : 'Undo this event?';
  const lines = event ? playerLines(journal, event) : [];
  return (
    <Modal opened={!!step} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {step && (
        <Stack>
          <Text size="sm">
            This reverses <strong>{step.summary}</strong>
            {mission !== null ? ', the whole mission: everything it gave each player is taken back, and the mission can be recorded again.' : '.'}
          </Text>
          {lines.length > 0 && (
            <List size="sm" spacing={4} aria-label="What will be reversed">
              {lines.map(({ player, rp, items }) => (
                <List.Item key={player.playerId}>
                  <bdi>{player.playerName}</bdi>: {rp !== 0 ? `allowance ${player.allowance} → ${player.allowance - rp} RP` : 'allowance unchanged'}
                  {items.length > 0 && `; takes back ${items.join(', ')}`}
                </List.Item>
              ))}
            </List>
          )}
          <Text size="sm" c="dimmed">
            The Journal keeps the event and its undoing; Redo brings it back.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={() => onConfirm(step.eventId)} loading={pending}>
              {mission !== null ? `Undo mission ${mission}` : 'Undo'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
