import packJson from './packs/age-of-ash-2.4.json';
import { rulesetPackSchema, type RulesetPack } from './schema';

/**
 * The default "Age of Ash 2.4" pack that ships with the app. The JSON file is
 * the source of truth (readable, diffable, under version control); it is
 * parsed through the schema once, so defaults are filled in and a broken edit
 * to the file fails loudly at start-up rather than somewhere in a battle.
 */
let cached: RulesetPack | undefined;

export function getBundledPack(): RulesetPack {
  if (!cached) cached = Object.freeze(rulesetPackSchema.parse(packJson)) as RulesetPack;
  return cached;
}

/** A fresh, mutable copy of the bundled pack (for editing into a new version). */
export function cloneBundledPack(): RulesetPack {
  return structuredClone(getBundledPack());
}

export const BUNDLED_PACK_ID = 'age-of-ash';
