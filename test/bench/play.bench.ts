import type { Roster } from '../../src-shared/roster/schema';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actOnBattle } from '../../src-main/backend/battles/battles';
import { testBackend } from '../helpers/backend';
import { minimalArmy, seedCampaign } from '../helpers/battle-seed';
import { type BattleIntent, type BattleIntentInput } from '../../src-shared/battle/intents';
import { battleIntentSchema } from '../../src-shared/battle/intents.schema';
import { closeAndRemove, type BenchCase } from './types';

/** What closeAndRemove tears down: the backend and its temporary data folder. */
type Ledger = Parameters<typeof closeAndRemove>[0];

interface Ctx extends Ledger {
  run: () => Promise<unknown>;
  channel: () => Promise<unknown>;
  baseline: () => Promise<unknown>;
}

/** A bench's own ledger: a new temporary data folder (or a league database beside it), a backend on it, and a seeded campaign with two armies. */
async function benchLedger(database?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-play-'));
  const t = await testBackend(database ? { dataDir: dir, database } : dir);
  return { dir, t, db: t.backend.ctx.db, ...(await seedCampaign(t.api)) };
}

/** The setup events that bring a battle to round 1: scenario (in the first province), terrain, deployment roll-off, deployed. */
async function setUpBattle(act: (intent: BattleIntent) => Promise<unknown>, pack: RulesetPack, campaignGame: number | null): Promise<void> {
  await act({ kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame, secondary: null } });
  await act({ kind: 'record', body: { kind: 'setup.terrain', objectives: pack.missions[0]!.objectives } });
  await act({ kind: 'deployment-rolloff' });
  await act({ kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
}

/** A campaign battle in round 1 on a real ledger file (or a league database), ready to record wounds. */
export async function battleInRoundOne(database?: string): Promise<Ctx> {
  const { dir, t, db, pack, campaign, rosters } = await benchLedger(database);
  const b = await t.api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
  await setUpBattle((intent) => actOnBattle(db, b.id, crypto.randomUUID(), intent), pack, 1);
  const formationId = rosters[0]!.formations[0]!.id;
  const body = { kind: 'record.wounds' as const, side: 'A' as const, formationId, attack: 'ranged' as const, amount: 1 };
  // the same row, written the plainest way: into battle_events (same table, same indexes) of a battle of its own
  const plain = await t.api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], altActivationModule: false });
  const payload = JSON.stringify(body);
  let n = 0;
  return {
    dir,
    close: t.close,
    run: () => actOnBattle(db, b.id, crypto.randomUUID(), { kind: 'record', body }),
    channel: () => t.backend.dispatch('battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: { kind: 'record', body } }),
    // the plainest durable write of the same row, for the ratio
    baseline: () =>
      db
        .insertInto('battle_events')
        .values({
          id: crypto.randomUUID(),
          battle_id: plain.id,
          seq: ++n,
          round: 1,
          kind: body.kind,
          payload_json: payload,
          created_at: new Date().toISOString(),
          corrects_event_id: null,
          struck: 0,
        })
        .execute(),
  };
}

interface LengthCtx extends Ledger {
  long: () => Promise<unknown>;
  short: () => Promise<unknown>;
}

/** Fewer than the battles whose folded state the backend keeps, so the short battles measure the cached path too. */
const SHORT_BATTLES = 40;

/**
 * One standalone battle 1,000 events long and a few 10 events long, on one
 * ledger: recording an event must cost the same however long the record is
 * (the folded state is kept, not replayed). The short battles take turns, so
 * each stays short while the figure is timed.
 */
async function longAndShortBattles(): Promise<LengthCtx> {
  const { dir, t, db, pack, rosters } = await benchLedger();
  const formationId = rosters[0]!.formations[0]!.id;
  const wound = { kind: 'record' as const, body: { kind: 'record.wounds' as const, side: 'A' as const, formationId, attack: 'ranged' as const, amount: 1 } };
  const battle = async (events: number) => {
    const b = await t.api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], altActivationModule: false });
    const act = (intent: Parameters<typeof actOnBattle>[3]) => actOnBattle(db, b.id, crypto.randomUUID(), intent);
    await setUpBattle(act, pack, 1);
    for (let i = 4; i < events; i++) await act(wound);
    return () => act(wound);
  };
  const long = await battle(999);
  const shorts: (() => Promise<unknown>)[] = [];
  for (let i = 0; i < SHORT_BATTLES; i++) shorts.push(await battle(9));
  let n = 0;
  return { dir, close: t.close, long, short: () => shorts[n++ % SHORT_BATTLES]!() };
}

const perEvent: BenchCase<Ctx>[] = [
  {
    name: 'play: record one battle event (rules check + write), against a bare insert of the same row',
    targetMs: 2,
    bound: 'the rules check of the intent and one SQLite insert of its event row',
    maxRatio: 2,
    setup: battleInRoundOne,
    teardown: closeAndRemove,
    fn: (c) => c.run(),
    baseline: { name: 'bare Kysely insert of the same event row', fn: (c) => c.baseline() },
  },
  {
    name: 'play: battles.act through the dispatcher, reply with the whole record (no target in the issue)',
    targetMs: 50,
    bound: 'serialising the whole battle record into the reply, which grows with the battle',
    setup: battleInRoundOne,
    teardown: closeAndRemove,
    fn: (c) => c.channel(),
    iterations: 200,
  },
];

const longBattle: BenchCase<LengthCtx> = {
  name: 'play: record the 1,000th event of a long battle vs the 10th of a short one, cost must not grow with the record',
  targetMs: 2,
  bound: "the backend's cached battle state: the 1,000th event costs what the 10th does, one check and one insert",
  maxRatio: 1.2,
  setup: longAndShortBattles,
  teardown: closeAndRemove,
  fn: (c) => c.long(),
  baseline: { name: 'an event of a 10-event battle', fn: (c) => c.short() },
};

interface RulesCtx extends Ledger {
  next: () => Promise<unknown>;
}

/** Standalone battles in round 1 whose armies each field two Heavies, the most the rules allow: thirteen events each, enough for a fast machine's second of samples. */
const RULE_BATTLES = 600;

/**
 * Issue #16's events as the table records them, one per call, in the order a
 * battle allows: each Captain's signature ability, each Heavy's loss then its
 * explosion (one D3 per model rolled in the backend, three targets), each
 * side's Rule of Cool (D20 rolled in the backend), then each side's Overcharge
 * for its command group: thirteen calls a battle, moving through the
 * battles.
 */
async function battlesWithHeavies(): Promise<RulesCtx> {
  const { dir, t, db, pack, players } = await benchLedger();
  const rosters: Roster[] = [];
  for (const [i, p] of players.entries()) {
    const factionId = pack.factions[i]!.id;
    const created = await t.api.call('rosters.create', { name: `Heavies ${i}`, playerId: p.id, factionId, mode: 'standalone', campaignId: null });
    const army = minimalArmy(created.roster, pack);
    const heavy = pack.units.find((u) => u.factionId === factionId && u.slot === 'heavy')!;
    for (const n of [1, 2])
      army.formations.push({
        id: `${army.id}-heavy-${n}`,
        slot: 'heavy',
        unitId: heavy.id,
        name: `Heavy ${n}`,
        fighters: [{ id: `${army.id}-heavy-${n}-0`, name: '', loadoutId: null, equipment: [] }],
        inReserve: false,
      });
    const saved = await t.api.call('rosters.save', { roster: army });
    if (!saved.validation.valid) throw new Error(saved.validation.violations.map((v) => v.message).join('; '));
    rosters.push(saved.roster);
  }
  const script = (): BattleIntentInput[] => {
    const [a, b] = rosters.map((r) => r.formations);
    const line = (side: 'A' | 'B') => (side === 'A' ? a : b)!.find((f) => f.slot === 'core')!.id;
    const steps: BattleIntentInput[] = [];
    // each Captain's signature ability, declared first (its checks: own, once, alive, before orders)
    for (const [i, side] of (['A', 'B'] as const).entries()) {
      const abilityId = pack.factions.find((f) => f.id === rosters[i]!.factionId)?.captainAbility;
      if (abilityId) steps.push({ kind: 'ability', side, abilityId });
    }
    for (const side of ['A', 'B'] as const)
      for (const h of (side === 'A' ? a : b)!.filter((f) => f.slot === 'heavy')) {
        steps.push({ kind: 'record', body: { kind: 'record.casualties', side, formationId: h.id, killed: 1, retreated: 0 } });
        steps.push({
          kind: 'explode',
          side,
          formationId: h.id,
          cause: 'wounds',
          targets: [
            { target: { kind: 'formation', side: 'A', formationId: line('A') }, models: 2 },
            { target: { kind: 'formation', side: 'B', formationId: line('B') }, models: 2 },
            { target: { kind: 'patrol', objective: 0 }, models: 1 },
          ],
        });
      }
    for (const side of ['A', 'B'] as const) steps.push({ kind: 'rule-of-cool', side, officerId: null, category: 'damage', agreed: 'a stunt' });
    // Overcharge, checked for an HQ or Elite formation: each side's command group
    for (const [i, side] of (['A', 'B'] as const).entries())
      steps.push({ kind: 'record', body: { kind: 'gambit', side, gambitId: 'overcharge', formationId: rosters[i]!.captain!.id } });
    return steps;
  };
  // parsed as the dispatcher parses them, defaults filled in, before anything is timed
  const queue: { battleId: string; intent: BattleIntent }[] = [];
  for (let i = 0; i < RULE_BATTLES; i++) {
    const b = await t.api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], altActivationModule: false });
    const act = (intent: BattleIntentInput) => actOnBattle(db, b.id, crypto.randomUUID(), battleIntentSchema.parse(intent));
    await setUpBattle(act, pack, null);
    for (const intent of script()) queue.push({ battleId: b.id, intent: battleIntentSchema.parse(intent) });
  }
  // battle after battle, as a table plays one: the backend's kept state of the battle serves each write
  const order = queue;
  let n = 0;
  return {
    dir,
    close: t.close,
    next: () => {
      const step = order[n++];
      if (!step) throw new Error(`the bench ran past its ${order.length} prepared events`);
      return actOnBattle(db, step.battleId, crypto.randomUUID(), step.intent);
    },
  };
}

const ruleEvents: BenchCase<RulesCtx> = {
  name: 'play: record one of issue #16’s events (Captain ability, a Heavy’s loss, its explosion with D3s rolled, a Rule of Cool D20, Overcharge), rules check + dice + write',
  targetMs: 2,
  bound: 'the rules check with the dice rolled for it and one SQLite insert',
  setup: battlesWithHeavies,
  teardown: closeAndRemove,
  fn: (c) => c.next(),
};

export const benches = [...perEvent, longBattle, ruleEvents];
