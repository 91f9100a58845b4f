import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconNotebook, IconPlayerPlay, IconShield } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LAST_MISSION, type FinishPreview } from '../../../../src-shared/campaign/finish-plan';
import { useApiQuery } from '../../api/hooks';
import { StartBattleForm } from '../play/StartBattleForm';

/** Where the Journal opens at one campaign's mission (JournalPage forwards it; CampaignJournal scrolls to it). */
const journalAtMission = (campaignId: string, mission: number | null) =>
  `/journal?campaign=${encodeURIComponent(campaignId)}${mission ? `&mission=${mission}` : ''}`;

/**
 * What to do once a mission is finished (Play Mode's Finish and the paper form alike): read it in the Journal, spend
 * each player's new allowance on their roster in the Builder, and start the next mission (or the finale) from here.
 */
export function FinishNextSteps({ preview }: { preview: FinishPreview }) {
  const campaignId = preview.campaignId;
  const rosters = useApiQuery('rosters.list', { campaignId }, { enabled: !!campaignId });
  const [starting, setStarting] = useState(false);
  if (!campaignId || !preview.recordsToCampaign) return null;
  const next = preview.nextMission;
  const startLabel = next === LAST_MISSION ? `Start the finale (Mission ${next})` : `Start Mission ${next}`;
  return (
    <Card withBorder component="section" aria-label="Next steps">
      <Title order={3} size="h4" mb="xs">
        Next steps
      </Title>
      <Stack gap="sm">
        <Group>
          <Button component={Link} to={journalAtMission(campaignId, preview.mission)} variant="light" leftSection={<IconNotebook size={16} />}>
            Open the Journal at Mission {preview.mission}
          </Button>
        </Group>
        {preview.players.map((p) => {
          const own = (rosters.data ?? []).filter((r) => r.playerId === p.playerId && !r.deletedAt);
          return (
            <Group key={p.playerId} gap="xs" aria-label={`${p.playerName}: upgrade`} role="group">
              <Text size="sm">
                <bdi>{p.playerName}</bdi> now has {p.allowanceAfter} RP to spend.
              </Text>
              {own.map((r) => (
                <Button key={r.id} component={Link} to={`/builder/${r.id}`} variant="default" size="compact-md" leftSection={<IconShield size={14} />}>
                  {/* one text run: a button's label is a flex box, whose items lose the spaces at their edges */}
                  <span>
                    Upgrade <bdi>{r.name}</bdi> in the Builder
                  </span>
                </Button>
              ))}
              {rosters.data && own.length === 0 && (
                <Button component={Link} to="/builder" variant="default" size="compact-md" leftSection={<IconShield size={14} />}>
                  Build an army in the Builder
                </Button>
              )}
            </Group>
          );
        })}
        {preview.campaignFinished ? (
          <Text size="sm">The campaign is complete: its summary prints from the Journal.</Text>
        ) : (
          next !== null && (
            <Group>
              <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => setStarting(true)}>
                {startLabel}
              </Button>
            </Group>
          )
        )}
      </Stack>
      <Modal opened={starting} onClose={() => setStarting(false)} title={startLabel} size="lg">
        {starting && <StartBattleForm presetCampaignId={campaignId} onStarted={() => setStarting(false)} />}
      </Modal>
    </Card>
  );
}
