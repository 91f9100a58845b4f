import { Badge, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconClipboardPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Journal } from '../../../../src-shared/contract/ledger.contract';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { CorrectionModal, type CorrectionAction } from './CorrectionModal';
import { PrintSummaryButton } from './PrintSummaryButton';
import { CampaignSelect } from '../../components/CampaignSelect';
import { lastJournalCampaign, rememberJournalCampaign } from './last-campaign';
import { UndoConfirm } from './UndoConfirm';
import { PlayerCard } from './JournalPlayerCard';
import { JournalTimeline } from './JournalTimeline';

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

/** Record a result (while the campaign runs), undo and redo naming the event they step over, and the printed summary. */
function JournalActions({
  journal: j,
  undo,
  redo,
  onUndo,
}: {
  journal: Journal;
  undo: { isPending: boolean };
  redo: { isPending: boolean; mutate: (input: { campaignId: string }) => void };
  onUndo: () => void;
}) {
  const c = j.campaign;
  return (
    <>
      {c.status === 'active' && (
        <Button component={Link} to={`/campaigns/${c.id}/record`} leftSection={<IconClipboardPlus size={16} />} variant="light">
          Record result
        </Button>
      )}
      <StepButton verb="Undo" label="Undo last event" icon={<IconArrowBackUp size={16} />} step={j.undo} pending={undo.isPending} onClick={onUndo} />
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
        actions={<JournalActions journal={j} undo={undo} redo={redo} onUndo={() => setConfirmingUndo(j.undo)} />}
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
        <JournalTimeline journal={j} missionEvent={missionEvent} missionItem={missionItem} />
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
