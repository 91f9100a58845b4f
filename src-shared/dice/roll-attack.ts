import { hitDamage } from '../odds/damage';
import { CD_ATT, CD_DEF, initialFlags, LAST_WALL, OD_PENDING, REROLLERS, SC_ATT, SC_DEF, SHIELD, STEADY, VET_SAVE, VET_WOUND } from '../odds/exact';
import { attackSpecSchema, isOverdriveAttack, poolSize, type AttackSpec, type AttackSpecInput } from '../odds/spec';
import { effectiveTargets, friendlyTargets, passes } from '../odds/targets';
import type { DiceSource } from './source';

/**
 * Rolls an attack pool die by die and says what each die did, for the table.
 * It follows exactly the policies of the exact model (src-shared/odds/exact.ts):
 * attacks in order, each one-die resource spent on the first die it helps.
 */

type Helper = 'second-chance' | 'cryptid-die' | 'steady-fire' | 'veteran-six';

export interface DieLog {
  /** The face that counts (a Veteran Six shows 6). */
  face: number;
  /** The face before a reroll, when the die was rerolled. */
  rerolledFrom?: number;
  /** What changed the die: a reroll, Steady Fire's +1, or a Veteran Six put in place. */
  helpedBy: Helper[];
  target: number;
  success: boolean;
}

interface AttackLog {
  index: number;
  hit: DieLog & { critical: boolean };
  wound?: DieLog;
  /** Absent when the target has no Save (or the attack never got that far). */
  save?: DieLog;
  overchargeDie?: number;
  /** Damage after bonuses, reductions and the floor, before Rally the Lost. */
  damageBeforeRally?: number;
  /** Rally the Lost dice, one per Wound point (or one per attack). */
  rallyDice?: number[];
  damage: number;
  /** Wounds the attacker suffers from this die: Overcharge D3 on a miss, natural-1 self-wounds. */
  selfWounds: number;
  selfDie?: number;
  /** Set on the attacks Clockwork Overdrive added, and on Boarding Rush's extra Attacks. */
  source?: 'overdrive' | 'boarding-rush';
  /** A missed shot into an allied melee: it hit a friend, who rolled Wound and Save (DIGEST 6.13). */
  friendly?: { wound: DieLog; save?: DieLog; damage: number };
  notes: string[];
}

export interface RollResult {
  spec: AttackSpec;
  attacks: AttackLog[];
  /** Damage dealt, capped at the target's remaining Wounds when given. */
  totalDamage: number;
  uncappedDamage: number;
  selfWounds: number;
  /** Missed shots that hit friends, and the damage they took (shooting into an allied melee). */
  friendlyHits: number;
  friendlyDamage: number;
  dice: DiceSource['kind'];
}

const HELPER_OF: Record<number, Helper> = {
  [SC_ATT]: 'second-chance',
  [SC_DEF]: 'second-chance',
  [CD_ATT]: 'cryptid-die',
  [CD_DEF]: 'cryptid-die',
};

export function rollAttack(input: AttackSpecInput | AttackSpec, dice: DiceSource): RollResult {
  const spec = attackSpecSchema.parse(input);
  const t = effectiveTargets(spec);
  const m = spec.modifiers;
  let flags = initialFlags(spec, t);

  const judge = (face: number, target: number, steady: number | null, helped: Helper[]) => {
    if (passes(face, target)) return true;
    if (steady !== null && flags & STEADY && passes(face, steady)) {
      flags &= ~STEADY;
      helped.push('steady-fire');
      return true;
    }
    return false;
  };
  const test = (target: number, steady: number | null, rerollers: number[]): DieLog => {
    const helpedBy: Helper[] = [];
    const face = dice.roll(6);
    let success = judge(face, target, steady, helpedBy);
    const by = rerollers.find((b) => flags & b);
    if (success || face === 1 || by === undefined) return { face, helpedBy, target, success };
    flags &= ~by;
    helpedBy.push(HELPER_OF[by]!);
    const again = dice.roll(6);
    success = judge(again, target, steady, helpedBy);
    return { face: again, rerolledFrom: face, helpedBy, target, success };
  };
  const six = (target: number): DieLog => ({
    face: 6,
    helpedBy: ['veteran-six'],
    target,
    success: true,
  });

  const attacks: AttackLog[] = [];
  const size = poolSize(spec);
  const friend = friendlyTargets(spec, t);
  // Boarding Rush's Attacks follow the profile's; Overdrive's shots come last (the same order as the exact model).
  const rushFrom = spec.attacks;
  const rushTo = spec.attacks + (m.boardingRush ? spec.values.boardingRush : 0);
  for (let i = 0; i < size; i++) {
    const notes: string[] = [];
    const hitDie = i === 0 && m.veteranSix === 'hit' ? six(t.hit) : test(t.hit, t.steadyHit, REROLLERS.hit);
    const hit = { ...hitDie, critical: hitDie.success && hitDie.face === 6 };
    const log: AttackLog = { index: i, hit, damage: 0, selfWounds: 0, notes };
    const overdriveShot = isOverdriveAttack(spec, i);
    if (overdriveShot) {
      log.source = 'overdrive';
      notes.push('Clockwork Overdrive: extra shot');
    } else if (i >= rushFrom && i < rushTo) {
      log.source = 'boarding-rush';
      notes.push('Boarding Rush: extra Attack after the charge');
    }
    attacks.push(log);
    if (hit.face === 1 && m.selfWoundsOnNaturalOne) {
      log.selfWounds += m.selfWoundsOnNaturalOne;
      notes.push(`natural 1: ${m.selfWoundsOnNaturalOne} Wound to the attacker`);
    }
    if (hit.face === 1 && flags & OD_PENDING && (overdriveShot || spec.options.overdriveRisk === 'all-attacks')) {
      flags &= ~OD_PENDING;
      const w = spec.values.overdriveWounds;
      log.selfWounds += w;
      notes.push(`natural 1 on an Overdrive Hit roll: ${w} Wound${w > 1 ? 's' : ''} to the shooter once the shooting is done`);
    }
    if (!hit.success) {
      if (friend) {
        // The miss hits a random friendly model in the melee: plain Wound and Save, never critical.
        const wound: DieLog = { face: dice.roll(6), helpedBy: [], target: friend.wound, success: false };
        wound.success = passes(wound.face, friend.wound);
        const f: NonNullable<AttackLog['friendly']> = { wound, damage: 0 };
        if (wound.success && friend.save !== null) {
          const face = dice.roll(6);
          f.save = { face, helpedBy: [], target: friend.save, success: passes(face, friend.save) };
        }
        if (wound.success && !f.save?.success) f.damage = friend.damage;
        log.friendly = f;
        notes.push(
          f.damage > 0
            ? `missed into the melee: a friend takes ${f.damage} Wound${f.damage > 1 ? 's' : ''}`
            : `missed into the melee: a friend is hit but ${wound.success ? 'saves' : 'is not wounded'}`,
        );
      }
      if (m.overcharge) {
        log.selfDie = dice.roll(3);
        log.selfWounds += log.selfDie;
        notes.push(`Overcharge miss: ${log.selfDie} Wound${log.selfDie > 1 ? 's' : ''} to the attacker`);
      }
      continue;
    }
    let shielded = false;
    if (spec.options.shieldLine === 'first-hit-even-if-saved' && flags & SHIELD) {
      flags &= ~SHIELD;
      shielded = true;
    }
    if (flags & VET_WOUND) {
      flags &= ~VET_WOUND;
      log.wound = six(t.wound);
    } else log.wound = test(t.wound, null, REROLLERS.wound);
    if (!log.wound.success) continue;
    if (t.save !== null) {
      if (flags & VET_SAVE) {
        flags &= ~VET_SAVE;
        log.save = six(t.save);
      } else log.save = test(t.save, null, REROLLERS.save);
      if (log.save.success) continue;
    }
    if (m.overcharge) log.overchargeDie = dice.roll(6);
    if (spec.options.shieldLine === 'first-damaging-hit' && flags & SHIELD) {
      flags &= ~SHIELD;
      shielded = true;
    }
    const d = hitDamage(spec, {
      critical: hit.critical,
      overchargeDie: log.overchargeDie ?? 0,
      firstAttack: i === 0,
      shielded,
      lastWallAvailable: (flags & LAST_WALL) !== 0,
      stormReduction: t.stormReduction,
    });
    if (hit.critical) notes.push('critical hit: +1 Damage');
    if (log.overchargeDie) notes.push(`Overcharge: +${log.overchargeDie} Damage`);
    if (i === 0 && m.chargeOfIron) notes.push(`Charge of Iron: +${spec.values.chargeOfIron} Damage`);
    if (m.ruleOfCoolBonus) notes.push(`Rule of Cool: +${m.ruleOfCoolBonus} Damage`);
    if (t.stormReduction) notes.push(`storm: −${t.stormReduction} Damage`);
    if (shielded) notes.push('Shield Line: −1 Damage (minimum 1)');
    if (d.lastWallUsed) {
      flags &= ~LAST_WALL;
      notes.push('Last Wall: −1 Damage');
    }
    log.damageBeforeRally = d.damage;
    let dealt = d.damage;
    if (m.rallyTheLost && dealt > 0) {
      const need = spec.values.rallyTheLost;
      if (spec.options.rallyTheLost === 'per-wound-point') {
        log.rallyDice = Array.from({ length: dealt }, () => dice.roll(6));
        const negated = log.rallyDice.filter((f) => passes(f, need)).length;
        dealt -= negated;
        if (negated) notes.push(`Rally the Lost negates ${negated}`);
      } else {
        log.rallyDice = [dice.roll(6)];
        if (passes(log.rallyDice[0]!, need)) {
          dealt = 0;
          notes.push('Rally the Lost negates the attack');
        }
      }
    }
    log.damage = dealt;
  }
  const uncapped = attacks.reduce((s, a) => s + a.damage, 0);
  return {
    spec,
    attacks,
    uncappedDamage: uncapped,
    totalDamage: spec.woundsRemaining === undefined ? uncapped : Math.min(uncapped, spec.woundsRemaining),
    selfWounds: attacks.reduce((s, a) => s + a.selfWounds, 0),
    friendlyHits: attacks.filter((a) => a.friendly).length,
    friendlyDamage: attacks.reduce((s, a) => s + (a.friendly?.damage ?? 0), 0),
    dice: dice.kind,
  };
}
