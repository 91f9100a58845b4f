import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import type { FinishPreview } from '../../../../src-shared/campaign/finish-plan';
import type { ChannelOutput } from '../../../../src-shared/contract';
import { api } from '../../api/transport';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { FinishPreviewPanel } from './FinishPreviewPanel';
import { FinishNextSteps } from './FinishNextSteps';
import { MissionInPlay } from './MissionInPlay';
import { BattleRatingsForm, FinishedRatings, NO_RATINGS, ratingsToSend, type RatingsDraft } from '../../components/BattleRatings';
import { toOutcome, usePostBattleForm } from './post-battle-form';
import { BattleFieldsCard, SideCard } from './PostBattleFields';

type Campaign = ChannelOutput<'campaigns.get'>;

/** Recorded: what changed and where to go next (the campaign above has moved on to its next mission meanwhile). */
function MissionRecorded({
  done,
  campaign: c,
  battleId,
}: {
  done: ChannelOutput<'campaigns.finishMission'>;
  campaign: Campaign | undefined;
  battleId: string;
}) {
  return (
    <>
      <PageHeader title={`Mission ${done.preview.mission} is in the ledger`} description={c?.name} />
      <Stack>
        {done.finishedElsewhere && (
          <Alert color="yellow" title="Finished by another organiser">
            Another organiser recorded this mission first; what they recorded is shown here, and nothing was recorded twice.
          </Alert>
        )}
        <Card withBorder>
          <Title order={2} size="h3" mb="sm">
            What changed
          </Title>
          <FinishPreviewPanel preview={done.preview} done />
        </Card>
        {c && (
          <Card withBorder>
            <FinishedRatings battleId={battleId} names={{ A: c.seats[0]!.playerName, B: c.seats[1]!.playerName }} />
          </Card>
        )}
        <FinishNextSteps preview={done.preview} />
      </Stack>
    </>
  );
}

/** The rewards the record would bring, and the button that records it. */
function PreviewCard({ preview, onConfirm, pending }: { preview: FinishPreview; onConfirm: () => void; pending: boolean }) {
  return (
    <Card withBorder>
      <Title order={2} size="h3" mb="sm">
        Finish Mission & Upgrade Army
      </Title>
      <FinishPreviewPanel preview={preview} />
      <Group mt="md">
        <Button onClick={onConfirm} loading={pending}>
          Confirm and record
        </Button>
        <Text size="sm" c="dimmed">
          Recorded once: pressing again changes nothing.
        </Text>
      </Group>
    </Card>
  );
}

/** Record a game played on paper: the same battle record Play Mode fills, then the same preview and Finish. */
export function PostBattlePage() {
  const { campaignId = '' } = useParams();
  const campaign = useApiQuery('campaigns.get', { id: campaignId });
  const [battleId] = useState(() => `paper-${crypto.randomUUID()}`);
  // the finish's idempotency key: a press sent again records nothing twice (league mode)
  const [requestId] = useState(() => crypto.randomUUID());
  const [preview, setPreview] = useState<FinishPreview | null>(null);
  const [previewError, setPreviewError] = useState<unknown>(null);
  const finish = useApiMutation('campaigns.finishMission');
  // any change to the record makes the shown preview stale
  const { form, ready } = usePostBattleForm(
    campaign.data,
    useCallback(() => setPreview(null), []),
  );
  // the players' fun and clarity, optional (null: skipped); recorded with the finish, in its transaction
  const [ratings, setRatings] = useState<RatingsDraft | null>(NO_RATINGS);
  // a battle of this mission is being played in Play Mode, and the organiser chose to record it here all the same
  const [recordAnyway, setRecordAnyway] = useState(false);

  const cryptid = useWatch({ control: form.control, name: 'cryptid' });
  const cryptidId = useWatch({ control: form.control, name: 'cryptidId' });
  const defeated = useWatch({ control: form.control, name: 'cryptidDefeated' });
  // the campaign's own pack: which cryptids there are, their Wounds by class, and the trophy each leaves
  const pack = useApiQuery('rulesets.get', { versionId: campaign.data?.rulesetVersionId }, { enabled: !!campaign.data });
  const cryptids = pack.data?.pack.cryptids ?? [];
  const creature = cryptids.find((x) => x.id === cryptidId);

  const c = campaign.data;
  // the page is named while it loads or cannot be used, as when it can
  const pending = (body: ReactNode) => (
    <>
      <PageHeader title="Record a mission" description={c?.name} />
      {body}
    </>
  );
  if (finish.data) return <MissionRecorded done={finish.data} campaign={c} battleId={battleId} />;
  if (campaign.error) return pending(<ErrorAlert error={campaign.error} />);
  if (!c || !ready) return pending(<Text>Loading…</Text>);
  if (c.status !== 'active') return pending(<Alert title="Nothing to record">This campaign is {c.status}.</Alert>);

  const showPreview = form.handleSubmit(async (v) => {
    setPreviewError(null);
    try {
      setPreview(await api.call('campaigns.previewFinish', { battleId, outcome: toOutcome(v, c.id, c.currentMission, cryptids) }));
    } catch (e) {
      setPreviewError(e);
    }
  });
  const confirm = async () => {
    await finish.mutateAsync({
      battleId,
      outcome: toOutcome(form.getValues(), c.id, c.currentMission, cryptids),
      requestId,
      ratings: ratingsToSend(ratings),
    });
  };
  const names = c.seats.map((s) => s.playerName);
  const err = previewError ?? finish.error;

  return (
    <>
      <PageHeader title={`Record mission ${c.currentMission}`} description={`${c.name}: a game played on paper, entered after the battle.`} />
      <MissionInPlay campaignId={c.id} mission={c.currentMission} anyway={recordAnyway} onAnyway={() => setRecordAnyway(true)}>
        <form onSubmit={(e) => void showPreview(e)}>
          <Stack>
            <BattleFieldsCard form={form} names={names} pack={pack.data?.pack} />
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              {[0, 1].map((i) => (
                <SideCard
                  key={i}
                  index={i as 0 | 1}
                  control={form.control}
                  name={names[i]!}
                  cryptid={cryptid}
                  trophy={cryptid && defeated ? (creature?.trophy ?? null) : null}
                  error={err}
                  register={form.register}
                />
              ))}
            </SimpleGrid>
            <Card withBorder>
              <BattleRatingsForm names={{ A: names[0]!, B: names[1]! }} value={ratings} onChange={setRatings} error={finish.error} />
            </Card>
            <ErrorAlert error={err} />
            <Group>
              <Button type="submit" variant={preview ? 'default' : 'filled'}>
                Preview rewards
              </Button>
            </Group>
            {preview && <PreviewCard preview={preview} onConfirm={() => void confirm()} pending={finish.isPending} />}
          </Stack>
        </form>
      </MissionInPlay>
    </>
  );
}
