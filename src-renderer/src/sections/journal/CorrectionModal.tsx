import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Journal } from '../../../../src-shared/contract/ledger.contract';
import { useApiMutation } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { serverFieldError } from '../campaigns/serverFieldError';

type Player = Journal['players'][number];

/** What the organiser is putting right: RP, a formation's marks, or an item taken out of the inventory. */
export type CorrectionAction = { kind: 'rp' } | { kind: 'marks' } | { kind: 'use-trophy'; trophyId: string } | { kind: 'spend-die'; dieId: string };

/**
 * A correction is a new ledger event with a reason, never an edit: the
 * timeline shows it, the balance explains it, and Undo can take it back.
 */
export function CorrectionModal({
  campaignId,
  player: openPlayer,
  action: openAction,
  onClose,
}: {
  campaignId: string;
  player: Player | null;
  action: CorrectionAction | null;
  onClose: () => void;
}) {
  // the last opened player and action stay shown while the modal fades out
  const [last, setLast] = useState<{ player: Player; action: CorrectionAction } | null>(null);
  useEffect(() => {
    if (openPlayer && openAction) setLast({ player: openPlayer, action: openAction });
  }, [openPlayer, openAction]);
  const player = openPlayer ?? last?.player ?? null;
  const action = openAction ?? last?.action ?? null;
  const [kind, setKind] = useState<'rp' | 'marks'>('rp');
  const [amount, setAmount] = useState<number | string>('');
  const [formationId, setFormationId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const correct = useApiMutation('ledger.correct');
  const correctItem = useApiMutation('ledger.correctItem');
  const opened = !!openPlayer && !!openAction;

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

  if (!player || !action) return <Modal opened={false} onClose={onClose} title="Correction" />;
  const itemAction = action.kind === 'use-trophy' || action.kind === 'spend-die';
  const trophy = action.kind === 'use-trophy' ? player.inventory.trophies.find((t) => t.trophyId === action.trophyId) : undefined;
  const die = action.kind === 'spend-die' ? player.inventory.cryptidDice.find((d) => d.id === action.dieId) : undefined;
  const error = correct.error ?? correctItem.error;

  // the same rules the contract enforces, shown before the round trip
  const n = typeof amount === 'number' ? amount : Number.NaN;
  const amountError = itemAction
    ? undefined
    : !Number.isInteger(n)
      ? 'Enter a whole number, + to add or − to take away.'
      : n === 0
        ? 'A correction of 0 changes nothing.'
        : undefined;
  const reasonError = reason.trim().length < 3 ? 'Say why, in a few words.' : undefined;
  const formationError = !itemAction && kind === 'marks' && !formationId ? 'Choose the formation.' : undefined;

  const submit = async () => {
    setTried(true);
    if (amountError || reasonError || formationError) return;
    if (!itemAction && kind === 'rp') await correct.mutateAsync({ campaignId, playerId: player.playerId, amount: n, reason: reason.trim() });
    else
      await correctItem.mutateAsync({
        campaignId,
        playerId: player.playerId,
        reason: reason.trim(),
        change:
          action.kind === 'use-trophy'
            ? { kind: 'use-trophy', trophyId: action.trophyId }
            : action.kind === 'spend-die'
              ? { kind: 'spend-die', dieId: action.dieId }
              : { kind: 'service-mark', formationId: formationId!, amount: n },
      });
    onClose();
  };

  const title =
    action.kind === 'use-trophy'
      ? `Use a banked trophy: ${player.playerName}`
      : action.kind === 'spend-die'
        ? `Spend a Cryptid Die: ${player.playerName}`
        : `Correction for ${player.playerName}`;
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit().catch(() => undefined); // the refusal is shown beside its field
        }}
        noValidate
      >
        <Stack>
          {action.kind === 'use-trophy' && (
            <Text size="sm">{trophy ? `${trophy.name} leaves the bank and is marked used. A trophy is used once.` : 'This trophy is no longer banked.'}</Text>
          )}
          {action.kind === 'spend-die' && (
            <Text size="sm">
              {die
                ? `The die ${die.formationName} earned${die.mission ? ` in mission ${die.mission}` : ''} is spent. A Cryptid Die is used once.`
                : 'This die is no longer held.'}
            </Text>
          )}
          {!itemAction && (
            <>
              <div>
                <Text size="sm" fw={500} mb={4} id="correction-kind-label">
                  What to correct
                </Text>
                <SegmentedControl
                  aria-labelledby="correction-kind-label"
                  value={kind}
                  onChange={(v) => setKind(v as 'rp' | 'marks')}
                  data={[
                    { value: 'rp', label: 'Allowance (RP)' },
                    { value: 'marks', label: 'Service marks', disabled: player.inventory.formations.length === 0 },
                  ]}
                />
              </div>
              {kind === 'marks' && (
                <Select
                  label="Formation"
                  data={player.inventory.formations.map((f) => ({
                    value: f.formationId,
                    label: `${f.name} (${f.serviceMarks} mark${f.serviceMarks === 1 ? '' : 's'})`,
                  }))}
                  value={formationId}
                  onChange={setFormationId}
                  required
                  error={(tried && formationError) || serverFieldError(error, 'change', 'formationId')}
                />
              )}
              <NumberInput
                label={kind === 'rp' ? 'Change in RP' : 'Change in service marks'}
                description={
                  kind === 'rp'
                    ? `Now ${player.allowance} RP. Use a minus sign to take RP away; the ceiling still applies.`
                    : 'Use a minus sign to take marks away.'
                }
                value={amount}
                onChange={setAmount}
                allowDecimal={false}
                required
                data-autofocus
                error={(tried && amountError) || serverFieldError(error, 'amount') || serverFieldError(error, 'change', 'amount')}
              />
            </>
          )}
          <Textarea
            label="Reason"
            description="Shown in the timeline and the balance explanation."
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            autosize
            minRows={2}
            maxLength={300}
            data-autofocus={itemAction || undefined}
            error={(tried && reasonError) || serverFieldError(error, 'reason')}
          />
          {error && !serverFieldError(error, 'reason') && !serverFieldError(error, 'amount') && !serverFieldError(error, 'change') && (
            <ErrorAlert error={error} />
          )}
          {error && serverFieldError(error, 'change') && itemAction && <ErrorAlert error={error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={correct.isPending || correctItem.isPending}
              disabled={(action.kind === 'use-trophy' && !trophy) || (action.kind === 'spend-die' && !die)}
            >
              {action.kind === 'use-trophy' ? 'Use trophy' : action.kind === 'spend-die' ? 'Spend die' : 'Record correction'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
