import { modelsLeft } from './bag';
import type { Side } from './setup';
import type { BattleState } from './state';

/**
 * Unit abilities with a usage limit that Play Mode keeps count of, so each is
 * offered while it may be used and not after (DIGEST P06 Clockwork
 * Overdrive, P15 Rift Shock, P18 Field Repairs). Keyed by the special rule's
 * id in the pack; a formation brings the ones its unit has.
 */
export interface TrackedAbility {
  name: string;
  per: 'battle' | 'round';
  /** Declared in the formation's own activation, or whenever its trigger happens. */
  when: 'own-activation' | 'on-trigger';
  /** The moment it applies, in the table's words. */
  trigger: string;
  /** Not before this round. */
  fromRound?: number;
}

export const TRACKED_ABILITIES: Record<string, TrackedAbility> = {
  // [000 L189] "Once per battle, declare it before shooting"
  'clockwork-overdrive': { name: 'Clockwork Overdrive', per: 'battle', when: 'own-activation', trigger: 'before it shoots: one extra ranged attack' },
  // [000 L216] "Once per battle, after this Shatterbound successfully Wounds a model in melee, push that model up to 2″"
  'rift-shock': { name: 'Rift Shock', per: 'battle', when: 'on-trigger', trigger: 'after it wounds a model in melee: push it up to 2" away' },
  // [000 L225] "once per battle, if the cannon did not move this activation, roll a D6; on 5+ it regains 1 lost Wound"
  'field-repairs': { name: 'Field Repairs', per: 'battle', when: 'own-activation', trigger: 'if it did not move this activation: D6, 5+ regains 1 Wound' },
  // [000 L174] "Once per round, when a friendly Concord Core fighter within 3″ suffers an unsaved Wound, the Sacristan may take 1 of those Wounds"
  intercession: {
    name: 'Intercession',
    per: 'round',
    when: 'on-trigger',
    trigger: 'when a friendly Core fighter within 3" suffers an unsaved Wound: the Sacristan takes 1 of them, never more than it has left',
  },
  // [000 L213] Veilstep: "From battle round 2 … one Veilstrider patrol may teleport", at most once per round (AMB-28)
  veilstep: { name: 'Veilstep', per: 'round', when: 'own-activation', trigger: 'at the end of its activation: re-place it as if Uncloaking', fromRound: 2 },
};

/** Intercession's reach: a friendly Core fighter within 3" [000 L174]. */
const INTERCESSION_INCHES = 3;

/**
 * Intercession's split of the unsaved Wounds a friendly Core fighter suffers
 * [000 L174]: "the Sacristan may take 1 of those Wounds", never more than it
 * has left; the fighter keeps the rest.
 */
export function intercessionSplit(unsavedWounds: number, sacristanWoundsLeft: number): { sacristan: number; fighter: number } {
  const sacristan = Math.max(0, Math.min(1, unsavedWounds, sacristanWoundsLeft));
  return { sacristan, fighter: Math.max(0, unsavedWounds - sacristan) };
}

/** The D6 Field Repairs needs, and what it restores: 1 Wound on 5+, never above the starting Wounds [000 L225]. */
const FIELD_REPAIRS_ROLL = 5;
export const fieldRepairsRegained = (roll: number, woundsLost: number): number => (roll >= FIELD_REPAIRS_ROLL && woundsLost > 0 ? 1 : 0);

export interface AbilityUse {
  side: Side;
  formationId: string;
  abilityId: string;
  /** Field Repairs: whether the formation moved this activation, and the Wounds it has lost. */
  moved?: boolean;
  woundsLost?: number;
  /** Intercession: the wounded Core fighter is within 3", and the Wounds the Sacristan has left. */
  withinRange?: boolean;
  woundsLeft?: number;
}

type Readable = Pick<BattleState, 'setup' | 'sides' | 'round' | 'phase' | 'activationSerial' | 'activeFormation'>;

/** The tracked abilities a formation brought to the battle. */
export function formationAbilities(s: Pick<BattleState, 'setup'>, side: Side, formationId: string): string[] {
  const snap = s.setup.sides[side === 'A' ? 0 : 1].formations.find((f) => f.id === formationId);
  return (snap?.abilities ?? []).filter((a) => a in TRACKED_ABILITIES);
}

/** Whether the formation is the one taking its activation now. */
export const isActive = (s: Pick<BattleState, 'activeFormation' | 'activationSerial'>, formationId: string): boolean =>
  s.activeFormation?.id === formationId && s.activeFormation.serial === s.activationSerial;

/** Why the ability may not be used now, in the table's words, or null when it may. */
export function abilityRefusal(s: Readable, use: AbilityUse): string | null {
  const ability = TRACKED_ABILITIES[use.abilityId];
  if (!ability) return `Unknown ability ${use.abilityId}.`;
  const f = s.sides[use.side].formations.find((x) => x.id === use.formationId);
  if (!f) return `Side ${use.side} has no formation ${use.formationId}.`;
  if (!formationAbilities(s, use.side, use.formationId).includes(use.abilityId)) return `${f.name} does not have ${ability.name}.`;
  if (!['command', 'event', 'cryptid', 'activations', 'end-of-round'].includes(s.phase) || s.round < 1) return `${ability.name} is used during a round.`;
  if (modelsLeft(f) === 0) return `${f.name} has no model left on the table.`;
  const used = f.abilitiesUsed.filter((u) => u.abilityId === use.abilityId);
  if (ability.per === 'battle' && used.length) return `${ability.name} is once per battle: ${f.name} used it in round ${used[0]!.round}.`;
  if (ability.per === 'round' && used.some((u) => u.round === s.round)) return `${ability.name} is once per round: ${f.name} has used it this round.`;
  if (ability.fromRound && s.round < ability.fromRound) return `${ability.name} is used from round ${ability.fromRound}.`;
  if (ability.when === 'own-activation' && !isActive(s, use.formationId)) return `${ability.name} is declared in ${f.name}’s own activation.`;
  if (use.abilityId === 'intercession') {
    if (use.withinRange === false) return `Intercession reaches a friendly Core fighter within ${INTERCESSION_INCHES}" only.`;
    if (use.woundsLeft !== undefined && use.woundsLeft < 1) return 'The Sacristan has no Wound left to take: never more than it has left.';
  }
  if (use.abilityId === 'field-repairs') {
    if (use.moved) return 'Field Repairs only if the cannon did not move this activation.';
    if ((use.woundsLost ?? 0) < 1) return 'The cannon has lost no Wound: there is nothing to repair.';
  }
  return null;
}
