import { Badge, Grid, Group, Stack, Text, Title, type DrawerProps } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { RoutStatus } from '../alt/RoutStatus';
import { clock, PHASE_LABEL, SIDE_TEXT } from '../labels';
import type { BattleHook } from '../useBattle';
import { AbilitiesInForceCard } from './AbilitiesInForceCard';
import { AbilitiesPanel } from './AbilitiesPanel';
import { ActivationProfileCard } from './ActivationProfileCard';
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
import { MissionRecordedAlert } from './MissionRecordedAlert';
import { RecordPanel } from './RecordPanel';
import { RoundSummary } from './RoundSummary';
import { SetupPanel } from './SetupPanel';
import { StormPanel } from './StormPanel';

/** Abandoning is the organiser's alone: a phone's page goes without its dialog's code. */
const AbandonButton = lazy(() => import('./AbandonButton').then((m) => ({ default: m.AbandonButton })));

/** The odds drawer's frame and its calculator load when it is first opened: a phone's first screen goes without them. */
const OddsDrawerFrame = lazy(() => import('./OddsDrawerFrame').then((m) => ({ default: m.OddsDrawerFrame })));

/** Where the battle stands, in large type: the round, the phase, the round's clock, and a closed battle's status. */
export function BattleStatus({ b }: { b: BattleHook }) {
  const detail = b.battle.data!;
  const state = b.state!;
  const round = state.rounds[state.rounds.length - 1];
  // the clock ticks here alone, not the whole round screen
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return (
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
  );
}

const SETUP_PHASES = ['scenario', 'terrain', 'rolloff', 'deployment'];

/** The step to take now, while the battle is recorded: the explosion first, then the phase's own panel. */
function CurrentStep({ b }: { b: BattleHook }) {
  const s = b.state!;
  const detail = b.battle.data!;
  return (
    <>
      {/* a destroyed Heavy's explosion comes first, whatever the step (Field Manual §5) */}
      <ExplosionPanel b={b} />
      {SETUP_PHASES.includes(s.phase) && <SetupPanel b={b} />}
      {s.phase === 'command' && <CommandPanel b={b} />}
      {s.phase === 'event' && <EventPanel b={b} />}
      {s.phase === 'cryptid' && <CryptidPanel b={b} />}
      {/* one battle, one sequence: the bag, or the alternating module chosen at the start (DIGEST §23) */}
      {s.phase === 'activations' && (detail.activation === 'alternating' ? <AltActivationPanel b={b} /> : <BagPanel b={b} />)}
      {s.phase !== 'cryptid' && s.cryptid && <CryptidPanel b={b} />}
      {s.phase === 'end-of-round' && <EndRoundPanel b={b} />}
    </>
  );
}

/** The record forms and the abilities in force, below the step, while the battle is recorded. */
function RecordCards({ b }: { b: BattleHook }) {
  const s = b.state!;
  return (
    <>
      {s.phase === 'activations' && <ActivationProfileCard key={s.activationSerial} b={b} />}
      <AbilitiesInForceCard b={b} />
      <AbilitiesPanel b={b} />
      {s.round > 0 && <RecordPanel b={b} />}
    </>
  );
}

/** The second column: the score, the alternating module's rout, the storm, the campaign's dice, the record, and Abandon. */
function ScoreColumn({ b }: { b: BattleHook }) {
  const detail = b.battle.data!;
  const s = b.state!;
  const [a, c] = detail.setup.sides;
  return (
    <Stack>
      <RoundSummary b={b} />
      {s.morale && (
        <RoutStatus
          state={s.morale}
          sideNames={[a.playerName, c.playerName]}
          brokenNames={Object.keys(s.morale.broken).map((id) => [...a.formations, ...c.formations].find((f) => f.id === id)?.name ?? id)}
        />
      )}
      <StormPanel b={b} />
      <CampaignDicePanel b={b} />
      <EventLog b={b} />
      {/* abandoning is the organiser's: a table link records its own battle's events only */}
      {detail.status === 'in_progress' && b.access === 'organiser' && (
        <Suspense fallback={null}>
          <AbandonButton battleId={detail.id} />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * The round screen's panels: the step to take now and the record forms (the first column), the score, the campaign's
 * dice and the record (the second); one column on a narrow screen. The same panels serve the organiser's window and a
 * phone at the table (useBattle's `access`), which the same battle guard offers the same steps.
 */
export function BattlePanels({ b }: { b: BattleHook }) {
  const detail = b.battle.data!;
  const { state, recording } = b;
  const s = state!;
  // the step to take now comes first; the record forms, the abilities in force, the score and the record follow in a
  // render of their own that gives way to a tap (a phone on club night shows its first screen sooner, issue 42)
  const rest = useDeferredValue(true, false);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack>
          {/* a mission recorded by another battle meanwhile is said before anything else */}
          <MissionRecordedAlert b={b} />
          {recording && <CurrentStep b={b} />}
          {/* once it is over: the result and the reports, nothing more to record */}
          {(s.phase === 'over' || detail.status === 'finished') && <FinishPanel b={b} />}
          {rest && recording && <RecordCards b={b} />}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>{rest && <ScoreColumn b={b} />}</Grid.Col>
    </Grid>
  );
}

/** The attack odds in a drawer over the round screen, filled from the battle (OddsDrawer). */
export function AttackOddsDrawer(props: { b: BattleHook; opened: boolean; onClose: () => void } & Pick<DrawerProps, 'position' | 'size'>) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OddsDrawerFrame {...props} />
    </Suspense>
  );
}

/** The page's heading: the two players, each in their side's colour (the desktop's battle screen and a table's phone). */
export function BattleTitle({ b }: { b: BattleHook }) {
  const [a, c] = b.battle.data!.setup.sides;
  return (
    <Title order={1} size="h2">
      <Text span c={SIDE_TEXT.A} inherit>
        {a.playerName}
      </Text>{' '}
      v{' '}
      <Text span c={SIDE_TEXT.B} inherit>
        {c.playerName}
      </Text>
    </Title>
  );
}

/** The battle's kind and mission, under the players' names. */
export function battleLine(b: BattleHook): string {
  const detail = b.battle.data!;
  return (
    (detail.mode === 'campaign'
      ? `${detail.campaignName ?? 'Campaign'} · mission ${detail.mission}`
      : `${detail.mode === 'crossover' ? 'Crossover game' : 'Standalone game'}${detail.mission === null ? '' : ` · mission ${detail.mission}: ${b.mission?.name ?? ''}`}`) +
    (b.mission?.variant ? ` · ${b.mission.variant.name} (the province’s variant)` : '') +
    (detail.activation === 'alternating' ? ' · alternating activations (non-standard)' : '')
  );
}
