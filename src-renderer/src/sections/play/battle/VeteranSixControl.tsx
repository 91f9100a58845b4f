import { Button, Group, Stack, Text, type MantineSize } from '@mantine/core';
import { formationRefusal } from '../../../../../src-shared/battle/formation-life';
import { citeFieldManual } from '../../../../../src-shared/naming';
import { useState } from 'react';
import type { Side } from '../../../../../src-shared/battle/setup';
import type { BattleState } from '../../../../../src-shared/battle/state';
import { veteranSixesLeft, veteranSixRefusal, type VeteranSixPool } from '../../../../../src-shared/battle/veteran-sixes';
import { Choice } from '../../../components/Choice';

/**
 * Why this formation may not spend a Veteran Six now, or null when it may: its life first (in reserve, destroyed,
 * gone), then the Veteran Six's own limits, as the backend asks both. Every control that offers one asks this.
 */
export function veteranSixOffer(state: BattleState, side: Side, formationId: string): string | null {
  return formationRefusal(state, side, formationId, 'veteran-six') ?? veteranSixRefusal(state, { side, formationId, replacing: null });
}

/** The pool a Veteran Six is for and the button that spends it: the Record panel's and the campaign dice's. */
export function SpendVeteranSix(props: { poolLabel: string; useLabel: string; size?: MantineSize; pending: boolean; onUse: (pool: VeteranSixPool) => void }) {
  const [pool, setPool] = useState<VeteranSixPool>('hit');
  return (
    <>
      <Choice label={props.poolLabel} size={props.size} value={pool} onChange={setPool} options={{ hit: 'Hit', wound: 'Wound', save: 'Save' }} />
      <Button size={props.size} variant="default" disabled={props.pending} onClick={() => props.onUse(pool)}>
        {props.useLabel}
      </Button>
    </>
  );
}

/**
 * Spending a Veteran Six for the chosen formation (Field Manual §11): how
 * many it has left this battle, and the Use button only while one may be
 * spent now; otherwise the reason, in the same words the backend refuses with.
 */
export function VeteranSixControl(props: {
  state: BattleState;
  side: Side;
  formationId: string | null;
  onUse: (pool: VeteranSixPool) => void;
  pending: boolean;
}) {
  const { state, side, formationId } = props;
  if (!formationId) return null;
  const f = state.sides[side].formations.find((x) => x.id === formationId);
  if (!f) return null;
  const left = veteranSixesLeft(state, side, formationId);
  const refusal = veteranSixOffer(state, side, formationId);
  return (
    <Stack gap={6} aria-label="Veteran Six" role="group">
      <Text size="sm" data-testid="veteran-sixes-left">
        {left.usable === null
          ? `${f.name}: Veteran Sixes not counted in this record (${f.veteranSixesSpent} spent).`
          : `${f.name}: ${left.usable} Veteran Six${left.usable === 1 ? '' : 'es'} left this battle (${f.veteranSixesSpent} spent).`}
      </Text>
      {refusal ? (
        <Text size="sm" c="dimmed" data-testid="veteran-six-refusal">
          {citeFieldManual(refusal)}
        </Text>
      ) : (
        <Group align="flex-end">
          <SpendVeteranSix poolLabel="Pool the Veteran Six is for" useLabel="Use a Veteran Six" pending={props.pending} onUse={props.onUse} />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        Declare it before rolling the pool: it replaces one ordinary die with a fixed 6 (never a natural 1 already rolled), one per formation activation. To Hit
        it makes one die critical, never every target of a blast.
      </Text>
    </Stack>
  );
}
