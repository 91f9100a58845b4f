import type { BattleRules } from '../../../src-shared/battle/setup';
import { type BattleSetup } from '../../../src-shared/battle/setup';
import { battleSetupSchema } from '../../../src-shared/battle/setup.schema';
import type { BattleState } from '../../../src-shared/battle/state';
import { type RuleOptions } from '../../../src-shared/ruleset/options';
import { ruleOptionsSchema } from '../../../src-shared/ruleset/options.schema';
import type { RulesetPack } from '../../../src-shared/ruleset/schema';
import { packOfVersion } from '../db/game-data';
import type { Db } from '../db/schema';
import { requireBattleRow, type BattlesTable } from '../db/tables/battles.table';
import { registerLedgerCache } from '../ledger-caches';
import { battleRules } from './rules';

/**
 * What recording an event would otherwise redo every time: parsing the
 * battle's setup, options and pack, and replaying its whole record. Both
 * caches are keyed by battle id (a random UUID, never reused) and dropped
 * when a ledger is opened or restored.
 */

/** What a battle is played with. Written once when the battle starts, so parsed once per battle. */
export interface BattleDefinition {
  setup: BattleSetup;
  options: RuleOptions;
  pack: RulesetPack;
  rules: BattleRules;
}

const MAX_BATTLES = 50;
const definitions = new Map<string, BattleDefinition>();

/** The folded state after a battle's event `seq`. An entry is owned by the cache: callers clone it or take it. */
const states = new Map<string, { seq: number; state: BattleState }>();

registerLedgerCache(() => {
  definitions.clear();
  states.clear();
});

function bounded<V>(m: Map<string, V>, key: string, value: V): void {
  m.delete(key);
  if (m.size >= MAX_BATTLES) m.delete(m.keys().next().value!);
  m.set(key, value);
}

export async function battleDefinition(
  db: Db,
  row: Pick<BattlesTable, 'id' | 'setup_json' | 'options_json' | 'ruleset_version_id'>,
): Promise<BattleDefinition> {
  const hit = definitions.get(row.id);
  if (hit) return hit;
  const setup = battleSetupSchema.parse(JSON.parse(row.setup_json));
  const options = ruleOptionsSchema.parse(JSON.parse(row.options_json));
  const pack = (await packOfVersion(db, row.ruleset_version_id)).pack;
  const def = { setup, options, pack, rules: battleRules(pack, options) };
  bounded(definitions, row.id, def);
  return def;
}

/** The definition of a stored battle, its row read only when it is not cached. */
export async function battleDefinitionOf(db: Db, battleId: string): Promise<BattleDefinition> {
  return definitions.get(battleId) ?? battleDefinition(db, await requireBattleRow(db, battleId));
}

/** A copy of the cached state, when it is the state after `seq`. */
export function cachedStateCopy(battleId: string, seq: number): BattleState | undefined {
  const hit = states.get(battleId);
  return hit && hit.seq === seq ? structuredClone(hit.state) : undefined;
}

/** The cached state after `seq` itself, to read and never change (the board's score); undefined when the cache does not hold it. */
export function cachedStateView(battleId: string, seq: number): Readonly<BattleState> | undefined {
  const hit = states.get(battleId);
  return hit && hit.seq === seq ? hit.state : undefined;
}

/** The round of the cached state after `seq`, without copying it; undefined when the cache does not hold it. */
export function cachedRound(battleId: string, seq: number): number | undefined {
  const hit = states.get(battleId);
  return hit && hit.seq === seq ? hit.state.round : undefined;
}

/**
 * The cached state itself, removed from the cache, when it is the state
 * after `seq`: the writer changes it in place and hands it back with
 * `keepState` once its transaction has committed. A failed write hands
 * nothing back, so the next one replays the record from the ledger.
 */
/** The sequence number of the last event of a battle whose folded state this process holds. */
export function cachedSeq(battleId: string): number | undefined {
  return states.get(battleId)?.seq;
}

export function takeState(battleId: string, seq: number): BattleState | undefined {
  const hit = states.get(battleId);
  states.delete(battleId);
  return hit && hit.seq === seq ? hit.state : undefined;
}

/** Stores the state after `seq`; the caller must not change it afterwards. */
export function keepState(battleId: string, seq: number, state: BattleState): void {
  bounded(states, battleId, { seq, state });
}
