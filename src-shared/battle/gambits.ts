import { formationRefusal } from './formation-life';
import type { BattleRules, FormationSlot, Side } from './setup';
import type { BattleState } from './state';

/**
 * Field Gambits (Field Manual §8, DIGEST 8.1–8.5): one per player per round,
 * and Overcharge only where the rules allow it. [000 L133] "Overcharge
 * applies to HQ and Elite ranged attacks"; DIGEST AMB-13: "HQ" is the
 * Captain and Officers, and the Deadshot hunting rifle, a Skirmisher
 * weapon, cannot overcharge.
 */

export const OVERCHARGE_ID = 'overcharge';

/** Formations whose own ranged attacks may overcharge: the command group (Captain and Officers) and Elite squads. */
const OVERCHARGE_SLOTS: readonly FormationSlot[] = ['command', 'elite'];

export interface GambitUse {
  side: Side;
  gambitId: string;
  /** The formation whose attack it is declared for (needed for Overcharge); absent in records made before it was asked. */
  formationId?: string | undefined;
}

type Readable = Pick<BattleState, 'setup' | 'sides' | 'round' | 'phase' | 'gambitsThisRound'>;

/** Why this formation's ranged attacks may not overcharge, or null when they may (a Core host only through its attached Officer). */
export function overchargeRefusal(s: Pick<BattleState, 'setup' | 'sides' | 'round' | 'phase'>, side: Side, formationId: string): string | null {
  // whether it may take a gambit at all is the life cycle's to say (formation-life.ts)
  const life = formationRefusal(s, side, formationId, 'gambit');
  if (life) return life;
  const f = s.sides[side].formations.find((x) => x.id === formationId)!;
  if (OVERCHARGE_SLOTS.includes(f.slot)) return null;
  const officer = s.sides[side].officers.find((o) => o.attachedTo === f.id && !o.lost);
  if (officer && f.slot === 'core') return null;
  return `Overcharge applies to HQ and Elite ranged attacks only: ${f.name} is neither (Field Manual §8).`;
}

/** Why the gambit may not be declared now, in the table's words, or null when it may. */
export function gambitRefusal(s: Readable, rules: Pick<BattleRules, 'gambits'>, use: GambitUse): string | null {
  if (!['command', 'event', 'cryptid', 'activations', 'end-of-round'].includes(s.phase) || s.round < 1) return 'Field Gambits are used during a round.';
  if (!rules.gambits.some((g) => g.id === use.gambitId)) return `Unknown Field Gambit ${use.gambitId}.`;
  if (s.gambitsThisRound.includes(use.side)) return 'One Field Gambit per player per round (DIGEST 5.7).';
  if (use.gambitId === OVERCHARGE_ID && use.formationId !== undefined) return overchargeRefusal(s, use.side, use.formationId);
  return null;
}

/** The attached Officer whose shots overcharge when the formation is a Core host, or null (the whole formation's shots may, or none). */
export function overchargingOfficer(s: Pick<BattleState, 'sides'>, side: Side, formationId: string): string | null {
  const f = s.sides[side].formations.find((x) => x.id === formationId);
  if (!f || OVERCHARGE_SLOTS.includes(f.slot)) return null;
  return s.sides[side].officers.find((o) => o.attachedTo === f.id && !o.lost)?.name ?? null;
}

/**
 * Why an attacker picked in the odds drawer may not overcharge, or null: the
 * Captain and Officers (HQ) may wherever they are posted, an Elite squad's
 * fighters may, anyone else may not [000 L133, AMB-13].
 */
export function overchargeAttackerRefusal(
  s: Pick<BattleState, 'sides'>,
  attacker: { side: Side | null; formationId: string | null; hq?: boolean },
): string | null {
  if (attacker.hq) return null;
  if (!attacker.side || !attacker.formationId) return 'Overcharge applies to HQ and Elite ranged attacks only.';
  const f = s.sides[attacker.side].formations.find((x) => x.id === attacker.formationId);
  if (f && OVERCHARGE_SLOTS.includes(f.slot)) return null;
  return `Overcharge applies to HQ and Elite ranged attacks only: ${f?.name ?? 'this attacker'} is neither (Field Manual §8).`;
}
