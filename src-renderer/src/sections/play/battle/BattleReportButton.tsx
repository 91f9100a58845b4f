import { IconFileTypePdf } from '@tabler/icons-react';
import { api } from '../../../api/transport';
import { PdfPreviewButton } from '../../../components/PdfPreviewButton';

/** The battle report over the battle (issue 34: one way to print): previewed with its paper size, then printed or saved. */
export function BattleReportButton({ battleId }: { battleId: string }) {
  return (
    <PdfPreviewButton
      label="Battle report"
      icon={<IconFileTypePdf size={18} />}
      buttonProps={{ size: 'md' }}
      title="Battle report"
      deps={[battleId]}
      render={(paperSize) => api.call('print.battleReport', { battleId, paperSize })}
    />
  );
}
