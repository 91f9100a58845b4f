import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { api, saveFile } from '../../api/transport';
import { useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { CampaignSelect } from '../../components/CampaignSelect';

/** Game-night handouts: the crib sheet and a mission briefing, from a campaign’s pinned rules or the newest pack. */
/** `focusCrib`: arriving from the home screen's "Print the crib sheet", the card scrolls into view with its button focused. */
export function PrintDocsCard({ focusCrib = false }: { focusCrib?: boolean }) {
  const cribButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusCrib) return;
    cribButton.current?.scrollIntoView({ block: 'center' });
    cribButton.current?.focus();
  }, [focusCrib]);
  const campaigns = useApiQuery('campaigns.list', {});
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [mission, setMission] = useState<string>('1');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async (what: string, fn: () => Promise<{ fileName: string; base64: string }>) => {
    setBusy(what);
    setError(null);
    try {
      const r = await fn();
      await saveFile(r.fileName, r.base64, 'application/pdf');
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };
  const sel = campaignId ? { campaignId } : {};
  return (
    <Card withBorder component="section" aria-labelledby="docs-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="docs-title">
          Handouts
        </Title>
        <Text size="sm" c="dimmed">
          Printed from the campaign’s own rules and options, or the newest ruleset when no campaign is chosen.
        </Text>
        <CampaignSelect campaigns={campaigns.data} placeholder="Newest ruleset" value={campaignId} onChange={setCampaignId} clearable searchable />
        <Group align="flex-end">
          <Button ref={cribButton} variant="light" loading={busy === 'crib'} onClick={() => run('crib', () => api.call('print.cribSheet', sel))}>
            Crib sheet PDF
          </Button>
          <Select label="Mission" data={['1', '2', '3', '4', '5']} value={mission} onChange={(v) => setMission(v ?? '1')} w={100} allowDeselect={false} />
          <Button
            variant="light"
            loading={busy === 'brief'}
            onClick={() => run('brief', () => api.call('print.briefing', { mission: Number(mission), ...sel }))}
          >
            Briefing PDF
          </Button>
        </Group>
        <ErrorAlert error={error} />
      </Stack>
    </Card>
  );
}
