/**
 * Battle ids for print. Ten thousand full UUIDs fill thirty pages and take
 * seconds to lay out; like short commit hashes, every id is cut to one
 * common length (at least `min` characters) at which no two ids of the set
 * share a prefix, so each printed id still names exactly one battle and can
 * be matched against the full ids in the app and the CSV.
 */
export function shortIdLength(ids: readonly string[], min = 8): number {
  const sorted = [...new Set(ids)].sort();
  let need = min;
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    let k = 0;
    while (k < a.length && k < b.length && a[k] === b[k]) k++;
    // one more character than the shared prefix tells the two apart
    need = Math.max(need, k + 1);
  }
  return need;
}

export function shortenIds(ids: readonly string[], min = 8): { length: number; ids: string[] } {
  const length = shortIdLength(ids, min);
  return { length, ids: ids.map((id) => id.slice(0, length)) };
}
