import { Alert, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import type { BattleIntentInput } from '../../../../../src-shared/battle/intents';
import type { AlternatingState } from '../../../../../src-shared/battle/alternating-activation';
import { routMorale, withdrawalInstruction } from '../../../../../src-shared/battle/morale-rout';
import { AltTurnPanel } from '../alt/AltTurnPanel';
import { WillCheckPanel } from '../alt/WillCheckPanel';
import type { BattleHook } from '../useBattle';
import { formationChoice, formationLabel } from './describe-event';
import { UndoDrawButton } from './UndoDrawButton';

/**
 * The activations step of a battle played with the alternating module
 * (DIGEST §23): whose activation it is, the Pass tokens, and the Will check a
 * formation of a routing company takes before it acts. Everything shown is
 * folded from the battle's record, so a reload resumes it exactly; choosing a
 * formation that must test opens the check first, and the check itself is
 * the recorded start of that activation.
 */
export function AltActivationPanel({ b }: { b: BattleHook }) {
  const { state, battle, act } = b;
  const s = state!;
  const detail = battle.data!;
  const [checking, setChecking] = useState<{ side: 'A' | 'B'; formationId: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const alt = s.activation as AlternatingState;
  const sideNames: [string, string] = [detail.setup.sides[0].playerName, detail.setup.sides[1].playerName];
  const name = (id: string) => formationLabel(detail.setup, id);
  const morale = s.morale ? routMorale({ latch: s.morale.latch }) : null;
  const sideOf = (id: string): 'A' | 'B' | null =>
    s.sides.A.formations.some((f) => f.id === id) ? 'A' : s.sides.B.formations.some((f) => f.id === id) ? 'B' : null;
  // a check opened for a formation that can no longer act (a loss recorded meanwhile) is dropped
  const open = checking && alt.waiting[checking.side === 'A' ? 'side0' : 'side1'].includes(checking.formationId) ? checking : null;
  const snapshot = open ? detail.setup.sides[open.side === 'A' ? 0 : 1].formations.find((f) => f.id === open.formationId) : undefined;

  const activate = (formationId: string) => {
    setNotice(null);
    const side = sideOf(formationId);
    const demand = morale && side ? morale.demandAtActivation(s.morale!, side === 'A' ? 0 : 1, formationId) : { kind: 'none' as const };
    if (demand.kind === 'will-check') {
      setChecking({ side: side!, formationId });
      return;
    }
    act.mutate(
      { kind: 'record', body: { kind: 'bag.activate', formationId } },
      { onSuccess: () => demand.kind === 'withdraw' && setNotice(`${name(formationId)}: ${withdrawalInstruction(demand.step)}`) },
    );
  };

  // the check is recorded through the backend, which rolls the die when the players did not (DIGEST §23 T13–T15)
  const record = (intent: Extract<BattleIntentInput, { kind: 'will-check' }>, entered?: boolean) => {
    const target = open!;
    act.mutate(intent, {
      onSuccess: (detail) => {
        setChecking(null);
        const last = detail.log[detail.log.length - 1]?.body;
        const passed = last?.kind === 'morale.willCheck' ? last.passed : entered;
        const rolled = last?.kind === 'morale.willCheck' && intent.roll === null ? ` (the app rolled ${last.roll})` : '';
        setNotice(
          passed
            ? `${name(target.formationId)} passed its Will check${rolled} and activates normally.`
            : `${name(target.formationId)}${rolled}: ${withdrawalInstruction(1)}`,
        );
      },
    });
  };

  return (
    <Stack component="section" aria-label="Alternating activations">
      <AltTurnPanel
        state={alt}
        sideNames={sideNames}
        formationName={name}
        formationDetail={(id) => formationChoice(s, id).detail}
        busy={open !== null || act.isPending}
        onActivate={activate}
        onPass={() => {
          setNotice(null);
          act.mutate({ kind: 'record', body: { kind: 'bag.pass' } });
        }}
      />
      {open && snapshot && (
        <WillCheckPanel
          key={open.formationId}
          formationName={name(open.formationId)}
          resolve={snapshot.resolve ?? 4}
          resolveFixed={snapshot.resolve !== null}
          isCommandGroup={snapshot.slot === 'command'}
          onCancel={() => setChecking(null)}
          onResult={(passed, d) => record({ kind: 'will-check', side: open.side, formationId: open.formationId, ...d }, passed)}
          onRollByApp={(d) => record({ kind: 'will-check', side: open.side, formationId: open.formationId, ...d, roll: null })}
        />
      )}
      {notice && (
        <Alert color="blue" role="status" withCloseButton onClose={() => setNotice(null)} closeButtonLabel="Dismiss">
          {notice}
        </Alert>
      )}
      {s.roundDraws.length > 0 && (
        <Group justify="flex-end">
          <UndoDrawButton b={b} label="Undo the last activation or pass" />
        </Group>
      )}
    </Stack>
  );
}
