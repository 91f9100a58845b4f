import { Badge, Button, Drawer, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconDice5 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../../../components/Loading';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { stopRepeatClicks } from '../repeat-clicks';
import { clock, PHASE_LABEL, SIDE_TEXT } from '../labels';
import { useBattle } from '../useBattle';
import { AbandonButton } from './AbandonButton';
import { CribSheetButton } from './CribSheetButton';
import { BattleReportButton } from './BattleReportButton';
import { AbilitiesPanel } from './AbilitiesPanel';
import { ActivationProfileCard } from './ActivationProfileCard';
import { AbilitiesInForceCard } from './AbilitiesInForceCard';
import { RoutStatus } from '../alt/RoutStatus';
import { AltActivationPanel } from './AltActivationPanel';
import { BagPanel } from './BagPanel';
import { CampaignDicePanel } from './CampaignDicePanel';
import { CommandPanel } from './CommandPanel';
import { CryptidPanel } from './CryptidPanel';
import { EndRoundPanel } from './EndRoundPanel';
import { EventLog } from './EventLog';
import { EventPanel } from './EventPanel';
import { ExplosionPanel } from './ExplosionPanel';
import { FinishPanel } from './FinishPanel';
import { OddsDrawer } from './OddsDrawer';
import { RecordPanel } from './RecordPanel';
import { RoundSummary } from './RoundSummary';
import { SetupPanel } from './SetupPanel';
import { StormPanel } from './StormPanel';

/** The round screen: one battle, its phase in large type, the step to take now, and the record beside it. */
export function BattleScreen() {
  const { battleId = '' } = useParams();
  const b = useBattle(battleId);
  const [now, setNow] = useState(() => Date.now());
  const [odds, setOdds] = useState(false);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (b.error) return <ErrorAlert error={b.error} />;
  const detail = b.battle.data;
  const { state, rules, pack, recording } = b;
  if (!detail || !state || !rules || !pack) return <Loading label="Loading the battle" />;
  const closed = detail.status !== 'in_progress';
  const [a, c] = detail.setup.sides;
  const round = state.rounds[state.rounds.length - 1];

  return (
    <Stack onClickCapture={stopRepeatClicks}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            <Text span c={SIDE_TEXT.A} inherit>
              {a.playerName}
            </Text>{' '}
            v{' '}
            <Text span c={SIDE_TEXT.B} inherit>
              {c.playerName}
            </Text>
          </Title>
          <Text c="dimmed" size="sm">
            {detail.mode === 'campaign'
              ? `${detail.campaignName ?? 'Campaign'} · mission ${detail.mission}`
              : `${detail.mode === 'crossover' ? 'Crossover game' : 'Standalone game'}${
                  detail.mission === null ? '' : ` · mission ${detail.mission}: ${b.mission?.name ?? ''}`
                }`}
            {b.mission?.variant ? ` · ${b.mission.variant.name} (the province’s variant)` : ''}
            {detail.activation === 'alternating' ? ' · alternating activations (non-standard)' : ''}
          </Text>
        </Stack>
        <Group>
          <Button variant="default" size="md" leftSection={<IconDice5 size={18} />} onClick={() => setOdds(true)}>
            Attack odds
          </Button>
          <CribSheetButton detail={detail} />
          <BattleReportButton battleId={battleId} />
        </Group>
      </Group>
      <Group gap="md" role="status" aria-label="Where the battle stands">
        <Badge size="xl" variant="filled" color="dark">
          {state.round ? `Round ${state.round} of 5` : 'Setup'}
        </Badge>
        <Badge size="xl" variant="outline" color="dark">
          {PHASE_LABEL[state.phase]}
        </Badge>
        {round && state.phase !== 'over' && (
          <Badge size="xl" variant="outline" color="dark" aria-label="Round clock" leftSection={<IconClock size={16} />}>
            {clock(round.startedAt, now)}
          </Badge>
        )}
        {detail.status !== 'in_progress' && (
          <Badge size="xl" color={detail.status === 'finished' ? 'gray' : 'orange'}>
            {detail.status === 'finished' ? 'Finished' : 'Abandoned'}
          </Badge>
        )}
      </Group>
      <ErrorAlert error={b.act.error} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            {/* a destroyed Heavy's explosion comes first, whatever the step (Field Manual §5) */}
            {recording && <ExplosionPanel b={b} />}
            {recording && ['scenario', 'terrain', 'rolloff', 'deployment'].includes(state.phase) && <SetupPanel b={b} />}
            {recording && state.phase === 'command' && <CommandPanel b={b} />}
            {recording && state.phase === 'event' && <EventPanel b={b} />}
            {recording && state.phase === 'cryptid' && <CryptidPanel b={b} />}
            {/* one battle, one sequence: the bag, or the alternating module chosen at the start (DIGEST §23) */}
            {recording && state.phase === 'activations' && (detail.activation === 'alternating' ? <AltActivationPanel b={b} /> : <BagPanel b={b} />)}
            {recording && state.phase !== 'cryptid' && state.cryptid && <CryptidPanel b={b} />}
            {recording && state.phase === 'end-of-round' && <EndRoundPanel b={b} />}
            {/* once it is over: the result and the reports, nothing more to record */}
            {(state.phase === 'over' || detail.status === 'finished') && <FinishPanel b={b} />}
            {recording && state.phase === 'activations' && <ActivationProfileCard key={state.activationSerial} b={b} />}
            {recording && <AbilitiesInForceCard b={b} />}
            {recording && <AbilitiesPanel b={b} />}
            {recording && state.round > 0 && <RecordPanel b={b} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <RoundSummary b={b} />
            {state.morale && (
              <RoutStatus
                state={state.morale}
                sideNames={[a.playerName, c.playerName]}
                brokenNames={Object.keys(state.morale.broken).map((id) => [...a.formations, ...c.formations].find((f) => f.id === id)?.name ?? id)}
              />
            )}
            <StormPanel b={b} />
            <CampaignDicePanel b={b} />
            <EventLog b={b} />
            {!closed && <AbandonButton battleId={battleId} />}
          </Stack>
        </Grid.Col>
      </Grid>
      {/* built from its parts so its header is a plain div (a <header> in a dialog is a second banner landmark) and
          its close button has a name */}
      <Drawer.Root opened={odds} onClose={() => setOdds(false)} position="right" size="xl">
        <Drawer.Overlay />
        <Drawer.Content>
          <Drawer.Header component="div">
            <Drawer.Title>Attack odds</Drawer.Title>
            <Drawer.CloseButton aria-label="Close the attack odds" />
          </Drawer.Header>
          <Drawer.Body>
            <OddsDrawer b={b} />
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </Stack>
  );
}
