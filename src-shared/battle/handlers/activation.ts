import type { Owner } from '../activation-strategy';
import { routMorale } from '../morale-rout';
import { willCheckPasses } from '../morale-will-check';
import type { Side } from '../setup';
import { gambitRefusal } from '../gambits';
import { arriveByUncloak, formationLabel, formationRefusal } from '../formation-life';
import { violation, type BattleDraft, type EventHandlers } from './handler';
import { currentRound, formationOf, formationThatMay, IN_ROUND, requirePhase, sideIndex, sideOfFormation } from './lookups';
import { activateFormation, endIfRoundOver, strategyOf } from './round-flow';

const ownerToSide = (o: Owner): Side | 'neutral' => (o === 'neutral' ? 'neutral' : o === 0 ? 'A' : 'B');

/** Why this player formation may not take the activation the table offers now: its life cycle first, then the colour drawn. */
function refuseActivation(s: BattleDraft, side: Side, formationId: string): void {
  const why = formationRefusal(s, side, formationId, 'activate');
  if (why) throw violation(why, ['formationId']);
  const turn = strategyOf(s).turn(s.activation);
  if (turn.kind === 'choose' && turn.owner !== sideIndex(side))
    throw violation(
      `${formationLabel(s, side, formationId)} is side ${side}’s: the token drawn is ${turn.owner === 'neutral' ? 'the mutants’' : `side ${ownerToSide(turn.owner)}’s`} colour (Field Manual §4).`,
      ['formationId'],
    );
}

/**
 * The activations of a round: the bag's draws and picks (DIGEST 5.3–5.5), the
 * alternating module's passes and Will checks (DIGEST §23), and what a player
 * may do in the middle of them (Field Gambits, Uncloak).
 */
export const activationHandlers: Pick<EventHandlers, 'bag.draw' | 'bag.activate' | 'bag.pass' | 'morale.willCheck' | 'gambit' | 'uncloak'> = {
  'bag.draw': (s, b, { ev }) => {
    requirePhase(s, 'activations');
    const st = strategyOf(s);
    const turn = st.turn(s.activation);
    if (turn.kind !== 'draw') throw violation(turn.kind === 'choose' ? 'Pick the formation for the token drawn first.' : 'The bag is empty.');
    const bag = s.activation as { tokens?: Owner[] };
    const shown = bag.tokens?.[b.index];
    if (shown === undefined || ownerToSide(shown) !== b.owner) throw violation('That draw does not match the bag.', ['index']);
    s.activation = st.apply(s.activation, { kind: 'draw', index: b.index });
    s.roundDraws.push({ eventId: ev.id, kind: 'bag.draw' });
    currentRound(s).tokensDrawn += 1;
    endIfRoundOver(s);
  },

  'bag.activate': (s, b, { ev, rules }) => {
    requirePhase(s, 'activations');
    const st = strategyOf(s);
    const owner = sideOfFormation(s, b.formationId);
    if (owner) refuseActivation(s, owner, b.formationId);
    const morale = s.morale ? routMorale({ latch: s.morale.latch }) : null;
    const demand = morale && owner ? morale.demandAtActivation(s.morale!, sideIndex(owner), b.formationId) : { kind: 'none' as const };
    if (demand.kind === 'will-check')
      throw violation(
        `${formationOf(s, owner!, b.formationId).name}’s company is routing: it takes its Will check before it may act (house-rule module, DIGEST §23 T13).`,
        ['formationId'],
      );
    s.activation = st.apply(s.activation, { kind: 'activate', formationId: b.formationId });
    // A Broken formation's activation is its next withdrawal move (T15, Field Manual §11 step 1).
    if (demand.kind === 'withdraw') s.morale = morale!.recordWithdrawal(s.morale!, b.formationId);
    activateFormation(s, b.formationId, rules);
    s.roundDraws.push({ eventId: ev.id, kind: 'bag.activate' });
    endIfRoundOver(s);
  },

  'bag.pass': (s, _b, { ev }) => {
    requirePhase(s, 'activations');
    const st = strategyOf(s);
    const before = st.turn(s.activation);
    s.activation = st.apply(s.activation, { kind: 'pass' });
    if (before.kind === 'choose' && before.owner !== 'neutral') currentRound(s).passes[before.owner === 0 ? 'A' : 'B'] += 1;
    s.roundDraws.push({ eventId: ev.id, kind: 'bag.pass' });
    endIfRoundOver(s);
  },

  'morale.willCheck': (s, b, { ev, rules }) => {
    requirePhase(s, 'activations');
    if (!s.morale) throw violation('Will checks belong to the optional morale module; this battle is played without it.', ['formationId']);
    const st = strategyOf(s);
    const f = formationOf(s, b.side, b.formationId);
    const morale = routMorale({ latch: s.morale.latch });
    const demand = morale.demandAtActivation(s.morale, sideIndex(b.side), b.formationId);
    if (demand.kind === 'withdraw') throw violation(`${f.name} is Broken: it withdraws and takes no more Will checks (DIGEST §23 T15).`, ['formationId']);
    if (demand.kind === 'none') throw violation(`${f.name}’s company is not routing, so it takes no Will check (DIGEST §23 T12–T13).`, ['formationId']);
    const snapResolve = s.setup.sides[sideIndex(b.side)].formations.find((x) => x.id === b.formationId)?.resolve ?? null;
    if (snapResolve !== null && snapResolve !== b.resolve) throw violation(`${f.name} tests against its profile’s Resolve of ${snapResolve}+.`, ['resolve']);
    if (willCheckPasses(b.roll, b.resolve, b.modifier) !== b.passed)
      throw violation(
        `A natural ${b.roll} with +${b.modifier} against Resolve ${b.resolve}+ ${b.passed ? 'fails' : 'passes'} (a natural 1 always fails, a natural 6 always passes).`,
        ['passed'],
      );
    // The check opens the activation, so the formation must be one its side may activate now.
    refuseActivation(s, b.side, b.formationId);
    s.activation = st.apply(s.activation, { kind: 'activate', formationId: b.formationId });
    s.morale = morale.resolveWillCheck(s.morale, sideIndex(b.side), b.formationId, b.passed);
    // A failure is resolved at once: this activation is its first withdrawal move (T15).
    if (!b.passed) s.morale = morale.recordWithdrawal(s.morale, b.formationId);
    activateFormation(s, b.formationId, rules);
    currentRound(s).willChecks.push({ side: b.side, formationId: b.formationId, roll: b.roll, resolve: b.resolve, modifier: b.modifier, passed: b.passed });
    s.roundDraws.push({ eventId: ev.id, kind: 'morale.willCheck' });
    endIfRoundOver(s);
  },

  gambit: (s, b, ctx) => {
    const { rules } = ctx;
    if (b.formationId !== undefined) formationThatMay(s, b.side, b.formationId, 'gambit', ctx);
    // one per player per round; Overcharge only for HQ and Elite (gambits.ts)
    const refusal = gambitRefusal(s, rules, b);
    if (refusal) throw violation(refusal, [b.formationId !== undefined && refusal.startsWith('Overcharge') ? 'formationId' : 'gambitId']);
    s.gambitsThisRound.push(b.side);
    currentRound(s).gambits.push({ side: b.side, gambitId: b.gambitId, ...(b.formationId === undefined ? {} : { formationId: b.formationId }) });
  },

  uncloak: (s, b, ctx) => {
    if (!IN_ROUND.includes(s.phase)) throw violation('Uncloak happens during a round.');
    // in reserve, from round two (ACTION_RULES.uncloak in formation-life.ts)
    const f = formationThatMay(s, b.side, b.formationId, 'uncloak', ctx);
    arriveByUncloak(f, s.round);
    currentRound(s).uncloaks.push({ side: b.side, formationId: b.formationId });
  },
};
