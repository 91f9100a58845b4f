import { Button } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useState } from 'react';
import type { BattleDetail } from '../../../../../src-shared/contract/battles.contract';
import { api } from '../../../api/transport';
import { PdfPreviewModal } from '../../../components/PdfPreviewModal';

/**
 * The crib sheet over the live battle (issue 15): the battle's own pack and
 * rulings (its campaign's, when it has one) with a page of the special rules
 * both armies use, without leaving the round screen.
 */
export function CribSheetButton({ detail }: { detail: BattleDetail }) {
  const [open, setOpen] = useState(false);
  const rosterIds = detail.setup.sides.flatMap((s) => (s.rosterId ? [s.rosterId] : []));
  return (
    <>
      <Button variant="default" size="md" leftSection={<IconBook size={18} />} onClick={() => setOpen(true)}>
        Crib sheet
      </Button>
      <PdfPreviewModal
        title="Crib sheet"
        opened={open}
        onClose={() => setOpen(false)}
        deps={[detail.id]}
        render={(paperSize) =>
          api.call('print.cribSheet', {
            ...(detail.campaignId ? { campaignId: detail.campaignId } : { rulesetVersionId: detail.rulesetVersionId }),
            rosterIds,
            paperSize,
          })
        }
      />
    </>
  );
}
