import { AppError } from '../errors';
import type { ActivationStartDemand, MoraleStrategy, Side, SideLosses } from './activation-strategy';
import type { RoutState } from './morale-rout.schema';

export type { RoutState } from './morale-rout.schema';

/**
 * Rout morale of the optional module (DIGEST §23, seed 003 T11–T15), with the
 * adapter's mapping: the starting count is the models deployed at the start,
 * a model is lost when destroyed (Out of Action); retreated models are not
 * lost (AMB-S4); Stunned and Downed do not exist in Age of Ash, so they add 0.
 * A formation takes one Will check at the start of its activation while its
 * company routes; a failure makes it Broken: it must withdraw as Field Manual
 * §11 step 1 describes and never tests again.
 */

/** T12: routing once lost > starting / 2, i.e. lost ≥ floor(starting / 2) + 1. */
export function routThreshold(starting: number): number {
  if (!Number.isInteger(starting) || starting < 0) throw new RangeError('The starting count is a whole number, 0 or more.');
  return Math.floor(starting / 2) + 1;
}

export function isRoutingCount(starting: number, lost: number): boolean {
  // An empty company (nothing deployed) has nothing to rout.
  return starting > 0 && lost >= routThreshold(starting);
}

/** T11 with the adapter: only destroyed models are lost. */
function lostModels(losses: Omit<SideLosses, 'deployed'>): number {
  return losses.destroyed;
}

function routingNow(s: RoutState, side: Side): boolean {
  const st = s.sides[side];
  const live = isRoutingCount(st.starting, st.lost);
  // AMB-S6: recomputed at each check by default; latched once reached if the option says so.
  return s.latch ? live || st.everRouted : live;
}

export function routMorale(options: { latch: boolean }): MoraleStrategy<RoutState> {
  return {
    rule: 'rout',

    start(deployed) {
      const side = (n: number) => {
        if (!Number.isInteger(n) || n < 0) throw new AppError('VALIDATION', 'Models deployed is a whole number, 0 or more.', { path: ['deployed'] });
        return { starting: n, lost: 0, retreated: 0, everRouted: false };
      };
      return { rule: 'rout', latch: options.latch, sides: [side(deployed[0]), side(deployed[1])], broken: {}, checks: [] };
    },

    recordLosses(s, side, losses) {
      const st = s.sides[side];
      const lost = lostModels(losses);
      if (lost + losses.retreated > st.starting)
        throw new AppError('VALIDATION', `More models destroyed or retreated (${lost + losses.retreated}) than were deployed (${st.starting}).`, {
          path: ['destroyed'],
        });
      const updated = { ...st, lost, retreated: losses.retreated, everRouted: st.everRouted || isRoutingCount(st.starting, lost) };
      const sides: RoutState['sides'] = side === 0 ? [updated, s.sides[1]] : [s.sides[0], updated];
      return { ...s, sides };
    },

    isRouting: routingNow,

    demandAtActivation(s, side, formationId): ActivationStartDemand {
      const steps = s.broken[formationId];
      if (steps !== undefined) return { kind: 'withdraw', step: steps + 1 };
      return routingNow(s, side) ? { kind: 'will-check' } : { kind: 'none' };
    },

    resolveWillCheck(s, side, formationId, passed) {
      if (s.broken[formationId] !== undefined)
        throw new AppError('RULE_VIOLATION', 'A Broken formation does not test again; it withdraws.', { path: ['formationId'] });
      if (!routingNow(s, side)) throw new AppError('RULE_VIOLATION', 'Only a routing company takes Will checks.', { path: ['formationId'] });
      const checks = [...s.checks, { side, formationId, passed }];
      return passed ? { ...s, checks } : { ...s, checks, broken: { ...s.broken, [formationId]: 0 } };
    },

    recordWithdrawal(s, formationId) {
      const steps = s.broken[formationId];
      if (steps === undefined) throw new AppError('RULE_VIOLATION', 'Only a Broken formation withdraws.', { path: ['formationId'] });
      return { ...s, broken: { ...s.broken, [formationId]: steps + 1 } };
    },

    isBroken: (s, formationId) => s.broken[formationId] !== undefined,
  };
}

/** The default instance (routing recomputed at each check). */
export const RoutMorale = routMorale({ latch: false });

/** What a Broken formation must do on its n-th withdrawal activation [000 §11 step 1]. */
export function withdrawalInstruction(step: number): string {
  return step <= 1
    ? 'Broken: this activation it withdraws towards its own deployment edge, up to its normal speed.'
    : 'Broken: this activation it withdraws up to double speed and leaves the table at its own deployment edge. It can be attacked until it has left.';
}
