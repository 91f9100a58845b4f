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

const six = (target: number): DieLog => ({
  face: 6,
  helpedBy: ['veteran-six'],
  target,
  success: true,
});
const plural = (n: number) => (n > 1 ? 's' : '');

/**
 * One attack pool being rolled: the spec, its targets, the dice and the one-die resources still unspent (`flags`,
 * as the exact model keeps them). `attack(i)` rolls the i-th attack and logs it.
 */
class PoolRoll {
  private readonly t: ReturnType<typeof effectiveTargets>;
  private readonly m: AttackSpec['modifiers'];
  private readonly friend: ReturnType<typeof friendlyTargets>;
  private flags: number;
  // Boarding Rush's Attacks follow the profile's; Overdrive's shots come last (the same order as the exact model).
  private readonly rushFrom: number;
  private readonly rushTo: number;

  constructor(
    private readonly spec: AttackSpec,
    private readonly dice: DiceSource,
  ) {
    this.t = effectiveTargets(spec);
    this.m = spec.modifiers;
    this.flags = initialFlags(spec, this.t);
    this.friend = friendlyTargets(spec, this.t);
    this.rushFrom = spec.attacks;
    this.rushTo = spec.attacks + (this.m.boardingRush ? spec.values.boardingRush : 0);
  }

  /** Spends a one-die resource if it is still there. */
  private spend(flag: number): boolean {
    if (!(this.flags & flag)) return false;
    this.flags &= ~flag;
    return true;
  }

  private judge(face: number, target: number, steady: number | null, helped: Helper[]): boolean {
    if (passes(face, target)) return true;
    if (steady !== null && this.flags & STEADY && passes(face, steady)) {
      this.flags &= ~STEADY;
      helped.push('steady-fire');
      return true;
    }
    return false;
  }

  /** A die rolled against its target, rerolled by the first reroller still unspent when it failed (never a natural 1). */
  private test(target: number, steady: number | null, rerollers: number[]): DieLog {
    const helpedBy: Helper[] = [];
    const face = this.dice.roll(6);
    let success = this.judge(face, target, steady, helpedBy);
    const by = rerollers.find((b) => this.flags & b);
    if (success || face === 1 || by === undefined) return { face, helpedBy, target, success };
    this.flags &= ~by;
    helpedBy.push(HELPER_OF[by]!);
    const again = this.dice.roll(6);
    success = this.judge(again, target, steady, helpedBy);
    return { face: again, rerolledFrom: face, helpedBy, target, success };
  }

  attack(i: number): AttackLog {
    const { t, m, spec } = this;
    const notes: string[] = [];
    const hitDie = i === 0 && m.veteranSix === 'hit' ? six(t.hit) : this.test(t.hit, t.steadyHit, REROLLERS.hit);
    const hit = { ...hitDie, critical: hitDie.success && hitDie.face === 6 };
    const log: AttackLog = { index: i, hit, damage: 0, selfWounds: 0, notes };
    const overdriveShot = isOverdriveAttack(spec, i);
    this.markSource(log, i, overdriveShot);
    if (hit.face === 1) this.naturalOne(log, overdriveShot);
    if (!hit.success) {
      this.missed(log);
      return log;
    }
    const shielded = spec.options.shieldLine === 'first-hit-even-if-saved' && this.spend(SHIELD);
    if (!this.woundsThrough(log)) return log;
    if (m.overcharge) log.overchargeDie = this.dice.roll(6);
    this.damage(log, i, shielded || (spec.options.shieldLine === 'first-damaging-hit' && this.spend(SHIELD)));
    return log;
  }

  private markSource(log: AttackLog, i: number, overdriveShot: boolean): void {
    if (overdriveShot) {
      log.source = 'overdrive';
      log.notes.push('Clockwork Overdrive: extra shot');
    } else if (i >= this.rushFrom && i < this.rushTo) {
      log.source = 'boarding-rush';
      log.notes.push('Boarding Rush: extra Attack after the charge');
    }
  }

  /** A natural 1 to hit: its self-wounds, and Overdrive's risk (once). */
  private naturalOne(log: AttackLog, overdriveShot: boolean): void {
    const { m, spec } = this;
    if (m.selfWoundsOnNaturalOne) {
      log.selfWounds += m.selfWoundsOnNaturalOne;
      log.notes.push(`natural 1: ${m.selfWoundsOnNaturalOne} Wound to the attacker`);
    }
    if (this.flags & OD_PENDING && (overdriveShot || spec.options.overdriveRisk === 'all-attacks')) {
      this.flags &= ~OD_PENDING;
      const w = spec.values.overdriveWounds;
      log.selfWounds += w;
      log.notes.push(`natural 1 on an Overdrive Hit roll: ${w} Wound${plural(w)} to the shooter once the shooting is done`);
    }
  }

  /** A miss: into an allied melee it hits a friend; Overcharge wounds the attacker. */
  private missed(log: AttackLog): void {
    const friend = this.friend;
    if (friend) {
      // The miss hits a random friendly model in the melee: plain Wound and Save, never critical.
      const wound: DieLog = { face: this.dice.roll(6), helpedBy: [], target: friend.wound, success: false };
      wound.success = passes(wound.face, friend.wound);
      const f: NonNullable<AttackLog['friendly']> = { wound, damage: 0 };
      if (wound.success && friend.save !== null) {
        const face = this.dice.roll(6);
        f.save = { face, helpedBy: [], target: friend.save, success: passes(face, friend.save) };
      }
      if (wound.success && !f.save?.success) f.damage = friend.damage;
      log.friendly = f;
      log.notes.push(
        f.damage > 0
          ? `missed into the melee: a friend takes ${f.damage} Wound${plural(f.damage)}`
          : `missed into the melee: a friend is hit but ${wound.success ? 'saves' : 'is not wounded'}`,
      );
    }
    if (this.m.overcharge) {
      log.selfDie = this.dice.roll(3);
      log.selfWounds += log.selfDie;
      log.notes.push(`Overcharge miss: ${log.selfDie} Wound${plural(log.selfDie)} to the attacker`);
    }
  }

  /** The Wound roll, then the Save (where the target has one): whether the hit gets through. */
  private woundsThrough(log: AttackLog): boolean {
    const t = this.t;
    log.wound = this.spend(VET_WOUND) ? six(t.wound) : this.test(t.wound, null, REROLLERS.wound);
    if (!log.wound.success) return false;
    if (t.save === null) return true;
    log.save = this.spend(VET_SAVE) ? six(t.save) : this.test(t.save, null, REROLLERS.save);
    return !log.save.success;
  }

  /** The hit's damage with its bonuses and reductions noted, then Rally the Lost. */
  private damage(log: AttackLog, i: number, shielded: boolean): void {
    const { t, m, spec } = this;
    const notes = log.notes;
    const hit = log.hit;
    const d = hitDamage(spec, {
      critical: hit.critical,
      overchargeDie: log.overchargeDie ?? 0,
      firstAttack: i === 0,
      shielded,
      lastWallAvailable: (this.flags & LAST_WALL) !== 0,
      stormReduction: t.stormReduction,
    });
    if (hit.critical) notes.push('critical hit: +1 Damage');
    if (log.overchargeDie) notes.push(`Overcharge: +${log.overchargeDie} Damage`);
    if (i === 0 && m.chargeOfIron) notes.push(`Charge of Iron: +${spec.values.chargeOfIron} Damage`);
    if (m.ruleOfCoolBonus) notes.push(`Rule of Cool: +${m.ruleOfCoolBonus} Damage`);
    if (t.stormReduction) notes.push(`storm: −${t.stormReduction} Damage`);
    if (shielded) notes.push('Shield Line: −1 Damage (minimum 1)');
    if (d.lastWallUsed) {
      this.flags &= ~LAST_WALL;
      notes.push('Last Wall: −1 Damage');
    }
    log.damageBeforeRally = d.damage;
    log.damage = m.rallyTheLost && d.damage > 0 ? this.rally(log, d.damage) : d.damage;
  }

  /** Rally the Lost: a die per Wound point, or one for the attack, each on its target negating. */
  private rally(log: AttackLog, damage: number): number {
    const need = this.spec.values.rallyTheLost;
    if (this.spec.options.rallyTheLost === 'per-wound-point') {
      log.rallyDice = Array.from({ length: damage }, () => this.dice.roll(6));
      const negated = log.rallyDice.filter((f) => passes(f, need)).length;
      if (negated) log.notes.push(`Rally the Lost negates ${negated}`);
      return damage - negated;
    }
    log.rallyDice = [this.dice.roll(6)];
    if (!passes(log.rallyDice[0]!, need)) return damage;
    log.notes.push('Rally the Lost negates the attack');
    return 0;
  }
}

export function rollAttack(input: AttackSpecInput | AttackSpec, dice: DiceSource): RollResult {
  const spec = attackSpecSchema.parse(input);
  const pool = new PoolRoll(spec, dice);
  const attacks: AttackLog[] = [];
  const size = poolSize(spec);
  for (let i = 0; i < size; i++) attacks.push(pool.attack(i));
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
