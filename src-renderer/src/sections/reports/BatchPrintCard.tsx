import { Button, Card, Group, MultiSelect, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../api/transport';
import { useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Choice } from '../../components/Choice';
import { CampaignSelect } from '../../components/CampaignSelect';
import { PdfPreviewModal } from '../../components/PdfPreviewModal';
import { BatchProgress } from './BatchFiles';
import { useBatchJob, type BatchJob } from './useBatchJob';

type Scope = 'campaign' | 'event' | 'club';
type Output = 'single' | 'per-roster';

/** The campaigns a batch's scope names: the one campaign, the event's chosen ones, or none (the whole club). */
function useBatchScope() {
  const [scope, setScope] = useState<Scope>('campaign');
  const [one, setOne] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const campaignIds = scope === 'campaign' ? (one ? [one] : []) : chosen;
  return { scope, setScope, one, setOne, chosen, setChosen, campaignIds, ready: scope === 'club' || campaignIds.length > 0 };
}

/** Which rosters: one campaign, an event's campaigns, or the whole club. */
function ScopeFields({ scope: sc, error, disabled }: { scope: ReturnType<typeof useBatchScope>; error: string | undefined; disabled: boolean }) {
  const campaigns = useApiQuery('campaigns.list', {});
  const campaignOptions = (campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <>
      <Choice
        label="Which rosters"
        value={sc.scope}
        onChange={sc.setScope}
        disabled={disabled}
        options={{ campaign: 'One campaign', event: 'An event', club: 'Whole club' }}
      />
      {sc.scope === 'campaign' && (
        <CampaignSelect campaigns={campaigns.data} value={sc.one} onChange={sc.setOne} searchable error={error} disabled={disabled} />
      )}
      {sc.scope === 'event' && (
        <MultiSelect
          label="Campaigns in the event"
          description="An event is the campaigns played on one night or weekend: choose each of them."
          placeholder={sc.chosen.length ? undefined : 'Choose campaigns'}
          data={campaignOptions}
          value={sc.chosen}
          onChange={sc.setChosen}
          searchable
          error={error}
          disabled={disabled}
        />
      )}
    </>
  );
}

/** The finished batch's file open in the preview, to print or save. */
function BatchPreview({ job }: { job: BatchJob }) {
  const { jobId, previewing } = job;
  return (
    <PdfPreviewModal
      title={job.files.length > 1 ? `Army sheet: ${previewing?.name ?? ''}` : 'Army sheets'}
      opened={previewing !== null && !!jobId}
      onClose={() => job.setPreviewing(null)}
      paperSizes={false}
      deps={[jobId, previewing?.index]}
      render={() => api.call('print.jobResult', { jobId: jobId!, index: previewing?.index })}
    />
  );
}

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
  const sc = useBatchScope();
  const [output, setOutput] = useState<Output>('single');
  // the paper the sheets are laid out on, as the army sheet's own preview offers it; Settings' choice until changed
  const settings = useApiQuery('settings.get', {});
  const [paper, setPaper] = useState<'A4' | 'LETTER' | null>(null);
  const paperSize = paper ?? settings.data?.paperSize ?? 'A4';
  const job = useBatchJob();
  const { running } = job;

  const onStart = () => job.start({ scope: sc.scope === 'club' ? { kind: 'club' } : { kind: 'campaigns', campaignIds: sc.campaignIds }, output, paperSize });
  const scopeError = job.startError?.path?.[0] === 'scope' ? job.startError.message : undefined;

  return (
    <Card withBorder component="section" aria-labelledby="batch-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="batch-title">
          Batch printing
        </Title>
        <Text size="sm" c="dimmed">
          Army sheets for game night. Rosters that break the recruitment rules print as marked drafts.
        </Text>
        <ScopeFields scope={sc} error={scopeError} disabled={running} />
        <Radio.Group label="Files" value={output} onChange={(v) => setOutput(v as Output)}>
          <Stack gap={4} mt={4}>
            <Radio value="single" label="One PDF with every roster (one print job)" disabled={running} />
            <Radio value="per-roster" label="One file per roster (to hand each player their own sheet)" disabled={running} />
          </Stack>
        </Radio.Group>
        <Choice label="Paper size" showLabel value={paperSize} onChange={setPaper} disabled={running} options={{ A4: 'A4', LETTER: 'US Letter' }} />
        <Group>
          <Button onClick={onStart} loading={job.starting} disabled={running || !sc.ready}>
            Start batch print
          </Button>
          {running && (
            <Button variant="default" color="red" onClick={job.cancel} loading={job.cancelling}>
              Cancel
            </Button>
          )}
        </Group>
        {job.startError && !scopeError && <ErrorAlert error={job.startError} />}
        {job.status && <BatchProgress job={job} status={job.status} />}
        <BatchPreview job={job} />
      </Stack>
    </Card>
  );
}
