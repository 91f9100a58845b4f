import { Alert } from '@mantine/core';
import { api } from '../../api/transport';
import { PdfPreviewModal } from '../../components/PdfPreviewModal';

/** Army sheet preview. An invalid roster can only be printed as a marked draft. */
export function PrintPreviewModal({ rosterId, valid, opened, onClose }: { rosterId: string; valid: boolean; opened: boolean; onClose: () => void }) {
  return (
    <PdfPreviewModal
      title="Army sheet"
      opened={opened}
      onClose={onClose}
      deps={[rosterId, valid]}
      render={(paperSize) => api.call('print.rosterPdf', { id: rosterId, draft: !valid, paperSize })}
      notice={
        !valid && (
          <Alert color="yellow" title="Draft only">
            This roster breaks recruitment rules, so the sheet is marked as a draft and lists what to change. Fix the roster to print a final sheet.
          </Alert>
        )
      }
    />
  );
}
