import { isActive } from './abilities';
import type { BattleRules, Side } from './setup';
import { SIDES } from './setup';
import type { BattleState } from './state';

/**
 * Captain signature abilities (Field Manual §9, DIGEST 10.0 and its table):
 * [000 L146] "All abilities are free in the Captain's base cost and usable
 * once per battle. … A Captain that dies cannot initiate an ability. An
 * ability already declared persists to its printed expiry despite the
 * Captain's death." Declared at the start of a Command Phase, before orders.
 */

/** When a declared ability stops: the end of that Command Phase, the end of that round, the next allied Command Phase, or each ordered formation's next activation. */
export type AbilityExpiry = 'command-phase' | 'round' | 'next-allied-command' | 'next-activation';

export interface AbilityTerms {
  expiry: AbilityExpiry;
  /** What it does while in force, in the table's words. */
  effect: string;
}

/** The printed expiry and effect of each signature ability (DIGEST 10.0 table; [000 L139–L144]). */
export const CAPTAIN_ABILITY_TERMS: Record<string, AbilityTerms> = {
  // [000 L139] "Until the next allied Command Phase, nobody may begin a new Awakened manifestation."
  'burn-the-witch': { expiry: 'next-allied-command', effect: 'nobody may begin a new Awakened manifestation' },
  // [000 L140] "improve their Save by one step against ordinary shooting until each formation's next activation"
  'iron-edict': { expiry: 'next-activation', effect: 'Save one step better against ordinary shooting' },
  // [000 L141] "For one round, enemy non-Captain fighters cannot target the Saltbound Captain with ordinary ranged attacks."
  'parley-under-arms': { expiry: 'round', effect: 'enemy non-Captain fighters cannot target the Captain with ordinary ranged attacks' },
  // [000 L142] "At the beginning of the same Command Phase, the opponent loses its two Captain order opportunities."
  'sins-of-greed': { expiry: 'command-phase', effect: 'the opponent gives no orders this Command Phase' },
  // [000 L143] "Enemy fighters and unengaged hostile cryptids suffer -2 inches Movement (minimum 1) for that round."
  'chains-of-guilt': { expiry: 'round', effect: 'enemy fighters and unengaged cryptids −2" Movement (minimum 1)' },
  // [000 L144] "up to two friendly Core squads … until the following allied Command Phase, they receive a 6+ Wound-negation roll"
  'rally-the-lost': { expiry: 'next-allied-command', effect: 'up to two friendly Core squads: a 6+ roll negates each unsaved Wound' },
};

export const EXPIRY_WORDS: Record<AbilityExpiry, string> = {
  'command-phase': 'until the end of this Command Phase',
  round: 'until the end of this round',
  'next-allied-command': 'until the next allied Command Phase',
  'next-activation': 'until each ordered formation’s next activation',
};

const IN_ROUND: BattleState['phase'][] = ['command', 'event', 'cryptid', 'activations', 'end-of-round'];

type Readable = Pick<BattleState, 'setup' | 'sides' | 'round' | 'phase' | 'command'>;

/** Why the side's Captain may not declare the ability now, in the table's words, or null when it may. */
export function captainAbilityRefusal(s: Readable, side: Side, abilityId: string): string | null {
  const own = s.setup.sides[side === 'A' ? 0 : 1].captainAbilityId;
  if (own !== abilityId) return 'That is not this Captain’s signature ability.';
  const st = s.sides[side];
  if (st.abilityUsedRound !== null) return `The signature ability was already used in round ${st.abilityUsedRound}; it is once per battle (DIGEST 10.0).`;
  if (st.captainLost) return 'A dead or departed Captain cannot declare an ability (DIGEST 10.0).';
  if (s.phase !== 'command') return 'Signature abilities are declared at the start of a Command Phase.';
  if (s.command.orders.length > 0) return 'Signature abilities are declared before any orders (DIGEST 5.10).';
  return null;
}

export interface ActiveAbility {
  side: Side;
  abilityId: string;
  declaredRound: number;
  expiry: AbilityExpiry;
  effect: string;
  /** The Captain has fallen since: the ability persists all the same ([000 L146]). */
  captainFallen: boolean;
  /** Iron Edict: the ordered formations it still covers; null when it is not about particular formations. */
  formations: string[] | null;
}

/**
 * The signature abilities in force now: declared, and not yet at their
 * printed expiry. Every one expires by the end of its round at the latest
 * (DIGEST 5.2 step 7); Iron Edict leaves each ordered formation once that
 * formation's next activation is over.
 */
export function activeCaptainAbilities(s: Pick<BattleState, 'sides' | 'round' | 'phase' | 'rounds' | 'activeFormation' | 'activationSerial'>): ActiveAbility[] {
  const out: ActiveAbility[] = [];
  if (!IN_ROUND.includes(s.phase)) return out;
  for (const side of SIDES) {
    const st = s.sides[side];
    const r = s.rounds[s.round - 1];
    if (st.abilityUsedRound !== s.round || !r) continue;
    for (const declared of r.abilities.filter((a) => a.side === side)) {
      const terms = CAPTAIN_ABILITY_TERMS[declared.abilityId] ?? { expiry: 'round', effect: declared.abilityId };
      if (terms.expiry === 'command-phase' && s.phase !== 'command') continue;
      let formations: string[] | null = null;
      if (terms.expiry === 'next-activation') {
        formations = r.orders
          .filter((o) => o.side === side)
          .map((o) => o.formationId)
          .filter((id) => {
            const f = st.formations.find((x) => x.id === id);
            return !!f && (!f.activatedThisRound || (s.phase === 'activations' && isActive(s, id)));
          });
        // before the orders are given it waits for them; once every ordered formation has activated it is over
        if (r.orders.some((o) => o.side === side) && formations.length === 0) continue;
      }
      out.push({ side, abilityId: declared.abilityId, declaredRound: s.round, ...terms, captainFallen: st.captainLost, formations });
    }
  }
  return out;
}

/** Whether `abilityId`, declared by `side`, is in force now for the formation (when it is about particular formations). */
export function abilityInForce(active: readonly ActiveAbility[], side: Side, abilityId: string, formationId?: string): boolean {
  return active.some(
    (a) => a.side === side && a.abilityId === abilityId && (formationId === undefined || a.formations === null || a.formations.includes(formationId)),
  );
}

/** The ability's name in the pack, or its id. */
export const abilityName = (rules: Pick<BattleRules, 'captainAbilities'>, abilityId: string): string =>
  rules.captainAbilities.find((x) => x.id === abilityId)?.name ?? abilityId;
