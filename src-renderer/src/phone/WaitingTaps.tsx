import { Alert, Button, List, Stack, Text } from '@mantine/core';
import type { BattleIntentInput } from '../../../src-shared/battle/intents';
import type { Box } from '../sections/play/outbox';

/** A kept tap in a few words: what it records. */
function tapLabel(intent: BattleIntentInput): string {
  if (intent.kind !== 'record') return intent.kind.replace(/-/g, ' ');
  const body = intent.body as { kind: string; amount?: number; text?: string; count?: number };
  const what = body.kind
    .replace(/^record\./, '')
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase();
  if (body.kind === 'record.note' && body.text) return `note: ${body.text.slice(0, 40)}`;
  if (body.amount !== undefined) return `${what} ${body.amount}`;
  if (body.count !== undefined) return `${what} ${body.count}`;
  return what;
}

/**
 * The taps this phone keeps while the laptop cannot be reached (issue 42), in the order they will be sent, and any the
 * laptop refused once it answered, each with its reason.
 */
export function WaitingTaps({ outbox, onDismiss }: { outbox: Box; onDismiss: (clientEventId: string) => void }) {
  if (outbox.waiting.length === 0 && outbox.refused.length === 0) return null;
  return (
    <Stack gap="xs">
      {outbox.waiting.length > 0 && (
        <div role="status" aria-label="Waiting to send">
          <Text fw={700}>{`Waiting to send (${outbox.waiting.length}): kept on this phone, sent in order when the laptop answers`}</Text>
          <List size="sm">
            {outbox.waiting.map((t) => (
              <List.Item key={t.clientEventId}>{tapLabel(t.intent)}</List.Item>
            ))}
          </List>
        </div>
      )}
      {outbox.refused.map((t) => (
        <Alert key={t.clientEventId} color="red" role="alert" title={`Not recorded: ${tapLabel(t.intent)}`} data-error-code={t.code}>
          <Stack gap={4}>
            <Text size="sm">{t.message}</Text>
            <Button variant="default" onClick={() => onDismiss(t.clientEventId)}>
              Dismiss
            </Button>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
