import { describe, expect, it } from 'vitest';
import { activationStrategy } from '../../src-shared/battle/strategies';
import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import { army, Table, twoCores } from '../helpers/battle';

describe('Play Mode runs a battle under the alternating-activation module (DIGEST §23) through the same record', () => {
  it('round 1: initiative from the set-up roll-off, every formation and patrol activates once, then the round ends', () => {
    const setup = battleSetupSchema.parse({
      mode: 'standalone',
      campaignId: null,
      mission: null,
      activation: 'alternating',
      sides: [army('A', [...twoCores, { slot: 'elite', models: 2 }]), army('B', twoCores)],
    });
    const t = new Table(setup);
    t.record({ kind: 'setup.scenario', provinceId: 'marsh', campaignGame: 1 });
    t.record({ kind: 'setup.terrain', objectives: 3 });
    t.act({ kind: 'deployment-rolloff' }, [6, 2]);
    t.record({ kind: 'setup.deployed', reserves: { A: [], B: [] } });
    t.record({ kind: 'command.done' });
    const st = activationStrategy('alternating')!;
    const first = st.turn(t.state.activation);
    expect(first).toMatchObject({ kind: 'choose', owner: 0 }); // round 1 takes its initiative from the set-up roll-off A won 6–2 (§23)
    let turns = 0;
    while (t.state.phase === 'activations' && turns < 30) {
      const turn = st.turn(t.state.activation);
      if (turn.kind !== 'choose') break;
      if (turn.mayPass) t.record({ kind: 'bag.pass' });
      else t.record({ kind: 'bag.activate', formationId: turn.eligible[0]! });
      turns++;
    }
    expect(t.state.phase).toBe('end-of-round');
    // 4 + 3 formations and 3 mutant patrols activate once each, none twice
    const activated = st.activated(t.state.activation);
    expect(activated).toHaveLength(10);
    expect(new Set(activated).size).toBe(10);
    expect(() => t.act({ kind: 'draw' })).toThrow(/no token/);
  });
});
