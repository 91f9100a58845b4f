import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useApiMutation } from '../../api/hooks';
import { saveFile } from '../../api/transport';

/** Prints the campaign summary PDF and offers it as a download (or a save dialog in the app). */
export function PrintSummaryButton({ campaignId }: { campaignId: string; name: string }) {
  const print = useApiMutation('print.campaignSummary');
  return (
    <Button
      variant="default"
      leftSection={<IconPrinter size={16} />}
      loading={print.isPending}
      color={print.error ? 'red' : undefined}
      title={print.error ? print.error.message : 'Campaign summary PDF'}
      onClick={async () => {
        const r = await print.mutateAsync({ campaignId });
        await saveFile(r.fileName, r.base64, 'application/pdf');
      }}
    >
      Print summary
    </Button>
  );
}
