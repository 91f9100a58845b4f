import type { ActivationSequence, ActivationStrategy } from './activation-strategy';
import { AlternatingActivation } from './alternating-activation';
import { BagActivation } from './bag';

/**
 * The activation strategies Play Mode can run, by the sequence a battle
 * stored when it started: the token bag, or the optional alternating module
 * (DIGEST §23). A battle asking for a strategy that is not present is refused
 * at start rather than half-played.
 */
const STRATEGIES: Partial<Record<ActivationSequence, ActivationStrategy<unknown>>> = {
  bag: BagActivation as ActivationStrategy<unknown>,
  alternating: AlternatingActivation as ActivationStrategy<unknown>,
};

export function activationStrategy(sequence: ActivationSequence): ActivationStrategy<unknown> | undefined {
  return STRATEGIES[sequence];
}
