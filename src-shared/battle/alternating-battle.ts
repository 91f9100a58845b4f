import { z } from 'zod';
import { AppError } from '../errors';
import type { ActivationStartDemand, Side } from './activation-strategy';
import { sideSchema } from './activation-strategy';
import { AlternatingActivation, alternatingStateSchema, type AlternatingState } from './alternating-activation';
import { routMorale, routStateSchema, type RoutState } from './morale-rout';

/**
 * A small round runner for a battle played with the optional module: it ties
 * the alternating sequence to rout morale, so a formation that is due a Will
 * check cannot act before the check is recorded. Play Mode can adopt it as is
 * or drive the two strategies itself; the standalone module page uses it.
 */

export const altFormationSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(120),
  side: sideSchema,
  /** Models deployed at the start (the morale starting count adds these up). */
  models: z.number().int().min(1).max(50),
  /** Resolve target of its profile (2+ to 6+): the Will check is a Resolve roll. */
  resolve: z.number().int().min(2).max(6),
  destroyed: z.number().int().min(0),
  retreated: z.number().int().min(0),
});
export type AltFormation = z.infer<typeof altFormationSchema>;

export const altBattleSchema = z.object({
  sideNames: z.tuple([z.string(), z.string()]),
  formations: z.array(altFormationSchema),
  setupInitiative: sideSchema,
  activation: alternatingStateSchema,
  morale: routStateSchema,
  /** A formation chosen to activate that must first take its Will check. */
  pendingCheck: z.object({ formationId: z.string(), side: sideSchema }).nullable(),
});
export type AltBattle = z.infer<typeof altBattleSchema>;

export interface AltBattleInput {
  sideNames: [string, string];
  formations: Omit<AltFormation, 'destroyed' | 'retreated'>[];
  /** Winner of the set-up D6 roll-off (AMB-S2). */
  setupInitiative: Side;
  latchRout: boolean;
}

function strategyFor(b: { morale: RoutState }) {
  return routMorale({ latch: b.morale.latch });
}

const canAct = (f: AltFormation) => f.destroyed + f.retreated < f.models;

function roundStart(b: Pick<AltBattle, 'formations'>, round: number, setupInitiative: Side) {
  return { round, setupInitiative, formations: b.formations.map((f) => ({ formationId: f.id, owner: f.side, canActivate: canAct(f) })) };
}

export function startAltBattle(input: AltBattleInput): AltBattle {
  const formations = input.formations.map((f) => altFormationSchema.parse({ ...f, destroyed: 0, retreated: 0 }));
  const ids = new Set(formations.map((f) => f.id));
  if (ids.size !== formations.length) throw new AppError('VALIDATION', 'Two formations share one id.', { path: ['formations'] });
  for (const side of [0, 1] as const)
    if (!formations.some((f) => f.side === side))
      throw new AppError('VALIDATION', `${input.sideNames[side] || 'Each side'} needs at least one formation.`, { path: ['formations', side] });
  const deployed = (side: Side) => formations.filter((f) => f.side === side).reduce((n, f) => n + f.models, 0);
  const morale = routMorale({ latch: input.latchRout }).start([deployed(0), deployed(1)]);
  const activation = AlternatingActivation.startRound(roundStart({ formations }, 1, input.setupInitiative), null);
  return { sideNames: input.sideNames, formations, setupInitiative: input.setupInitiative, activation, morale, pendingCheck: null };
}

/** What the formation must do before acting, if it were chosen now. */
export function demandFor(b: AltBattle, formationId: string): ActivationStartDemand {
  const f = b.formations.find((x) => x.id === formationId);
  if (!f) throw new AppError('NOT_FOUND', 'No such formation.', { path: ['formationId'] });
  return strategyFor(b).demandAtActivation(b.morale, f.side, formationId);
}

/**
 * Choose a formation to activate. A formation of a routing company stops for
 * its Will check first (T13); a Broken one activates to withdraw (T15).
 */
export function chooseFormation(b: AltBattle, formationId: string): AltBattle {
  if (b.pendingCheck) throw new AppError('RULE_VIOLATION', 'Record the Will check already under way first.', { path: ['formationId'] });
  const demand = demandFor(b, formationId);
  const f = b.formations.find((x) => x.id === formationId)!;
  if (demand.kind === 'will-check') {
    // Validate the choice now, so a check is never taken for a formation that may not act.
    AlternatingActivation.apply(b.activation, { kind: 'activate', formationId });
    return { ...b, pendingCheck: { formationId, side: f.side } };
  }
  const activation = AlternatingActivation.apply(b.activation, { kind: 'activate', formationId });
  const morale = demand.kind === 'withdraw' ? strategyFor(b).recordWithdrawal(b.morale, formationId) : b.morale;
  return { ...b, activation, morale };
}

/** Record the pending Will check; either way the formation's activation then takes place (normally, or as Broken). */
export function recordWillCheck(b: AltBattle, passed: boolean): AltBattle {
  const p = b.pendingCheck;
  if (!p) throw new AppError('RULE_VIOLATION', 'No Will check is waiting.');
  let morale = strategyFor(b).resolveWillCheck(b.morale, p.side, p.formationId, passed);
  // A failed check is resolved in this same activation: the first withdrawal move (T15).
  if (!passed) morale = strategyFor(b).recordWithdrawal(morale, p.formationId);
  const activation = AlternatingActivation.apply(b.activation, { kind: 'activate', formationId: p.formationId });
  return { ...b, morale, activation, pendingCheck: null };
}

export function passTurn(b: AltBattle): AltBattle {
  if (b.pendingCheck) throw new AppError('RULE_VIOLATION', 'Finish the Will check first.');
  return { ...b, activation: AlternatingActivation.apply(b.activation, { kind: 'pass' }) };
}

/**
 * Record a formation's losses so far (destroyed models are lost, retreated
 * ones are not). Morale is rechecked at once (T12); a formation with no model
 * left leaves the queue without changing the round's figures (T2).
 */
export function recordCasualties(b: AltBattle, formationId: string, destroyed: number, retreated: number): AltBattle {
  const f = b.formations.find((x) => x.id === formationId);
  if (!f) throw new AppError('NOT_FOUND', 'No such formation.', { path: ['formationId'] });
  if (!Number.isInteger(destroyed) || !Number.isInteger(retreated) || destroyed < 0 || retreated < 0)
    throw new AppError('VALIDATION', 'Losses are whole numbers, 0 or more.', { path: ['destroyed'] });
  if (destroyed + retreated > f.models)
    throw new AppError('VALIDATION', `${f.name} deployed ${f.models} models; ${destroyed + retreated} cannot be gone.`, { path: ['destroyed'] });
  const updated = { ...f, destroyed, retreated };
  const formations = b.formations.map((x) => (x.id === formationId ? updated : x));
  const mine = formations.filter((x) => x.side === f.side);
  const morale = strategyFor(b).recordLosses(b.morale, f.side, {
    destroyed: mine.reduce((n, x) => n + x.destroyed, 0),
    retreated: mine.reduce((n, x) => n + x.retreated, 0),
  });
  let activation = b.activation;
  if (!canAct(updated)) activation = AlternatingActivation.markUnavailable(activation, formationId);
  const pendingCheck = b.pendingCheck?.formationId === formationId && !canAct(updated) ? null : b.pendingCheck;
  return { ...b, formations, morale, activation, pendingCheck };
}

export function nextRound(b: AltBattle): AltBattle {
  if (!AlternatingActivation.isRoundOver(b.activation))
    throw new AppError('RULE_VIOLATION', 'Every formation that can activate must do so before the round ends.');
  const round = b.activation.round + 1;
  return { ...b, activation: AlternatingActivation.startRound(roundStart(b, round, b.setupInitiative), b.activation as AlternatingState) };
}
