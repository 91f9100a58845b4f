import { describe, expect, it } from 'vitest';
import { sideFromRoster } from '../../src-main/backend/battles/from-roster';
import { sideSetupSchema } from '../../src-shared/battle/setup.schema';
import { EQUIPMENT_PACK } from '../fixtures/roster-equipment';
import { formation, minimalRoster } from '../fixtures/roster-pack';

/**
 * The battle snapshot carries, per formation, how many models have storm
 * protection, so the end-of-round storm rolls the 5+ protection for exactly
 * those [000 §10 storm step 2; DIGEST 14.2, AMB-19f].
 */
describe('sideFromRoster: storm-protected models in the snapshot [DIGEST AMB-19f]', () => {
  it.each([
    { case: 'nobody equipped', equip: () => {}, command: 0, core1: 0, heavy: 0 },
    {
      case: 'Captain and one Officer cloaked, a signal horn does not protect',
      equip: (r: ReturnType<typeof minimalRoster>) => {
        r.captain!.equipment = ['cloak'];
        r.officers[1]!.equipment = ['cloak'];
        r.officers[2]!.equipment = ['horn'];
      },
      command: 2,
      core1: 0,
      heavy: 0,
    },
    {
      case: 'two of three Core fighters cloaked and the Heavy in its mantle',
      equip: (r: ReturnType<typeof minimalRoster>) => {
        r.formations[0]!.fighters[0]!.equipment = ['cloak'];
        r.formations[0]!.fighters[1]!.equipment = ['cloak'];
        r.formations[2]!.fighters[0]!.equipment = ['mantle'];
      },
      command: 0,
      core1: 2,
      heavy: 1,
    },
  ])('$case', ({ equip, command, core1, heavy }) => {
    const r = minimalRoster();
    r.formations.push(formation('heavy', 1));
    equip(r);
    const side = sideSetupSchema.parse(sideFromRoster(r, EQUIPMENT_PACK, 'Ana'));
    const by = new Map(side.formations.map((f) => [f.id, f]));
    expect(by.get(r.captain!.id)!.radProtectedModels).toBe(command);
    expect(by.get(r.formations[0]!.id)!.radProtectedModels).toBe(core1);
    expect(by.get(r.formations[1]!.id)!.radProtectedModels).toBe(0);
    expect(by.get(r.formations[2]!.id)!.radProtectedModels).toBe(heavy);
    for (const f of side.formations) expect(f.radProtectedModels).toBeLessThanOrEqual(f.models);
  });
});

describe('sideFromRoster: an Officer is a model of the formation it fights in [DIGEST 2.1, 3.4–3.5]', () => {
  it('posted to a Core squad it counts there, with its storm protection; unattached it rides with the command group', () => {
    const r = minimalRoster();
    const core = r.formations[0]!;
    r.officers[0]!.postedTo = core.id;
    r.officers[0]!.equipment = ['cloak'];
    const side = sideSetupSchema.parse(sideFromRoster(r, EQUIPMENT_PACK, 'Ana'));
    const by = new Map(side.formations.map((f) => [f.id, f]));
    expect(by.get(core.id)!.models).toBe(core.fighters.length + 1);
    expect(by.get(core.id)!.radProtectedModels).toBe(1);
    expect(by.get(r.captain!.id)!.models).toBe(1 + r.officers.length - 1);
    expect(by.get(r.captain!.id)!.radProtectedModels).toBe(0);
    expect(side.officers.find((o) => o.id === r.officers[0]!.id)!.attachedTo).toBe(core.id);
  });
});
