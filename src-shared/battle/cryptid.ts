import type { RulesetPack } from '../ruleset/schema';
import type { Side } from './setup';

/**
 * The cryptid procedure's computable steps (DIGEST §13, Bestiary steps 01–06).
 * Distances and who is in contact stay on the table: the players say whether
 * the cryptid is engaged, the app rolls and tells them what it does.
 */

type Band = { min: number; max: number };
const inBand = (roll: number, b: Band) => roll >= b.min && roll <= b.max;

/** Province table: D6 1–2 the first creature, 3–4 the second, 5–6 the third (DIGEST 13.2). */
export function provinceSlot(roll: number): 0 | 1 | 2 {
  if (roll < 1 || roll > 6) throw new RangeError(`A D6 shows 1–6, not ${roll}`);
  return roll <= 2 ? 0 : roll <= 4 ? 1 : 2;
}

/** Entry point from the pack's D6 table when the scenario names none (DIGEST 13.3). */
export function entryForRoll(rules: Pick<RulesetPack['cryptidRules'], 'entry'>, roll: number): { id: string; name: string } {
  const e = rules.entry.find((b) => inBand(roll, b));
  if (!e) throw new RangeError(`No entry point for a roll of ${roll}`);
  return { id: e.id, name: e.name };
}

/** Behaviour D6: Stalk, Hunt, Rush, Feral Instinct (DIGEST 13.8). */
export function behaviourForRoll(rules: Pick<RulesetPack['cryptidRules'], 'behaviour'>, roll: number) {
  const b = rules.behaviour.find((x) => inBand(roll, x));
  if (!b) throw new RangeError(`No behaviour for a roll of ${roll}`);
  return b;
}

/**
 * Target roll-off: both roll a D6, the LOWER roll is the target, ties reroll
 * (DIGEST 13.4, AMB-20). Returns null while the last pair is a tie.
 */
export function rolloffLower(rolls: readonly (readonly [number, number])[]): Side | null {
  const last = rolls[rolls.length - 1];
  if (!last || last[0] === last[1]) return null;
  return last[0] < last[1] ? 'A' : 'B';
}

/** Every other roll-off (deployment edge, declaration order): the HIGHER roll wins, ties reroll (AMB-20). */
export function rolloffHigher(rolls: readonly (readonly [number, number])[]): Side | null {
  const last = rolls[rolls.length - 1];
  if (!last || last[0] === last[1]) return null;
  return last[0] > last[1] ? 'A' : 'B';
}

/** Only the last pair may decide: every earlier pair must be a tie. */
export function rolloffWellFormed(rolls: readonly (readonly [number, number])[]): boolean {
  return rolls.length > 0 && rolls.slice(0, -1).every(([a, b]) => a === b) && rolls[rolls.length - 1]![0] !== rolls[rolls.length - 1]![1];
}

/** Starting Wounds: 15 standard, 20 boss-class (DIGEST 13.10), from the pack. */
export function startingWounds(rules: Pick<RulesetPack['cryptidRules'], 'standardWounds' | 'bossWounds'>, cls: 'standard' | 'boss'): number {
  return cls === 'boss' ? rules.bossWounds : rules.standardWounds;
}

/**
 * Enraged at half its starting Wounds or below (DIGEST 13.11, AMB-05):
 * default `2 × remaining ≤ start` (≤7 of 15, ≤10 of 20); the option rounds
 * half up (≤8 of 15). The caller latches it: once Enraged, always Enraged.
 */
export function isEnragedAt(remaining: number, start: number, threshold: 'half-or-below' | 'half-rounded-up'): boolean {
  return threshold === 'half-or-below' ? 2 * remaining <= start : remaining <= Math.ceil(start / 2);
}

/** Actual Wounds credited: what the cryptid really loses, never the overkill (AMB-04). */
export function creditedWounds(amount: number, remaining: number): number {
  return Math.max(0, Math.min(amount, remaining));
}

/** Cryptid Dice: one per complete 5 Wounds by one squad, never pooled (DIGEST 13.13). */
export function cryptidDiceEarned(woundsBySquad: readonly number[], per = 5): number {
  return woundsBySquad.reduce((n, w) => n + Math.floor(w / per), 0);
}

/** What the cryptid's turn is made of this round (DIGEST 13.4–13.8): the engine's decision, which the handler checks the dice against. */
export interface CryptidTurn {
  /** The two-player roll-off for its target army, lower roll targeted. */
  rollsTarget: boolean;
  /** The behaviour D6. */
  rollsBehaviour: boolean;
  /** It makes its listed attacks before the fighters it is engaged with strike back. */
  strikesFirst: boolean;
  /** Its listed Attacks, plus the Enraged extra; null when its profile is unknown. */
  attacks: number | null;
}

/**
 * [001 L41] "Do not reroll its target while it is engaged in melee. It
 * attacks first in the existing combat." Unengaged, it rolls for its target
 * and its behaviour and moves and attacks as directed (DIGEST 13.6).
 */
export function cryptidTurn(engaged: boolean, c: { enraged: boolean }, listedAttacks: number | null, enragedExtraAttacks: number): CryptidTurn {
  const attacks = listedAttacks === null ? null : listedAttacks + (c.enraged ? enragedExtraAttacks : 0);
  return engaged
    ? { rollsTarget: false, rollsBehaviour: false, strikesFirst: true, attacks }
    : { rollsTarget: true, rollsBehaviour: true, strikesFirst: false, attacks };
}
