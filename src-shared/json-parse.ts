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
