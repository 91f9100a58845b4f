import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { activationStrategy } from '../../../../../src-shared/battle/strategies';
import type { BattleHook } from '../useBattle';
import { SIDE_COLOR, SIDE_TEXT, ACTION_COLOR } from '../labels';
import { formationChoice, formationLabel } from './describe-event';
import { isInReserve } from '../../../../../src-shared/battle/formation-life';
import { FormationChoiceButton } from './FormationChoiceButton';
import { UndoDrawButton } from './UndoDrawButton';
import { Name } from '../../../components/Name';

/** The digital bag: draw blind, the owner picks a formation of that colour, undo a mistaken draw. */
export function BagPanel({ b }: { b: BattleHook }) {
  const { state, battle, act } = b;
  const s = state!;
  const detail = battle.data!;
  const strategy = activationStrategy(detail.activation)!;
  const turn = strategy.turn(s.activation);
  const bag = s.activation as {
    tokens?: (0 | 1 | 'neutral')[];
    activated: string[];
  };
  const left = bag.tokens ?? [];
  const count = (o: 0 | 1 | 'neutral') => left.filter((t) => t === o).length;
  const ownerSide = (o: 0 | 1 | 'neutral') => (o === 'neutral' ? 'neutral' : o === 0 ? 'A' : 'B');
  const ownerName = (o: 0 | 1 | 'neutral') => (o === 'neutral' ? 'Mutant patrol' : detail.setup.sides[o].playerName);
  const formationName = (id: string) => formationLabel(detail.setup, id);
  // a formation lost mid-round takes its undrawn token with it (formation-life.ts); the bag says whose went
  const withdrawn = (s.rounds[s.rounds.length - 1]?.tokensWithdrawn ?? []).map(formationName);
  // the formation just activated, when it is a patrol still in reserve: the reminder to Uncloak it (Field Manual §7)
  const lastId = bag.activated[bag.activated.length - 1];
  const reserveActive = (['A', 'B'] as const)
    .map((side) => ({ side, f: s.sides[side].formations.find((f) => f.id === lastId && isInReserve(f)) }))
    .filter((x) => x.f)
    .map((x) => ({ side: x.side, id: x.f!.id, name: x.f!.name }))[0];

  return (
    <Card withBorder padding="lg" component="section" aria-label="Activation bag">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3">
          The bag
        </Title>
        <Text size="lg" aria-live="polite" data-testid="tokens-left">
          {left.length} token{left.length === 1 ? '' : 's'} left
          {left.length > 0 && (
            <>
              {' '}
              (<Name>{detail.setup.sides[0].playerName}</Name> {count(0)}, <Name>{detail.setup.sides[1].playerName}</Name> {count(1)}, mutants{' '}
              {count('neutral')})
            </>
          )}
        </Text>
      </Group>
      {withdrawn.length > 0 && (
        <Text size="sm" mb="sm" data-testid="tokens-withdrawn">
          Out of the bag this round, lost before their token was drawn:{' '}
          {withdrawn.map((n, i) => (
            <span key={i}>
              {i > 0 ? ', ' : ''}
              <Name>{n}</Name>
            </span>
          ))}
          .
        </Text>
      )}
      {turn.kind === 'draw' && (
        <Button color={ACTION_COLOR} size="xl" h={96} fullWidth onClick={() => act.mutate({ kind: 'draw' })} loading={act.isPending}>
          Draw a token
        </Button>
      )}
      {turn.kind === 'choose' && (
        <Stack>
          <Text size="xl" fw={700} c={SIDE_TEXT[ownerSide(turn.owner)]} role="status">
            {turn.owner === 'neutral' ? 'A mutant token: which patrol activates?' : `${ownerName(turn.owner)}’s token: pick a formation to activate`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} role="group" aria-label="Formations to activate">
            {turn.eligible.map((id) => {
              const choice = formationChoice(s, id);
              return (
                <FormationChoiceButton
                  key={id}
                  name={choice.name}
                  detail={choice.heldInReserve ? `${choice.detail}: it Uncloaks when it activates` : choice.detail}
                  color={SIDE_COLOR[ownerSide(turn.owner)]}
                  onClick={() =>
                    act.mutate({
                      kind: 'record',
                      body: { kind: 'bag.activate', formationId: id },
                    })
                  }
                />
              );
            })}
          </SimpleGrid>
          {turn.mayPass && (
            <Button size="lg" variant="outline" onClick={() => act.mutate({ kind: 'record', body: { kind: 'bag.pass' } })}>
              Pass ({turn.passTokens} left)
            </Button>
          )}
        </Stack>
      )}
      {reserveActive && (
        <Alert
          color="orange"
          variant="light"
          mt="md"
          title={`${reserveActive.name} is still in reserve`}
          role="status"
          data-testid="uncloak-reminder"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Stack gap="xs">
            <Text size="sm">A reserve patrol Uncloaks when it activates (Field Manual §7): place it now. It cannot hold an objective this round.</Text>
            <Button
              color={SIDE_COLOR[reserveActive.side]}
              onClick={() => act.mutate({ kind: 'record', body: { kind: 'uncloak', side: reserveActive.side, formationId: reserveActive.id } })}
              loading={act.isPending}
            >
              Uncloak {reserveActive.name}
            </Button>
          </Stack>
        </Alert>
      )}
      <Group mt="md" justify="space-between">
        <Text size="sm" c="dimmed">
          Activated this round: {bag.activated.map(formationName).join(', ') || 'none yet'}
        </Text>
        {s.roundDraws.length > 0 && detail.activation === 'bag' && <UndoDrawButton b={b} label="Undo the last draw" />}
      </Group>
    </Card>
  );
}
