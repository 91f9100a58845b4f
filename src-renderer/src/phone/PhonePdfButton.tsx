import { Button } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { RenderedPdf } from '../components/PdfPreviewModal';
import { saveFile } from '../api/transport';

/**
 * A document for the table (the crib sheet, the battle report) straight to the phone's downloads, where its PDF
 * reader opens it: a phone's browser shows no PDF inside a page, so there is no preview to print from.
 */
export function PhonePdfButton({
  label,
  icon,
  render,
  onError,
}: {
  label: string;
  icon: ReactNode;
  render: () => Promise<RenderedPdf>;
  onError: (e: unknown) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={icon}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const pdf = await render();
          await saveFile(pdf.fileName, pdf.base64, 'application/pdf');
        } catch (e) {
          onError(e);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}
