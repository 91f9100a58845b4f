import type { Issue } from '../errors';
import { issuesFromZod } from '../errors';
import { jsonErrorPlace } from './json-position';
import { checkReferences } from './references';
import { rulesetPackSchema, type RulesetPack } from './schema';

/** Largest pack file accepted (the default pack is about 0.1 MB). */
export const MAX_PACK_BYTES = 5 * 1024 * 1024;
/** Keys that could reach an object's prototype if some later code merged the data carelessly. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 64;

export type PackParseResult = { ok: true; pack: RulesetPack } | { ok: false; message: string; issues: Issue[] };

/**
 * Reads a ruleset pack from text, as an import must: size first, then JSON
 * syntax (with line and column), then forbidden keys anywhere, then the
 * schema and the cross-references together, so the organiser sees every
 * problem with its path in one report. A pack is returned only when there
 * are none.
 */
export function parsePackText(text: string): PackParseResult {
  const bytes = byteLength(text);
  if (bytes > MAX_PACK_BYTES) {
    const mb = (bytes / 1024 / 1024).toFixed(1);
    return fail(`The file is ${mb} MB; a ruleset pack may be at most ${MAX_PACK_BYTES / 1024 / 1024} MB. Is this the right file?`, []);
  }
  if (text.trim() === '') return fail('The file is empty.', []);

  // a byte-order mark is not JSON; without it the line and column count from the first real character
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch (e) {
    return fail(`The file is not valid JSON: ${describeJsonError(body, e as Error)}`, []);
  }
  return parsePackValue(raw);
}

/** The same checks for a value already parsed (an edited pack sent from the Armoury). */
export function parsePackValue(raw: unknown): PackParseResult {
  const issues: Issue[] = [];
  findForbiddenKeys(raw, [], 0, issues);
  if (issues.length) {
    // Do not hand a poisoned object to anything else, not even the validator.
    return fail(summary(issues), issues);
  }
  const parsed = rulesetPackSchema.safeParse(raw);
  if (!parsed.success) issues.push(...issuesFromZod(parsed.error));
  issues.push(...checkReferences(raw));
  if (issues.length || !parsed.success) return fail(summary(issues), issues);
  return { ok: true, pack: parsed.data };
}

function fail(message: string, issues: Issue[]): PackParseResult {
  return { ok: false, message, issues };
}

function summary(issues: Issue[]): string {
  const first = issues[0];
  if (!first) return 'The pack is not valid.';
  const where = first.path.length ? ` (at ${first.path.join('.')})` : '';
  const more = issues.length > 1 ? ` and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''}` : '';
  return `The pack is not valid: ${first.message}${where}${more}.`;
}

function findForbiddenKeys(v: unknown, path: (string | number)[], depth: number, out: Issue[]): void {
  if (typeof v !== 'object' || v === null) return;
  if (depth > MAX_DEPTH) {
    out.push({ path, message: `Nested more than ${MAX_DEPTH} levels deep.`, code: 'too-deep' });
    return;
  }
  if (Array.isArray(v)) {
    v.forEach((item, i) => findForbiddenKeys(item, [...path, i], depth + 1, out));
    return;
  }
  // JSON.parse stores "__proto__" as an own property, so Object.keys sees it.
  for (const key of Object.keys(v)) {
    if (FORBIDDEN_KEYS.has(key)) out.push({ path: [...path, key], message: `The key "${key}" is not allowed in a pack.`, code: 'forbidden-key' });
    else findForbiddenKeys((v as Record<string, unknown>)[key], [...path, key], depth + 1, out);
  }
}

function byteLength(text: string): number {
  // UTF-8 never uses fewer bytes than UTF-16 code units, so a long string is refused without encoding it.
  if (text.length > MAX_PACK_BYTES) return text.length;
  return new TextEncoder().encode(text).length;
}

/** "line 3, column 14: Expected ',' or '}'…", the message V8 gives with the place we find ourselves. */
export function describeJsonError(text: string, e: Error): string {
  const base = e.message
    .replace(/^JSON\.parse: /, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    // V8 quotes the start of the text ("root:x:0:0"...): never echo a file given by mistake
    .replace(/, ".*"(\.\.\.)? is not valid JSON$/s, '');
  const place = jsonErrorPlace(text);
  return place ? `line ${place.line}, column ${place.column}: ${base}` : base;
}
