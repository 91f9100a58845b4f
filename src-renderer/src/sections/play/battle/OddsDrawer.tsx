import { AttackOddsPanel } from '../odds/AttackOddsPanel';

/**
 * The odds calculator one click from the round screen. Numbers are typed in
 * (or picked from the armies once the panel offers them); nothing it rolls is
 * recorded until the players enter the wounds.
 */
export function OddsDrawer() {
  return <AttackOddsPanel />;
}
