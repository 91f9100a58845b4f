import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { AlternatingState } from '../../../../../src-shared/battle/alternating-activation';
import { routMorale, withdrawalInstruction } from '../../../../../src-shared/battle/morale-rout';
import { AltTurnPanel } from '../alt/AltTurnPanel';
import { WillCheckPanel } from '../alt/WillCheckPanel';
import type { BattleHook } from '../useBattle';
import { formationLabel } from './describe-event';

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

  return (
    <Stack component="section" aria-label="Alternating activations">
      <AltTurnPanel
        state={alt}
        sideNames={sideNames}
        formationName={name}
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
          onResult={(passed, d) =>
            act.mutate(
              { kind: 'record', body: { kind: 'morale.willCheck', side: open.side, formationId: open.formationId, ...d, passed } },
              {
                onSuccess: () => {
                  setChecking(null);
                  setNotice(
                    passed
                      ? `${name(open.formationId)} passed its Will check and activates normally.`
                      : `${name(open.formationId)}: ${withdrawalInstruction(1)}`,
                  );
                },
              },
            )
          }
        />
      )}
      {notice && (
        <Alert color="blue" role="status" withCloseButton onClose={() => setNotice(null)} closeButtonLabel="Dismiss">
          {notice}
        </Alert>
      )}
      {s.roundDraws.length > 0 && (
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconArrowBackUp size={18} />} onClick={() => act.mutate({ kind: 'undo-draw' })}>
            Undo the last activation or pass
          </Button>
        </Group>
      )}
    </Stack>
  );
}
