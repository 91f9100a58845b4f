/**
 * JSON with every object's keys sorted (code-unit order) and no spaces: the
 * same content is the same text, whatever order it was written in. What a
 * playtest bundle's content hash and a ruleset pack's digest are taken over;
 * the one definition (migration 0018 keeps a frozen copy of its own).
 */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}
