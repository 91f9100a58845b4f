import { AppError } from '../errors';
import type { ActivationMove, ActivationStrategy, ActivationTurn, Owner, RoundStart, Side } from './activation-strategy';
import { otherSide } from './activation-strategy';
import type { AlternatingState } from './alternating-activation.schema';
import { activationCounts, initiativeFor, passTokensFor } from './alternating-initiative';

export type { AlternatingState } from './alternating-activation.schema';

/**
 * The alternating-activation sequence of the optional module (DIGEST §23,
 * seed 003 T1–T8), with a formation in place of a 003 fighter.
 *
 * Figures fixed at the start of the round (counts, initiative, Pass tokens)
 * are never recalculated during it (T2): losses only take formations out of
 * the queue. Neutral mutant patrols are not covered by seed 003; the module
 * activates them one at a time once both players are done, so they never
 * break the players' alternation.
 */

function waitingOf(s: AlternatingState, owner: Owner): string[] {
  return owner === 'neutral' ? s.waiting.neutral : owner === 0 ? s.waiting.side0 : s.waiting.side1;
}

function withWaiting(s: AlternatingState, owner: Owner, list: string[]): AlternatingState {
  const key = owner === 'neutral' ? 'neutral' : owner === 0 ? 'side0' : 'side1';
  return { ...s, waiting: { ...s.waiting, [key]: list } };
}

function setAt<T>(p: readonly [T, T], side: Side, v: T): [T, T] {
  return side === 0 ? [v, p[1]] : [p[0], v];
}

/** Whose turn it really is: T8 lets the other side finish alone; neutrals go last. */
function actor(s: AlternatingState): Owner | null {
  if (waitingOf(s, s.toAct).length > 0) return s.toAct;
  const other = otherSide(s.toAct);
  if (waitingOf(s, other).length > 0) return other;
  if (s.waiting.neutral.length > 0) return 'neutral';
  return null;
}

/** T8: at the end of the round unspent Pass tokens are removed. */
function closeIfOver(s: AlternatingState): AlternatingState {
  if (actor(s) !== null) return s;
  if (s.passTokens[0] === 0 && s.passTokens[1] === 0) return s;
  return { ...s, discardedPassTokens: [s.passTokens[0], s.passTokens[1]], passTokens: [0, 0] };
}

function turnOf(s: AlternatingState): Exclude<ActivationTurn, { kind: 'draw' }> {
  const who = actor(s);
  if (who === null) return { kind: 'round-over' };
  if (who === 'neutral') return { kind: 'choose', owner: 'neutral', eligible: s.waiting.neutral, mayPass: false, passTokens: 0 };
  const tokens = s.passTokens[who];
  // A pass hands the turn to the opponent, so it needs an opponent still to act (T8).
  const opponentCanAct = waitingOf(s, otherSide(who)).length > 0;
  return { kind: 'choose', owner: who, eligible: waitingOf(s, who), mayPass: tokens > 0 && !s.passedLastTurn[who] && opponentCanAct, passTokens: tokens };
}

export const AlternatingActivation: ActivationStrategy<AlternatingState> = {
  sequence: 'alternating',

  startRound(start: RoundStart, previous: AlternatingState | null): AlternatingState {
    const counts = activationCounts(start.formations);
    let initiative: Side;
    try {
      initiative = initiativeFor(start.round, counts, start.setupInitiative, previous?.initiative);
    } catch (e) {
      throw new AppError('RULE_VIOLATION', (e as Error).message, { path: ['setupInitiative'] });
    }
    const tokens = passTokensFor(counts);
    const ids = (owner: Owner) => start.formations.filter((f) => f.canActivate && f.owner === owner).map((f) => f.formationId);
    return closeIfOver({
      sequence: 'alternating',
      round: start.round,
      counts,
      initiative,
      passTokensGranted: tokens,
      passTokens: tokens,
      passedLastTurn: [false, false],
      toAct: initiative,
      waiting: { side0: ids(0), side1: ids(1), neutral: ids('neutral') },
      log: [],
      discardedPassTokens: [0, 0],
    });
  },

  turn: turnOf,

  apply(s: AlternatingState, move: ActivationMove): AlternatingState {
    const t = turnOf(s);
    if (t.kind === 'round-over') throw new AppError('RULE_VIOLATION', 'The round is over: every formation that can activate has done so.');
    if (move.kind === 'draw') throw new AppError('RULE_VIOLATION', 'This battle alternates activations; there is no token bag to draw from.');
    if (move.kind === 'pass') {
      if (t.owner === 'neutral') throw new AppError('RULE_VIOLATION', 'Neutral patrols cannot pass.');
      if (t.passTokens === 0) throw new AppError('RULE_VIOLATION', 'No Pass tokens left this round.', { path: ['pass'] });
      if (s.passedLastTurn[t.owner])
        throw new AppError('RULE_VIOLATION', 'You passed on your last turn: activate a formation before passing again.', { path: ['pass'] });
      if (!t.mayPass)
        throw new AppError('RULE_VIOLATION', 'Your opponent has no formation left to activate, so there is nothing to pass to.', { path: ['pass'] });
      return closeIfOver({
        ...s,
        passTokens: setAt(s.passTokens, t.owner, s.passTokens[t.owner] - 1),
        passedLastTurn: setAt(s.passedLastTurn, t.owner, true),
        toAct: otherSide(t.owner),
        log: [...s.log, { kind: 'pass', owner: t.owner }],
      });
    }
    if (!t.eligible.includes(move.formationId)) {
      const owned = [0, 1, 'neutral'].some((o) => waitingOf(s, o as Owner).includes(move.formationId));
      throw new AppError(
        'RULE_VIOLATION',
        owned ? 'It is not that side’s turn to activate.' : 'That formation has already activated this round or cannot activate.',
        { path: ['formationId'] },
      );
    }
    let next = withWaiting(
      s,
      t.owner,
      waitingOf(s, t.owner).filter((id) => id !== move.formationId),
    );
    next = { ...next, log: [...s.log, { kind: 'activate', owner: t.owner, formationId: move.formationId }] };
    if (t.owner !== 'neutral') next = { ...next, passedLastTurn: setAt(s.passedLastTurn, t.owner, false), toAct: otherSide(t.owner) };
    return closeIfOver(next);
  },

  markUnavailable(s: AlternatingState, formationId: string): AlternatingState {
    let next = s;
    for (const o of [0, 1, 'neutral'] as Owner[])
      next = withWaiting(
        next,
        o,
        waitingOf(next, o).filter((id) => id !== formationId),
      );
    return closeIfOver(next);
  },

  activated: (s) => s.log.flatMap((e) => (e.kind === 'activate' ? [e.formationId] : [])),

  isRoundOver: (s) => actor(s) === null,
};
