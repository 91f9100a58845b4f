import { Anchor, Breadcrumbs, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { addFormation } from '../../../../src-shared/roster/edit';
import { FORMATION_SLOTS } from '../../../../src-shared/roster/schema';
import { addFormationRefusal, SLOT_LABEL } from '../../../../src-shared/roster/validate';
import { useApiQuery } from '../../api/hooks';
import { useRosterDraft } from './useRosterDraft';
import { api, saveFile } from '../../api/transport';
import { Loading } from '../../components/Loading';
import { ErrorAlert } from '../../components/ErrorAlert';
import { CommandGroupCard } from './CommandGroupCard';
import { PrintPreviewModal } from './PrintPreviewModal';
import { UnitListCard } from './UnitListCard';
import { ViolationList } from './ViolationList';
import { LimitedButton } from './LimitedButton';
import { RosterEditorHeader } from './RosterEditorHeader';
import { FormationCards, PointsCard, SaveStatus, WarbandDetailsCard } from './RosterEditorCards';
import { useRosterChecks } from './useRosterChecks';

/**
 * Unsaved edits are kept in this window's storage and restored when the roster is opened again, so leaving needs no
 * question; only when the browser refused to keep them (`active`) does closing the window or reloading ask first.
 */
function useAskBeforeLeaving(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

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
  const { pack, allowance, validation, provisional, veterans } = useRosterChecks(draft, detail.data);
  useAskBeforeLeaving(dirty && !keptLocally);

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

  const print = async () => {
    if (dirty) await doSave();
    setPrinting(true);
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
      <RosterEditorHeader
        draft={draft}
        pack={pack}
        detail={detail.data}
        validation={validation}
        allowance={allowance}
        dirty={dirty}
        saving={saving}
        history={{ undo, redo, canUndo, canRedo }}
        onExport={() => void doExport()}
        onPrint={() => void print()}
        onSave={() => void doSave()}
      />
      <PointsCard validation={validation} provisional={provisional?.any} detail={detail.data} />
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

      <FormationCards
        draft={draft}
        pack={pack}
        validation={validation}
        provisional={provisional?.formations}
        veterans={veterans}
        setDraft={setDraft}
        undo={undo}
      />

      <Group gap="xs" aria-label="Add a formation" role="group">
        {FORMATION_SLOTS.map((slot) => (
          <LimitedButton key={slot} refusal={addFormationRefusal(draft, pack, slot)} onClick={() => setDraft(addFormation(draft, pack, slot))}>
            Add {SLOT_LABEL[slot].one}
          </LimitedButton>
        ))}
      </Group>

      <UnitListCard roster={draft} pack={pack} onChange={setDraft} />

      <WarbandDetailsCard draft={draft} cities={faction?.cities ?? []} setDraft={setDraft} />
      <SaveStatus dirty={dirty} valid={validation.valid} />
      <PrintPreviewModal rosterId={draft.id} valid={validation.valid} opened={printing} onClose={() => setPrinting(false)} />
    </Stack>
  );
}
