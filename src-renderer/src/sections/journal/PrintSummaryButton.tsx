import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../api/transport';
import { PdfPreviewModal } from '../../components/PdfPreviewModal';

/** The campaign summary PDF: previewed with its paper size, then saved (a save dialog in the app, a download in the browser). */
export function PrintSummaryButton({ campaignId }: { campaignId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconPrinter size={16} />} title="Campaign summary PDF" onClick={() => setOpen(true)}>
        Print summary
      </Button>
      <PdfPreviewModal
        title="Campaign summary"
        opened={open}
        onClose={() => setOpen(false)}
        deps={[campaignId]}
        render={(paperSize) => api.call('print.campaignSummary', { campaignId, paperSize })}
      />
    </>
  );
}
