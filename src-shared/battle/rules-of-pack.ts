import type { BattleRules } from './setup';
import type { RuleOptions } from '../ruleset/options';
import type { RulesetPack } from '../ruleset/schema';

/** The slice of a pack the round procedure reads, with the options the battle is played under. */
export function battleRules(pack: RulesetPack, options: RuleOptions): BattleRules {
  return {
    missions: pack.missions,
    provinces: pack.provinces,
    cryptids: pack.cryptids,
    cryptidRules: pack.cryptidRules,
    environmentEvent: pack.environmentEvent,
    storm: pack.storm,
    orders: pack.orders,
    gambits: pack.gambits,
    captainAbilities: pack.captainAbilities,
    ruleOfCool: pack.ruleOfCool,
    options: {
      enragedThreshold: options.enragedThreshold,
      latchRout: options.latchRout,
      explosionSaves: options.explosionSaves,
      explosionCredit: options.explosionCredit,
      cryptidDamageTie: options.cryptidDamageTie,
    },
  };
}
