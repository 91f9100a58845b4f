import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../src-main/backend/backend';
import { ledgerPaths } from '../../src-main/backend/paths';
import { createApiClient, type ApiClient } from '../../src-shared/contract/client';
import type { Channel } from '../../src-shared/contract';
import type { WireReply } from '../../src-shared/contract/define';
import { expectAtomicUnderQueryFaults, underFullDisk, type FaultScenario } from '../helpers/crash-harness-faults';
import { editedPack, playFiveRounds, playSetup, seedClub, seededOutcome, startCampaignBattle, type SeededClub } from '../helpers/crash-harness-seeds';
import { dumpDatabase } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';

/**
 * Issue 9, acceptance 2: a fault in the middle of each multi-step write (a
 * thrown error before or after any one of its queries, or a full disk)
 * leaves the ledger exactly as it was and answers with a typed error. Each
 * operation runs on state seeded through the channels, as an organiser would
 * have made it.
 */

const tmp = useTempDirs();

interface Seeded {
  backend: Backend;
  api: ApiClient;
  club: SeededClub;
}

async function seeded(dataDir = tmp()): Promise<Seeded> {
  const { backend, api } = await opened(dataDir);
  return { backend, api, club: await seedClub(api) };
}

async function opened(dataDir: string): Promise<{ backend: Backend; api: ApiClient }> {
  const backend = await startBackend({ dataDir, mode: 'test' });
  return { backend, api: createApiClient((channel, input) => backend.dispatch(channel, input)) };
}

/** A multi-step write: how to seed the state it needs, and the request itself (built from the seeded ids). */
interface WriteCase {
  name: string;
  channel: Channel;
  prepare?: (s: Seeded) => Promise<unknown>;
  input: (s: Seeded, prepared: unknown) => unknown;
  /** A fresh backend for the target, for operations that bring data from elsewhere (imports). */
  fresh?: boolean;
}

let campaignFile: string | undefined;
/** A campaign file with a finished mission, exported once from a seeded ledger. */
async function exportedCampaign(): Promise<string> {
  if (campaignFile) return campaignFile;
  const s = await seeded();
  try {
    await s.api.call('campaigns.finishMission', { battleId: 'paper-1', outcome: seededOutcome(s.club, 1) });
    campaignFile = (await s.api.call('campaigns.export', {})).json;
    return campaignFile;
  } finally {
    await s.backend.close();
  }
}

const CASES: WriteCase[] = [
  {
    name: 'campaigns.finishMission (rewards, marks, dice, next mission in one go)',
    channel: 'campaigns.finishMission',
    input: ({ club }) => ({ battleId: 'paper-battle-1', outcome: seededOutcome(club, 1) }),
  },
  {
    name: 'campaigns.create (campaign, seats, first event and allowances)',
    channel: 'campaigns.create',
    prepare: async ({ api }) => api.call('players.create', { name: 'Cass' }),
    input: ({ club }, cass) => ({
      rulesetVersionId: club.campaign.rulesetVersionId,
      seats: [
        { playerId: club.players[0].id, factionId: club.pack.factions[0]!.id },
        { playerId: (cass as { id: string }).id, factionId: club.pack.factions[2]?.id ?? club.pack.factions[1]!.id },
      ],
    }),
  },
  {
    name: 'campaigns.import (players, pack versions, events, entries, finishes)',
    channel: 'campaigns.import',
    fresh: true,
    prepare: () => exportedCampaign(),
    input: (_s, json) => ({ json }),
  },
  {
    name: 'ledger.correct (event and entry)',
    channel: 'ledger.correct',
    input: ({ club }) => ({ campaignId: club.campaign.id, playerId: club.players[1].id, amount: 12, reason: 'Missed kill from mission 1' }),
  },
  {
    name: 'ledger.undo (reversing entries for a finished mission)',
    channel: 'ledger.undo',
    prepare: ({ api, club }) => api.call('campaigns.finishMission', { battleId: 'paper-1', outcome: seededOutcome(club, 1) }),
    input: ({ club }) => ({ campaignId: club.campaign.id, reason: 'Recorded the wrong winner' }),
  },
  {
    name: 'ledger.redo',
    channel: 'ledger.redo',
    prepare: async ({ api, club }) => {
      await api.call('campaigns.finishMission', { battleId: 'paper-1', outcome: seededOutcome(club, 1) });
      await api.call('ledger.undo', { campaignId: club.campaign.id });
    },
    input: ({ club }) => ({ campaignId: club.campaign.id }),
  },
  {
    name: 'rulesets.createVersion (an edited pack as a new version)',
    channel: 'rulesets.createVersion',
    input: ({ club }) => ({ baseVersionId: club.campaign.rulesetVersionId, pack: editedPack(club.pack, club.pack.units[0]!.cost + 3), note: 'cost up by 3' }),
  },
  {
    name: 'rulesets.import (a pack file)',
    channel: 'rulesets.import',
    input: ({ club }) => ({ text: JSON.stringify(editedPack(club.pack, club.pack.units[0]!.cost + 5)), note: 'from the designer' }),
  },
  {
    name: 'rosters.save (a whole army)',
    channel: 'rosters.save',
    input: ({ club }) => {
      const r = structuredClone(club.rosters[0]!);
      r.name = 'Ash Wolves, revised';
      r.formations[1]!.fighters.push({ id: `${r.id}-extra`, name: 'Recruit', loadoutId: null, equipment: [] });
      return { roster: r };
    },
  },
  {
    name: 'rosters.import (a roster file for a player in a campaign)',
    channel: 'rosters.import',
    prepare: ({ api, club }) => api.call('rosters.export', { id: club.rosters[1]!.id }),
    input: ({ club }, file) => ({ text: (file as { text: string }).text, playerId: club.players[1].id, campaignId: club.campaign.id }),
  },
  {
    name: 'rosters.duplicate',
    channel: 'rosters.duplicate',
    input: ({ club }) => ({ id: club.rosters[0]!.id, name: 'Ash Wolves (copy)' }),
  },
  {
    name: 'battles.start (the campaign’s next mission from two armies)',
    channel: 'battles.start',
    input: ({ club }) => ({ mode: 'campaign', campaignId: club.campaign.id, rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id] }),
  },
  {
    name: 'battles.act (a deployment roll-off: dice rolled, events appended, battle touched)',
    channel: 'battles.act',
    prepare: async ({ api, club }) => {
      let b = await startCampaignBattle(api, club);
      b = await api
        .call('battles.act', {
          battleId: b.id,
          clientEventId: crypto.randomUUID(),
          intent: { kind: 'record', body: { kind: 'setup.scenario', provinceId: club.pack.provinces[0]!.id, campaignGame: 1 } },
        })
        .then((r) => r.battle);
      b = await api
        .call('battles.act', {
          battleId: b.id,
          clientEventId: crypto.randomUUID(),
          intent: { kind: 'record', body: { kind: 'setup.terrain', objectives: club.pack.missions[0]!.objectives } },
        })
        .then((r) => r.battle);
      return b.id;
    },
    input: (_s, battleId) => ({ battleId, clientEventId: '6f1c7a2e-3b1d-4c55-9a0e-2d4b8f9c1a77', intent: { kind: 'deployment-rolloff' } }),
  },
  {
    name: 'battles.act (a draw from the bag in round 1)',
    channel: 'battles.act',
    prepare: async ({ api, club }) => {
      let b = await playSetup(api, await startCampaignBattle(api, club), club.pack);
      b = await api
        .call('battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: { kind: 'record', body: { kind: 'command.done' } } })
        .then((r) => r.battle);
      return b.id;
    },
    input: (_s, battleId) => ({ battleId, clientEventId: '0b0c3a52-7d84-4f0e-8a51-6e2f1b9d3c40', intent: { kind: 'draw' } }),
  },
  {
    name: 'battles.finish (Finish Mission through the ledger, and the battle closed)',
    channel: 'battles.finish',
    prepare: async ({ api, club }) => (await playFiveRounds(api, await startCampaignBattle(api, club), club.pack)).id,
    input: (_s, battleId) => ({ battleId, result: 'win' }),
  },
  {
    name: 'reports.importBattles (playtest records from another club)',
    channel: 'reports.importBattles',
    input: ({ club }) => ({ battles: [1, 2, 3].map((n) => paperGame(club, n)) }),
  },
];

/** A game played on paper, as a playtest record: the seeded players and factions, a win for side A. */
function paperGame(club: SeededClub, n: number) {
  const side = (i: 0 | 1) => ({
    playerId: club.players[i].id,
    factionId: club.pack.factions[i]!.id,
    result: i === 0 ? 'win' : 'loss',
    vp: { objectives: 3 - i * 2 },
    wounds: [{ unitType: 'core', ranged: 4 + n, melee: 2 }],
    formations: [{ unitType: 'core', survived: i === 0 }],
  });
  return {
    id: `paper-game-${n}`,
    campaignId: null,
    mission: null,
    playedAt: `2026-11-2${n}T19:00:00.000Z`,
    roundSeconds: [600, 540, 480],
    sides: [side(0), side(1)],
  };
}

interface Template {
  dir: string;
  club: SeededClub;
  prepared: unknown;
}
const templates = new Map<WriteCase, Promise<Template>>();
afterAll(async () => {
  for (const t of templates.values()) rmSync((await t).dir, { recursive: true, force: true });
});

/**
 * A case's seeded state (the club, then its own preparation), made once through the channels in a ledger closed
 * cleanly: each of the case's scenarios (seven, over the three kinds of fault) starts on a copy of it in a data folder
 * of its own, as the fuzz tests do, instead of seeding and preparing again (half of this file's CPU).
 */
function templateFor(c: WriteCase): Promise<Template> {
  let made = templates.get(c);
  if (!made) {
    made = (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'aoa-test-'));
      const s = await seeded(dir);
      try {
        return { dir, club: s.club, prepared: await c.prepare?.(s) };
      } finally {
        await s.backend.close();
      }
    })();
    templates.set(c, made);
  }
  return made;
}

/** One case's scenario: seeded state, then the write against its target backend. */
async function scenarioFor(c: WriteCase): Promise<FaultScenario & { source: Seeded }> {
  const { dir, club, prepared } = await templateFor(c);
  const copy = tmp();
  copyFileSync(ledgerPaths(dir).database, ledgerPaths(copy).database);
  const source = { ...(await opened(copy)), club };
  const target = c.fresh ? await startBackend({ dataDir: tmp(), mode: 'test' }) : source.backend;
  const input = c.input(source, prepared);
  return {
    source,
    backend: target,
    op: () => target.dispatch(c.channel, input),
    close: async () => {
      if (target !== source.backend) await target.close();
      await source.backend.close();
    },
  };
}

describe('a thrown error at any query of a multi-step write leaves the ledger unchanged', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', { timeout: 60_000 }, async (_name, c) => {
    const counts = await expectAtomicUnderQueryFaults(() => scenarioFor(c));
    // one transaction, and the faults reached into it (several queries each way)
    expect(counts.units).toBe(1);
    expect(counts.before).toBeGreaterThanOrEqual(2);
    expect(counts.after).toBeGreaterThanOrEqual(1);
  });
});

describe('a full disk in the middle of a multi-step write', () => {
  // SQLite's own SQLITE_FULL, raised at each query of the operation in turn
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: a full disk at any query is refused in plain words, and nothing is written',
    { timeout: 60_000 },
    async (_name, c) => {
      const counts = await expectAtomicUnderQueryFaults(() => scenarioFor(c), { kind: 'disk-full' });
      expect(counts.before + counts.after).toBeGreaterThanOrEqual(2);
    },
  );

  // the real thing: the ledger may not grow by a page (slack inside existing pages can still take a small write)
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: with no page to grow into, refused in plain words and unchanged, or fitted; works once there is room',
    { timeout: 60_000 },
    async (_name, c) => {
      const s = await scenarioFor(c);
      try {
        const { refused, reply } = await underFullDisk(s.backend, s.op);
        if (refused) expectDiskFullError(reply);
        // with room again, the same request goes through and the ledger is sound
        const again = refused ? await s.op() : reply;
        expect(again, JSON.stringify(again)).toMatchObject({ ok: true });
        expect(dumpDatabase(s.backend.ctx.sqlite).zz_fault_fill).toBeUndefined();
        expect(await s.backend.dispatch('db.check', {})).toMatchObject({ ok: true, value: { ok: true } });
      } finally {
        await s.close();
      }
    },
  );
});

function expectDiskFullError(reply: WireReply): void {
  expect(reply.ok).toBe(false);
  if (reply.ok) return;
  expect(reply.error.code, reply.error.message).toBe('STORAGE');
  expect(reply.error.message).toMatch(/disk .*full/i);
  expect(reply.error.message).toMatch(/nothing .*saved/i);
}
