import { IconPrinter } from '@tabler/icons-react';
import { api } from '../../api/transport';
import { PdfPreviewButton } from '../../components/PdfPreviewButton';

/** The campaign summary PDF: previewed with its paper size, then saved (a save dialog in the app, a download in the browser). */
export function PrintSummaryButton({ campaignId }: { campaignId: string; name: string }) {
  return (
    <PdfPreviewButton
      label="Print summary"
      icon={<IconPrinter size={16} />}
      buttonProps={{ title: 'Campaign summary PDF' }}
      title="Campaign summary"
      deps={[campaignId]}
      render={(paperSize) => api.call('print.campaignSummary', { campaignId, paperSize })}
    />
  );
}
