import type { RulesetPack, Unit } from '../../../../src-shared/ruleset/schema';

/** Select values must be non-empty: this one stands for "no loadout". */
export const STANDARD = '__standard__';
export const toLoadoutId = (v: string | null) => (v && v !== STANDARD ? v : null);

/** A unit's loadouts as a Select offers them, standard equipment first, each with what it adds. */
export function loadoutOptions(unit: Unit | undefined, pack: RulesetPack) {
  return [
    { value: STANDARD, label: 'Standard equipment' },
    ...(unit?.loadouts ?? []).map((l) => ({ value: l.id, label: `${l.name} (+${l.id === pack.sniper.unitLoadoutId ? pack.sniper.cost : l.cost} pts)` })),
  ];
}
