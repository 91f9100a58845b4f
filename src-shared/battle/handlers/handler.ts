import type { Draft } from 'immer';
import { AppError } from '../../errors';
import type { BattleEventBody, EventKind } from '../events';
import type { BattleRules } from '../setup';
import type { BattleState } from '../state';

/**
 * One handler per event kind. A handler checks the event against the rules
 * and writes its effect into a draft of the state: `applyEvent` hands it an
 * immer draft, so the state passed in is never changed and the handler can
 * still read like the table procedure it follows. (`foldEvents` hands it the
 * fresh state it is building, which no one else holds yet.) A handler writes
 * only into the draft: never into the body, the rules or the set-up.
 */

export type BattleDraft = Draft<BattleState>;

export interface HandlerContext {
  /** The event's id and time (the body is passed on its own, narrowed to its kind). */
  ev: { id: string; at: string };
  rules: BattleRules;
  /** The mission the battle plays, if any; looked up once per event. */
  mission: BattleRules['missions'][number] | null;
  /**
   * Whether the formation life cycle (formation-life.ts) refuses the event:
   * always for a new event; on replay, for records made under it only
   * (`setup.lifeCycle`), so a battle recorded before still opens.
   */
  lifeGuard: boolean;
}

export type EventHandler<K extends EventKind> = (s: BattleDraft, body: Extract<BattleEventBody, { kind: K }>, ctx: HandlerContext) => void;

/** Every event kind has a handler: a kind added to `BattleEventBody` without one does not compile. */
export type EventHandlers = { [K in EventKind]: EventHandler<K> };

export const violation = (message: string, path?: (string | number)[]) => new AppError('RULE_VIOLATION', message, path ? { path } : {});
