import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, Table, twoCores } from './battle';

/**
 * A standalone battle played with the alternating-activation module (DIGEST §23).
 * A: command group 5 + Core 5 + Core 3 = 13 models, 3 formations.
 * B: command group 5 + Core 5 + Core 3 + Elite 2 + Heavy 1 = 16 models, 5 formations.
 */
export const ALTERNATING_SETUP = battleSetupSchema.parse({
  mode: 'standalone',
  campaignId: null,
  mission: null,
  activation: 'alternating',
  sides: [army('A', twoCores), army('B', [...twoCores, { slot: 'elite', models: 2 }, { slot: 'heavy', models: 1 }])],
});

/** That battle at its first activation, with the `latchRout` ruling as given. */
export function moduleBattle(latchRout = false) {
  const t = new Table(ALTERNATING_SETUP, { ...BATTLE_RULES, options: { ...BATTLE_RULES.options, latchRout } });
  t.toRoundOne(); // A wins the set-up roll-off 6–1
  t.record({ kind: 'command.done' });
  return t;
}

/** A activates Core 1, loses 7 of its 13 models (more than half: it routs, T12), and B activates. */
export function routedA() {
  const t = moduleBattle();
  t.record({ kind: 'bag.activate', formationId: 'A-f1' });
  t.record({ kind: 'bag.activate', formationId: 'B-cmd' });
  t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 5, retreated: 0 });
  t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f2', killed: 2, retreated: 0 });
  return t;
}
