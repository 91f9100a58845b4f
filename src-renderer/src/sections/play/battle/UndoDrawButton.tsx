import { Button, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { undoDrawTargets } from '../../../../../src-shared/battle/intents';
import type { BattleHook } from '../useBattle';

/**
 * Undo the round's last draw (and the pick after it). Offered only where the viewer may: a phone at a club night table
 * undoes only what its own link recorded, so a draw made on the other player's phone (one link each) or at the
 * organiser's computer is undone there, and the phone says so instead of offering a step the backend refuses.
 */
export function UndoDrawButton({ b, label }: { b: BattleHook; label: string }) {
  const targets = undoDrawTargets(b.state!);
  if (targets.length === 0) return null;
  if (!targets.every(b.mayUndo))
    return (
      <Text size="sm" c="dimmed">
        The last draw was recorded on another device: undo it there.
      </Text>
    );
  return (
    <Button variant="default" leftSection={<IconArrowBackUp size={18} />} onClick={() => b.act.mutate({ kind: 'undo-draw' })}>
      {label}
    </Button>
  );
}
