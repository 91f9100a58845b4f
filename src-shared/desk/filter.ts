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
export function isEmptyDeskFilter(f: DeskFilter): boolean {
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

/**
 * The rows of the columns' battles the filter selects, in order (null: every battle). Each list given is a choice of
 * one of its values (the factions: either side's), the points bound both armies (a battle whose record has no points
 * is left out), every ruling listed was in force, and the dates bound the day it was played. Each text the filter
 * names is looked up once among the columns' own, and each battle then compares places rather than texts
 * (test/unit/desk-figures.test.ts checks it against the same rules written over the records).
 */
export function deskRows(c: DeskColumns, f: DeskFilter): Uint32Array | null {
  if (isEmptyDeskFilter(f)) return null;
  /** Which of the columns' values a list chooses (all when the list is empty or missing). */
  const chosen = <T>(xs: readonly T[] | undefined, values: readonly T[]): Uint8Array | null =>
    none(xs) ? null : Uint8Array.from(values, (v) => (xs!.includes(v) ? 1 : 0));
  const clubs = chosen(f.clubs, c.clubs);
  const versions = chosen(f.versions, c.versions);
  const variants = chosen(f.variants, c.variants);
  const missions = chosen(f.missions, c.missions);
  const factions = chosen(f.factions, c.factions);
  // a ruling no battle has leaves none
  const rulings = f.rulings?.length ? f.rulings.map((x) => c.rulings.indexOf(x)) : null;
  const { pointsMin, pointsMax, from, to } = f;
  const paper = f.source === undefined ? -1 : f.source === 'paper' ? 1 : 0;
  const rows: number[] = [];
  battles: for (let i = 0; i < c.length; i++) {
    if (paper !== -1 && c.paper[i] !== paper) continue;
    if (clubs && !clubs[c.club[i]!]) continue;
    if (versions && (c.version[i] === -1 || !versions[c.version[i]!])) continue;
    if (missions && (c.missions[c.mission[i]!] === null || !missions[c.mission[i]!])) continue;
    if (variants && (c.variant[i] === -1 || !variants[c.variant[i]!])) continue;
    if (factions && !factions[c.faction[2 * i]!] && !factions[c.faction[2 * i + 1]!]) continue;
    for (let s = 2 * i; s < 2 * i + 2; s++) {
      const points = c.points[s]!;
      if (pointsMin !== undefined && (Number.isNaN(points) || points < pointsMin)) continue battles;
      if (pointsMax !== undefined && (Number.isNaN(points) || points > pointsMax)) continue battles;
    }
    if (rulings)
      for (const x of rulings) {
        let found = false;
        for (let k = c.rulingsFrom[i]!; k < c.rulingsFrom[i + 1]! && !found; k++) found = c.ruling[k] === x;
        if (!found) continue battles;
      }
    // the dates as the day it was played: from that day on, up to the end of the last
    if (from && c.playedAt[i]! < from) continue;
    if (to && c.playedAt[i]!.slice(0, 10) > to) continue;
    rows.push(i);
  }
  return Uint32Array.from(rows);
}
