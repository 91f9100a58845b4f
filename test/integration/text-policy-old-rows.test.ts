import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withBackend } from '../helpers/backend';
import { seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/**
 * Issue 33: rows an older app stored with text today's policy refuses (a
 * bidi override, a control character, a decomposed accent in a name) stay
 * readable: every screen's read answers, the text as stored, while a write
 * of that text is still refused. Written straight into a real SQLite file.
 */
describe('rows stored before the text policy still read', () => {
  it.each([
    { what: 'a bidi override', text: 'Bram\u202Egnp.exe' },
    { what: 'a BEL', text: 'Bram\u0007' },
    { what: 'a decomposed é', text: 'Zoe\u0301' },
  ])('$what in a player’s, a campaign’s and a roster’s name', async ({ text }) => {
    const dir = tmp();
    const ids = await withBackend(dir, async ({ backend, api }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(api, v);
      const roster = await api.call('rosters.create', { name: 'Ash Wolves', playerId: a.id, factionId: 'penitent-concord', rulesetVersionId: v });
      return { a: a.id, b: b.id, campaign: campaign.id, roster: roster.roster.id };
    });
    const raw = new Database(join(dir, 'ledger.sqlite'));
    raw.prepare('update players set name = ?, notes = ? where id = ?').run(text, text, ids.b);
    raw.prepare('update campaigns set name = ?, notes = ? where id = ?').run(text, text, ids.campaign);
    raw.prepare('update rosters set name = ? where id = ?').run(text, ids.roster);
    raw.close();

    await withBackend(dir, async ({ api }) => {
      const reads = {
        'players.list': () => api.call('players.list', {}),
        'players.get': () => api.call('players.get', { id: ids.b }),
        'campaigns.list': () => api.call('campaigns.list', {}),
        'campaigns.dashboard': () => api.call('campaigns.dashboard', {}),
        'campaigns.get': () => api.call('campaigns.get', { id: ids.campaign }),
        'campaigns.export': () => api.call('campaigns.export', { ids: [ids.campaign] }),
        'ledger.journal': () => api.call('ledger.journal', { campaignId: ids.campaign }),
        'rosters.list': () => api.call('rosters.list', {}),
        'rosters.get': () => api.call('rosters.get', { id: ids.roster }),
      };
      const failed: string[] = [];
      for (const [name, read] of Object.entries(reads)) {
        try {
          const value = await read();
          if (!['campaigns.export'].includes(name) && !JSON.stringify(value).includes(JSON.stringify(text).slice(1, -1)))
            failed.push(`${name}: the stored name is not shown`);
        } catch (e) {
          failed.push(`${name}: ${String(e)}`);
        }
      }
      expect(failed).toEqual([]);
      // writes stay strict: the same text is refused when sent
      if (text !== 'Zoe\u0301') await expect(api.call('players.create', { name: text })).rejects.toMatchObject({ code: 'VALIDATION', path: ['name'] });
    });
  });
});
