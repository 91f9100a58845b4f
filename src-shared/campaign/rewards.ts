import type { BattleResult } from '../battle/outcome';
import type { RuleOptions } from '../ruleset/options';
import type { RulesetPack } from '../ruleset/schema';

/**
 * Battle rewards and the requisition allowance (Field Manual §13; DIGEST
 * §17). Every number comes from the campaign's pack (`pack.economy`), so an
 * organiser who edits the economy changes the arithmetic, not the code.
 */

export type Economy = RulesetPack['economy'];
type RewardKind = 'participation' | 'win' | 'mutant-kills' | 'cryptid-placing';

export interface RewardLine {
  kind: RewardKind;
  amount: number;
  /** A sentence the Journal and the confirmation screen show as the reason. */
  reason: string;
}

export interface RewardInput {
  mode: 'campaign' | 'standalone' | 'crossover';
  mission: number | null;
  result: BattleResult;
  mutantKills: number;
  /** Actual Wounds this player's company removed from the cryptid (sum over its squads). */
  ownCryptidWounds: number;
  opponentCryptidWounds: number;
  /** Was there a cryptid on the table at all? */
  cryptidPresent: boolean;
}

export interface MissionReward {
  total: number;
  lines: RewardLine[];
  /** Why nothing was awarded, when nothing was. */
  noRewardReason?: string;
}

export type PlacingOptions = Pick<RuleOptions, 'cryptidDamageTie'> & { rolloffWinner?: boolean };

/**
 * Cryptid damage placing (DIGEST 17.8, AMB-03): most actual damage earns
 * first place, less earns second, and a company that dealt no Wound earns no
 * placing at all. Equal damage follows the `cryptidDamageTie` option.
 */
export function cryptidPlacing(own: number, opponent: number, economy: Economy, options: PlacingOptions): { place: 'first' | 'second' | null; amount: number } {
  const r = economy.rewards;
  if (own < Math.max(1, r.minWoundsForPlacing)) return { place: null, amount: 0 };
  if (own > opponent) return { place: 'first', amount: r.cryptidFirst };
  if (own < opponent) return { place: 'second', amount: r.cryptidSecond };
  switch (options.cryptidDamageTie) {
    case 'both-first':
      return { place: 'first', amount: r.cryptidFirst };
    case 'both-second':
      return { place: 'second', amount: r.cryptidSecond };
    case 'none':
      return { place: null, amount: 0 };
    case 'rolloff':
      return options.rolloffWinner ? { place: 'first', amount: r.cryptidFirst } : { place: 'second', amount: r.cryptidSecond };
  }
}

/** Mutant kills that count towards the reward under the "maximum 20 counted" reading (AMB-02). */
export function countedMutantKills(kills: number, economy: Economy, unit: RuleOptions['mutantCapUnit']): number {
  const { perMutant, mutantCap } = economy.rewards;
  if (unit === 'mutants' || perMutant === 0) return Math.min(kills, mutantCap);
  // the cap is in RP: as many kills as fit under it
  return Math.min(kills, Math.floor(mutantCap / perMutant));
}

/** The RP one player earns from one finished battle (DIGEST 17.8 formula). */
export function missionReward(input: RewardInput, economy: Economy, options: PlacingOptions & Pick<RuleOptions, 'mutantCapUnit'>): MissionReward {
  if (input.mode === 'standalone') return { total: 0, lines: [], noRewardReason: 'A standalone battle earns no campaign requisition.' };
  if (input.mode === 'crossover') return { total: 0, lines: [], noRewardReason: 'A crossover game advances no campaign and earns no requisition.' };
  if (input.mission === null || !economy.rewardMissions.includes(input.mission)) {
    return {
      total: 0,
      lines: [],
      noRewardReason: `Mission ${input.mission ?? '?'} awards no requisition${input.mission === 5 ? ': it is the finale' : ''}.`,
    };
  }
  const r = economy.rewards;
  const lines: RewardLine[] = [{ kind: 'participation', amount: r.participation, reason: `Took part in mission ${input.mission}` }];
  if (input.result === 'win') lines.push({ kind: 'win', amount: r.win, reason: 'Won the mission' });
  const counted = countedMutantKills(input.mutantKills, economy, options.mutantCapUnit);
  if (counted > 0) {
    const capNote = counted < input.mutantKills ? ` (${input.mutantKills} defeated, ${counted} counted)` : '';
    lines.push({
      kind: 'mutant-kills',
      amount: counted * r.perMutant,
      reason: `${counted} mutant${counted === 1 ? '' : 's'} defeated × ${r.perMutant}${capNote}`,
    });
  }
  if (input.cryptidPresent) {
    const p = cryptidPlacing(input.ownCryptidWounds, input.opponentCryptidWounds, economy, options);
    if (p.place && p.amount > 0) {
      const tie = input.ownCryptidWounds === input.opponentCryptidWounds ? ', tied' : '';
      lines.push({
        kind: 'cryptid-placing',
        amount: p.amount,
        reason: `${p.place === 'first' ? 'Most' : 'Second most'} damage to the cryptid (${input.ownCryptidWounds} vs ${input.opponentCryptidWounds} Wounds${tie})`,
      });
    }
  }
  return { total: lines.reduce((s, l) => s + l.amount, 0), lines };
}

/**
 * The allowance before a mission (DIGEST 17.2–17.3): the start plus every
 * reward earned so far, never above the ceiling. Rewards are never negative,
 * so capping once at the end equals capping after each mission.
 */
export function allowanceAfter(economy: Economy, rewards: readonly number[]): number {
  return Math.min(economy.cap, economy.startingAllowance + rewards.reduce((s, n) => s + n, 0));
}

/** How much of a reward fits under the ceiling from `current`; the rest is cut. */
export function ceilingCut(current: number, reward: number, cap: number): number {
  const room = Math.max(0, cap - current);
  return reward > room ? reward - room : 0;
}
