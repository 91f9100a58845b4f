/**
 * Bound parameters are capped (SQLite at 32,766, PostgreSQL at 65,535 a statement), so a read of a long list of ids
 * goes in slices of this many, at once, and their rows are put together in slice order.
 */
const ID_SLICE = 500;

export async function readInSlices<T>(ids: readonly string[], read: (slice: readonly string[]) => Promise<T[]>): Promise<T[]> {
  const reads: Promise<T[]>[] = [];
  for (let i = 0; i < ids.length; i += ID_SLICE) reads.push(read(ids.slice(i, i + ID_SLICE)));
  return (await Promise.all(reads)).flat();
}
