import { z } from 'zod';
import { normaliseText, textProblem, type TextKind } from './text-policy';

// The text policy as zod schemas (nameText, noteText), beside text-policy.ts's plain checks: a phone's engine checks and
// compares names without zod (issue 42).

interface TextOptions {
  /** At least this many characters after trimming (a name that must be given). */
  min?: number;
  /** The message when shorter than `min`. */
  minMessage?: string;
  /** The message when longer than the bound. */
  maxMessage?: string;
}

/** The policy's check, one per kind: the same object in every schema built here, so `textKindOf` can recognise them. */
const policyCheck = (kind: TextKind) =>
  z.superRefine<string>((text, ctx) => {
    const problem = textProblem(text, kind);
    if (problem) ctx.addIssue({ code: 'custom', message: `The ${kind === 'name' ? 'name' : 'text'} ${problem}.`, abort: true });
  });

const POLICY_CHECKS: Record<TextKind, z.core.$ZodCheck<string>> = { name: policyCheck('name'), note: policyCheck('note') };

/**
 * Whether a string schema is one of the policy's (built by `nameText` or
 * `noteText`, with any bounds chained after), and which kind: the contract
 * audits find every name and note field of every channel and file with it.
 * Wrappers (optional, default, nullable) are not looked through.
 */
export function textKindOf(schema: unknown): TextKind | null {
  const checks = (schema as { _zod?: { def?: { checks?: unknown[] } } })._zod?.def?.checks ?? [];
  if (checks.includes(POLICY_CHECKS.name)) return 'name';
  if (checks.includes(POLICY_CHECKS.note)) return 'note';
  return null;
}

function policyText(kind: TextKind, max: number, trim: boolean, options: TextOptions) {
  let s = z.string().overwrite((t) => normaliseText(t, kind));
  if (trim) s = s.trim();
  s = s.check(POLICY_CHECKS[kind]);
  if (options.min !== undefined) s = s.min(options.min, options.minMessage);
  return s.max(max, options.maxMessage ?? `Keep it under ${max + 1} characters.`);
}

/**
 * A one-line name (a player, campaign, warband, formation, trophy, pack
 * entry): trimmed, NFC, no control, bidi or line-breaking characters, at most
 * `max` characters. A ZodString, so `.optional()`, `.default()` and
 * `.nullable()` chain as before.
 */
export function nameText(max: number, options: TextOptions = {}) {
  return policyText('name', max, true, options);
}

/** A note that may run over several lines (tab and newline allowed), NFC, at most `max` characters; trimmed unless `trim: false`. */
export function noteText(max: number, options: TextOptions & { trim?: boolean } = {}) {
  return policyText('note', max, options.trim ?? true, options);
}
