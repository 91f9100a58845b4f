import type { BattleEvent } from '../../../src-shared/battle/events';
import { foldEvents } from '../../../src-shared/battle/reducer';
import type { BattleSetup } from '../../../src-shared/battle/setup';
import type { BattleState } from '../../../src-shared/battle/state';
import type { RuleOptions } from '../../../src-shared/ruleset/options';
import type { RulesetPack } from '../../../src-shared/ruleset/schema';
import type { Db } from '../db/schema';
import { battleEventCounts, battleEvents, requireBattleRow, type BattlesTable } from '../db/tables/battles.table';
import { battleDefinition, cachedStateCopy, cachedStateView, keepState } from './battle-cache';
import { battleRules } from './rules';

/**
 * A stored battle's folded state: its record replayed with the reducer the screens use, from the cache when it holds
 * the battle's latest event. Its own module, read by the battles' writes, the reports and the playtest export alike,
 * so that none of them imports another to fold a battle.
 */

/** A stored battle's row with what it is played under: its set-up, rulings and pack. */
export interface Loaded {
  row: BattlesTable;
  setup: BattleSetup;
  options: RuleOptions;
  pack: RulesetPack;
}

/** Reads a stored battle's row and what it is played under. */
export async function load(db: Db, battleId: string): Promise<Loaded> {
  const row = await requireBattleRow(db, battleId);
  const { setup, options, pack } = await battleDefinition(db, row);
  return { row, setup, options, pack };
}

/** The folded state after the given events (the whole record), from the cache when it is current. */
export function stateOf(l: Loaded, events: BattleEvent[]): BattleState {
  const last = events[events.length - 1]?.seq ?? 0;
  const hit = cachedStateCopy(l.row.id, last);
  if (hit) return hit;
  const state = foldEvents(l.setup, battleRules(l.pack, l.options), events);
  keepState(l.row.id, last, structuredClone(state));
  return state;
}

/** For the report and the UI: the folded state of a stored battle. */
export async function battleState(db: Db, battleId: string): Promise<{ state: BattleState; loaded: Loaded; events: BattleEvent[] }> {
  const l = await load(db, battleId);
  const events = await battleEvents(db, battleId);
  return { state: stateOf(l, events), loaded: l, events };
}

/**
 * Reads the folded state (the projector's board: a round and a score per table, at every event of every table): the
 * cached state itself when it holds the battle's latest event, without reading the record or copying the state, or
 * folded from the record as battleState does. `read` runs at once, before any writer can take the cached state to
 * change it, and must not change it either.
 */
export async function readBattleState<T>(db: Db, battleId: string, read: (state: Readonly<BattleState>, loaded: Loaded) => T): Promise<T> {
  const loaded = await load(db, battleId);
  const hit = cachedStateView(battleId, (await battleEventCounts(db, battleId)).lastSeq);
  if (hit) return read(hit, loaded);
  return read(stateOf(loaded, await battleEvents(db, battleId)), loaded);
}
