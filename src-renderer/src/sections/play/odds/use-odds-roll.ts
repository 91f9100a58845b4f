import { useRef, useState } from 'react';
import type { RollResult } from '../../../../../src-shared/dice/roll-attack';
import type { AttackSpec } from '../../../../../src-shared/odds/spec';
import { api } from '../../../api/transport';
import type { OddsPick } from './pick-spec';

export type OnRolled = (roll: RollResult, picked: OddsPick & { kind: 'melee' | 'ranged' }) => void;

/**
 * The odds panel's dice: rolled in the backend (odds.roll: the secure dice, or the seed and how many rolls came before),
 * never on this screen. One roll at a time, and only the latest is shown: an answer to a roll the inputs have since
 * changed under (`clear`) is dropped.
 */
export function useOddsRoll(seed: number | undefined, onRolled: OnRolled | undefined) {
  const [roll, setRoll] = useState<RollResult | null>(null);
  const [rolls, setRolls] = useState(0);
  const [rollError, setRollError] = useState<unknown>(null);
  const [rolling, setRolling] = useState(false);
  const latestRoll = useRef(0);

  const clear = () => {
    setRoll(null);
    latestRoll.current++;
    setRolling(false);
  };

  const rollDice = async (data: AttackSpec, pick: OddsPick) => {
    const mine = ++latestRoll.current;
    setRollError(null);
    setRolling(true);
    try {
      const { seed: _seed, ...rolled } = await api.call('odds.roll', { spec: data, ...(seed === undefined ? {} : { seed: seed + rolls }) });
      if (mine !== latestRoll.current) return;
      const r: RollResult = { ...rolled, spec: data };
      setRolls((n) => n + 1);
      setRoll(r);
      onRolled?.(r, { ...pick, kind: data.kind });
    } catch (e) {
      if (mine === latestRoll.current) setRollError(e);
    } finally {
      if (mine === latestRoll.current) setRolling(false);
    }
  };

  return { roll, rollError, rolling, clear, rollDice };
}
