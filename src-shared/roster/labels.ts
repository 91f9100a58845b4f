import type { FormationSlot } from './schema';

/** How the Builder, the validator's messages and the army sheet name each kind of formation. */
export const SLOT_LABEL: Record<FormationSlot, { one: string; many: string }> = {
  core: { one: 'Core squad', many: 'Core squads' },
  elite: { one: 'Elite squad', many: 'Elite squads' },
  skirmisher: { one: 'Skirmisher patrol', many: 'Skirmisher patrols' },
  heavy: { one: 'Heavy', many: 'Heavies' },
};
