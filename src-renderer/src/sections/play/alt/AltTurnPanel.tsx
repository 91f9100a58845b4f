import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FormationChoiceButton } from '../battle/FormationChoiceButton';
import { SIDE_COLOR } from '../labels';
import type { AlternatingState } from '../../../../../src-shared/battle/alternating-activation';
import { AlternatingActivation } from '../../../../../src-shared/battle/alternating-activation';

interface Props {
  state: AlternatingState;
  sideNames: [string, string];
  formationName: (id: string) => string;
  /** Its type and models left, under the name on its button (the bag's FormationChoiceButton). */
  formationDetail?: (id: string) => string;
  onActivate: (formationId: string) => void;
  onPass: () => void;
  /** Disables every choice, e.g. while a Will check is waiting. */
  busy?: boolean;
}

/** Why the Pass button is off, in words a player understands at the table. */
function passBlockedReason(state: AlternatingState, side: 0 | 1): string | null {
  if (state.passTokens[side] === 0) return 'No Pass tokens left this round.';
  if (state.passedLastTurn[side]) return 'You passed last time: activate a formation before passing again.';
  return 'Your opponent has nothing left to activate.';
}

/**
 * Whose activation it is in the alternating sequence, the Pass tokens in hand
 * and the formations that may be chosen (DIGEST §23 T3–T8).
 */
export function AltTurnPanel({ state, sideNames, formationName, formationDetail, onActivate, onPass, busy }: Props) {
  const turn = AlternatingActivation.turn(state);
  const who = turn.kind === 'choose' ? (turn.owner === 'neutral' ? 'Neutral patrols' : sideNames[turn.owner]) : null;

  return (
    <Card withBorder aria-labelledby="alt-turn-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="alt-turn-title">
            Round {state.round}
          </Title>
          <Text size="sm" c="dimmed">
            Initiative: <b>{sideNames[state.initiative]}</b>
          </Text>
        </Group>
        <Group gap="xl">
          {([0, 1] as const).map((side) => (
            <Stack key={side} gap={2}>
              <Text fw={600}>{sideNames[side]}</Text>
              <Text size="sm">Activation count: {state.counts[side]}</Text>
              <Badge
                variant={state.passTokens[side] > 0 ? 'filled' : 'light'}
                color="grape"
                aria-label={`${sideNames[side]}: ${state.passTokens[side]} Pass token${state.passTokens[side] === 1 ? '' : 's'} left of ${state.passTokensGranted[side]}`}
              >
                Pass tokens {state.passTokens[side]} / {state.passTokensGranted[side]}
              </Badge>
            </Stack>
          ))}
        </Group>

        {turn.kind === 'round-over' ? (
          <Alert color="gray" title="Round over" role="status">
            Every formation that could activate has done so.
            {state.discardedPassTokens.some((n) => n > 0) &&
              ` Unspent Pass tokens removed: ${([0, 1] as const)
                .filter((s) => state.discardedPassTokens[s] > 0)
                .map((s) => `${sideNames[s]} ${state.discardedPassTokens[s]}`)
                .join(', ')}.`}
          </Alert>
        ) : turn.kind === 'choose' ? (
          <Stack gap="xs">
            <Text size="lg" role="status" aria-live="polite">
              <b>{who}</b>’s activation
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} role="group" aria-label={`Formations ${who} may activate`}>
              {turn.eligible.map((id) => (
                <FormationChoiceButton
                  key={id}
                  name={`Activate ${formationName(id)}`}
                  detail={formationDetail?.(id) ?? ''}
                  color={SIDE_COLOR[turn.owner === 'neutral' ? 'neutral' : turn.owner === 0 ? 'A' : 'B']}
                  disabled={busy}
                  onClick={() => onActivate(id)}
                />
              ))}
            </SimpleGrid>
            {turn.owner !== 'neutral' && (
              <Group gap="xs" align="center">
                <Button color="grape" variant="outline" disabled={busy || !turn.mayPass} onClick={onPass}>
                  Pass (spend a token)
                </Button>
                {!turn.mayPass && (
                  <Text size="sm" c="dimmed" data-testid="pass-blocked">
                    {passBlockedReason(state, turn.owner)}
                  </Text>
                )}
              </Group>
            )}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
