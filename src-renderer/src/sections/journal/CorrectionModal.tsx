import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import type { Journal } from '../../../../src-shared/contract/ledger.contract';
import { ErrorAlert } from '../../components/ErrorAlert';
import { serverFieldError } from '../campaigns/serverFieldError';
import {
  correctionProblems,
  correctionTitle,
  correctionVerb,
  isItemAction,
  useCorrectionForm,
  type CorrectionAction,
  type CorrectionFields,
} from './useCorrectionForm';

export type { CorrectionAction } from './useCorrectionForm';

type Player = Journal['players'][number];
type Trophy = Player['inventory']['trophies'][number];
type Die = Player['inventory']['cryptidDice'][number];

/** What taking the trophy or die out of the inventory means, or that it is no longer there. */
function ItemNote({ action, trophy, die }: { action: CorrectionAction; trophy: Trophy | undefined; die: Die | undefined }) {
  if (action.kind === 'use-trophy')
    return <Text size="sm">{trophy ? `${trophy.name} leaves the bank and is marked used. A trophy is used once.` : 'This trophy is no longer banked.'}</Text>;
  if (action.kind === 'spend-die')
    return (
      <Text size="sm">
        {die
          ? `The die ${die.formationName} earned${die.mission ? ` in mission ${die.mission}` : ''} is spent. A Cryptid Die is used once.`
          : 'This die is no longer held.'}
      </Text>
    );
  return null;
}

/** RP or service marks: which, the formation for marks, and the change, + or −. */
function AmountFields({ f, player, problems }: { f: CorrectionFields; player: Player; problems: ReturnType<typeof correctionProblems> }) {
  const error = f.correct.error ?? f.correctItem.error;
  const rp = f.kind === 'rp';
  return (
    <>
      <div>
        <Text size="sm" fw={500} mb={4} id="correction-kind-label">
          What to correct
        </Text>
        <SegmentedControl
          aria-labelledby="correction-kind-label"
          value={f.kind}
          onChange={(v) => f.setKind(v as 'rp' | 'marks')}
          data={[
            { value: 'rp', label: 'Allowance (RP)' },
            { value: 'marks', label: 'Service marks', disabled: player.inventory.formations.length === 0 },
          ]}
        />
      </div>
      {f.kind === 'marks' && (
        <Select
          label="Formation"
          data={player.inventory.formations.map((x) => ({
            value: x.formationId,
            label: `${x.name} (${x.serviceMarks} mark${x.serviceMarks === 1 ? '' : 's'})`,
          }))}
          value={f.formationId}
          onChange={f.setFormationId}
          required
          error={(f.tried && problems.formation) || serverFieldError(error, 'change', 'formationId')}
        />
      )}
      <NumberInput
        label={rp ? 'Change in RP' : 'Change in service marks'}
        description={rp ? `Now ${player.allowance} RP. Use a minus sign to take RP away; the ceiling still applies.` : 'Use a minus sign to take marks away.'}
        value={f.amount}
        onChange={f.setAmount}
        allowDecimal={false}
        required
        data-autofocus
        error={(f.tried && problems.amount) || serverFieldError(error, 'amount') || serverFieldError(error, 'change', 'amount')}
      />
    </>
  );
}

/** A refusal no field shows beside itself; an item's refusal, which has no field of its own. */
function RefusalAlerts({ error, itemAction }: { error: unknown; itemAction: boolean }) {
  if (!error) return null;
  const onChange = !!serverFieldError(error, 'change');
  const unplaced = !serverFieldError(error, 'reason') && !serverFieldError(error, 'amount') && !onChange;
  return (
    <>
      {unplaced && <ErrorAlert error={error} />}
      {onChange && itemAction && <ErrorAlert error={error} />}
    </>
  );
}

function CorrectionForm({
  campaignId,
  player,
  action,
  f,
  onClose,
}: {
  campaignId: string;
  player: Player;
  action: CorrectionAction;
  f: CorrectionFields;
  onClose: () => void;
}) {
  const itemAction = isItemAction(action);
  const trophy = action.kind === 'use-trophy' ? player.inventory.trophies.find((t) => t.trophyId === action.trophyId) : undefined;
  const die = action.kind === 'spend-die' ? player.inventory.cryptidDice.find((d) => d.id === action.dieId) : undefined;
  const error = f.correct.error ?? f.correctItem.error;
  const problems = correctionProblems(f, itemAction);

  const submit = async () => {
    f.setTried(true);
    if (problems.amount || problems.reason || problems.formation) return;
    const reason = f.reason.trim();
    if (!itemAction && f.kind === 'rp') await f.correct.mutateAsync({ campaignId, playerId: player.playerId, amount: problems.n, reason });
    else
      await f.correctItem.mutateAsync({
        campaignId,
        playerId: player.playerId,
        reason,
        change:
          action.kind === 'use-trophy'
            ? { kind: 'use-trophy', trophyId: action.trophyId }
            : action.kind === 'spend-die'
              ? { kind: 'spend-die', dieId: action.dieId }
              : { kind: 'service-mark', formationId: f.formationId!, amount: problems.n },
      });
    onClose();
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit().catch(() => undefined); // the refusal is shown beside its field
      }}
      noValidate
    >
      <Stack>
        <ItemNote action={action} trophy={trophy} die={die} />
        {!itemAction && <AmountFields f={f} player={player} problems={problems} />}
        <Textarea
          label="Reason"
          description="Shown in the timeline and the balance explanation."
          value={f.reason}
          onChange={(e) => f.setReason(e.currentTarget.value)}
          required
          autosize
          minRows={2}
          maxLength={300}
          data-autofocus={itemAction || undefined}
          error={(f.tried && problems.reason) || serverFieldError(error, 'reason')}
        />
        <RefusalAlerts error={error} itemAction={itemAction} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={f.correct.isPending || f.correctItem.isPending}
            disabled={(action.kind === 'use-trophy' && !trophy) || (action.kind === 'spend-die' && !die)}
          >
            {correctionVerb(action)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

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
  const f = useCorrectionForm(openPlayer, openAction);
  const { player, action } = f;
  if (!player || !action) return <Modal opened={false} onClose={onClose} title="Correction" />;
  return (
    <Modal opened={!!openPlayer && !!openAction} onClose={onClose} title={correctionTitle(action, player.playerName)}>
      <CorrectionForm campaignId={campaignId} player={player} action={action} f={f} onClose={onClose} />
    </Modal>
  );
}
