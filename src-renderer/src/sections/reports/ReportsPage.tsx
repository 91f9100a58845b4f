import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileSpreadsheet, IconFileTypePdf, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportFilter } from '../../../../src-shared/reports/battle';
import { useApiQuery } from '../../api/hooks';
import { api, saveFile } from '../../api/transport';
import { Loading } from '../../components/Loading';
import { PdfPreviewModal } from '../../components/PdfPreviewModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { BatchPrintCard } from './BatchPrintCard';
import { BattlesDrawer, type OpenedFigure } from './BattlesDrawer';
import { PlaytestExportModal } from './PlaytestExportModal';
import { PrintDocsCard } from './PrintDocsCard';
import { ReportFilters } from './ReportFilters';
import { ReportView } from './ReportView';

/** Reports: the playtest report for the designer, and printing for game night. */
export function ReportsPage() {
  const [params] = useSearchParams();
  const printParam = params.get('print');
  const [filter, setFilter] = useState<ReportFilter>({});
  const [debounced] = useDebouncedValue(filter, 250);
  const valid = !(debounced.from && debounced.to && debounced.from > debounced.to);
  // the figures with how many battles stand behind each; a figure's battles are asked for when it is opened
  const run = useApiQuery('reports.figures', debounced, { enabled: valid });
  const [opened, setOpened] = useState<OpenedFigure | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const [previewing, setPreviewing] = useState(false);
  const [sending, setSending] = useState(false);

  // the PDF opens in the preview every document uses; the CSV is data, saved at once
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const r = await api.call('reports.csv', debounced);
      await saveFile(r.fileName, new TextEncoder().encode(r.text), 'text/csv');
    } catch (e) {
      setExportError(e);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack>
      <PageHeader
        title="Reports"
        help={{ guide: 'designers-desk', at: 'sending-playtest-results' }}
        description="The playtest report over any set of finished battles, and printing for game night. Click a figure to see the battles behind it."
        actions={
          <>
            <Button leftSection={<IconFileTypePdf size={16} />} onClick={() => setPreviewing(true)} disabled={!run.data}>
              Playtest report PDF
            </Button>
            <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void exportCsv()} loading={exporting} disabled={!run.data}>
              Export CSV
            </Button>
            <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => setSending(true)} disabled={!valid}>
              Send playtest results
            </Button>
          </>
        }
      />
      <PdfPreviewModal
        title="Playtest report"
        opened={previewing}
        onClose={() => setPreviewing(false)}
        deps={[debounced]}
        render={(paperSize) => api.call('reports.pdf', { ...debounced, paperSize })}
      />
      <PlaytestExportModal opened={sending} onClose={() => setSending(false)} filter={debounced} />
      <ReportFilters value={filter} onChange={setFilter} factions={run.data?.factions ?? []} />
      <ErrorAlert error={exportError} />
      <ErrorAlert error={run.error} />
      {run.isLoading && (
        <Group>
          <Loading size="sm" label="Computing the report" />
        </Group>
      )}
      {run.data && run.data.report.games === 0 && <Text c="dimmed">No finished battles match this selection.</Text>}
      {run.data && run.data.report.games > 0 && <ReportView report={run.data.report} names={run.data.names} onOpen={setOpened} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PrintDocsCard focusCrib={printParam === 'crib'} />
        <BatchPrintCard />
      </SimpleGrid>
      <BattlesDrawer figure={opened} filter={debounced} names={run.data?.names ?? {}} onClose={() => setOpened(null)} />
    </Stack>
  );
}
