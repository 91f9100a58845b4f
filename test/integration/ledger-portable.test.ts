import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import { testBackend, type LedgerPlace } from '../helpers/backend';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { formation, outcome, seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { captureIo as io } from '../helpers/cli-io';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/** A Journal without the local-only parts (none: ids, times and numbers must all survive the trip). */
async function journalOf(dir: LedgerPlace, id: string) {
  const { api, close } = await testBackend(dir);
  try {
    return await api.call('ledger.journal', { campaignId: id });
  } finally {
    await close();
  }
}

/** A campaign's live rosters as documents, without the ledger-local ruleset version id. */
async function rostersOf(dir: LedgerPlace, campaignId: string) {
  const { api, close } = await testBackend(dir);
  try {
    const list = await api.call('rosters.list', { campaignId });
    const docs = [];
    for (const r of list) {
      const d = await api.call('rosters.get', { id: r.id });
      docs.push({ ...d.roster, rulesetVersionId: 0, allowance: d.allowance });
    }
    return docs.sort((x, y) => x.id.localeCompare(y.id));
  } finally {
    await close();
  }
}

/** The CLI's arguments for a test ledger: its data folder, and the league database when there is one. */
const where = (p: LedgerPlace) => (typeof p === 'string' ? ['--data-dir', p] : ['--data-dir', p.dataDir, '--database', p.database!]);

// the file is written by a club's SQLite ledger; it is merged into a ledger of each dialect
describe.each(DIALECTS)('portable campaigns (acceptance 5), imported into %s', (dialect) => {
  it('export, import into an empty data folder, import again: identical Journal and rosters, no duplicates; via the CLI', async () => {
    const src = tmp();
    const { backend, api, close } = await testBackend(src);
    let id: string;
    try {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(api, v);
      id = campaign.id;
      await api.call('campaigns.finishMission', {
        battleId: 'm1',
        outcome: outcome(id, 1, a.id, b.id, { aKills: 3, cryptid: true, aFormations: [formation('a1', { cryptidWounds: 11 })] }),
      });
      await api.call('ledger.correct', { campaignId: id, playerId: b.id, amount: 5, reason: 'Scoring slip at the table' });
      await api.call('ledger.undo', { campaignId: id });
      await api.call('campaigns.finishMission', { battleId: 'm2', outcome: outcome(id, 2, a.id, b.id, { aResult: 'loss', bKills: 2 }) });
      // each player's campaign warband travels with the campaign; a deleted one stays behind
      await api.call('rosters.create', { name: 'Lantern Vigil', playerId: a.id, factionId: 'penitent-concord', mode: 'campaign', campaignId: id });
      await api.call('rosters.create', { name: 'Ash Walkers', playerId: b.id, factionId: 'scattered', mode: 'campaign', campaignId: id });
      const gone = await api.call('rosters.create', { name: 'Scrapped draft', playerId: b.id, factionId: 'scattered', mode: 'campaign', campaignId: id });
      await api.call('rosters.delete', { id: gone.roster.id });
    } finally {
      await close();
    }
    const file = join(tmp(), 'campaign.json');
    const e = io();
    expect(await runCli(['--data-dir', src, 'campaign', 'export', id, '--out', file], e.io)).toBe(0);
    expect(e.out.join('\n')).toMatch(/Wrote 1 campaign/);

    const dst = await ledgerPlace(dialect, tmp());
    const i1 = io();
    expect(await runCli([...where(dst), 'campaign', 'import', file], i1.io)).toBe(0);
    const first = await journalOf(dst, id);
    const i2 = io();
    expect(await runCli([...where(dst), 'campaign', 'import', file], i2.io)).toBe(0);
    expect(i1.out.join('\n')).toMatch(/2 rosters added/);
    expect(i2.out.join('\n')).toMatch(/0 events, 0 entries and 0 rosters added \(already up to date\)/);
    const second = await journalOf(dst, id);
    const original = await journalOf(src, id);
    // ruleset version ids are local to each ledger; everything else must match exactly
    const strip = (j: typeof first) => ({ ...j, campaign: { ...j.campaign, rulesetVersionId: 0 } });
    expect(strip(first)).toEqual(strip(original));
    expect(strip(second)).toEqual(strip(original));
    expect(first.players.map((p) => p.allowance)).toEqual(original.players.map((p) => p.allowance));
    const rosters = await rostersOf(dst, id);
    expect(rosters.map((r) => r.name).sort()).toEqual(['Ash Walkers', 'Lantern Vigil']);
    expect(rosters).toEqual((await rostersOf(src, id)).filter((r) => r.name !== 'Scrapped draft'));
    // the imported Ada roster reads the imported ledger: the same allowance as her Journal line
    expect(rosters.find((r) => r.name === 'Lantern Vigil')!.allowance).toBe(first.players.find((p) => p.playerName === 'Ada')!.allowance);

    const list = io();
    expect(await runCli([...where(dst), 'campaign', 'list'], list.io)).toBe(0);
    expect(list.out.join('\n')).toContain('Ada');
    const show = io();
    expect(await runCli([...where(dst), 'campaign', 'show', id], show.io)).toBe(0);
    expect(show.out.join('\n')).toMatch(/Ada: allowance 462 RP/);
  });

  // measures the ledger file's bytes: a test of the SQLite ledger (run once)
  it.skipIf(dialect !== 'sqlite')('a file whose history disagrees with this ledger is refused whole, with the reason', async () => {
    const dir = tmp();
    const { backend, api, close } = await testBackend(dir);
    try {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(api, v);
      const exported = await api.call('campaigns.export', { ids: [campaign.id] });
      // this ledger moves on one way…
      await api.call('campaigns.finishMission', { battleId: 'here', outcome: outcome(campaign.id, 1, a.id, b.id) });
      // …and the other ledger (simulated by editing the file) another way
      const f = JSON.parse(exported.json);
      const c = f.campaigns[0];
      const evId = 'other-ledger-event';
      c.events.push({
        id: evId,
        campaign_id: campaign.id,
        seq: 2,
        kind: 'correction',
        mission: null,
        summary: 'Correction elsewhere',
        reverses_event_id: null,
        redoes_event_id: null,
        created_at: new Date().toISOString(),
      });
      c.entries.push({
        id: 'other-entry',
        event_id: evId,
        position: 0,
        campaign_id: campaign.id,
        player_id: a.id,
        mission: null,
        kind: 'correction',
        amount: 7,
        item_json: '{}',
        reason: 'x',
        reverses_entry_id: null,
        created_at: new Date().toISOString(),
      });
      const before = readFileSync(join(dir, 'ledger.sqlite')).length;
      await expect(api.call('campaigns.import', { json: JSON.stringify(f) })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/moved on differently/),
      });
      expect((await api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id })).allowance).toBe(428);
      expect(before).toBeGreaterThan(0);

      // not a campaign file at all
      const bad = join(tmp(), 'bad.json');
      writeFileSync(bad, '{"format":"something-else"}');
      const r = io();
      await close();
      expect(await runCli(['--data-dir', dir, 'campaign', 'import', bad], r.io)).toBe(1);
      expect(r.err.join('\n')).toMatch(/not a campaign file/);
    } finally {
      await close().catch(() => undefined);
    }
  });

  it('a roster edited differently in the two ledgers is refused, and nothing of the file is imported', async () => {
    const src = tmp();
    const dst = await ledgerPlace(dialect, tmp());
    let json: string;
    let rosterId: string;
    let campaignId: string;
    {
      const { backend, api, close } = await testBackend(src);
      try {
        const v = await seedLedgerPack(backend.ctx.db);
        const { a, campaign } = await seedCampaignViaApi(api, v);
        campaignId = campaign.id;
        rosterId = (await api.call('rosters.create', { name: 'Lantern Vigil', playerId: a.id, factionId: 'penitent-concord', mode: 'campaign', campaignId }))
          .roster.id;
        json = (await api.call('campaigns.export', { ids: [campaignId] })).json;
      } finally {
        await close();
      }
    }
    const { api, close } = await testBackend(dst);
    try {
      expect(await api.call('campaigns.import', { json })).toMatchObject({ campaignsAdded: 1, rostersAdded: 1 });
      // the other organiser renames the warband here, while the file keeps the old name
      await api.call('rosters.rename', { id: rosterId, name: 'Lantern Vigil (renamed here)' });
      const f = JSON.parse(json);
      const b = f.campaigns[0].seats[1].player_id;
      // and the file also carries a correction this ledger has not seen
      const evId = 'later-correction';
      f.campaigns[0].events.push({
        id: evId,
        campaign_id: campaignId,
        seq: 2,
        kind: 'correction',
        mission: null,
        summary: 'Later correction',
        reverses_event_id: null,
        redoes_event_id: null,
        created_at: new Date().toISOString(),
      });
      f.campaigns[0].entries.push({
        id: 'later-entry',
        event_id: evId,
        position: 0,
        campaign_id: campaignId,
        player_id: b,
        mission: null,
        kind: 'correction',
        amount: 3,
        item_json: '{}',
        reason: 'x',
        reverses_entry_id: null,
        created_at: new Date().toISOString(),
      });
      await expect(api.call('campaigns.import', { json: JSON.stringify(f) })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/Roster "Lantern Vigil" .* changed differently in the two ledgers/),
        path: ['campaigns', 0, 'rosters', 0],
      });
      // refused whole: the correction did not land, the local rename stands
      expect((await api.call('ledger.inventory', { campaignId, playerId: b })).allowance).toBe(400);
      expect((await api.call('rosters.get', { id: rosterId })).roster.name).toBe('Lantern Vigil (renamed here)');

      // a roster in the file that claims a player outside the campaign is refused as damaged
      const g = JSON.parse(json);
      g.campaigns[0].rosters[0].player_id = 'someone-else';
      await expect(api.call('campaigns.import', { json: JSON.stringify(g) })).rejects.toMatchObject({
        code: 'VALIDATION',
        message: expect.stringMatching(/does not belong to a player/),
      });
    } finally {
      await close();
    }
  });
});
