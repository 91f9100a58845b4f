import { attackSpecSchema, type AttackSpec, type AttackSpecInput } from '../../src-shared/odds/spec';

/**
 * The brute-force oracle for the attack resolver: a plain, independent
 * re-statement of the attack rules as a simulation that asks for each die as
 * it goes, run over EVERY sequence of die faces (Hit, Wound and Save dice,
 * rerolls, Overcharge D6 and D3, Rally the Lost dice). Each complete sequence
 * has probability Π 1/sides. Slow by design; only for small pools.
 *
 * It deliberately shares no code with src-shared/odds beyond the spec schema
 * (which only supplies defaults). The policies it follows are the ones the
 * resolver documents: resolve attacks in order; a one-die resource (Steady
 * Fire on one die, Second Chance, Cryptid Die, a Veteran Six on Wound or Save,
 * Shield Line, Last Wall) goes to the first die it can help.
 */

export type Roll = (sides: number) => number;

interface SimResult {
  damage: number;
  self: number;
  /** Damage dealt to friends by shots that went astray into an allied melee. */
  friendly: number;
  /** How many shots went astray into friends. */
  astray: number;
}

const passes = (face: number, target: number) => face !== 1 && (face === 6 || face >= target);
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function simulatePool(spec: AttackSpec, d: Roll): SimResult {
  const m = spec.modifiers;
  const v = spec.values;
  const o = spec.options;

  let hitMod = 0;
  if (m.steadyFire && o.steadyFire === 'whole-pool') hitMod += 1;
  if (m.holdFast) hitMod += v.holdFast;
  if (m.bulkyTarget) hitMod += v.bulkyTarget;
  if (m.expertHider) hitMod += v.expertHider;
  if (m.stationaryRifle) hitMod += v.stationaryRifle;
  if (m.stormThrough) hitMod += v.stormHit;
  hitMod += m.otherHitModifier;
  const best = m.bulkyTarget ? Math.max(2, v.bulkyBestTarget) : 2;
  const hitTarget = clamp(spec.hit - hitMod, best, 7);
  const steadyTarget = clamp(spec.hit - hitMod - 1, best, 7);

  let woundTarget = spec.force > spec.toughness ? 3 : spec.force === spec.toughness ? 4 : 5;
  if (m.consecratedPayload) woundTarget -= v.consecratedPayload;
  woundTarget = clamp(woundTarget - m.otherWoundModifier, 2, 7);
  const saveTarget = spec.save === null ? null : clamp(spec.save - (m.ironEdict ? 1 : 0), 1, 7);

  let steadyLeft = m.steadyFire && o.steadyFire === 'one-die';
  let attackerSecondChance = m.secondChance === 'attacker';
  let defenderSecondChance = m.secondChance === 'defender';
  let attackerCryptidDie = m.cryptidDie === 'attacker';
  let defenderCryptidDie = m.cryptidDie === 'defender';
  let woundSix = m.veteranSix === 'wound';
  let saveSix = m.defenderVeteranSix;
  let shieldLeft = m.shieldLine;
  let lastWallLeft = m.lastWall;

  const judge = (face: number, target: number, steady: boolean) => {
    if (passes(face, target)) return true;
    if (steady && steadyLeft && passes(face, steadyTarget)) {
      steadyLeft = false;
      return true;
    }
    return false;
  };
  // One test die: roll, then at most one reroll of a failed die that is not a natural 1.
  const test = (target: number, side: 'attacker' | 'defender', steady: boolean) => {
    let face = d(6);
    let ok = judge(face, target, steady);
    if (!ok && face !== 1) {
      let reroll = false;
      if (side === 'attacker' && attackerSecondChance) [attackerSecondChance, reroll] = [false, true];
      else if (side === 'attacker' && attackerCryptidDie) [attackerCryptidDie, reroll] = [false, true];
      else if (side === 'defender' && defenderSecondChance) [defenderSecondChance, reroll] = [false, true];
      else if (side === 'defender' && defenderCryptidDie) [defenderCryptidDie, reroll] = [false, true];
      if (reroll) {
        face = d(6);
        ok = judge(face, target, steady);
      }
    }
    return { ok, face };
  };

  // Boarding Rush adds Attacks to the Fight [000 L192]; Overdrive adds shots after the others [000 L189].
  const rush = m.boardingRush ? v.boardingRush : 0;
  const extraShots = m.overdrive ? v.overdriveAttacks : 0;
  const dice = spec.attacks + rush + extraShots;
  let overdriveNaturalOne = false;
  // Into an allied melee [000 L89]: a miss hits a friend, whose Wound and Save are rolled as usual.
  const ally = spec.kind === 'ranged' && spec.intoAlliedMelee?.friendliesInCombat ? spec.intoAlliedMelee : undefined;
  const allyWound = ally ? (spec.force > ally.toughness ? 3 : spec.force === ally.toughness ? 4 : 5) : 0;

  let total = 0;
  let self = 0;
  let friendly = 0;
  let astray = 0;
  for (let i = 0; i < dice; i++) {
    const hit = i === 0 && m.veteranSix === 'hit' ? { ok: true, face: 6 } : test(hitTarget, 'attacker', true);
    if (hit.face === 1) self += m.selfWoundsOnNaturalOne;
    const isExtraShot = i >= dice - extraShots;
    if (hit.face === 1 && m.overdrive && (isExtraShot || o.overdriveRisk === 'all-attacks')) overdriveNaturalOne = true;
    if (!hit.ok) {
      if (ally) {
        astray++;
        if (passes(d(6), allyWound)) {
          const saved = ally.save !== null && passes(d(6), ally.save);
          if (!saved) friendly += Math.max(0, spec.damage - (m.stormTargetInside ? v.stormDamage : 0));
        }
      }
      if (m.overcharge) self += d(3);
      continue;
    }
    let shielded = false;
    if (shieldLeft && o.shieldLine === 'first-hit-even-if-saved') [shieldLeft, shielded] = [false, true];

    let wounded: boolean;
    if (woundSix) [woundSix, wounded] = [false, true];
    else wounded = test(woundTarget, 'attacker', false).ok;
    if (!wounded) continue;

    let saved: boolean;
    if (saveTarget === null) saved = false;
    else if (saveSix) [saveSix, saved] = [false, true];
    else saved = test(saveTarget, 'defender', false).ok;
    if (saved) continue;

    if (shieldLeft && o.shieldLine === 'first-damaging-hit') [shieldLeft, shielded] = [false, true];
    let dmg = spec.damage + m.ruleOfCoolBonus + m.otherDamageBonus;
    if (hit.face === 6) dmg += 1;
    if (m.overcharge) dmg += d(6);
    if (i === 0 && m.chargeOfIron) dmg += v.chargeOfIron;
    const floor = shielded ? Math.min(v.shieldLineFloor, Math.max(dmg, 0)) : 0;
    if (m.stormTargetInside) dmg -= v.stormDamage;
    if (shielded) dmg -= v.shieldLine;
    let final = Math.max(floor, dmg);
    if (lastWallLeft && Math.max(floor, dmg - v.lastWall) < final) {
      lastWallLeft = false;
      final = Math.max(floor, dmg - v.lastWall);
    }
    if (m.rallyTheLost && final > 0) {
      if (o.rallyTheLost === 'per-wound-point') {
        let kept = 0;
        for (let p = 0; p < final; p++) if (d(6) < v.rallyTheLost) kept++;
        final = kept;
      } else if (d(6) >= v.rallyTheLost) final = 0;
    }
    total += final;
  }
  if (overdriveNaturalOne) self += v.overdriveWounds;
  if (spec.woundsRemaining !== undefined) total = Math.min(total, spec.woundsRemaining);
  return { damage: total, self, friendly, astray };
}

export interface Enumerated {
  /** value → probability as [numerator, denominator] strings, reduced. */
  damage: Map<number, { num: bigint; den: bigint }>;
  self: Map<number, { num: bigint; den: bigint }>;
  friendly: Map<number, { num: bigint; den: bigint }>;
  astray: Map<number, { num: bigint; den: bigint }>;
  leaves: number;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Every sequence of die faces, odometer style: replay a prefix, extend with 1s,
 * then advance the last die that has faces left. Returns null past `maxLeaves`.
 */
export function enumerateDice<R>(run: (d: Roll) => R, visit: (r: R, den: number | bigint) => void, maxLeaves = 2_000_000): number | null {
  const faces: number[] = [];
  const sides: number[] = [];
  let leaves = 0;
  for (;;) {
    let pos = 0;
    const d: Roll = (s) => {
      if (pos < faces.length) {
        if (sides[pos] !== s) throw new Error('the dice asked for changed under replay');
        return faces[pos++]!;
      }
      faces.push(1);
      sides.push(s);
      pos++;
      return 1;
    };
    const r = run(d);
    faces.length = pos;
    sides.length = pos;
    // the sequence's odds are 1 in Π sides: a plain number while it is exact (BigInt arithmetic is most of the cost)
    let den: number | bigint = 1;
    for (const s of sides) den *= s;
    if (!Number.isSafeInteger(den)) den = sides.reduce((p, s) => p * BigInt(s), 1n);
    visit(r, den);
    if (++leaves > maxLeaves) return null;
    while (faces.length && faces[faces.length - 1] === sides[sides.length - 1]) {
      faces.pop();
      sides.pop();
    }
    if (!faces.length) return leaves;
    faces[faces.length - 1]! += 1;
  }
}

/** Exhaustive distribution of damage and self-damage for a small pool, or null when it has too many outcomes. */
export function enumerateAttack(input: AttackSpecInput, maxLeaves?: number): Enumerated | null {
  const spec = attackSpecSchema.parse(input);
  type Tally = Map<number, Map<number | bigint, number>>;
  const dmg: Tally = new Map();
  const self: Tally = new Map();
  const friendly: Tally = new Map();
  const astray: Tally = new Map();
  const add = (m: Tally, v: number, den: number | bigint) => {
    let row = m.get(v);
    if (!row) m.set(v, (row = new Map()));
    row.set(den, (row.get(den) ?? 0) + 1);
  };
  const leaves = enumerateDice(
    (d) => simulatePool(spec, d),
    (r, den) => {
      add(dmg, r.damage, den);
      add(self, r.self, den);
      add(friendly, r.friendly, den);
      add(astray, r.astray, den);
    },
    maxLeaves,
  );
  if (leaves === null) return null;
  const sum = (m: Tally) => {
    const out = new Map<number, { num: bigint; den: bigint }>();
    for (const [v, row] of m) {
      let num = 0n;
      let den = 1n;
      for (const [key, c] of row) {
        const d = BigInt(key);
        const l = (den * d) / gcd(den, d);
        num = num * (l / den) + BigInt(c) * (l / d);
        den = l;
      }
      const g = gcd(num, den);
      out.set(v, { num: num / g, den: den / g });
    }
    return out;
  };
  return { damage: sum(dmg), self: sum(self), friendly: sum(friendly), astray: sum(astray), leaves };
}
