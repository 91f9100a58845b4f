import { z } from 'zod';
import type { DeskColumns } from './columns';
import { rowId as id } from '../ids';

/** Which of the desk's battles a figure covers (issue 36): by game data version, mission, variant, club, faction, points, ruling and date. Empty: all. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD');
export const deskFilterSchema = z.strictObject({
  // a label (40) with a short digest (desk/versions.ts)
  versions: z.array(z.string().min(1).max(80)).max(50).optional(),
  missions: z.array(z.number().int().min(1).max(5)).max(5).optional(),
  variants: z.array(id).max(50).optional(),
  /** Clubs by their bundle id. */
  clubs: z.array(z.uuid()).max(500).optional(),
  /** Battles in which at least one side played one of these factions. */
  factions: z.array(id).max(20).optional(),
  /** Both armies within these points (battles whose records have no points are then left out). */
  pointsMin: z.number().int().min(0).max(100_000).optional(),
  pointsMax: z.number().int().min(0).max(100_000).optional(),
  /** Battles played under every one of these rulings (`option=value`). */
  rulings: z
    .array(
      z
        .string()
        .regex(/^[A-Za-z][A-Za-z0-9]*=[A-Za-z0-9-]+$/, 'a ruling is written option=value')
        .max(80),
    )
    .max(30)
    .optional(),
  from: day.optional(),
  to: day.optional(),
  /** Play Mode's records only ('play'), paper battles' only ('paper'), or both (left out) (issue 41). */
  source: z.enum(['play', 'paper']).optional(),
});
export type DeskFilter = z.infer<typeof deskFilterSchema>;

const none = (xs: readonly unknown[] | undefined) => !xs?.length;

/** Whether the filter selects every battle. */
function isEmptyDeskFilter(f: DeskFilter): boolean {
  return (
    none(f.versions) &&
    none(f.missions) &&
    none(f.variants) &&
    none(f.clubs) &&
    none(f.factions) &&
    none(f.rulings) &&
    f.pointsMin === undefined &&
    f.pointsMax === undefined &&
    !f.from &&
    !f.to &&
    !f.source
  );
}

/** Whether battle i passes one of the filter's conditions. */
type RowTest = (i: number) => boolean;

/** Which of the columns' values a list chooses (null when the list is empty or missing: every value). */
function chosen<T>(xs: readonly T[] | undefined, values: readonly T[]): Uint8Array | null {
  return none(xs) ? null : Uint8Array.from(values, (v) => (xs!.includes(v) ? 1 : 0));
}

/** A test of a battle's place in one column: chosen, and not -1 (none) where the column may hold none. */
function placeTest(choice: Uint8Array | null, placeOf: (i: number) => number): RowTest | null {
  return choice && ((i) => placeOf(i) !== -1 && choice[placeOf(i)] === 1);
}

/** Both armies within the points (a side whose record has no points is outside). */
function pointsTest(c: DeskColumns, { pointsMin, pointsMax }: DeskFilter): RowTest | null {
  if (pointsMin === undefined && pointsMax === undefined) return null;
  return (i) => {
    for (let s = 2 * i; s < 2 * i + 2; s++) {
      const points = c.points[s]!;
      if (pointsMin !== undefined && (Number.isNaN(points) || points < pointsMin)) return false;
      if (pointsMax !== undefined && (Number.isNaN(points) || points > pointsMax)) return false;
    }
    return true;
  };
}

/** Every ruling listed in force (a ruling no battle has leaves none). */
function rulingsTest(c: DeskColumns, f: DeskFilter): RowTest | null {
  if (!f.rulings?.length) return null;
  const rulings = f.rulings.map((x) => c.rulings.indexOf(x));
  const inForce = (i: number, x: number) => {
    for (let k = c.rulingsFrom[i]!; k < c.rulingsFrom[i + 1]!; k++) if (c.ruling[k] === x) return true;
    return false;
  };
  return (i) => rulings.every((x) => inForce(i, x));
}

/** The dates as the day it was played: from that day on, up to the end of the last. */
function datesTest(c: DeskColumns, { from, to }: DeskFilter): RowTest | null {
  if (!from && !to) return null;
  return (i) => !(from && c.playedAt[i]! < from) && !(to && c.playedAt[i]!.slice(0, 10) > to);
}

/** The tests of the conditions the filter names, each over a battle's row. */
function rowTests(c: DeskColumns, f: DeskFilter): RowTest[] {
  const paper = f.source === undefined ? -1 : f.source === 'paper' ? 1 : 0;
  const clubs = chosen(f.clubs, c.clubs);
  const missions = chosen(f.missions, c.missions);
  const factions = chosen(f.factions, c.factions);
  const tests: (RowTest | null)[] = [
    paper === -1 ? null : (i) => c.paper[i] === paper,
    clubs && ((i) => clubs[c.club[i]!] === 1),
    placeTest(chosen(f.versions, c.versions), (i) => c.version[i]!),
    missions && ((i) => c.missions[c.mission[i]!] !== null && missions[c.mission[i]!] === 1),
    placeTest(chosen(f.variants, c.variants), (i) => c.variant[i]!),
    factions && ((i) => factions[c.faction[2 * i]!] === 1 || factions[c.faction[2 * i + 1]!] === 1),
    pointsTest(c, f),
    rulingsTest(c, f),
    datesTest(c, f),
  ];
  return tests.filter((t) => t !== null);
}

/**
 * The rows of the columns' battles the filter selects, in order (null: every battle). Each list given is a choice of
 * one of its values (the factions: either side's), the points bound both armies (a battle whose record has no points
 * is left out), every ruling listed was in force, and the dates bound the day it was played. Each text the filter
 * names is looked up once among the columns' own, and each battle then compares places rather than texts
 * (test/unit/desk-figures.test.ts checks it against the same rules written over the records).
 */
export function deskRows(c: DeskColumns, f: DeskFilter): Uint32Array | null {
  if (isEmptyDeskFilter(f)) return null;
  const tests = rowTests(c, f);
  const rows: number[] = [];
  for (let i = 0; i < c.length; i++) if (tests.every((t) => t(i))) rows.push(i);
  return Uint32Array.from(rows);
}
