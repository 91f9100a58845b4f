import type { RulesetPack } from '../../ruleset/schema';
import { SLOT_LABEL } from '../labels';
import { FORMATION_SLOTS, type Formation, type FormationSlot, type Roster } from '../schema';
import type { RosterViolation } from '../violation';
import { plural, type RosterRule } from './rule';

const SECTION: Record<FormationSlot, string> = {
  core: 'Field Manual §2 step 2',
  elite: 'Field Manual §2 step 3',
  skirmisher: 'Field Manual §2 step 4',
  heavy: 'Field Manual §2 step 5',
};

const RULE_ID: Record<FormationSlot, string> = {
  core: 'core-squads',
  elite: 'elite-squads',
  skirmisher: 'skirmisher-patrols',
  heavy: 'heavies',
};

const CODE_PREFIX: Record<FormationSlot, 'CORE' | 'ELITE' | 'SKIRMISHER' | 'HEAVY'> = {
  core: 'CORE',
  elite: 'ELITE',
  skirmisher: 'SKIRMISHER',
  heavy: 'HEAVY',
};

function range(min: number, max: number): string {
  return min === max ? `exactly ${min}` : `${min}–${max}`;
}

/** "a Core squad", "an Elite squad". */
const withArticle = (noun: string) => `${/^[AEIOU]/.test(noun) ? 'an' : 'a'} ${noun}`;

/** The most formations of one slot a warband may have, and the rule's words for it: the count rule and the Builder both read it. */
function slotLimit(pack: RulesetPack, slot: FormationSlot): { max: number; words: string } {
  const { max } = pack.recruitment[slot];
  return { max, words: `a warband may have at most ${plural(max, SLOT_LABEL[slot].one, SLOT_LABEL[slot].many)}` };
}

/**
 * Why one more formation of this slot would break the count rule below, in a player's words citing the Field Manual,
 * or null when it may be added. The Builder disables its "Add …" control with this as the reason; a roster already
 * past the limit (an import) is still flagged by the rule itself.
 */
export function addFormationRefusal(roster: Roster, pack: RulesetPack, slot: FormationSlot): string | null {
  const { max, words } = slotLimit(pack, slot);
  const n = roster.formations.filter((f) => f.slot === slot).length;
  if (n < max) return null;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}, and this one has ${n} (${SECTION[slot]}).`;
}

/**
 * Why one more fighter in this formation would break the size rule below, in a player's words citing the Field
 * Manual, or null when one may be added. The Builder disables the formation's "Add fighter" with it.
 */
export function addFighterRefusal(pack: RulesetPack, f: Formation): string | null {
  const { size } = pack.recruitment[f.slot];
  if (f.fighters.length < size.max) return null;
  const one = withArticle(SLOT_LABEL[f.slot].one);
  return `${one.charAt(0).toUpperCase()}${one.slice(1)} has ${range(size.min, size.max)} fighters, and ${f.name} has ${f.fighters.length} (${SECTION[f.slot]}).`;
}

/** How many formations of one slot, and how many fighters in each; the numbers come from `pack.recruitment`. */
function slotRule(slot: FormationSlot): RosterRule {
  const label = SLOT_LABEL[slot];
  const prefix = CODE_PREFIX[slot];
  const rule = SECTION[slot];
  return {
    id: RULE_ID[slot],
    cites: rule,
    check: ({ pack, bySlot }) => {
      const { min, size } = pack.recruitment[slot];
      const { max, words } = slotLimit(pack, slot);
      const list = bySlot[slot];
      const v: RosterViolation[] = [];
      if (list.length < min) {
        v.push({
          code: `${prefix}_COUNT_MIN`,
          message: `Recruit ${plural(min - list.length, `more ${label.one}`, `more ${label.many}`)}: a warband needs at least ${min} (it has ${list.length}).`,
          rule,
          path: ['formations'],
        });
      }
      // reported on every formation beyond the limit, so the Builder marks the ones to remove
      for (const { f, i } of list.slice(max)) {
        v.push({
          code: `${prefix}_COUNT_MAX`,
          message: `Remove this ${label.one}: ${words} (it has ${list.length}).`,
          rule,
          formationId: f.id,
          path: ['formations', i],
        });
      }
      for (const { f, i } of list) {
        const n = f.fighters.length;
        if (n >= size.min && n <= size.max) continue;
        const change = n < size.min ? `add ${plural(size.min - n, 'fighter')}` : `remove ${plural(n - size.max, 'fighter')}`;
        v.push({
          code: `${prefix}_SIZE`,
          message: `${f.name} has ${plural(n, 'fighter')}; ${withArticle(label.one)} has ${range(size.min, size.max)}: ${change}.`,
          rule,
          formationId: f.id,
          path: ['formations', i, 'fighters'],
        });
      }
      return v;
    },
  };
}

/** [000 §2 steps 2–5] formation counts and sizes, in rule order. */
export const FORMATION_SLOT_RULES: RosterRule[] = FORMATION_SLOTS.map(slotRule);
