import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconClipboardPlus, IconPencilPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ENTRY_LABELS } from '../../../../src-shared/campaign/entries';
import type { Journal } from '../../../../src-shared/contract/ledger.contract';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { CorrectionModal, type CorrectionAction } from './CorrectionModal';
import { PrintSummaryButton } from './PrintSummaryButton';
import { TableHead } from '../../components/TableHead';
import { CampaignSelect } from '../../components/CampaignSelect';
import { lastJournalCampaign, rememberJournalCampaign } from './last-campaign';
import { UndoConfirm } from './UndoConfirm';

/** "Campaign (Ada vs Bram)": how the Journal's pickers name a campaign. */
export const describeCampaign = (c: { name: string; seats: readonly { playerName: string }[] }) =>
  `${c.name} (${c.seats.map((s) => s.playerName).join(' vs ')})`;

/** Undo or redo: names the event it would step over, or says there is none. */
function StepButton({
  verb,
  label,
  icon,
  step,
  pending,
  onClick,
}: {
  verb: string;
  label: string;
  icon: ReactNode;
  step: Journal['undo'];
  pending: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="default"
      leftSection={icon}
      disabled={!step}
      loading={pending}
      onClick={onClick}
      title={step ? `${verb}: ${step.summary}` : `Nothing to ${verb.toLowerCase()}`}
    >
      {label}
    </Button>
  );
}

export function CampaignJournal() {
  const { campaignId = '' } = useParams();
  const journal = useApiQuery('ledger.journal', { campaignId });
  const detail = useApiQuery('campaigns.get', { id: campaignId });
  const undo = useApiMutation('ledger.undo');
  const redo = useApiMutation('ledger.redo');
  const [correcting, setCorrecting] = useState<{ playerId: string; action: CorrectionAction } | null>(null);
  const [confirmingUndo, setConfirmingUndo] = useState<Journal['undo']>(null);
  const campaigns = useApiQuery('campaigns.list', { sort: 'last-played' });
  const navigate = useNavigate();
  // the campaign's own pack: what each trophy does
  const versionId = journal.data?.campaign.rulesetVersionId;
  const pack = useApiQuery('rulesets.get', { versionId }, { enabled: versionId !== undefined });
  const trophyEffect = (trophyId: string) => pack.data?.pack.cryptids.find((c) => c.trophy.id === trophyId)?.trophy.effect ?? null;

  // the Journal opens here next time; a campaign that is not in this ledger is not remembered (and is forgotten)
  const shown = journal.data?.campaign.id;
  const missing = journal.error?.code === 'NOT_FOUND';
  useEffect(() => {
    if (shown) rememberJournalCampaign(shown);
    else if (missing && lastJournalCampaign() === campaignId) rememberJournalCampaign(null);
  }, [shown, missing, campaignId]);

  // a link may name a mission (`?mission=N`): its finish, the last one not undone, is marked and scrolled to
  const [search] = useSearchParams();
  const atMission = Number(search.get('mission')) || null;
  const missionEvent = atMission ? journal.data?.events.findLast((e) => e.kind === 'mission-finished' && e.mission === atMission && !e.undone) : undefined;
  const missionItem = useRef<HTMLDivElement>(null);
  useEffect(() => {
    missionItem.current?.scrollIntoView({ block: 'center' });
  }, [missionEvent?.id]);

  const j = journal.data;
  // the page is named while it loads or cannot be shown, as when it can
  if (!j)
    return (
      <>
        <PageHeader title="Campaign journal" />
        {journal.error ? <ErrorAlert error={journal.error} /> : <Text>Loading…</Text>}
      </>
    );
  const c = j.campaign;

  return (
    <>
      <PageHeader
        title={c.name}
        description={
          <>
            {c.seats.map((s) => `${s.playerName} (${s.factionName})`).join(' vs ')} ·{' '}
            {c.status === 'finished' ? 'campaign complete' : `mission ${c.currentMission} of 5`} · {c.rulesetName}
          </>
        }
        actions={
          <>
            {c.status === 'active' && (
              <Button component={Link} to={`/campaigns/${c.id}/record`} leftSection={<IconClipboardPlus size={16} />} variant="light">
                Record result
              </Button>
            )}
            <StepButton
              verb="Undo"
              label="Undo last event"
              icon={<IconArrowBackUp size={16} />}
              step={j.undo}
              pending={undo.isPending}
              onClick={() => setConfirmingUndo(j.undo)}
            />
            <StepButton
              verb="Redo"
              label="Redo"
              icon={<IconArrowForwardUp size={16} />}
              step={j.redo}
              pending={redo.isPending}
              onClick={() => redo.mutate({ campaignId: c.id })}
            />
            <PrintSummaryButton campaignId={c.id} name={c.name} />
          </>
        }
      />
      <Stack>
        {(campaigns.data?.length ?? 0) > 1 && (
          <CampaignSelect
            campaigns={campaigns.data}
            describe={describeCampaign}
            value={c.id}
            allowDeselect={false}
            searchable
            w={360}
            onChange={(id) => id && id !== c.id && navigate(`/journal/${id}`)}
          />
        )}
        {c.nonStandard && <Badge color="yellow">Non-standard: alternating activations and morale house rule</Badge>}
        {j.undo && (
          <Text size="sm" c="dimmed">
            Undo would reverse: {j.undo.summary}
          </Text>
        )}
        <ErrorAlert error={undo.error ?? redo.error} />
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {j.players.map((p) => (
            <PlayerCard
              key={p.playerId}
              p={p}
              standing={detail.data?.standings.find((s) => s.playerId === p.playerId)}
              onCorrect={(action) => setCorrecting({ playerId: p.playerId, action })}
              trophyEffect={trophyEffect}
            />
          ))}
        </SimpleGrid>
        <Card withBorder>
          <Title order={2} size="h3" mb="sm">
            Timeline
          </Title>
          <Timeline bulletSize={14} lineWidth={2} aria-label="Campaign timeline">
            {j.events.map((e) => (
              <Timeline.Item
                key={e.id}
                ref={e.id === missionEvent?.id ? missionItem : undefined}
                aria-current={e.id === missionEvent?.id ? 'true' : undefined}
                data-testid={e.id === missionEvent?.id ? 'journal-mission' : undefined}
                title={
                  <Group gap="xs">
                    <Text fw={600} td={e.undone ? 'line-through' : undefined}>
                      {e.summary}
                    </Text>
                    {e.id === missionEvent?.id && <Badge variant="light">Opened from its finish</Badge>}
                  </Group>
                }
              >
                <Text size="xs" c="dimmed">
                  {new Date(e.createdAt).toLocaleString()}
                  {e.undone ? ' · undone' : ''}
                </Text>
                {e.entries.length > 0 && (
                  <Text size="sm" data-testid="journal-entries">
                    {e.entries
                      .filter((x) => x.kind !== 'mission-unlocked' || x.amount > 0)
                      .map((x, i) => (
                        <EntryLine key={x.id} first={i === 0} entry={x} playerName={j.players.find((p) => p.playerId === x.playerId)?.playerName} />
                      ))}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
      </Stack>
      <UndoConfirm
        journal={j}
        step={confirmingUndo}
        pending={undo.isPending}
        onCancel={() => setConfirmingUndo(null)}
        onConfirm={(eventId) => undo.mutate({ campaignId: c.id, eventId }, { onSettled: () => setConfirmingUndo(null) })}
      />
      <CorrectionModal
        campaignId={c.id}
        player={j.players.find((p) => p.playerId === correcting?.playerId) ?? null}
        action={correcting?.action ?? null}
        onClose={() => setCorrecting(null)}
      />
    </>
  );
}

/**
 * One entry of a timeline line: its kind, the formation or trophy it concerns and the player, each name isolated so a
 * name written right to left keeps the words and numbers around it in place ("Service mark: Line 1 (Ana) +1").
 */
function EntryLine({ entry: x, playerName, first }: { entry: Journal['events'][number]['entries'][number]; playerName?: string; first: boolean }) {
  // a trophy's entry names the trophy and the formation that holds it
  const what = [x.item.trophyName, x.item.formationName].filter((n): n is string => !!n);
  return (
    <>
      {first ? '' : ' · '}
      {ENTRY_LABELS[x.kind]}
      {what.map((n, i) => (
        <span key={i}>
          {i === 0 ? ': ' : ', '}
          <bdi>{n}</bdi>
        </span>
      ))}
      {playerName && (
        <>
          {' '}
          (<bdi>{playerName}</bdi>)
        </>
      )}{' '}
      {x.amount > 0 ? '+' : ''}
      {x.amount}
    </>
  );
}

function PlayerCard({
  p,
  standing,
  onCorrect,
  trophyEffect,
}: {
  p: Journal['players'][number];
  standing?: { wins: number; draws: number; losses: number; victoryPoints: number };
  onCorrect: (action: CorrectionAction) => void;
  /** What a trophy does, from the campaign's pack (null when the pack has no such trophy). */
  trophyEffect: (trophyId: string) => string | null;
}) {
  const inv = p.inventory;
  return (
    <Card withBorder aria-label={`${p.playerName} ledger`}>
      <Group justify="space-between" align="flex-start">
        <Title order={2} size="h3">
          {p.playerName}
        </Title>
        <Stack gap={0} align="flex-end">
          <Text size="xl" fw={700} data-testid="allowance" aria-label={`${p.playerName} allowance`}>
            {p.allowance} RP
          </Text>
          {standing && (
            <Text size="xs" c="dimmed">
              {standing.wins} won · {standing.draws} drawn · {standing.losses} lost · {standing.victoryPoints} VP
            </Text>
          )}
        </Stack>
      </Group>
      <Group justify="space-between" mt="sm">
        <Text size="sm" fw={600}>
          Why {p.allowance}?
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPencilPlus size={14} />}
          onClick={() => onCorrect({ kind: 'rp' })}
          aria-label={`Correct ${p.playerName}'s ledger`}
        >
          Correct…
        </Button>
      </Group>
      <Table aria-label={`Why ${p.playerName}'s allowance is ${p.allowance}`} fz="sm">
        <Table.Tbody>
          {p.explanation.map((l) => (
            <Table.Tr key={l.entryId}>
              <Table.Td>{l.mission ? `M${l.mission}` : ''}</Table.Td>
              <Table.Td>{l.reason}</Table.Td>
              <Table.Td ta="right">
                {l.amount > 0 ? '+' : ''}
                {l.amount}
              </Table.Td>
              <Table.Td ta="right" c="dimmed">
                {l.running}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={600} mt="sm">
        Veteran formations
      </Text>
      {inv.formations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No service marks yet.
        </Text>
      ) : (
        <Table fz="sm" aria-label={`${p.playerName} formations`}>
          <TableHead columns={['Formation', 'Marks', 'Rank', 'Veteran Sixes']} />
          <Table.Tbody>
            {inv.formations.map((f) => (
              <Table.Tr key={f.formationId}>
                <Table.Td>
                  {f.name} {f.cryptidVeteran && <Badge size="xs">Cryptid Veteran</Badge>}
                </Table.Td>
                <Table.Td>{f.serviceMarks}</Table.Td>
                <Table.Td>{f.rank ?? '–'}</Table.Td>
                <Table.Td>{f.veteranSixes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="sm" fw={600} mt="sm">
        Cryptid Dice
      </Text>
      {inv.cryptidDice.length === 0 ? (
        <Text size="sm" c="dimmed">
          None held.
        </Text>
      ) : (
        <Stack gap={4} aria-label={`${p.playerName} Cryptid Dice`} role="list">
          {inv.cryptidDice.map((d) => (
            <Group key={d.id} justify="space-between" role="listitem">
              <Text size="sm">
                Earned by {d.formationName}
                {d.mission ? ` in mission ${d.mission}` : ''}
              </Text>
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => onCorrect({ kind: 'spend-die', dieId: d.id })}
                aria-label={`Spend the Cryptid Die earned by ${d.formationName}`}
              >
                Spend
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Text size="sm" fw={600} mt="sm">
        Trophies
      </Text>
      {inv.trophies.length === 0 ? (
        <Text size="sm" c="dimmed">
          None claimed.
        </Text>
      ) : (
        <Stack gap={4} aria-label={`${p.playerName} trophies`} role="list">
          {inv.trophies.map((t) => (
            <Group key={t.trophyId} justify="space-between" role="listitem">
              <Stack gap={0}>
                <Text size="sm">
                  {t.name}{' '}
                  <Badge size="xs" color={t.status === 'banked' ? 'teal.9' : 'gray'} variant="outline">
                    {t.status}
                  </Badge>
                </Text>
                {trophyEffect(t.trophyId) && (
                  <Text size="xs" data-testid="journal-trophy-effect">
                    {trophyEffect(t.trophyId)}
                  </Text>
                )}
              </Stack>
              {t.status === 'banked' && (
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => onCorrect({ kind: 'use-trophy', trophyId: t.trophyId })}
                  aria-label={`Use the banked trophy ${t.name}`}
                >
                  Use
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
