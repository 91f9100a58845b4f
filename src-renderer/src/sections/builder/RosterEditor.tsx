import { Alert, Anchor, Autocomplete, Badge, Breadcrumbs, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconFileExport, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { addFormation } from '../../../../src-shared/roster/edit';
import { armyListText } from '../../../../src-shared/roster/army-list-text';
import { FORMATION_SLOTS, type Roster } from '../../../../src-shared/roster/schema';
import { rosterViolations, SLOT_LABEL } from '../../../../src-shared/roster/validate';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { api, saveFile } from '../../api/transport';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AllowanceCompare } from './AllowanceCompare';
import { CommandGroupCard } from './CommandGroupCard';
import { FormationCard } from './FormationCard';
import { PointsBar } from './PointsBar';
import { PrintPreviewModal } from './PrintPreviewModal';
import { CopyListButton } from './CopyListButton';
import { ViolationList } from './ViolationList';

/**
 * The roster editor. Edits stay local until "Save"; the validator (the same
 * pure function the CLI and Play Mode use) runs on every change, so problems
 * appear beside the formation they concern as soon as they exist.
 */
export function RosterEditor() {
  const { id = '' } = useParams();
  const detail = useApiQuery('rosters.get', { id });
  const save = useApiMutation('rosters.save');
  const [draft, setDraft] = useState<Roster | null>(null);
  const [savedJson, setSavedJson] = useState('');
  const [printing, setPrinting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);

  useEffect(() => {
    if (detail.data && (!draft || draft.id !== detail.data.roster.id)) {
      setDraft(detail.data.roster);
      setSavedJson(JSON.stringify(detail.data.roster));
    }
  }, [detail.data, draft]);

  const pack = detail.data?.pack;
  const allowance = detail.data?.allowance ?? 0;
  const validation = useMemo(() => (draft && pack ? rosterViolations(draft, pack, { allowance }) : null), [draft, pack, allowance]);
  const dirty = draft !== null && JSON.stringify(draft) !== savedJson;

  useEffect(() => {
    // leaving with unsaved edits asks first (closing the window or reloading)
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (detail.error) return <ErrorAlert error={detail.error} />;
  if (!draft || !pack || !validation || !detail.data) return <Loader aria-label="Loading the roster" />;

  const faction = pack.factions.find((f) => f.id === draft.factionId);
  const general = validation.violations.filter((v) => !v.formationId && v.path[0] !== 'captain' && v.path[0] !== 'officers');

  const doSave = async () => {
    const out = await save.mutateAsync({ roster: draft });
    setSavedJson(JSON.stringify(out.roster));
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
          <Badge size="lg" color={validation.valid ? 'teal.9' : 'red.8'} variant="outline" data-testid="roster-status">
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
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => void doSave()} disabled={!dirty} loading={save.isPending}>
            {dirty ? (validation.valid ? 'Save' : 'Save draft') : 'Saved'}
          </Button>
        </Group>
      </Group>

      <Card withBorder>
        <PointsBar spent={validation.points.spent} allowance={validation.points.allowance} models={validation.models} />
        <Text size="xs" c="dimmed" mt={4}>
          Allowance: {detail.data.allowanceSource}.
        </Text>
        <AllowanceCompare detail={detail.data} />
      </Card>
      <ErrorAlert error={save.error ?? exportError} />
      <ViolationList violations={general} label="Warband" />

      <CommandGroupCard roster={draft} pack={pack} validation={validation} onChange={setDraft} />

      {draft.formations.map((f) => (
        <FormationCard key={f.id} roster={draft} formation={f} pack={pack} validation={validation} onChange={setDraft} />
      ))}

      <Group gap="xs" aria-label="Add a formation" role="group">
        {FORMATION_SLOTS.map((slot) => (
          <Button key={slot} variant="default" leftSection={<IconPlus size={16} />} onClick={() => setDraft(addFormation(draft, pack, slot))}>
            Add {SLOT_LABEL[slot].one}
          </Button>
        ))}
      </Group>

      <Card withBorder component="section" aria-label="Warband details">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Autocomplete
            label="Starting city"
            description="Where the warband was raised; it has no effect on the rules."
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
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
      {dirty && (
        <Alert color="blue" variant="light" role="status">
          Unsaved changes. “{validation.valid ? 'Save' : 'Save draft'}” keeps them; a draft may break rules but cannot be played or printed as final.
        </Alert>
      )}
      <PrintPreviewModal rosterId={draft.id} valid={validation.valid} opened={printing} onClose={() => setPrinting(false)} />
    </Stack>
  );
}
