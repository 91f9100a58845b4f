import { Alert, Button, Card, Group, List, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppError } from '../../../../src-shared/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ACTION_COLOR } from './labels';
import { Choice } from '../../components/Choice';
import { CampaignSelect } from '../../components/CampaignSelect';
import { CountInput } from '../../components/CountInput';

type Mode = 'campaign' | 'standalone' | 'crossover';

/** Start a battle from two legal armies: a campaign's next mission, a standalone 500-point game, or a crossover. */
export function StartBattleForm({ presetCampaignId, onStarted }: { presetCampaignId?: string; onStarted?: (battleId: string) => void }) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('campaign');
  const [campaignId, setCampaignId] = useState<string | null>(presetCampaignId ?? null);
  // the armies chosen by hand; until then each player's only legal army (below) stands in
  const [pickedA, setRosterA] = useState<string | null>(null);
  const [pickedB, setRosterB] = useState<string | null>(null);
  const [alt, setAlt] = useState(false);
  const [veteranSixes, setVeteranSixes] = useState<number>(0);
  // standalone and crossover games pick their mission at set-up too; its scenario, briefing and VP come from the pack
  const [mission, setMission] = useState<string | null>('1');
  const pack = useApiQuery('rulesets.get', {}, { enabled: mode !== 'campaign', staleTime: Infinity });
  const missionOptions = (pack.data?.pack.missions ?? []).map((m) => ({ value: String(m.number), label: `Mission ${m.number}: ${m.name}` }));
  const campaigns = useApiQuery('campaigns.list', {
    status: 'active',
    sort: 'last-played',
  });
  const rosters = useApiQuery('rosters.list', mode === 'campaign' && campaignId ? { campaignId } : {});
  const start = useApiMutation('battles.start');
  const campaign = campaigns.data?.find((c) => c.id === campaignId);
  const pool = (rosters.data ?? []).filter((r) => (mode === 'campaign' ? r.campaignId === campaignId : mode === 'standalone' ? r.mode === 'standalone' : true));
  // a campaign mission: each player's only legal army is chosen for them (both can still be changed)
  const onlyLegal =
    mode === 'campaign' && campaign
      ? campaign.seats.map((seat) => {
          const legal = pool.filter((r) => r.playerId === seat.playerId && r.valid);
          return legal.length === 1 ? legal[0]!.id : null;
        })
      : [null, null];
  const rosterA = pickedA ?? onlyLegal[0] ?? null;
  const rosterB = pickedB ?? onlyLegal[1] ?? null;
  const options = pool.map((r) => ({
    value: r.id,
    label: `${r.name} (${r.playerName}, ${r.points} pts${r.valid ? '' : ', not legal yet'})`,
  }));
  const fieldError = (i: number) =>
    start.error instanceof AppError && start.error.path?.[0] === 'rosterIds' && (start.error.path[1] === i || start.error.path.length === 1)
      ? start.error.message
      : undefined;

  // the ledger's crossover check names each failing condition
  const crossoverRefusal =
    start.error instanceof AppError && start.error.path?.[0] === 'crossover' ? (start.error.issues ?? [{ path: [], message: start.error.message }]) : null;

  const submit = () =>
    start.mutate(
      {
        mode,
        campaignId: mode === 'campaign' ? campaignId : null,
        rosterIds: [rosterA ?? '', rosterB ?? ''],
        mission: mode === 'campaign' || mission === null ? null : Number(mission),
        altActivationModule: mode === 'standalone' ? alt : false,
        veteranSixes: mode === 'crossover' ? veteranSixes : 0,
      },
      {
        onSuccess: (b) => {
          onStarted?.(b.id);
          navigate(`/play/battle/${b.id}`);
        },
      },
    );

  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Start a battle
      </Title>
      <Stack>
        {!presetCampaignId && (
          <Choice
            label="Kind of game"
            value={mode}
            onChange={(m) => {
              setMode(m);
              setMission(m === 'standalone' ? (mission ?? '1') : null);
            }}
            options={{ campaign: 'Campaign mission', standalone: 'Standalone (500 pts)', crossover: 'Crossover' }}
          />
        )}
        {mode === 'campaign' && (
          <CampaignSelect
            campaigns={campaigns.data}
            describe={(c) => `${c.name}: mission ${c.currentMission} next`}
            value={campaignId}
            onChange={(id) => {
              setCampaignId(id);
              // another campaign's armies: its players' only legal armies are chosen afresh
              setRosterA(null);
              setRosterB(null);
            }}
            error={start.error instanceof AppError && start.error.path?.[0] === 'campaignId' ? start.error.message : undefined}
          />
        )}
        {mode === 'campaign' && campaign && (
          <Text size="sm" c="dimmed">
            Mission {campaign.currentMission} between {campaign.seats.map((s) => `${s.playerName} (${s.allowance} pts)`).join(' and ')}.
          </Text>
        )}
        {mode === 'crossover' && (
          <Alert color="yellow" title="Crossover games">
            Both armies must be on the same mission level with matched fielded points (a guest fields exactly the veteran’s points), Veteran Sixes matched or
            off for both, and both campaigns on the same activation rules. Nothing is awarded to either campaign.
          </Alert>
        )}
        <Group grow align="flex-start">
          <Select
            label="First army"
            placeholder="Choose an army"
            data={options}
            value={rosterA}
            onChange={setRosterA}
            searchable
            allowDeselect={false}
            error={fieldError(0)}
          />
          <Select
            label="Second army"
            placeholder="Choose an army"
            data={options.filter((o) => o.value !== rosterA)}
            value={rosterB}
            onChange={setRosterB}
            searchable
            allowDeselect={false}
            error={fieldError(1)}
          />
        </Group>
        {mode !== 'campaign' && (
          <Select
            label="Mission"
            description={
              mode === 'crossover'
                ? 'A crossover is played at the veterans’ mission level; leave it empty to play that one'
                : 'Its scenario, briefing and victory points are the mission’s'
            }
            placeholder={mode === 'crossover' ? 'The veterans’ mission level' : 'Choose a mission'}
            data={missionOptions}
            value={mission}
            onChange={setMission}
            clearable={mode === 'crossover'}
            allowDeselect={mode === 'crossover'}
            w={360}
            error={start.error instanceof AppError && start.error.path?.[0] === 'mission' ? start.error.message : undefined}
          />
        )}
        {mode === 'standalone' && (
          <Switch
            label="Alternating activations and morale (house rule, non-standard)"
            description="Off in the standard game. Players take turns activating one formation each instead of drawing from the bag; the side with fewer formations gets Pass tokens, and a company that loses more than half its models routs and takes Will checks. A provisional module adapted from another game: the battle and its report are marked non-standard."
            checked={alt}
            onChange={(e) => setAlt(e.currentTarget.checked)}
          />
        )}
        {mode === 'crossover' && (
          <CountInput
            label="Veteran Sixes each side uses"
            description="Matched for both sides, never more than the smaller holding; 0 switches them off"
            max={20}
            value={veteranSixes}
            onChange={setVeteranSixes}
            w={320}
          />
        )}
        {crossoverRefusal && (
          <Alert color="red" title="This crossover cannot be played yet" role="alert">
            <List size="sm">
              {crossoverRefusal.map((i) => (
                <List.Item key={i.message}>{i.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <ErrorAlert error={start.error && !(start.error instanceof AppError && start.error.path?.length) ? start.error : null} />
        <Group>
          <Button
            color={ACTION_COLOR}
            size="lg"
            onClick={submit}
            loading={start.isPending}
            disabled={!rosterA || !rosterB || (mode === 'campaign' && !campaignId)}
          >
            Start the battle
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
