import { Alert, Button, Card, Group, MultiSelect, Progress, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { api, saveFile } from '../../api/transport';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { TableHead } from '../../components/TableHead';
import { Choice } from '../../components/Choice';
import { CampaignSelect } from '../../components/CampaignSelect';
import { counted } from '../../../../src-shared/naming';
import { PdfPreviewModal } from '../../components/PdfPreviewModal';

type Scope = 'campaign' | 'event' | 'club';
type Output = 'single' | 'per-roster';

/** Above this many files, "save each in turn" would mean a save dialog per file: the one PDF serves better. */
const SAVE_ALL_LIMIT = 12;

/**
 * Batch printing of army sheets: the rosters of one campaign, of an event
 * (several chosen campaigns) or of the whole club. The work runs in a worker
 * on the backend; this card polls its progress and can cancel it.
 *
 * Output: one PDF to print the whole evening in one go, or one file per
 * roster to hand each player their own sheet. A finished one-PDF batch opens
 * at once in the preview every document uses (PdfPreviewModal), to print or
 * save; per-roster files come back one at a time: the list opens each in the
 * same preview (named after the roster), and "Save each in turn" walks
 * through them for a campaign or a small event. No archive: a club organiser
 * opens and forwards PDFs, not zips.
 */
export function BatchPrintCard() {
  const campaigns = useApiQuery('campaigns.list', {});
  const [scope, setScope] = useState<Scope>('campaign');
  const [output, setOutput] = useState<Output>('single');
  const [one, setOne] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  // the paper the sheets are laid out on, as the army sheet's own preview offers it; Settings' choice until changed
  const settings = useApiQuery('settings.get', {});
  const [paper, setPaper] = useState<'A4' | 'LETTER' | null>(null);
  const paperSize = paper ?? settings.data?.paperSize ?? 'A4';
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useApiMutation('print.startBatch');
  const cancel = useApiMutation('print.cancelJob');
  const status = useApiQuery(
    'print.jobStatus',
    { jobId: jobId ?? '' },
    { enabled: !!jobId, refetchInterval: (q) => (q.state.data?.state === 'running' ? 250 : false), staleTime: 0 },
  );
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState<'all' | null>(null);
  /** The batch file open in the preview: the one PDF (`single`) or the file at an index. */
  const [previewing, setPreviewing] = useState<{ index?: number; name: string } | null>(null);
  const s = status.data;
  const running = s?.state === 'running';

  useEffect(() => {
    setSaveError(null);
    setPreviewing(null);
  }, [jobId]);
  // a one-PDF batch opens in the preview when it is done: no extra click between the progress and Save
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (s?.state === 'done' && s.files.length === 1 && opened.current !== s.jobId) {
      opened.current = s.jobId;
      setPreviewing({ name: s.files[0]! });
    }
  }, [s]);

  const campaignIds = scope === 'campaign' ? (one ? [one] : []) : chosen;
  const ready = scope === 'club' || campaignIds.length > 0;
  const onStart = () =>
    start.mutate(
      { scope: scope === 'club' ? { kind: 'club' } : { kind: 'campaigns', campaignIds }, output, paperSize },
      { onSuccess: (r) => setJobId(r.jobId) },
    );

  /** Fetches one file of the finished batch and offers it for saving; false when the user declined. */
  const saveOne = async (index: number | undefined) => {
    const r = await api.call('print.jobResult', { jobId: jobId!, index });
    return saveFile(r.fileName, r.base64, 'application/pdf');
  };
  const onSaveAll = async () => {
    setSaving('all');
    setSaveError(null);
    try {
      // one after the other: a declined save dialog stops the walk
      for (let i = 0; i < (s?.files.length ?? 0); i++) if (!(await saveOne(i))) break;
    } catch (e) {
      setSaveError(e);
    } finally {
      setSaving(null);
    }
  };

  const campaignOptions = (campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const scopeError = start.error?.path?.[0] === 'scope' ? start.error.message : undefined;
  const files = s?.state === 'done' ? s.files : [];

  return (
    <Card withBorder component="section" aria-labelledby="batch-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="batch-title">
          Batch printing
        </Title>
        <Text size="sm" c="dimmed">
          Army sheets for game night. Rosters that break the recruitment rules print as marked drafts.
        </Text>
        <Choice
          label="Which rosters"
          value={scope}
          onChange={setScope}
          disabled={running}
          options={{ campaign: 'One campaign', event: 'An event', club: 'Whole club' }}
        />
        {scope === 'campaign' && <CampaignSelect campaigns={campaigns.data} value={one} onChange={setOne} searchable error={scopeError} disabled={running} />}
        {scope === 'event' && (
          <MultiSelect
            label="Campaigns in the event"
            description="An event is the campaigns played on one night or weekend: choose each of them."
            placeholder={chosen.length ? undefined : 'Choose campaigns'}
            data={campaignOptions}
            value={chosen}
            onChange={setChosen}
            searchable
            error={scopeError}
            disabled={running}
          />
        )}
        <Radio.Group label="Files" value={output} onChange={(v) => setOutput(v as Output)}>
          <Stack gap={4} mt={4}>
            <Radio value="single" label="One PDF with every roster (one print job)" disabled={running} />
            <Radio value="per-roster" label="One file per roster (to hand each player their own sheet)" disabled={running} />
          </Stack>
        </Radio.Group>
        <Choice label="Paper size" showLabel value={paperSize} onChange={setPaper} disabled={running} options={{ A4: 'A4', LETTER: 'US Letter' }} />
        <Group>
          <Button onClick={onStart} loading={start.isPending} disabled={running || !ready}>
            Start batch print
          </Button>
          {running && (
            <Button
              variant="default"
              color="red"
              onClick={() => cancel.mutate({ jobId: jobId! }, { onSuccess: () => status.refetch() })}
              loading={cancel.isPending}
            >
              Cancel
            </Button>
          )}
        </Group>
        {start.error && !scopeError && <ErrorAlert error={start.error} />}
        {s && (
          <Stack gap={4}>
            <Progress value={s.total ? (s.done / s.total) * 100 : 100} aria-label="Batch progress" animated={running} />
            <Text size="sm" role="status" aria-live="polite">
              {s.state === 'running' && `Printing ${s.done} of ${s.total}${s.current ? `: ${s.current}` : ''}`}
              {s.state === 'done' && `Done: ${counted(s.total, 'roster')} printed${s.files.length > 1 ? `, ${s.files.length} files` : ''}.`}
              {s.state === 'cancelled' && 'Cancelled. No file was written.'}
              {s.state === 'failed' && 'The batch failed; no file was written.'}
            </Text>
            {s.state === 'failed' && s.error && <Alert color="red">{s.error}</Alert>}
            {files.length === 1 && (
              <Group>
                <Button variant="light" onClick={() => setPreviewing({ name: files[0]! })}>
                  Open the PDF
                </Button>
              </Group>
            )}
            {files.length > 1 && (
              <>
                {files.length <= SAVE_ALL_LIMIT ? (
                  <Group>
                    <Button variant="light" onClick={onSaveAll} loading={saving === 'all'}>
                      Save each in turn ({files.length})
                    </Button>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    Save the sheets you need from the list; to print them all, start again with one PDF.
                  </Text>
                )}
                <Table aria-label="Printed files" striped>
                  <TableHead columns={['File', { label: 'Open', hidden: true }]} />
                  <Table.Tbody>
                    {files.map((name, i) => (
                      <Table.Tr key={name}>
                        <Table.Td>{name}</Table.Td>
                        <Table.Td>
                          <Button size="compact-sm" variant="default" onClick={() => setPreviewing({ index: i, name })} aria-label={`Open ${name}`}>
                            Open
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            )}
            <ErrorAlert error={saveError} />
          </Stack>
        )}
        <PdfPreviewModal
          title={files.length > 1 ? `Army sheet: ${previewing?.name ?? ''}` : 'Army sheets'}
          opened={previewing !== null && !!jobId}
          onClose={() => setPreviewing(null)}
          paperSizes={false}
          deps={[jobId, previewing?.index]}
          render={() => api.call('print.jobResult', { jobId: jobId!, index: previewing?.index })}
        />
      </Stack>
    </Card>
  );
}
