import { useEffect, useState } from 'react';
import type { Journal } from '../../../../src-shared/contract/ledger.contract';
import { useApiMutation } from '../../api/hooks';

type Player = Journal['players'][number];

/** What the organiser is putting right: RP, a formation's marks, or an item taken out of the inventory. */
export type CorrectionAction = { kind: 'rp' } | { kind: 'marks' } | { kind: 'use-trophy'; trophyId: string } | { kind: 'spend-die'; dieId: string };

/** Items leave the inventory; RP and marks are amounts. */
export const isItemAction = (action: CorrectionAction) => action.kind === 'use-trophy' || action.kind === 'spend-die';

/**
 * The correction form's fields and its two requests, set back to empty whenever a new action opens the form; the
 * last opened player and action stay shown while the modal fades out.
 */
export function useCorrectionForm(openPlayer: Player | null, openAction: CorrectionAction | null) {
  const [last, setLast] = useState<{ player: Player; action: CorrectionAction } | null>(null);
  useEffect(() => {
    if (openPlayer && openAction) setLast({ player: openPlayer, action: openAction });
  }, [openPlayer, openAction]);
  const [kind, setKind] = useState<'rp' | 'marks'>('rp');
  const [amount, setAmount] = useState<number | string>('');
  const [formationId, setFormationId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const correct = useApiMutation('ledger.correct');
  const correctItem = useApiMutation('ledger.correctItem');

  useEffect(() => {
    if (!openAction) return;
    setKind(openAction.kind === 'marks' ? 'marks' : 'rp');
    setAmount('');
    setFormationId(openPlayer?.inventory.formations[0]?.formationId ?? null);
    setReason('');
    setTried(false);
    correct.reset();
    correctItem.reset();
    // reset only when a new action opens the form
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openAction]);

  return {
    player: openPlayer ?? last?.player ?? null,
    action: openAction ?? last?.action ?? null,
    kind,
    setKind,
    amount,
    setAmount,
    formationId,
    setFormationId,
    reason,
    setReason,
    tried,
    setTried,
    correct,
    correctItem,
  };
}
export type CorrectionFields = ReturnType<typeof useCorrectionForm>;

/** The same rules the contract enforces, shown before the round trip. */
export function correctionProblems(f: CorrectionFields, itemAction: boolean) {
  const n = typeof f.amount === 'number' ? f.amount : Number.NaN;
  let amount: string | undefined;
  if (!itemAction && !Number.isInteger(n)) amount = 'Enter a whole number, + to add or − to take away.';
  else if (!itemAction && n === 0) amount = 'A correction of 0 changes nothing.';
  return {
    n,
    amount,
    reason: f.reason.trim().length < 3 ? 'Say why, in a few words.' : undefined,
    formation: !itemAction && f.kind === 'marks' && !f.formationId ? 'Choose the formation.' : undefined,
  };
}

/** The modal's title, naming what the correction does and whose it is. */
export function correctionTitle(action: CorrectionAction, playerName: string): string {
  if (action.kind === 'use-trophy') return `Use a banked trophy: ${playerName}`;
  if (action.kind === 'spend-die') return `Spend a Cryptid Die: ${playerName}`;
  return `Correction for ${playerName}`;
}

/** The submit button's words. */
export function correctionVerb(action: CorrectionAction): string {
  if (action.kind === 'use-trophy') return 'Use trophy';
  if (action.kind === 'spend-die') return 'Spend die';
  return 'Record correction';
}
