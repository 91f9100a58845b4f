import { Alert, Button, Card, Group, List, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ACTION_COLOR } from './labels';
import { Choice } from '../../components/Choice';
import { CampaignSelect } from '../../components/CampaignSelect';
import { CountInput } from '../../components/CountInput';
import { errorAt, useStartBattle, type Mode } from './useStartBattle';

type StartBattle = ReturnType<typeof useStartBattle>;

/** The campaign to play its next mission of, and who meets in it. */
function CampaignPicker({ s }: { s: StartBattle }) {
  return (
    <>
      <CampaignSelect
        campaigns={s.campaigns}
        describe={(c) => `${c.name}: mission ${c.currentMission} next`}
        value={s.campaignId}
        onChange={s.pickCampaign}
        error={errorAt(s.start.error, 'campaignId')}
      />
      {s.campaign && (
        <Text size="sm" c="dimmed">
          Mission {s.campaign.currentMission} between {s.campaign.seats.map((x) => `${x.playerName} (${x.allowance} pts)`).join(' and ')}.
        </Text>
      )}
    </>
  );
}

function ArmyPickers({ armies: a }: { armies: StartBattle['armies'] }) {
  return (
    <Group grow align="flex-start">
      <Select
        label="First army"
        placeholder="Choose an army"
        data={a.options}
        value={a.rosterA}
        onChange={a.setRosterA}
        searchable
        allowDeselect={false}
        error={a.errorA}
      />
      <Select
        label="Second army"
        placeholder="Choose an army"
        data={a.options.filter((o) => o.value !== a.rosterA)}
        value={a.rosterB}
        onChange={a.setRosterB}
        searchable
        allowDeselect={false}
        error={a.errorB}
      />
    </Group>
  );
}

/** A standalone game's mission, or a crossover's (left empty: the veterans' own mission level). */
function MissionPicker({ s }: { s: StartBattle }) {
  const crossover = s.mode === 'crossover';
  return (
    <Select
      label="Mission"
      description={
        crossover
          ? 'A crossover is played at the veterans’ mission level; leave it empty to play that one'
          : 'Its scenario, briefing and victory points are the mission’s'
      }
      placeholder={crossover ? 'The veterans’ mission level' : 'Choose a mission'}
      data={s.missionOptions}
      value={s.mission}
      onChange={s.setMission}
      clearable={crossover}
      allowDeselect={crossover}
      w={360}
      error={errorAt(s.start.error, 'mission')}
    />
  );
}

function CrossoverRefusal({ issues }: { issues: { message: string }[] }) {
  return (
    <Alert color="red" title="This crossover cannot be played yet" role="alert">
      <List size="sm">
        {issues.map((i) => (
          <List.Item key={i.message}>{i.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Start a battle from two legal armies: a campaign's next mission, a standalone 500-point game, or a crossover. */
export function StartBattleForm({ presetCampaignId, onStarted }: { presetCampaignId?: string; onStarted?: (battleId: string) => void }) {
  const s = useStartBattle(presetCampaignId, onStarted);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Start a battle
      </Title>
      <Stack>
        {!presetCampaignId && (
          <Choice<Mode>
            label="Kind of game"
            value={s.mode}
            onChange={s.pickMode}
            options={{ campaign: 'Campaign mission', standalone: 'Standalone (500 pts)', crossover: 'Crossover' }}
          />
        )}
        {s.mode === 'campaign' && <CampaignPicker s={s} />}
        {s.mode === 'crossover' && (
          <Alert color="yellow" title="Crossover games">
            Both armies must be on the same mission level with matched fielded points (a guest fields exactly the veteran’s points), Veteran Sixes matched or
            off for both, and both campaigns on the same activation rules. Nothing is awarded to either campaign.
          </Alert>
        )}
        <ArmyPickers armies={s.armies} />
        {s.mode !== 'campaign' && <MissionPicker s={s} />}
        {s.mode === 'standalone' && (
          <Switch
            label="Alternating activations and morale (house rule, non-standard)"
            description="Off in the standard game. Players take turns activating one formation each instead of drawing from the bag; the side with fewer formations gets Pass tokens, and a company that loses more than half its models routs and takes Will checks. A provisional module adapted from another game: the battle and its report are marked non-standard."
            checked={s.alt}
            onChange={(e) => s.setAlt(e.currentTarget.checked)}
          />
        )}
        {s.mode === 'crossover' && (
          <CountInput
            label="Veteran Sixes each side uses"
            description="Matched for both sides, never more than the smaller holding; 0 switches them off"
            max={20}
            value={s.veteranSixes}
            onChange={s.setVeteranSixes}
            w={320}
          />
        )}
        {s.crossoverRefusal && <CrossoverRefusal issues={s.crossoverRefusal} />}
        <ErrorAlert error={s.generalError} />
        <Group>
          <Button color={ACTION_COLOR} size="lg" onClick={s.submit} loading={s.start.isPending} disabled={!s.canStart}>
            Start the battle
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
