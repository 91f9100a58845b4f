import { IconBook } from '@tabler/icons-react';
import type { BattleDetail } from '../../../../../src-shared/contract/battles.contract';
import { api } from '../../../api/transport';
import { PdfPreviewButton } from '../../../components/PdfPreviewButton';

/**
 * The crib sheet over the live battle (issue 15): the battle's own pack and
 * rulings (its campaign's, when it has one) with a page of the special rules
 * both armies use, without leaving the round screen.
 */
export function CribSheetButton({ detail }: { detail: BattleDetail }) {
  const rosterIds = detail.setup.sides.flatMap((s) => (s.rosterId ? [s.rosterId] : []));
  return (
    <PdfPreviewButton
      label="Crib sheet"
      icon={<IconBook size={18} />}
      buttonProps={{ size: 'md' }}
      title="Crib sheet"
      deps={[detail.id]}
      render={(paperSize) =>
        api.call('print.cribSheet', {
          ...(detail.campaignId ? { campaignId: detail.campaignId } : { rulesetVersionId: detail.rulesetVersionId }),
          rosterIds,
          paperSize,
        })
      }
    />
  );
}
