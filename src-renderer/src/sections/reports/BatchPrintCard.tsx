import { Alert, Button, Card, Group, MultiSelect, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api, saveFile } from '../../api/transport';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * Batch printing of army sheets: every roster of the club or of chosen
 * campaigns (an event), into one PDF. The work runs in a worker on the
 * backend; this card polls its progress and can cancel it.
 */
export function BatchPrintCard() {
  const campaigns = useApiQuery('campaigns.list', {});
  const [scope, setScope] = useState<'club' | 'campaigns'>('club');
  const [chosen, setChosen] = useState<string[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useApiMutation('print.startBatch');
  const cancel = useApiMutation('print.cancelJob');
  const status = useApiQuery('print.jobStatus', { jobId: jobId ?? '' }, { enabled: !!jobId, refetchInterval: (q) => (q.state.data?.state === 'running' ? 250 : false), staleTime: 0 });
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const s = status.data;
  const running = s?.state === 'running';

  useEffect(() => setDownloadError(null), [jobId]);

  const onStart = () =>
    start.mutate(
      { scope: scope === 'club' ? { kind: 'club' } : { kind: 'campaigns', campaignIds: chosen }, output: 'single' },
      { onSuccess: (r) => setJobId(r.jobId) },
    );
  const onDownload = async () => {
    try {
      const r = await api.call('print.jobResult', { jobId: jobId! });
      await saveFile(r.fileName, r.base64, 'application/pdf');
    } catch (e) {
      setDownloadError(e);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="batch-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="batch-title">
          Batch printing
        </Title>
        <Text size="sm" c="dimmed">
          Every army sheet of the club or of an event’s campaigns in one PDF. Invalid rosters print as marked drafts.
        </Text>
        <SegmentedControl
          aria-label="Which rosters"
          value={scope}
          onChange={(v) => setScope(v as 'club' | 'campaigns')}
          data={[
            { value: 'club', label: 'Whole club' },
            { value: 'campaigns', label: 'Chosen campaigns' },
          ]}
          disabled={running}
        />
        {scope === 'campaigns' && (
          <MultiSelect
            label="Campaigns to print"
            data={(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={chosen}
            onChange={setChosen}
            searchable
            error={start.error?.path?.[0] === 'scope' ? start.error.message : undefined}
            disabled={running}
          />
        )}
        <Group>
          <Button onClick={onStart} loading={start.isPending} disabled={running || (scope === 'campaigns' && !chosen.length)}>
            Start batch print
          </Button>
          {running && (
            <Button variant="default" color="red" onClick={() => cancel.mutate({ jobId: jobId! }, { onSuccess: () => status.refetch() })} loading={cancel.isPending}>
              Cancel
            </Button>
          )}
        </Group>
        {start.error && start.error.path?.[0] !== 'scope' && <ErrorAlert error={start.error} />}
        {s && (
          <Stack gap={4}>
            <Progress value={s.total ? (s.done / s.total) * 100 : 100} aria-label="Batch progress" animated={running} />
            <Text size="sm" role="status" aria-live="polite">
              {s.state === 'running' && `Printing ${s.done} of ${s.total}${s.current ? `: ${s.current}` : ''}`}
              {s.state === 'done' && `Done: ${s.total} roster${s.total === 1 ? '' : 's'} printed.`}
              {s.state === 'cancelled' && 'Cancelled. No file was written.'}
              {s.state === 'failed' && 'The batch failed; no file was written.'}
            </Text>
            {s.state === 'failed' && s.error && <Alert color="red">{s.error}</Alert>}
            {s.state === 'done' && (
              <Group>
                <Button variant="light" onClick={onDownload}>
                  Save the PDF
                </Button>
              </Group>
            )}
            <ErrorAlert error={downloadError} />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
