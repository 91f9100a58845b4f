import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/transport';
import { PdfPreviewModal } from '../../components/PdfPreviewModal';
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
  const [open, setOpen] = useState<'crib' | 'brief' | null>(null);
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
          <Button ref={cribButton} variant="light" onClick={() => setOpen('crib')}>
            Crib sheet PDF
          </Button>
          <Button variant="light" onClick={() => setOpen('brief')}>
            Briefing PDF
          </Button>
        </Group>
        <ErrorAlert error={campaigns.error} />
        <PdfPreviewModal
          title="Crib sheet"
          opened={open === 'crib'}
          onClose={() => setOpen(null)}
          deps={[campaignId]}
          render={(paperSize) => api.call('print.cribSheet', { ...sel, paperSize })}
        />
        <PdfPreviewModal
          title="Mission briefing"
          opened={open === 'brief'}
          onClose={() => setOpen(null)}
          deps={[campaignId, mission]}
          render={(paperSize) => api.call('print.briefing', { mission: Number(mission), ...sel, paperSize })}
          options={
            <Select label="Mission" data={['1', '2', '3', '4', '5']} value={mission} onChange={(v) => setMission(v ?? '1')} w={100} allowDeselect={false} />
          }
        />
      </Stack>
    </Card>
  );
}
