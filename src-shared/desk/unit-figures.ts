import type { BundleRecord, BundleSide } from '../playtest/bundle';
import { UNIT_TYPES, VP_SOURCES, type UnitType } from '../reports/battle';
import { meanInterval, wilsonInterval } from '../stats';
import { Behind, est, meanOfMoments, type UnitEstimate, type UnitFigure } from './unit-figures-base';
import { UsageCounter, type RuleOfCoolFigures, type UsageFigure, type UsageSide } from './usage-figures';

/**
 * Figures from what bundles already carry (issue 41, point 4): per unit type the Wounds it dealt per game and how
 * often its formations survived, Heavy explosions by cause, the cryptid's outcomes and VP by source. Each figure has
 * its n, an interval (Wilson's for a rate, a t-interval for a mean) and the battles behind it.
 *
 * A field a record does not hold is not a zero: a paper record carries its formations' survival and its cryptid but
 * no Wounds, explosions or VP by source, so it counts in the survival and cryptid figures and not in the others, and
 * each figure's n says how many sides (or battles) held its field.
 *
 * Pure and over the records (the battles the desk's filters chose, each with its key): the desk keeps a slim copy
 * of its battles for the other figures, so these are made from the records the report reads for them.
 */
export type UnitSide = Pick<BundleSide, 'factionId' | 'wounds' | 'explosions' | 'vp'> & Partial<Pick<BundleSide, 'formations'>> & UsageSide;
export interface UnitBattle {
  /** `club/battle`, the trace's key. */
  key: string;
  record: Partial<Pick<BundleRecord, 'cryptid'>> & { sides: readonly [UnitSide, UnitSide] };
}

type Figure = UnitFigure;

interface UnitTypeFigure extends Figure {
  unitType: UnitType;
  /** Formations of this type fielded (in records that list formations), and how many survived: n is the formations. */
  formations: number;
  survived: number;
  /**
   * Survivors over formations, with the Wilson 95% interval. Formations of one army share its fate, so the interval
   * is narrower than the games justify where armies field several of one type.
   */
  survival: UnitEstimate;
  /** Per side that fielded the type and recorded Wounds: the Wounds its fighters of the type dealt (ranged and melee), mean with a t-interval. */
  woundsPerGame: UnitEstimate & { sides: number };
  rangedPerGame: number | null;
  meleePerGame: number | null;
}

interface ExplosionFigure extends Figure {
  /** What destroyed the Heavy. */
  cause: string;
  explosions: number;
}

interface HeavyExplosions extends Figure {
  /** Sides that fielded a Heavy and recorded explosions (n), and those with at least one: the rate with its Wilson interval. */
  sidesWithHeavy: number;
  sidesWithExplosion: number;
  rate: UnitEstimate;
  byCause: ExplosionFigure[];
}

interface CryptidFigure extends Figure {
  cryptidId: string;
  /** Battles it came to (n), and those in which it was defeated: the rate with its Wilson interval. */
  battles: number;
  defeated: number;
  defeatRate: UnitEstimate;
  /** Wounds the fighters dealt it, per battle, mean with a t-interval. */
  woundsTaken: UnitEstimate;
  /** Wounds it dealt, per battle where the record says (paper records may not): mean, t-interval, and that n. */
  woundsDealt: UnitEstimate & { n: number };
}

interface VpSourceFigure extends Figure {
  source: (typeof VP_SOURCES)[number];
  /** Per side with VP by source (n): the VP from this source, mean with a t-interval. */
  perSide: UnitEstimate;
  /** Its share of all VP scored by those sides. */
  share: number | null;
}

export interface UnitFigures {
  unitTypes: UnitTypeFigure[];
  heavyExplosions: HeavyExplosions;
  cryptids: CryptidFigure[];
  vpSources: VpSourceFigure[];
  /** Orders, gambits and Captain abilities used, and Rule of Cool by D20 band (usage-figures.ts). */
  usage: UsageFigure[];
  ruleOfCool: RuleOfCoolFigures;
}

/** Each unit type's place in UNIT_TYPES. */
const TYPE_PLACE = Object.fromEntries(UNIT_TYPES.map((t, k) => [t, k])) as Record<UnitType, number>;
export function unitFigures(battles: readonly UnitBattle[], options: { withKeys?: boolean } = {}): UnitFigures {
  return unitFiguresOf(
    battles.length,
    (j) => battles[j]!.key,
    (j) => battles[j]!.record,
    options,
  );
}

interface TypeRow {
  formations: number;
  survived: number;
  /** The sides' Wounds of the type: how many sides, their sum and sum of squares (whole numbers, so both exact). */
  sides: number;
  sum: number;
  sumSq: number;
  ranged: number;
  melee: number;
  behind: Behind;
}
type HeavyRow = { sides: number; withExplosion: number; behind: Behind; causes: Map<string, { explosions: number; behind: Behind }> };
type CryptidRow = { battles: number; defeated: number; taken: number[]; dealt: number[]; behind: Behind };

/** The rows the unit figures are made from, counted battle by battle (`add`, the j-th battle's record). */
class UnitTally {
  readonly rows: TypeRow[];
  readonly heavy: HeavyRow;
  readonly cryptids = new Map<string, CryptidRow>();
  /** Each source's VP over the sides that recorded them: sum and sum of squares. */
  readonly vpSum = new Float64Array(VP_SOURCES.length);
  readonly vpSumSq = new Float64Array(VP_SOURCES.length);
  vpSides = 0;
  readonly vpBehind: Behind;
  readonly usage: UsageCounter;

  constructor(readonly behind: () => Behind) {
    this.rows = UNIT_TYPES.map(() => ({ formations: 0, survived: 0, sum: 0, sumSq: 0, sides: 0, ranged: 0, melee: 0, behind: behind() }));
    this.heavy = { sides: 0, withExplosion: 0, behind: behind(), causes: new Map() };
    this.vpBehind = behind();
    this.usage = new UsageCounter(behind);
  }

  add(j: number, record: UnitBattle['record']): void {
    for (let s = 0; s < 2; s++) {
      const side = record.sides[s]!;
      this.usage.add(j, side);
      const fielded = this.addFormations(j, side);
      if (side.wounds && fielded) this.addWounds(side.wounds, fielded);
      if (side.explosions && fielded & (1 << TYPE_PLACE.heavy)) this.addExplosions(j, side.explosions);
      if (side.vp) this.addVp(j, side.vp);
    }
    if (record.cryptid) this.addCryptid(j, record.cryptid);
  }

  /** Formations fielded by type; returns the types fielded, a bit per type's place. */
  private addFormations(j: number, side: UnitSide): number {
    let fielded = 0;
    const formations = side.formations;
    if (!formations) return fielded;
    for (let x = 0; x < formations.length; x++) {
      const f = formations[x]!;
      const k = TYPE_PLACE[f.unitType];
      const t = this.rows[k]!;
      t.formations += 1;
      if (f.survived) t.survived += 1;
      t.behind.add(j);
      fielded |= 1 << k;
    }
    return fielded;
  }

  /** The Wounds each type fielded dealt (a type fielded without a Wounds row dealt none). */
  private addWounds(wounds: NonNullable<UnitSide['wounds']>, fielded: number): void {
    const rows = this.rows;
    for (let k = 0; k < rows.length; k++) {
      if (!(fielded & (1 << k))) continue;
      let ranged = 0;
      let melee = 0;
      for (let x = 0; x < wounds.length; x++)
        if (wounds[x]!.unitType === UNIT_TYPES[k]) {
          ranged += wounds[x]!.ranged;
          melee += wounds[x]!.melee;
        }
      const t = rows[k]!;
      const w = ranged + melee;
      t.sides += 1;
      t.sum += w;
      t.sumSq += w * w;
      t.ranged += ranged;
      t.melee += melee;
    }
  }

  /** A side that fielded a Heavy and recorded its explosions, by cause. */
  private addExplosions(j: number, explosions: NonNullable<UnitSide['explosions']>): void {
    const heavy = this.heavy;
    heavy.sides += 1;
    heavy.behind.add(j);
    let any = false;
    for (const cause in explosions) {
      const count = explosions[cause];
      if (!count) continue;
      any = true;
      let c = heavy.causes.get(cause);
      if (!c) heavy.causes.set(cause, (c = { explosions: 0, behind: this.behind() }));
      c.explosions += count;
      c.behind.add(j);
    }
    if (any) heavy.withExplosion += 1;
  }

  private addVp(j: number, v: NonNullable<UnitSide['vp']>): void {
    for (let q = 0; q < VP_SOURCES.length; q++) {
      const x = v[VP_SOURCES[q]!];
      this.vpSum[q]! += x;
      this.vpSumSq[q]! += x * x;
    }
    this.vpSides += 1;
    this.vpBehind.add(j);
  }

  private addCryptid(j: number, cr: NonNullable<UnitBattle['record']['cryptid']>): void {
    let c = this.cryptids.get(cr.cryptidId);
    if (!c) this.cryptids.set(cr.cryptidId, (c = { battles: 0, defeated: 0, taken: [], dealt: [], behind: this.behind() }));
    c.battles += 1;
    if (cr.defeated) c.defeated += 1;
    c.taken.push(cr.woundsTaken);
    if (cr.woundsDealt !== null) c.dealt.push(cr.woundsDealt);
    c.behind.add(j);
  }
}

function unitTypeFigures(rows: readonly TypeRow[]): UnitTypeFigure[] {
  return UNIT_TYPES.map((unitType, k) => {
    const t = rows[k]!;
    const sides = t.sides;
    return {
      ...t.behind.figure(`unit:${unitType}`, t.formations),
      unitType,
      formations: t.formations,
      survived: t.survived,
      survival: est(wilsonInterval(t.survived, t.formations)),
      woundsPerGame: { ...est(meanOfMoments(sides, t.sum, t.sumSq)), sides },
      rangedPerGame: sides ? t.ranged / sides : null,
      meleePerGame: sides ? t.melee / sides : null,
    };
  });
}

function heavyExplosionFigures(heavy: HeavyRow): HeavyExplosions {
  return {
    ...heavy.behind.figure('explosions', heavy.sides),
    sidesWithHeavy: heavy.sides,
    sidesWithExplosion: heavy.withExplosion,
    rate: est(wilsonInterval(heavy.withExplosion, heavy.sides)),
    byCause: [...heavy.causes]
      .sort(([x, a], [y, b]) => b.explosions - a.explosions || (x < y ? -1 : 1))
      .map(([cause, c]) => ({ ...c.behind.figure(`explosions:${cause}`, heavy.sides), cause, explosions: c.explosions })),
  };
}

function cryptidFigures(cryptids: Map<string, CryptidRow>): CryptidFigure[] {
  return [...cryptids]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([cryptidId, c]) => ({
      ...c.behind.figure(`cryptid:${cryptidId}`, c.battles),
      cryptidId,
      battles: c.battles,
      defeated: c.defeated,
      defeatRate: est(wilsonInterval(c.defeated, c.battles)),
      woundsTaken: est(meanInterval(c.taken)),
      woundsDealt: { ...est(meanInterval(c.dealt)), n: c.dealt.length },
    }));
}

function vpSourceFigures(t: UnitTally): VpSourceFigure[] {
  const vpTotal = t.vpSum.reduce((a, b) => a + b, 0);
  return VP_SOURCES.map((source, q) => ({
    ...t.vpBehind.figure(`vp:${source}`, t.vpSides),
    source,
    perSide: est(meanOfMoments(t.vpSides, t.vpSum[q]!, t.vpSumSq[q]!)),
    share: vpTotal ? t.vpSum[q]! / vpTotal : null,
  }));
}

/** The unit figures over `count` battles, the j-th's key and record given by the functions (the desk's rows, without an object per battle). */
export function unitFiguresOf(
  count: number,
  keyOf: (j: number) => string,
  recordOf: (j: number) => UnitBattle['record'],
  { withKeys = true }: { withKeys?: boolean } = {},
): UnitFigures {
  const t = new UnitTally(() => new Behind(withKeys ? keyOf : null));
  for (let j = 0; j < count; j++) t.add(j, recordOf(j));
  return {
    unitTypes: unitTypeFigures(t.rows),
    heavyExplosions: heavyExplosionFigures(t.heavy),
    cryptids: cryptidFigures(t.cryptids),
    vpSources: vpSourceFigures(t),
    usage: t.usage.usage(),
    ruleOfCool: t.usage.ruleOfCool(),
  };
}

/** Every figure of the unit figures (for the trace, by its id). */
export function unitFigureList(u: UnitFigures): Figure[] {
  return [...u.unitTypes, u.heavyExplosions, ...u.heavyExplosions.byCause, ...u.cryptids, ...u.vpSources, ...u.usage, ...u.ruleOfCool.bands];
}

type NoKeys<T> = Omit<T, 'keys'>;
/** The unit figures with each list of keys left out (what a screen is sent; the trace lists them a page at a time). */
export interface UnitFigureCounts {
  unitTypes: NoKeys<UnitTypeFigure>[];
  heavyExplosions: NoKeys<Omit<HeavyExplosions, 'byCause'>> & { byCause: NoKeys<ExplosionFigure>[] };
  cryptids: NoKeys<CryptidFigure>[];
  vpSources: NoKeys<VpSourceFigure>[];
  usage: NoKeys<UsageFigure>[];
  ruleOfCool: Omit<RuleOfCoolFigures, 'bands'> & { bands: NoKeys<RuleOfCoolFigures['bands'][number]>[] };
}

export function unitFiguresWithoutKeys(u: UnitFigures): UnitFigureCounts {
  const c = <T extends Figure>({ keys: _keys, ...rest }: T) => rest;
  return {
    unitTypes: u.unitTypes.map(c),
    heavyExplosions: { ...c(u.heavyExplosions), byCause: u.heavyExplosions.byCause.map(c) },
    cryptids: u.cryptids.map(c),
    vpSources: u.vpSources.map(c),
    usage: u.usage.map(c),
    ruleOfCool: { ...u.ruleOfCool, bands: u.ruleOfCool.bands.map(c) },
  };
}
