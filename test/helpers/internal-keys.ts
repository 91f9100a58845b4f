import type { RulesetPack } from '../../src-shared/ruleset/schema';

/**
 * An app key in text a player reads: camelCase, a snake_case or CODE_CASE word, a UUID, or
 * one of the pack's kebab-case ids ("penitent-concord", "hold-fast";
 * issue 15). English hyphenated words ("non-standard") are not keys and do
 * not match.
 */
export function internalKeyPattern(pack: RulesetPack): RegExp {
  const ids = [...new Set([...JSON.stringify(pack).matchAll(/"id":"([a-z0-9]+(?:-[a-z0-9]+)+)"/g)].map((m) => m[1]!))];
  return new RegExp(
    [
      String.raw`\b[a-z]+[A-Z][a-zA-Z]*\b`,
      String.raw`\b[a-z]+(?:_[a-z]+)+\b`,
      // an environment variable the organiser may set (AOA_DATA_DIR) is an instruction, not a key
      String.raw`\b(?!AOA_)[A-Z]+(?:_[A-Z]+)+\b`,
      String.raw`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`,
      ...ids.map((id) => String.raw`\b${id}\b`),
    ].join('|'),
  );
}

/** The first internal key in a text, with a little of what surrounds it, or undefined. */
export function firstInternalKey(pattern: RegExp, text: string): string | undefined {
  const m = pattern.exec(text);
  return m ? `"${m[0]}" in …${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40).replace(/\s+/g, ' ')}…` : undefined;
}
