import { IconBook } from '@tabler/icons-react';
import { PdfPreviewButton } from '../../../components/PdfPreviewButton';
import { cribSheetOf } from '../battle-reads';
import type { BattleHook } from '../useBattle';

/**
 * The crib sheet over the live battle (issue 15): the battle's own pack and
 * rulings (its campaign's, when it has one) with a page of the special rules
 * both armies use, without leaving the round screen.
 */
export function CribSheetButton({ b }: { b: BattleHook }) {
  return (
    <PdfPreviewButton
      label="Crib sheet"
      icon={<IconBook size={18} />}
      buttonProps={{ size: 'md' }}
      title="Crib sheet"
      deps={[b.battle.data!.id]}
      render={(paperSize) => cribSheetOf(b, paperSize)}
    />
  );
}
