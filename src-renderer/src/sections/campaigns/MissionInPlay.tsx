import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Players } from '../../components/Name';
const AbandonButton = lazy(() => import('../play/battle/AbandonButton').then((m) => ({ default: m.AbandonButton })));

/**
 * One mission, one record (issue 40): before a mission is typed into the paper form, a battle of that same mission
 * still being played in Play Mode (perhaps with its table card handed out) is shown first, with what recording it here
 * would do to it, and the way to open or abandon it. `children` (the form) is shown once there is none, or once the
 * organiser chooses to record on paper anyway.
 */
export function MissionInPlay({
  campaignId,
  mission,
  anyway,
  onAnyway,
  children,
}: {
  campaignId: string;
  mission: number;
  anyway: boolean;
  onAnyway: () => void;
  children: ReactNode;
}) {
  const battles = useApiQuery('battles.list', { status: 'in_progress', campaignId });
  if (battles.error) return <ErrorAlert error={battles.error} />;
  if (!battles.data) return <Text>Loading…</Text>;
  const playing = battles.data.filter((b) => b.mode === 'campaign' && b.mission === mission && !b.missionRecordedElsewhere);
  if (playing.length === 0 || anyway) return <>{children}</>;
  return (
    <Alert color="orange" title={`Mission ${mission} is being played in Play Mode`} role="alert">
      <Stack>
        <Text size="sm">
          Recording it here means {playing.length === 1 ? 'that battle' : 'those battles'} can no longer finish it, and {playing.length === 1 ? 'its' : 'their'}{' '}
          table links will only read. Open the battle to finish it there, or abandon it first.
        </Text>
        {playing.map((b) => (
          <Group key={b.id} justify="space-between" role="group" aria-label={`Battle of mission ${mission} in progress`}>
            <Text>
              <Players names={b.players} /> · round {b.round || 'setup'}
            </Text>
            <Group gap="xs">
              <Button component={Link} to={`/play/battle/${b.id}`}>
                Open that battle
              </Button>
              <Suspense>
                <AbandonButton battleId={b.id} />
              </Suspense>
            </Group>
          </Group>
        ))}
        <Group>
          <Button variant="default" onClick={onAnyway}>
            Record on paper anyway
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
