import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { MISSION_RECORDED_HELP, missionRecordedNotice } from '../../../../../src-shared/campaign/mission-once';
import type { BattleHook } from '../useBattle';
const AbandonButton = lazy(() => import('./AbandonButton').then((m) => ({ default: m.AbandonButton })));

/**
 * One mission, one record (issue 40): this battle's mission was recorded by another battle meanwhile (the paper form,
 * another table, a campaign file), so it can no longer finish it. Said first, on the organiser's window with what to
 * do about it, and on the phones, whose table link now only reads.
 */
export function MissionRecordedAlert({ b }: { b: BattleHook }) {
  const detail = b.battle.data!;
  if (!detail.missionRecordedElsewhere || detail.mission === null) return null;
  const organiser = b.access === 'organiser';
  return (
    <Alert color="orange" title={missionRecordedNotice(detail.mission)} role="alert">
      <Stack gap="xs">
        <Text size="sm">{organiser ? MISSION_RECORDED_HELP : 'This phone can no longer record it: ask the organiser.'}</Text>
        {organiser && (
          <Group gap="xs">
            <Suspense>
              <AbandonButton battleId={detail.id} />
            </Suspense>
            {detail.campaignId && (
              <Button component={Link} to={`/journal/${detail.campaignId}`} variant="default">
                Open the Journal
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
