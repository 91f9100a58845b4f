import { Anchor, Badge, Button, Card, Group, Select, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppError } from '../../../../src-shared/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { StartBattleForm } from './StartBattleForm';
import { ACTION_COLOR } from './labels';

/**
 * A first-time pair from nothing to a recorded first battle: two players, a
 * campaign, a 400-point army each (in the Builder, then back here), Mission 1
 * set up and played with the crib sheet one click away. Progress lives in the
 * address (?campaign=…), so a trip to the Builder comes back to the right step.
 */
export function FirstMissionPage() {
  const [params, setParams] = useSearchParams();
  // the pair's campaign is remembered, so coming back through the Play section resumes the same steps
  const [remembered, remember, forget] = useLocalStorage<string | null>({
    key: 'aoa.first-mission.campaign',
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const campaignId = params.get('campaign') ?? remembered;
  useEffect(() => {
    if (campaignId && campaignId !== remembered) remember(campaignId);
  }, [campaignId, remembered, remember]);
  const campaign = useApiQuery('campaigns.get', { id: campaignId ?? '' }, { enabled: !!campaignId });
  const rosters = useApiQuery('rosters.list', { campaignId: campaignId ?? undefined }, { enabled: !!campaignId });
  const mine = (rosters.data ?? []).filter((r) => r.campaignId === campaignId);
  const armiesReady = !!campaign.data && campaign.data.seats.every((s) => mine.some((r) => r.playerId === s.playerId && r.valid));
  const step = !campaignId ? 0 : !armiesReady ? 1 : 2;
  // a remembered campaign that is gone (deleted, another ledger restored) starts the steps afresh
  useEffect(() => {
    if (campaign.error && !params.get('campaign')) forget();
  }, [campaign.error, params, forget]);

  return (
    <Stack>
      <PageHeader
        title="Play your first mission"
        description="Three steps from an empty table to your first recorded battle. Nothing here needs the rulebook open; the crib sheet is one click away throughout."
      />
      <Group>
        <Button component={Link} to="/reports?print=crib" variant="default">
          Crib sheet
        </Button>
        {campaignId && (
          <Button
            variant="subtle"
            onClick={() => {
              forget();
              setParams({});
            }}
          >
            Start over with another pair
          </Button>
        )}
      </Group>
      <Stepper active={step} orientation="vertical" size="lg">
        <Stepper.Step label="Players and campaign" description="Who is playing, and which faction each leads">
          <NewPair onCreated={(id) => setParams({ campaign: id })} />
        </Stepper.Step>
        <Stepper.Step label="Build both armies" description="400 points each: a Captain, four Officers and two Core squads, then whatever you can afford">
          {campaign.data && (
            <Stack>
              {campaign.data.seats.map((s) => (
                <ArmyRow key={s.seat} campaignId={campaign.data!.id} seat={s} roster={mine.find((r) => r.playerId === s.playerId) ?? null} />
              ))}
              <Text size="sm" c="dimmed">
                Each army opens in the Builder; its “Back to the first mission” button, or the Play section, brings you back here.
              </Text>
            </Stack>
          )}
        </Stepper.Step>
        <Stepper.Step label="Set up Mission 1 and play" description="Scenario, objectives, deployment, then five rounds">
          {campaignId && armiesReady && <StartBattleForm presetCampaignId={campaignId} />}
        </Stepper.Step>
      </Stepper>
      <ErrorAlert error={campaign.error ?? rosters.error} />
    </Stack>
  );
}

function NewPair({ onCreated }: { onCreated: (campaignId: string) => void }) {
  const pack = useApiQuery('rulesets.get', {});
  const [names, setNames] = useState(['', '']);
  const [factions, setFactions] = useState<(string | null)[]>([null, null]);
  const createPlayer = useApiMutation('players.create');
  const createCampaign = useApiMutation('campaigns.create');
  const [error, setError] = useState<unknown>(null);
  const factionData = (pack.data?.pack.factions ?? []).map((f) => ({
    value: f.id,
    label: f.name,
  }));
  const go = async () => {
    setError(null);
    try {
      const players = [];
      for (const name of names) players.push(await createPlayer.mutateAsync({ name }));
      const c = await createCampaign.mutateAsync({
        rulesetVersionId: pack.data!.version.id,
        seats: [
          { playerId: players[0]!.id, factionId: factions[0] ?? '' },
          { playerId: players[1]!.id, factionId: factions[1] ?? '' },
        ],
      });
      onCreated(c.id);
    } catch (e) {
      setError(e);
    }
  };
  const fieldErr = (i: number) => (error instanceof AppError && error.path?.includes(i) ? error.message : undefined);
  return (
    <Card withBorder>
      <Stack>
        {[0, 1].map((i) => (
          <Group key={i} grow align="flex-start">
            <TextInput
              label={i === 0 ? 'First player' : 'Second player'}
              value={names[i]}
              onChange={(e) => setNames(names.map((n, j) => (j === i ? e.currentTarget.value : n)))}
              error={fieldErr(i)}
            />
            <Select label="Faction" data={factionData} value={factions[i]} onChange={(v) => setFactions(factions.map((f, j) => (j === i ? v : f)))} />
          </Group>
        ))}
        <ErrorAlert error={error instanceof AppError && error.path?.length ? null : error} />
        <Button
          color={ACTION_COLOR}
          size="lg"
          onClick={() => void go()}
          disabled={!names[0]!.trim() || !names[1]!.trim() || !factions[0] || !factions[1]}
          loading={createPlayer.isPending || createCampaign.isPending}
        >
          Create the players and the campaign
        </Button>
      </Stack>
    </Card>
  );
}

function ArmyRow({
  campaignId,
  seat,
  roster,
}: {
  campaignId: string;
  seat: {
    playerId: string;
    playerName: string;
    factionId: string;
    factionName: string;
    allowance: number;
  };
  roster: { id: string; name: string; valid: boolean; points: number } | null;
}) {
  const create = useApiMutation('rosters.create');
  const navigate = useNavigate();
  const builder = (rosterId: string) => `/builder/${rosterId}?back=${encodeURIComponent(`/play/first-mission?campaign=${campaignId}`)}`;
  return (
    <Card withBorder>
      <Group justify="space-between">
        <Stack gap={0}>
          <Text fw={700}>
            {seat.playerName} · {seat.factionName}
          </Text>
          {roster ? (
            <Text size="sm">
              {roster.name}: {roster.points} of {seat.allowance} points{' '}
              <Badge color={roster.valid ? 'green' : 'orange'}>{roster.valid ? 'legal' : 'not legal yet'}</Badge>
            </Text>
          ) : (
            <Text size="sm">No army yet.</Text>
          )}
        </Stack>
        {roster ? (
          <Anchor component={Link} to={builder(roster.id)}>
            {roster.valid ? 'Review in the Builder' : 'Continue in the Builder'}
          </Anchor>
        ) : (
          <Button
            color={ACTION_COLOR}
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                {
                  name: `${seat.playerName}’s warband`,
                  playerId: seat.playerId,
                  factionId: seat.factionId,
                  mode: 'campaign',
                  campaignId,
                },
                // the page says the army opens in the Builder: it does
                { onSuccess: (made) => navigate(builder(made.roster.id)) },
              )
            }
          >
            Create the army
          </Button>
        )}
      </Group>
      <ErrorAlert error={create.error} />
    </Card>
  );
}
