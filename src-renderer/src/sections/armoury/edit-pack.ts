import type { RulesetPack } from '../../../../src-shared/ruleset/schema';

/** Fields a whole-entity '*' flag stands for, so part of an entity can be confirmed. */
const ENTITY_FIELDS = ['name', 'cost', 'profile', 'weapons', 'loadouts', 'text', 'specialRules'];

/** The provisional list with `fields` (and their sub-fields) confirmed as official. */
export function confirmFields(provisional: string[], fields: string[]): string[] {
  const expanded = provisional.includes('*') ? [...provisional.filter((p) => p !== '*'), ...ENTITY_FIELDS] : provisional;
  return [...new Set(expanded.filter((p) => !fields.some((f) => p === f || p.startsWith(`${f}.`))))];
}

/** A deep, mutable copy of a pack for an edit. */
export function draftOf(pack: RulesetPack): RulesetPack {
  return structuredClone(pack) as RulesetPack;
}
