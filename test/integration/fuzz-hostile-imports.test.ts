import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src-shared/contract/client';
import type { Backend } from '../../src-main/backend/backend';
import { dumpDatabase, testBackend } from '../helpers/backend';
import { refusal } from '../helpers/expect-error';
import { formation, outcome, seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

/**
 * Issue 14: files that corrupted the ledger while `db check` stayed clean.
 * Each is an export of a real campaign with one thing changed, imported into
 * a ledger that holds another campaign; each must be refused with a typed
 * error naming the first offending path, leaving that ledger byte-identical.
 */

const tmp = useTempDirs();

/** The file as the JSON it is, edited freely. */
type File = any;

let file: File;
let dst: { backend: Backend; api: ApiClient; close: () => Promise<void> };
let other: { id: string; playerId: string };
let dstDir: string;

beforeAll(async () => {
  const src = await testBackend(tmp());
  try {
    const v = await seedLedgerPack(src.backend.ctx.db);
    const { a, b, campaign } = await seedCampaignViaApi(src.api, v);
    await src.api.call('campaigns.finishMission', {
      battleId: 'hostile-m1',
      outcome: outcome(campaign.id, 1, a.id, b.id, { aKills: 3, cryptid: true, aFormations: [formation('a1', { cryptidWounds: 11 })] }),
    });
    file = JSON.parse((await src.api.call('campaigns.export', { ids: [campaign.id] })).json);
  } finally {
    await src.close();
  }
  // the shared ledger lives for the whole file: useTempDirs removes its folders after each test
  dstDir = mkdtempSync(join(tmpdir(), 'aoa-hostile-'));
  dst = await testBackend(dstDir);
  const v = await seedLedgerPack(dst.backend.ctx.db);
  const { a, campaign } = await seedCampaignViaApi(dst.api, v, ['Cass', 'Dov']);
  await dst.api.call('ledger.correct', { campaignId: campaign.id, playerId: a.id, amount: 80, reason: 'Club prize for the autumn league' });
  other = { id: campaign.id, playerId: a.id };
});
afterAll(async () => {
  await dst?.close();
  rmSync(dstDir, { recursive: true, force: true });
});

/** One more correction event at the end of the file's campaign, with one entry. */
function addCorrection(f: File, entry: Record<string, unknown>): number {
  const c = f.campaigns[0];
  const last = c.events[c.events.length - 1];
  const event = {
    ...last,
    id: 'hostile-event',
    seq: last.seq + 1,
    kind: 'correction',
    mission: null,
    summary: 'A correction',
    reverses_event_id: null,
    redoes_event_id: null,
  };
  c.events.push(event);
  const like = c.entries[0];
  c.entries.push({ ...like, id: 'hostile-entry', event_id: event.id, position: 0, kind: 'correction', mission: null, reason: 'Hostile', ...entry });
  return c.entries.length - 1;
}

interface HostileCase {
  name: string;
  edit: (f: File) => void;
  code: 'VALIDATION' | 'RULE_VIOLATION';
  path: (f: File) => (string | number)[];
}

const lastEntry = (f: File) => f.campaigns[0].entries.length - 1;

const CASES: HostileCase[] = [
  {
    name: 'an entry that names another existing campaign (its allowance would pass the cap)',
    edit: (f) => addCorrection(f, { campaign_id: other.id, player_id: other.playerId, amount: 5000 }),
    code: 'VALIDATION',
    path: (f) => ['campaigns', 0, 'entries', lastEntry(f), 'campaign_id'],
  },
  {
    name: 'an entry of its own campaign that takes the allowance past the cap',
    edit: (f) => addCorrection(f, { amount: 5000 }),
    code: 'RULE_VIOLATION',
    path: (f) => ['campaigns', 0, 'entries', lastEntry(f), 'amount'],
  },
  {
    name: 'a duplicate entry id (the second would be dropped silently)',
    edit: (f) => addCorrection(f, { id: f.campaigns[0].entries[0].id, amount: -400 }),
    code: 'VALIDATION',
    path: (f) => ['campaigns', 0, 'entries', lastEntry(f), 'id'],
  },
  {
    name: 'an amount of -100000',
    edit: (f) => addCorrection(f, { amount: -100000 }),
    code: 'VALIDATION',
    path: (f) => ['campaigns', 0, 'entries', lastEntry(f), 'amount'],
  },
  {
    name: 'an amount of 2^53-1',
    edit: (f) => addCorrection(f, { amount: Number.MAX_SAFE_INTEGER }),
    code: 'VALIDATION',
    path: (f) => ['campaigns', 0, 'entries', lastEntry(f), 'amount'],
  },
  {
    name: 'a 1 MB player name',
    edit: (f) => (f.players[0].name = 'x'.repeat(1024 * 1024)),
    code: 'VALIDATION',
    path: () => ['players', 0, 'name'],
  },
  { name: 'an empty player name', edit: (f) => (f.players[1].name = '  '), code: 'VALIDATION', path: () => ['players', 1, 'name'] },
  { name: 'an empty campaign name', edit: (f) => (f.campaigns[0].campaign.name = ''), code: 'VALIDATION', path: () => ['campaigns', 0, 'campaign', 'name'] },
  {
    name: 'a date in 2999',
    edit: (f) => (f.campaigns[0].events[0].created_at = '2999-01-01T00:00:00.000Z'),
    code: 'VALIDATION',
    path: () => ['campaigns', 0, 'events', 0, 'created_at'],
  },
  { name: 'a date that is "not a date"', edit: (f) => (f.players[0].created_at = 'not a date'), code: 'VALIDATION', path: () => ['players', 0, 'created_at'] },
  {
    name: 'an unknown entry kind',
    edit: (f) => (f.campaigns[0].entries[1].kind = 'free-points'),
    code: 'VALIDATION',
    path: () => ['campaigns', 0, 'entries', 1, 'kind'],
  },
  {
    name: 'mission 99',
    edit: (f) => (f.campaigns[0].campaign.current_mission = 99),
    code: 'VALIDATION',
    path: () => ['campaigns', 0, 'campaign', 'current_mission'],
  },
  { name: 'mission -3', edit: (f) => (f.campaigns[0].finishes[0].mission = -3), code: 'VALIDATION', path: () => ['campaigns', 0, 'finishes', 0, 'mission'] },
  {
    name: 'a ruleset version whose pack is {"not":"a pack"}',
    edit: (f) => (f.rulesetVersions[0].pack_json = '{"not":"a pack"}'),
    code: 'VALIDATION',
    path: () => ['rulesetVersions', 0, 'pack_json'],
  },
  {
    name: 'a stored outcome that is not JSON',
    edit: (f) => (f.campaigns[0].finishes[0].outcome_json = '{"mode":'),
    code: 'VALIDATION',
    path: () => ['campaigns', 0, 'finishes', 0, 'outcome_json'],
  },
  {
    name: 'a stored outcome that no longer parses',
    edit: (f) => (f.campaigns[0].finishes[0].outcome_json = '{"mode":"campaign"}'),
    code: 'VALIDATION',
    path: () => ['campaigns', 0, 'finishes', 0, 'outcome_json'],
  },
  {
    name: 'stored options that are not JSON',
    edit: (f) => (f.campaigns[0].campaign.options_json = 'altActivationModule=yes'),
    code: 'VALIDATION',
    path: () => ['campaigns', 0, 'campaign', 'options_json'],
  },
  {
    name: 'stored options that are not the rule options',
    edit: (f) => (f.campaigns[0].campaign.options_json = '{"cryptidDamageTie":"coin-toss"}'),
    code: 'VALIDATION',
    path: () => ['campaigns', 0, 'campaign', 'options_json'],
  },
];

describe('hostile campaign files (issue 14)', () => {
  it('the unchanged file imports, so each refusal below is for its one change', async () => {
    const dir = tmp();
    const t = await testBackend(dir);
    try {
      await seedLedgerPack(t.backend.ctx.db);
      expect(await t.api.call('campaigns.import', { json: JSON.stringify(file) })).toMatchObject({ campaignsAdded: 1 });
      expect(await t.api.call('db.check', {})).toEqual({ ok: true, integrity: [], foreignKeys: [] });
    } finally {
      await t.close();
    }
  });

  it.each(CASES)('refuses $name, typed, at its path, the ledger byte-identical', async ({ edit, code, path }) => {
    const f = structuredClone(file);
    edit(f);
    const before = dumpDatabase(dst.backend.ctx.sqlite);
    const e = await refusal(dst.api.call('campaigns.import', { json: JSON.stringify(f) }));
    expect({ code: e.code, path: e.path }).toEqual({ code, path: path(f) });
    expect(e.message.length).toBeLessThan(400);
    expect(dumpDatabase(dst.backend.ctx.sqlite)).toEqual(before);
    expect(await dst.api.call('db.check', {})).toEqual({ ok: true, integrity: [], foreignKeys: [] });
    expect((await dst.api.call('ledger.inventory', { campaignId: other.id, playerId: other.playerId })).allowance).toBe(480);
  });
});
