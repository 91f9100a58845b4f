import { ActionIcon, Anchor, Autocomplete, Badge, Breadcrumbs, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconArrowForwardUp, IconDeviceFloppy, IconFileExport, IconPrinter } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { addFormation } from '../../../../src-shared/roster/edit';
import { armyListText } from '../../../../src-shared/roster/army-list-text';
import { FORMATION_SLOTS } from '../../../../src-shared/roster/schema';
import { addFormationRefusal, rosterViolations, SLOT_LABEL } from '../../../../src-shared/roster/validate';
import { provisionalCosts } from '../../../../src-shared/roster/provisional';
import { useApiQuery } from '../../api/hooks';
import { useRosterDraft } from './useRosterDraft';
import { api, saveFile } from '../../api/transport';
import { Loading } from '../../components/Loading';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AllowanceCompare } from './AllowanceCompare';
import { CommandGroupCard } from './CommandGroupCard';
import { FormationCard } from './FormationCard';
import { PointsBar } from './PointsBar';
import { PrintPreviewModal } from './PrintPreviewModal';
import { UnitListCard } from './UnitListCard';
import { CopyListButton } from './CopyListButton';
import { ViolationList } from './ViolationList';
import { LimitedButton } from './LimitedButton';
import { veteranRecords } from './veteran-record';

/**
 * The roster editor. Every edit is saved as the organiser works and can be
 * undone while the roster is open (useRosterDraft); the validator (the same
 * pure function the CLI and Play Mode use) runs on every change, so problems
 * appear beside the formation they concern as soon as they exist.
 */
export function RosterEditor() {
  const { id = '' } = useParams();
  // where the editor was opened from (the first-mission steps): only a path inside the app
  const [search] = useSearchParams();
  const back = search.get('back')?.startsWith('/play/') ? search.get('back')! : null;
  const detail = useApiQuery('rosters.get', { id });
  const { draft, setDraft, dirty, restored, keptLocally, saving, saveError, saveNow, undo, redo, canUndo, canRedo, conflict, takeStored, keepMine } =
    useRosterDraft(detail.data?.roster, detail.data?.summary.updatedAt);
  const loadStored = async () => {
    const fresh = await detail.refetch();
    if (fresh.data) takeStored(fresh.data.roster, fresh.data.summary.updatedAt);
  };
  /** After a conflict: the roster as edited here replaces the one saved elsewhere (a failure shows as before). */
  const keepEdits = async () => {
    const fresh = await detail.refetch();
    if (fresh.data) await keepMine(fresh.data.summary.updatedAt).catch(() => undefined);
  };
  const [printing, setPrinting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);

  const pack = detail.data?.pack;
  const allowance = detail.data?.allowance ?? 0;
  const validation = useMemo(() => (draft && pack ? rosterViolations(draft, pack, { allowance }) : null), [draft, pack, allowance]);
  const provisional = useMemo(() => (draft && pack ? provisionalCosts(draft, pack) : null), [draft, pack]);
  // a campaign roster's formations carry their record from the ledger (marks, rank, Veteran Sixes, trophies)
  const campaignId = detail.data?.roster.campaignId ?? null;
  const inventory = useApiQuery(
    'ledger.inventory',
    { campaignId: campaignId ?? '', playerId: detail.data?.roster.playerId ?? '' },
    { enabled: !!campaignId && !!detail.data },
  );
  const veterans = useMemo(() => (inventory.data && pack ? veteranRecords(inventory.data.inventory, pack) : null), [inventory.data, pack]);

  useEffect(() => {
    // unsaved edits are kept in this window's storage and restored when the roster is opened again, so leaving needs
    // no question; only when the browser refused to keep them does closing the window or reloading ask first
    if (!dirty || keptLocally) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, keptLocally]);

  if (detail.error) return <ErrorAlert error={detail.error} />;
  if (!draft || !pack || !validation || !detail.data) return <Loading label="Loading the roster" />;

  const faction = pack.factions.find((f) => f.id === draft.factionId);
  const general = validation.violations.filter((v) => !v.formationId && v.path[0] !== 'captain' && v.path[0] !== 'officers');

  const doSave = async () => {
    const out = await saveNow();
    if (!out) return;
    notifications.show({
      message: out.validation.valid ? 'Saved. The roster is legal.' : 'Draft saved. It still breaks some rules.',
      color: out.validation.valid ? 'teal' : 'yellow',
    });
  };

  const doExport = async () => {
    setExportError(null);
    try {
      if (dirty) await doSave();
      const { fileName, text } = await api.call('rosters.export', { id: draft.id });
      await saveFile(fileName, new TextEncoder().encode(text), 'application/json');
    } catch (e) {
      setExportError(e);
    }
  };

  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/builder" c="var(--mantine-color-text)" underline="always">
          Builder
        </Anchor>
        <Text>{draft.name}</Text>
      </Breadcrumbs>
      {back && (
        <Group>
          <Button component={Link} to={back} variant="light" leftSection={<IconArrowBackUp size={16} />}>
            Back to the first mission
          </Button>
        </Group>
      )}
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {draft.name}
          </Title>
          <Text size="sm" c="dimmed">
            {detail.data.summary.playerName} · {faction?.name ?? draft.factionId} ·{' '}
            {draft.mode === 'campaign'
              ? `Campaign: ${detail.data.summary.campaignName ?? ''}`
              : draft.mode === 'crossover'
                ? 'Crossover game'
                : 'Standalone game'}{' '}
            · {pack.meta.name} (ruleset version {detail.data.rulesetVersion})
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge size="lg" color={validation.valid ? 'teal' : 'red'} variant="outline" data-testid="roster-status">
            {validation.valid ? 'Legal' : `${validation.violations.length} to fix`}
          </Badge>
          <Button variant="default" leftSection={<IconFileExport size={16} />} onClick={() => void doExport()}>
            Export
          </Button>
          <CopyListButton text={armyListText(draft, pack, { allowance })} />
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={async () => {
              if (dirty) await doSave();
              setPrinting(true);
            }}
          >
            Print
          </Button>
          <Group gap={4} role="group" aria-label="Undo and redo">
            <Tooltip label="Undo (Ctrl+Z)">
              <ActionIcon variant="default" size="lg" aria-label="Undo" onClick={undo} disabled={!canUndo}>
                <IconArrowBackUp size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Redo (Ctrl+Shift+Z)">
              <ActionIcon variant="default" size="lg" aria-label="Redo" onClick={redo} disabled={!canRedo}>
                <IconArrowForwardUp size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => void doSave()} disabled={!dirty} loading={saving}>
            {dirty ? (validation.valid ? 'Save' : 'Save draft') : 'Saved'}
          </Button>
        </Group>
      </Group>

      <Card withBorder>
        <PointsBar spent={validation.points.spent} allowance={validation.points.allowance} models={validation.models} provisional={provisional?.any} />
        {provisional?.any && (
          <Text size="xs" c="dimmed" mt={4}>
            Some of these points rest on provisional costs: the pack’s stand-ins until the designer publishes a figure (marked prov., or † in the unit lists).
          </Text>
        )}
        <Text size="xs" c="dimmed" mt={4}>
          Allowance: {detail.data.allowanceSource}.
        </Text>
        <AllowanceCompare detail={detail.data} />
      </Card>
      {restored && (
        <Text size="sm" role="status" data-testid="draft-restored">
          Edits made here that were not saved yet have been put back; they are saved as you go on, and Undo takes them back.
        </Text>
      )}
      <ErrorAlert error={saveError ?? exportError} title={conflict ? 'Saved elsewhere meanwhile' : undefined} />
      {conflict && (
        <Group>
          <Button variant="light" onClick={() => void loadStored()}>
            Load the saved roster
          </Button>
          <Button variant="default" onClick={() => void keepEdits()}>
            Keep my version
          </Button>
        </Group>
      )}
      <ViolationList violations={general} label="Warband" />

      <CommandGroupCard roster={draft} pack={pack} validation={validation} provisional={provisional?.command} onChange={setDraft} />

      {draft.formations.map((f) => (
        <FormationCard
          key={f.id}
          roster={draft}
          formation={f}
          pack={pack}
          validation={validation}
          provisional={provisional?.formations.has(f.id)}
          veteran={veterans?.get(f.id)}
          onChange={(next) => {
            setDraft(next);
            // a removed formation can be brought back at once, or later with Undo
            if (next.formations.length < draft.formations.length)
              notifications.show({
                id: `removed-${f.id}`,
                message: (
                  <Group gap="xs" justify="space-between">
                    <Text size="sm">{f.name} removed.</Text>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => {
                        undo();
                        notifications.hide(`removed-${f.id}`);
                      }}
                    >
                      Undo
                    </Button>
                  </Group>
                ),
              });
          }}
        />
      ))}

      <Group gap="xs" aria-label="Add a formation" role="group">
        {FORMATION_SLOTS.map((slot) => (
          <LimitedButton key={slot} refusal={addFormationRefusal(draft, pack, slot)} onClick={() => setDraft(addFormation(draft, pack, slot))}>
            Add {SLOT_LABEL[slot].one}
          </LimitedButton>
        ))}
      </Group>

      <UnitListCard roster={draft} pack={pack} onChange={setDraft} />

      <Card withBorder component="section" aria-label="Warband details">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Autocomplete
            label="Starting city"
            description="Where the warband was raised; it has no effect on the rules."
            data={faction?.cities ?? []}
            value={draft.startingCity}
            maxLength={80}
            onChange={(v) => setDraft({ ...draft, startingCity: v })}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            maxLength={4000}
            value={draft.notes}
            onChange={(e) => setDraft({ ...draft, notes: e.currentTarget.value })}
          />
        </SimpleGrid>
      </Card>
      <Text size="sm" c="dimmed" role="status">
        {dirty ? 'Saving your changes…' : 'Every change is saved as you work; Undo and Redo step through this visit’s changes.'}{' '}
        {!validation.valid && 'A roster that breaks a rule is kept as a draft: it cannot be played or printed as final.'}
      </Text>
      <PrintPreviewModal rosterId={draft.id} valid={validation.valid} opened={printing} onClose={() => setPrinting(false)} />
    </Stack>
  );
}
