import type { z } from 'zod';

/**
 * Stored JSON read against its schema: text that is not JSON fails the same
 * way as JSON of the wrong shape, so a caller has one failure to explain.
 */
export function safeParseJson<S extends z.ZodType>(schema: S, text: string): ReturnType<S['safeParse']> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  return schema.safeParse(value) as ReturnType<S['safeParse']>;
}

/** How deep a file's JSON may nest objects and arrays: the app's own files nest about ten deep. */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests objects and arrays deeper than `limit` (walked without recursion, so a 100,000-deep array cannot overflow the stack). */
export function nestsDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Brings `raw` (JSON as read) in line with a schema's output `parsed`, in
 * place: keys zod stripped as unknown are removed (`__proto__` among them:
 * JSON.parse makes it an own key) and each text the schema normalised (NFC,
 * trimmed) takes its stored form. Defaults the schema added are not copied,
 * so the text stays what its writer wrote wherever that was acceptable.
 * Returns whether anything changed: a caller that keeps the text it was given
 * then keeps JSON.stringify(raw) instead, so what a schema does not know or
 * would not store is never stored.
 */
export function alignToParsed(raw: unknown, parsed: unknown): boolean {
  let changed = false;
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    raw.forEach((v, i) => {
      if (typeof v === 'string' && typeof parsed[i] === 'string' && v !== parsed[i]) {
        raw[i] = parsed[i];
        changed = true;
      } else if (alignToParsed(v, parsed[i])) changed = true;
    });
  } else if (isRecord(raw) && isRecord(parsed)) {
    for (const key of Object.keys(raw)) {
      if (!Object.hasOwn(parsed, key)) {
        delete raw[key];
        changed = true;
      } else if (typeof raw[key] === 'string' && typeof parsed[key] === 'string' && raw[key] !== parsed[key]) {
        raw[key] = parsed[key];
        changed = true;
      } else if (alignToParsed(raw[key], parsed[key])) changed = true;
    }
  }
  return changed;
}
