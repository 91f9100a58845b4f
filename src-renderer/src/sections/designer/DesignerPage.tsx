import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import type { DeskFilter } from '../../../../src-shared/desk/filter';
import { useApiQuery } from '../../api/hooks';
import { api, saveFile } from '../../api/transport';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PdfPreviewModal } from '../../components/PdfPreviewModal';
import { DeskBattlesModal, type OpenedDeskFigure } from './DeskBattlesModal';
import { DeskFigures } from './DeskFigures';
import { DeskFilters } from './DeskFilters';
import { DeskImportCard } from './DeskImportCard';

/**
 * The designer's desk (issue 36): playtest bundles from many clubs imported and merged, each battle once, and the
 * figures over them with their uncertainty. In the app the desk's channels run on the ledger the app has open (its
 * data folder or league database); `aoa designer` uses a data folder of its own unless told otherwise.
 */
export function DesignerPage() {
  const [filter, setFilter] = useState<DeskFilter>({});
  const [debounced] = useDebouncedValue(filter, 250);
  const report = useApiQuery('desk.report', { filter: debounced, withKeys: false });
  const clubs = useApiQuery('desk.clubs', {});
  const choices = useApiQuery('desk.choices', {});
  const [opened, setOpened] = useState<OpenedDeskFigure | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);

  const clubNames = new Map((clubs.data ?? []).map((c, i) => [c.clubId, c.name ?? `Anonymous club ${i + 1}`]));
  const clubName = (id: string) => clubNames.get(id) ?? 'Unknown club';
  const set = (patch: Partial<DeskFilter>) => setFilter({ ...filter, ...patch });

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const r = await api.call('desk.csv', { filter: debounced });
      await saveFile(r.fileName, new TextEncoder().encode(r.text), 'text/csv');
    } catch (e) {
      setExportError(e);
    } finally {
      setExporting(false);
    }
  };

  const battles = report.data?.figures.battles ?? 0;
  return (
    <Stack>
      <PageHeader
        title="Designer's desk"
        help={{ guide: 'designers-desk', at: 'the-designers-desk' }}
        description={
          <>
            Playtest bundles from any number of clubs, each battle counted once, and what they say with their uncertainty. Click a figure to see the battles
            behind it.
            <br />
            The desk keeps its bundles in the ledger this app has open (its data folder or league); open the app on a data folder of its own to keep them apart
            from a club&apos;s battles.
          </>
        }
        actions={
          <>
            <Button leftSection={<IconFileTypePdf size={16} />} onClick={() => setPreviewing(true)} disabled={!battles}>
              Desk report PDF
            </Button>
            <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void exportCsv()} loading={exporting} disabled={!battles}>
              Export CSV
            </Button>
          </>
        }
      />
      <PdfPreviewModal
        title="Desk report"
        opened={previewing}
        onClose={() => setPreviewing(false)}
        deps={[debounced]}
        render={(paperSize) => api.call('desk.pdf', { filter: debounced, paperSize })}
      />
      <DeskImportCard />
      <DeskFilters
        filter={filter}
        set={set}
        choices={choices.data}
        names={report.data?.names ?? {}}
        clubs={(clubs.data ?? []).map((c) => ({ value: c.clubId, label: `${clubName(c.clubId)} (${c.battles})` }))}
      />
      <ErrorAlert error={exportError} />
      <ErrorAlert error={report.error ?? clubs.error ?? choices.error} />
      {report.isLoading && (
        <Group>
          <Loading size="sm" label="Computing the figures" />
        </Group>
      )}
      {report.data && battles === 0 && <Text c="dimmed">No imported battles match this selection yet.</Text>}
      {report.data && battles > 0 && <DeskFigures figures={report.data.figures} names={report.data.names} onOpen={setOpened} />}
      <DeskBattlesModal figure={opened} filter={debounced} names={report.data?.names ?? {}} clubName={clubName} onClose={() => setOpened(null)} />
    </Stack>
  );
}
