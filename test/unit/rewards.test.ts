import { describe, expect, it } from 'vitest';
import { allowanceAfter, ceilingCut, cryptidPlacing, missionReward, type RewardInput } from '../../src-shared/campaign/rewards';
import { cryptidDiceFor, formationAward, rankFor } from '../../src-shared/campaign/veterans';
import { DEFAULT_RULE_OPTIONS, type RuleOptions } from '../../src-shared/ruleset/options';
import { FIELD_MANUAL_ECONOMY as ECON } from '../fixtures/campaign-rules';

const base: RewardInput = {
  mode: 'campaign',
  mission: 1,
  result: 'loss',
  mutantKills: 0,
  ownCryptidWounds: 0,
  opponentCryptidWounds: 0,
  cryptidPresent: false,
};
const opts = (o: Partial<RuleOptions> = {}) => ({ ...DEFAULT_RULE_OPTIONS, ...o });

describe('missionReward [000 §13 L263; DIGEST 17.8]', () => {
  const cases: [string, Partial<RewardInput>, Partial<RuleOptions>, number][] = [
    ['taking part, whatever the result: +18', {}, {}, 18],
    ['a draw is not a win', { result: 'draw' }, {}, 18],
    ['a win adds +10', { result: 'win' }, {}, 28],
    ['+2 per mutant personally defeated', { mutantKills: 3 }, {}, 18 + 6],
    [
      'acceptance 4: win, 3 mutants, most cryptid damage = 44',
      { result: 'win', mutantKills: 3, cryptidPresent: true, ownCryptidWounds: 6, opponentCryptidWounds: 2 },
      {},
      44,
    ],
    ['"maximum 20 counted" read as 20 mutants (AMB-02 default): 25 kills count 20', { mutantKills: 25 }, {}, 18 + 40],
    ['"maximum 20 counted" as 20 RP (option rp): 15 kills count 10', { mutantKills: 15 }, { mutantCapUnit: 'rp' }, 18 + 20],
    ['most actual cryptid damage: +10', { cryptidPresent: true, ownCryptidWounds: 5, opponentCryptidWounds: 4 }, {}, 28],
    ['second place: +4', { cryptidPresent: true, ownCryptidWounds: 4, opponentCryptidWounds: 5 }, {}, 22],
    ['zero cryptid Wounds earns no placing, even second of two', { cryptidPresent: true, ownCryptidWounds: 0, opponentCryptidWounds: 5 }, {}, 18],
    ['zero Wounds on both sides: no placing for anyone', { cryptidPresent: true }, {}, 18],
    ['tie, default both-first (AMB-03): +10 each', { cryptidPresent: true, ownCryptidWounds: 6, opponentCryptidWounds: 6 }, {}, 28],
    ['tie, option both-second: +4 each', { cryptidPresent: true, ownCryptidWounds: 6, opponentCryptidWounds: 6 }, { cryptidDamageTie: 'both-second' }, 22],
    ['tie, option none', { cryptidPresent: true, ownCryptidWounds: 6, opponentCryptidWounds: 6 }, { cryptidDamageTie: 'none' }, 18],
    ['no cryptid on the table: no placing', { ownCryptidWounds: 6 }, {}, 18],
    ['mission 4 still rewards', { mission: 4, result: 'win' }, {}, 28],
    ['mission 5 is the finale: no RP [000 L263]', { mission: 5, result: 'win', mutantKills: 4 }, {}, 0],
    ['standalone battles earn nothing [000 L261]', { mode: 'standalone', result: 'win', mutantKills: 4 }, {}, 0],
    ['crossover games earn nothing (AMB-24)', { mode: 'crossover', result: 'win' }, {}, 0],
    [
      'maximum under AMB-02: 18 + 10 + 40 + 10 = 78',
      { result: 'win', mutantKills: 20, cryptidPresent: true, ownCryptidWounds: 9, opponentCryptidWounds: 1 },
      {},
      78,
    ],
  ];
  it.each(cases)('%s', (_name, input, o, total) => {
    const r = missionReward({ ...base, ...input }, ECON, opts(o));
    expect(r.total).toBe(total);
    expect(r.lines.reduce((s, l) => s + l.amount, 0)).toBe(total);
    if (total === 0) expect(r.noRewardReason).toBeTruthy();
    else expect(r.lines.every((l) => l.reason.length > 0)).toBe(true);
  });

  it('reads every number from the pack, not from constants', () => {
    const doubled = { ...ECON, rewards: { ...ECON.rewards, participation: 36, win: 20 } };
    expect(missionReward({ ...base, result: 'win' }, doubled, opts()).total).toBe(56);
  });

  it('ties settled by a roll-off: the winner takes first, the other second', () => {
    expect(cryptidPlacing(6, 6, ECON, { cryptidDamageTie: 'rolloff', rolloffWinner: true }).amount).toBe(10);
    expect(cryptidPlacing(6, 6, ECON, { cryptidDamageTie: 'rolloff', rolloffWinner: false }).amount).toBe(4);
  });
});

describe('allowance [000 §13 L248–250; DIGEST 17.1–17.3]', () => {
  const cases: [string, number[], number][] = [
    ['a campaign starts at 400', [], 400],
    ['the Field Manual: 28 earned means 428 for Mission 2', [28], 428],
    ['the Field Manual: 18 earned means 418', [18], 418],
    ['rewards add up over missions 1–4', [28, 44, 18], 490],
    ['the hard ceiling is 500', [78, 78], 500],
    ['exactly at the ceiling', [50, 50], 500],
  ];
  it.each(cases)('%s', (_n, rewards, expected) => expect(allowanceAfter(ECON, rewards)).toBe(expected));

  it('the ceiling cut is what does not fit', () => {
    expect(ceilingCut(490, 28, 500)).toBe(18);
    expect(ceilingCut(400, 28, 500)).toBe(0);
    expect(ceilingCut(500, 18, 500)).toBe(18);
  });
});

describe('service marks, ranks, Cryptid Dice [000 §11 L234–235, §10 L156–157; DIGEST 16.3–16.4, 13.13–13.14]', () => {
  it.each([
    [0, null, 0],
    [1, 'I', 1],
    [2, 'I', 1],
    [3, 'II', 2],
    [7, 'II', 2],
  ] as const)('%i marks → rank %s with %i Veteran Sixes', (marks, rank, sixes) => {
    expect(rankFor(marks, ECON)).toEqual({ rank, veteranSixes: sixes });
  });

  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [9, 1],
    [10, 2],
    [14, 2],
  ])('%i Wounds by one squad → %i Cryptid Dice', (w, dice) => expect(cryptidDiceFor(w, 5)).toBe(dice));

  it('dice are never pooled across squads: 4 + 4 + 4 Wounds earn none (DIGEST AMB-06)', () => {
    const dice = [4, 4, 4].map(
      (w) => formationAward({ formationId: 'x', name: 'x', slot: 'core', startingModels: 5, survivors: 1, retreated: 0, cryptidWounds: w }, 5).cryptidDice,
    );
    expect(dice.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it.each([
    ['a survivor earns a mark', { survivors: 1, retreated: 0 }, true],
    ['a fighter who retreated counts as a survivor', { survivors: 1, retreated: 1 }, true],
    ['a wiped-out formation earns none', { survivors: 0, retreated: 0 }, false],
  ])('%s', (_n, f, mark) => {
    expect(formationAward({ formationId: 'x', name: 'x', slot: 'core', startingModels: 5, cryptidWounds: 0, ...f }, 5).serviceMark).toBe(mark);
  });

  it('one Wound to a cryptid makes a Cryptid Veteran; none does not', () => {
    const f = { formationId: 'x', name: 'x', slot: 'core' as const, startingModels: 5, survivors: 1, retreated: 0 };
    expect(formationAward({ ...f, cryptidWounds: 1 }, 5).cryptidVeteran).toBe(true);
    expect(formationAward({ ...f, cryptidWounds: 0 }, 5).cryptidVeteran).toBe(false);
  });
});
