/**
 * The game data versions the desk's filter offers (issue 40): a record names
 * its pack by a label (the data version) and, from bundle version 2, by the
 * pack's digest. A version is its digest: shown as its label with a short
 * digest ("2.4.1 · 3fa9c2d1e0b4"), so two clubs' packs of one label are two
 * choices, and one pack that two clubs labelled differently is one choice
 * (under the first of its labels in sort order). A record without a digest
 * (an older bundle, a paper battle) is its label alone.
 */

/** How many hex digits of a digest a person is shown. */
const SHORT_DIGEST = 12;

/** One version's name in the filter. */
function versionName(label: string | null, digest: string | null | undefined): string | null {
  if (!digest) return label;
  return `${label ?? 'pack'} · ${digest.slice(0, SHORT_DIGEST)}`;
}

/**
 * The name each (label, digest) pair of a set of records goes by: one per digest (its first label in sort order),
 * the label alone where there is no digest, null where there is neither. The desk's columns and its choices both
 * name versions through this, so the filter's values are the columns' values.
 */
export function versionNamer(
  pairs: Iterable<readonly [string | null, string | null | undefined]>,
): (label: string | null, digest: string | null | undefined) => string | null {
  const labelOf = new Map<string, string | null>();
  for (const [label, digest] of pairs) {
    if (!digest) continue;
    const held = labelOf.get(digest);
    if (held === undefined || (label !== null && (held === null || label < held))) labelOf.set(digest, label);
  }
  return (label, digest) => (digest ? versionName(labelOf.get(digest) ?? label, digest) : label);
}
