import { abilityInForce, activeCaptainAbilities } from './captain-abilities';
import { otherSide, type Side } from './setup';
import type { BattleState } from './state';
import type { Roster } from '../roster/schema';
import type { RulesetPack } from '../ruleset/schema';

/**
 * A formation's profile for this activation, with every rule that changes it
 * named (DIGEST 7.3–7.5, 10.0 table, P12, 14.x): what the players look at
 * when it activates, and what the odds drawer starts from.
 */

/** Forced March: +2" Movement on the next activation, and no charge [000 L106]. */
const FORCED_MARCH_INCHES = 2;
/** Chains of Guilt: enemy fighters −2" Movement that round [000 L143]. */
const CHAINS_OF_GUILT_INCHES = 2;
/** Cinder Suppression: −1" Movement on the next activation after an unsaved Wound from the Brass Bombardier [000 L207]. */
const CINDER_SUPPRESSION_INCHES = 1;
/** The pack's special rule that inflicts it (the Brass Bombardier's, Cinder Porte). */
export const CINDER_SUPPRESSION_RULE = 'cinder-suppression';

/**
 * Can this army inflict Cinder Suppression: does any of its models (Captain, Officers, formations) belong to a unit
 * with the rule? A formation's activation card offers the "wounded by Cinder Suppression" tick only when the other
 * army can; an army whose roster is not stored (null) may, since the app cannot tell.
 */
export function armyMaySuppress(roster: Roster | null, pack: RulesetPack): boolean {
  if (!roster) return true;
  const units = [roster.captain?.unitId, ...roster.officers.map((o) => o.unitId), ...roster.formations.map((f) => f.unitId)];
  return units.some((id) => !!id && !!pack.units.find((u) => u.id === id)?.specialRules.includes(CINDER_SUPPRESSION_RULE));
}

/** Movement never drops below 1" (Chains of Guilt, Cinder Suppression: "minimum 1"). */
const MINIMUM_MOVE = 1;

export interface ProfileInput {
  base: { move: number | null; save: number | null };
  /** The order it carries into this activation (spent by it). */
  order: string | null;
  /** Iron Edict declared by its Captain this round, and it received one of the two orders. */
  ironEdict: boolean;
  /** The opposing Captain declared Chains of Guilt this round. */
  chainsOfGuilt: boolean;
  /** It suffered an unsaved Wound from a Brass Bombardier since its last activation (the players say). */
  cinderSuppressed: boolean;
  /** Its move enters or crosses the radiation storm (the players say): that costs the storm's inches once per move. */
  throughStorm: boolean;
  stormMoveCost: number;
}

interface ProfileSource {
  source: string;
  effect: string;
}

export interface EffectiveProfile {
  move: number | null;
  canCharge: boolean;
  save: number | null;
  /** +1 to one shooting Hit roll this activation (Steady Fire). */
  steadyFire: boolean;
  sources: ProfileSource[];
}

export function effectiveProfile(i: ProfileInput): EffectiveProfile {
  const sources: ProfileSource[] = [];
  let move = i.base.move;
  let save = i.base.save;
  let canCharge = true;
  if (i.order === 'forced-march') {
    if (move !== null) move += FORCED_MARCH_INCHES;
    canCharge = false;
    sources.push({ source: 'Forced March', effect: `+${FORCED_MARCH_INCHES}" Movement, cannot charge` });
  }
  if (i.chainsOfGuilt) {
    if (move !== null) move -= CHAINS_OF_GUILT_INCHES;
    sources.push({ source: 'Chains of Guilt', effect: `−${CHAINS_OF_GUILT_INCHES}" Movement this round` });
  }
  if (i.cinderSuppressed) {
    if (move !== null) move -= CINDER_SUPPRESSION_INCHES;
    sources.push({ source: 'Cinder Suppression', effect: `−${CINDER_SUPPRESSION_INCHES}" Movement this activation` });
  }
  if (move !== null && move < MINIMUM_MOVE) {
    move = MINIMUM_MOVE;
    sources.push({ source: 'Minimum', effect: `never below ${MINIMUM_MOVE}"` });
  }
  // [000 L165] "Moving through the storm costs 1 inch of Movement"; DIGEST AMB-19(e): +1" once per move that enters or
  // crosses it. A cost paid out of the move, after the minimum that Chains of Guilt and Cinder Suppression keep.
  if (i.throughStorm) {
    if (move !== null) move = Math.max(0, move - i.stormMoveCost);
    sources.push({ source: 'Radiation storm', effect: `entering or crossing it costs ${i.stormMoveCost}" of Movement, once per move` });
  }
  if (i.ironEdict && save !== null) {
    save = Math.max(1, save - 1);
    sources.push({ source: 'Iron Edict', effect: `Save ${save}+ against ordinary shooting (a natural 1 still fails)` });
  }
  const steadyFire = i.order === 'steady-fire';
  if (steadyFire) sources.push({ source: 'Steady Fire', effect: '+1 to one shooting Hit roll, until used or this activation ends' });
  return { move, canCharge, save, steadyFire, sources };
}

/** Hold Fast on a target: enemy ranged shots at it suffer −1 to Hit until its next activation [000 L105]. */
export const holdFastAgainst = (s: Pick<BattleState, 'sides'>, side: Side, formationId: string): boolean =>
  s.sides[side].formations.find((f) => f.id === formationId)?.pendingOrder === 'hold-fast';

/** The battle's part of the input for the formation taking its activation now; null when none is. */
export function activationProfileInput(
  s: Pick<BattleState, 'setup' | 'sides' | 'activeFormation' | 'activationSerial' | 'round' | 'phase' | 'rounds'>,
): { side: Side; formationId: string; input: Omit<ProfileInput, 'cinderSuppressed' | 'throughStorm' | 'stormMoveCost'> } | null {
  const a = s.activeFormation;
  if (!a || a.serial !== s.activationSerial) return null;
  for (const side of ['A', 'B'] as const) {
    if (!s.setup.sides[side === 'A' ? 0 : 1].formations.some((f) => f.id === a.id)) continue;
    return { side, formationId: a.id, input: formationProfileInput(s, side, a.id, a.order ?? null) };
  }
  return null;
}

/**
 * The battle's part of the input for any formation now: the Captain
 * abilities still in force on it (captain-abilities.ts: each to its printed
 * expiry, even after its Captain's death), and the order it carries.
 */
export function formationProfileInput(
  s: Pick<BattleState, 'setup' | 'sides' | 'activeFormation' | 'activationSerial' | 'round' | 'phase' | 'rounds'>,
  side: Side,
  formationId: string,
  order: string | null = s.sides[side].formations.find((f) => f.id === formationId)?.pendingOrder ?? null,
): Omit<ProfileInput, 'cinderSuppressed' | 'throughStorm' | 'stormMoveCost'> {
  const snap = s.setup.sides[side === 'A' ? 0 : 1].formations.find((f) => f.id === formationId);
  const active = activeCaptainAbilities(s);
  return {
    base: { move: snap?.move ?? null, save: snap?.save ?? null },
    order,
    ironEdict: active.some((x) => x.side === side && x.abilityId === 'iron-edict' && !!x.formations?.includes(formationId)),
    chainsOfGuilt: abilityInForce(active, otherSide(side), 'chains-of-guilt'),
  };
}
