import { hitDamage } from './damage';
import { frac, ONE, sub, ZERO, type Fraction } from './fraction';
import { attackSpecSchema, isOverdriveAttack, poolSize, type AttackSpec, type AttackSpecInput } from './spec';
import { effectiveTargets, friendlyTargets, passes, type EffectiveTargets } from './targets';

/**
 * The exact distribution of the damage an attack pool deals.
 *
 * Attacks are resolved in order (attack 1's Hit, Wound, Save and Damage, then
 * attack 2's …). Everything that is limited to one die per pool — Steady Fire
 * on one die, Second Chance, a Cryptid Die, a Veteran Six on the Wound or Save
 * pool, Shield Line, Last Wall — makes the attacks dependent, so the model is a
 * dynamic programme over attacks whose state is "which of those are still
 * unspent" plus the damage so far. Each is spent on the first die it can help
 * (DIGEST AMB-14: "the first eligible failed die"). A Veteran Six on the Hit
 * pool and Charge of Iron belong to the first attack.
 *
 * Probabilities are BigInt numerators over a fixed per-attack denominator, so
 * the result is exact; it is reduced once at the end.
 */

// Pool-wide resources that are still unspent.
export const STEADY = 1;
export const SC_ATT = 2;
export const SC_DEF = 4;
export const CD_ATT = 8;
export const CD_DEF = 16;
export const VET_WOUND = 32;
export const VET_SAVE = 64;
export const SHIELD = 128;
export const LAST_WALL = 256;
/** Clockwork Overdrive's natural-1 Wound has not been suffered yet (it is suffered once per shooting). */
export const OD_PENDING = 512;

export interface DistributionEntry {
  value: number;
  p: Fraction;
}

export interface OddsResult {
  spec: AttackSpec;
  targets: EffectiveTargets;
  /** P(total damage = value), values with non-zero probability, ascending. */
  damage: DistributionEntry[];
  pAny: Fraction;
  expected: Fraction;
  /** P(the target's remaining Wounds are all removed), when they were given. */
  pKill: Fraction | null;
  /** Wounds the attacker suffers (Overcharge misses, natural-1 self-wounds), or null when none can happen. */
  self: DistributionEntry[] | null;
  selfExpected: Fraction | null;
  /**
   * Shooting into an allied melee (DIGEST 6.13): the number of missed dice that hit a friendly
   * model, and the damage those hits deal to friends; null when no friend is in the combat.
   */
  friendlyHits: DistributionEntry[] | null;
  friendly: DistributionEntry[] | null;
  friendlyExpected: Fraction | null;
  /** P(at least one die goes astray into a friend). */
  pFriendlyHit: Fraction | null;
}

interface DieOutcome {
  success: boolean;
  face: number;
  flags: number;
  /** Weight out of 36 (two dice: the roll and a possible reroll). */
  w: number;
}

function evalFace(face: number, flags: number, target: number, steady: number | null): { success: boolean; flags: number } {
  if (passes(face, target)) return { success: true, flags };
  if (steady !== null && flags & STEADY && passes(face, steady)) return { success: true, flags: flags & ~STEADY };
  return { success: false, flags };
}

/** One test die with its possible reroll; a natural 1 is never rerolled, no die twice. */
function testDie(flags: number, target: number, steady: number | null, rerollers: number[]): DieOutcome[] {
  const out: DieOutcome[] = [];
  for (let face = 1; face <= 6; face++) {
    const first = evalFace(face, flags, target, steady);
    const by = rerollers.find((b) => flags & b);
    if (first.success || face === 1 || by === undefined) {
      out.push({ success: first.success, face, flags: first.flags, w: 6 });
      continue;
    }
    for (let again = 1; again <= 6; again++) {
      const second = evalFace(again, flags & ~by, target, steady);
      out.push({
        success: second.success,
        face: again,
        flags: second.flags,
        w: 1,
      });
    }
  }
  return out;
}

const certain = (success: boolean, face: number, flags: number): DieOutcome[] => [{ success, face, flags, w: 36 }];

type Table = Map<number, Map<number, bigint>>; // flags' → value → weight

function bump(t: Table, flags: number, value: number, w: bigint): void {
  let row = t.get(flags);
  if (!row) t.set(flags, (row = new Map()));
  row.set(value, (row.get(value) ?? 0n) + w);
}

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** Initial unspent resources for a spec. */
export function initialFlags(spec: AttackSpec, t: EffectiveTargets): number {
  const m = spec.modifiers;
  let f = 0;
  if (t.steadyHit !== null) f |= STEADY;
  if (m.secondChance === 'attacker') f |= SC_ATT;
  if (m.secondChance === 'defender') f |= SC_DEF;
  if (m.cryptidDie === 'attacker') f |= CD_ATT;
  if (m.cryptidDie === 'defender') f |= CD_DEF;
  if (m.veteranSix === 'wound') f |= VET_WOUND;
  if (m.defenderVeteranSix && t.save !== null) f |= VET_SAVE;
  if (m.shieldLine) f |= SHIELD;
  if (m.lastWall) f |= LAST_WALL;
  if (m.overdrive && spec.values.overdriveWounds > 0) f |= OD_PENDING;
  return f;
}

/** Which unspent resources may reroll a failed die of each pool, in the order they are spent. */
export const REROLLERS = {
  hit: [SC_ATT, CD_ATT],
  wound: [SC_ATT, CD_ATT],
  save: [SC_DEF, CD_DEF],
};

interface AttackTables {
  damage: Table;
  self: Table;
  friendly: Table;
  friendlyHits: Table;
  den: bigint;
}

/** Where an attack sits in the pool: the first one (Veteran Six on Hit, Charge of Iron), and whether its natural 1 counts for Overdrive. */
interface Position {
  first: boolean;
  overdriveRisk: boolean;
}

/** One attack's tables being filled: the spec, its targets and the attack's place, the denominators' parts, and `emit`. */
interface TableBuild {
  spec: AttackSpec;
  t: EffectiveTargets;
  first: boolean;
  oc: boolean;
  /** The Overcharge die's and D3's parts of the denominator (1 without Overcharge). */
  ocDen: number;
  d3Den: number;
  rallyDen: bigint;
  perAttackRally: boolean;
  /** Faces of the Rally the Lost die that negate. */
  rallyFaces: number;
  /** What a missed die does: goes astray into a friend (with its weight out of 36) or not. */
  astray: { astray: number; friend: number; w: bigint }[];
  emit: (f: number, dmg: number, selfW: number, w: bigint, friend?: number, astray?: number) => void;
}

/** A missed die that goes astray: out of 36 Wound×Save pairs, `unsaved` wound the friend and beat its Save. */
function astrayOutcomes(spec: AttackSpec, t: EffectiveTargets): TableBuild['astray'] {
  const ft = friendlyTargets(spec, t);
  return ft
    ? [
        { astray: 1, friend: ft.damage, w: BigInt(ft.unsaved) },
        { astray: 1, friend: 0, w: BigInt(36 - ft.unsaved) },
      ]
    : [{ astray: 0, friend: 0, w: 36n }];
}

/** A missed die: it may hit a friend instead (6.13), and Overcharge still costs D3 Wounds, no Save (8.5). */
function emitMiss(b: TableBuild, flags: number, selfBase: number, wHit: bigint): void {
  for (const a of b.astray) {
    if (b.oc) for (let k = 1; k <= 3; k++) b.emit(flags, 0, selfBase + k, wHit * 36n * a.w * 6n * b.rallyDen, a.friend, a.astray);
    else b.emit(flags, 0, selfBase, wHit * 36n * a.w * b.rallyDen, a.friend, a.astray);
  }
}

/** A hit that wounded and was not saved: its damage for each face of the Overcharge die, then Rally the Lost per attack. */
function emitDamage(b: TableBuild, flags: number, shielded: boolean, critical: boolean, selfBase: number, wSave: bigint): void {
  const { spec, oc } = b;
  for (let ocFace = oc ? 1 : 0; ocFace <= (oc ? 6 : 0); ocFace++) {
    let f2 = flags;
    let shieldNow = shielded;
    if (spec.options.shieldLine === 'first-damaging-hit' && f2 & SHIELD) {
      shieldNow = true;
      f2 &= ~SHIELD;
    }
    const d = hitDamage(spec, {
      critical,
      overchargeDie: ocFace,
      firstAttack: b.first,
      shielded: shieldNow,
      lastWallAvailable: (f2 & LAST_WALL) !== 0,
      stormReduction: b.t.stormReduction,
    });
    if (d.lastWallUsed) f2 &= ~LAST_WALL;
    const w = wSave * BigInt(b.d3Den);
    if (!b.perAttackRally || d.damage === 0) {
      b.emit(f2, d.damage, selfBase, w * b.rallyDen);
    } else {
      b.emit(f2, 0, selfBase, w * BigInt(b.rallyFaces));
      b.emit(f2, d.damage, selfBase, w * BigInt(6 - b.rallyFaces));
    }
  }
}

/** A hit's Wound roll, then the Save of each wound (a Veteran Six spent where unspent), then the damage of each unsaved one. */
function emitWoundAndSave(b: TableBuild, flags: number, shielded: boolean, critical: boolean, selfBase: number, wHit: bigint): void {
  const { t } = b;
  const wounds = flags & VET_WOUND ? certain(true, 6, flags & ~VET_WOUND) : testDie(flags, t.wound, null, REROLLERS.wound);
  for (const wo of wounds) {
    const wWound = wHit * BigInt(wo.w);
    if (!wo.success) {
      b.emit(wo.flags, 0, selfBase, wWound * 36n * BigInt(b.ocDen * b.d3Den) * b.rallyDen);
      continue;
    }
    const saves =
      t.save === null
        ? certain(false, 0, wo.flags)
        : wo.flags & VET_SAVE
          ? certain(true, 6, wo.flags & ~VET_SAVE)
          : testDie(wo.flags, t.save, null, REROLLERS.save);
    for (const so of saves) {
      const wSave = wWound * BigInt(so.w);
      if (so.success) b.emit(so.flags, 0, selfBase, wSave * BigInt(b.ocDen * b.d3Den) * b.rallyDen);
      else emitDamage(b, so.flags, shielded, critical, selfBase, wSave);
    }
  }
}

function attackTables(spec: AttackSpec, t: EffectiveTargets, pos: Position, flags: number): AttackTables {
  const m = spec.modifiers;
  const oc = m.overcharge;
  // Per Wound point, Rally the Lost thins the pool's total (see thinTotal); only the per-attack reading is modelled here.
  const perAttackRally = m.rallyTheLost && spec.options.rallyTheLost === 'per-attack';
  const rallyDen = 6n ** BigInt(perAttackRally ? 1 : 0);
  const ocDen = oc ? 6 : 1;
  const d3Den = oc ? 3 : 1;
  const den = 36n ** 3n * BigInt(ocDen * d3Den) * rallyDen;
  const damage: Table = new Map();
  const self: Table = new Map();
  const friendly: Table = new Map();
  const friendlyHits: Table = new Map();
  const b: TableBuild = {
    spec,
    t,
    first: pos.first,
    oc,
    ocDen,
    d3Den,
    rallyDen,
    perAttackRally,
    rallyFaces: m.rallyTheLost ? 7 - spec.values.rallyTheLost : 0,
    astray: astrayOutcomes(spec, t),
    emit: (f, dmg, selfW, w, friend = 0, astray = 0) => {
      bump(damage, f, dmg, w);
      bump(self, f, selfW, w);
      bump(friendly, f, friend, w);
      bump(friendlyHits, f, astray, w);
    },
  };

  const hits = pos.first && m.veteranSix === 'hit' ? certain(true, 6, flags) : testDie(flags, t.hit, t.steadyHit, REROLLERS.hit);
  for (const h of hits) {
    let hf = h.flags;
    let selfBase = h.face === 1 ? m.selfWoundsOnNaturalOne : 0;
    // Overdrive: the first natural 1 on a counted Hit roll costs the shooter its Wound(s), once.
    if (h.face === 1 && pos.overdriveRisk && hf & OD_PENDING) {
      selfBase += spec.values.overdriveWounds;
      hf &= ~OD_PENDING;
    }
    const wHit = BigInt(h.w);
    if (!h.success) {
      emitMiss(b, hf, selfBase, wHit);
      continue;
    }
    const shielded = spec.options.shieldLine === 'first-hit-even-if-saved' && (hf & SHIELD) !== 0;
    emitWoundAndSave(b, shielded ? hf & ~SHIELD : hf, shielded, h.face === 6, selfBase, wHit);
  }
  return { damage, self, friendly, friendlyHits, den };
}

/** Runs the pool through the per-attack tables, keeping one quantity (damage or self-damage). */
function runPool(
  spec: AttackSpec,
  t: EffectiveTargets,
  pick: (x: AttackTables) => Table,
  // the per-attack tables hold every quantity: built once, shared by each pass
  memo: Map<number, AttackTables>,
): { dist: Map<number, bigint>; den: bigint } {
  const size = poolSize(spec);
  const allRisk = spec.options.overdriveRisk === 'all-attacks';
  const tables = (i: number, f: number) => {
    const pos = { first: i === 0, overdriveRisk: spec.modifiers.overdrive && (allRisk || isOverdriveAttack(spec, i)) };
    const key = f * 4 + (pos.first ? 1 : 0) + (pos.overdriveRisk ? 2 : 0);
    let x = memo.get(key);
    if (!x) memo.set(key, (x = attackTables(spec, t, pos, f)));
    return x;
  };
  let state: Table = new Map([[initialFlags(spec, t), new Map([[0, 1n]])]]);
  let den = 1n;
  for (let i = 0; i < size; i++) {
    const next: Table = new Map();
    for (const [f, row] of state) {
      const x = tables(i, f);
      if (i === 0) den = x.den; // the same for every state and attack
      for (const [f2, outs] of pick(x)) {
        let acc = next.get(f2);
        if (!acc) next.set(f2, (acc = new Map()));
        for (const [v, w] of outs) {
          for (const [total, p] of row) {
            const k = total + v;
            acc.set(k, (acc.get(k) ?? 0n) + p * w);
          }
        }
      }
    }
    state = next;
  }
  const dist = new Map<number, bigint>();
  for (const row of state.values()) for (const [v, p] of row) dist.set(v, (dist.get(v) ?? 0n) + p);
  return { dist, den: den ** BigInt(size) };
}

/**
 * Rally the Lost per Wound point: every point of damage is negated on its own
 * roll, whichever attack dealt it, so the surviving total is a binomial
 * thinning of the total before Rally. Last Wall and the other reductions are
 * decided before Rally and do not depend on its dice, so thinning the total
 * at the end is exact (and far cheaper than a die per point per attack).
 */
function thinTotal(pool: { dist: Map<number, bigint>; den: bigint }, negatingFaces: number): void {
  const top = Math.max(0, ...pool.dist.keys());
  const keep = BigInt(6 - negatingFaces);
  const lose = BigInt(negatingFaces);
  const out = new Map<number, bigint>();
  for (const [n, p] of pool.dist) {
    // P(k of n points kept) = C(n,k)·keep^k·lose^(n−k) / 6^n, brought to the common 6^top
    const pad = 6n ** BigInt(top - n);
    for (let k = 0; k <= n; k++) {
      const ways = binomial(n, k) * keep ** BigInt(k) * lose ** BigInt(n - k);
      out.set(k, (out.get(k) ?? 0n) + p * ways * pad);
    }
  }
  pool.dist = out;
  pool.den *= 6n ** BigInt(top);
}

function toEntries(dist: Map<number, bigint>, den: bigint, cap?: number): DistributionEntry[] {
  const merged = new Map<number, bigint>();
  for (const [v, p] of dist) {
    if (p === 0n) continue;
    const k = cap !== undefined ? Math.min(v, cap) : v;
    merged.set(k, (merged.get(k) ?? 0n) + p);
  }
  return [...merged.entries()].sort((a, b) => a[0] - b[0]).map(([value, p]) => ({ value, p: frac(p, den) }));
}

export function expectation(entries: DistributionEntry[]): Fraction {
  let num = 0n;
  let den = 1n;
  for (const e of entries) {
    // common denominators are powers of 2 and 3: keep the largest
    const lcm = (den * e.p.den) / gcdBig(den, e.p.den);
    num = num * (lcm / den) + BigInt(e.value) * e.p.num * (lcm / e.p.den);
    den = lcm;
  }
  return frac(num, den);
}

function gcdBig(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** The exact distribution of damage dealt (and of self-damage) for one attack pool. */
export function computeOdds(input: AttackSpecInput | AttackSpec): OddsResult {
  const spec = attackSpecSchema.parse(input);
  const t = effectiveTargets(spec);
  const memo = new Map<number, AttackTables>();
  const dmg = runPool(spec, t, (x) => x.damage, memo);
  if (spec.modifiers.rallyTheLost && spec.options.rallyTheLost === 'per-wound-point') thinTotal(dmg, 7 - spec.values.rallyTheLost);
  const damage = toEntries(dmg.dist, dmg.den, spec.woundsRemaining);
  const zero = damage.find((e) => e.value === 0)?.p ?? ZERO;
  const canSelf = spec.modifiers.overcharge || spec.modifiers.selfWoundsOnNaturalOne > 0 || (spec.modifiers.overdrive && spec.values.overdriveWounds > 0);
  let self: DistributionEntry[] | null = null;
  if (canSelf) {
    const s = runPool(spec, t, (x) => x.self, memo);
    self = toEntries(s.dist, s.den);
  }
  let friendly: DistributionEntry[] | null = null;
  let friendlyHits: DistributionEntry[] | null = null;
  if (friendlyTargets(spec, t)) {
    const fd = runPool(spec, t, (x) => x.friendly, memo);
    friendly = toEntries(fd.dist, fd.den);
    const fh = runPool(spec, t, (x) => x.friendlyHits, memo);
    friendlyHits = toEntries(fh.dist, fh.den);
  }
  const top = spec.woundsRemaining;
  return {
    spec,
    targets: t,
    damage,
    pAny: sub(ONE, zero),
    expected: expectation(damage),
    pKill: top === undefined ? null : (damage.find((e) => e.value === top)?.p ?? ZERO),
    self,
    selfExpected: self ? expectation(self) : null,
    friendlyHits,
    friendly,
    friendlyExpected: friendly ? expectation(friendly) : null,
    pFriendlyHit: friendlyHits ? sub(ONE, friendlyHits.find((e) => e.value === 0)?.p ?? ZERO) : null,
  };
}
