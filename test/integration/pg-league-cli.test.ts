import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import { testBackend, withBackend } from '../helpers/backend';
import { captureIo as io } from '../helpers/cli-io';
import { outcome, withLedgerCampaign } from '../helpers/ledger-seed';
import { createTestDatabase, pgServer } from '../helpers/pg';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

const asUser = (url: string, user: string) => {
  const u = new URL(url);
  u.username = user;
  return u.toString();
};

/** A Journal as another database holds it: the ruleset version's id is that database's own (the version itself travels by pack and number). */
const portable = <T extends { campaign: { rulesetVersionId: number } }>(j: T) => ({ ...j, campaign: { ...j.campaign, rulesetVersionId: 0 } });

describe.skipIf(!pgServer)('aoa league init / push / pull (a real PostgreSQL server)', () => {
  it('init makes the schema and two roles: organisers read and write rows, and cannot change the schema', async () => {
    const url = await createTestDatabase();
    const tag = randomUUID().replace(/-/g, '').slice(0, 8);
    const [owner, organiser] = [`own_${tag}`, `org_${tag}`];
    const out = io();
    expect(await runCli(['league', 'init', url, '--owner', owner, '--organiser', organiser], out.io)).toBe(0);
    expect(out.out.join('\n')).toMatch(new RegExp(`Roles: ${owner} .*${organiser}`));
    // a second init changes nothing and still succeeds
    expect(await runCli(['league', 'init', url, '--owner', owner, '--organiser', organiser], io().io)).toBe(0);

    const asOrganiser = asUser(url, organiser);
    await withBackend({ dataDir: tmp(), database: asOrganiser }, async ({ api }) => {
      const p = await api.call('players.create', { name: 'Ada' });
      expect((await api.call('players.list', {})).map((x) => x.id)).toContain(p.id);
    });
    const c = new pg.Client({ connectionString: asOrganiser });
    await c.connect();
    try {
      await expect(c.query('create table intruder (id integer)')).rejects.toMatchObject({ code: '42501' });
      await expect(c.query('drop table players')).rejects.toMatchObject({ code: '42501' });
      await expect(c.query('alter table players add column x integer')).rejects.toMatchObject({ code: '42501' });
      const { rows } = await c.query<{ owner: string }>("select tableowner as owner from pg_tables where tablename = 'ledger_entries'");
      expect(rows[0]!.owner).toBe(owner);
    } finally {
      await c.end();
    }
  });

  it('push a club ledger into the league (twice: nothing doubled, same hash), pull it back to a new file: same campaigns, same ids, same Journal', async () => {
    const url = await createTestDatabase();
    const clubDir = tmp();
    const { campaignId, journal } = await withLedgerCampaign(clubDir, async ({ api, a, b, campaign }) => {
      await api.call('campaigns.finishMission', { battleId: 'b-1', outcome: outcome(campaign.id, 1, a.id, b.id) });
      await api.call('ledger.correct', { campaignId: campaign.id, playerId: b.id, amount: 5, reason: 'late fee refunded' });
      return { campaignId: campaign.id, journal: await api.call('ledger.journal', { campaignId: campaign.id }) };
    });
    const file = join(clubDir, 'ledger.sqlite');

    const first = io();
    expect(await runCli(['league', 'push', '--from', file, url], first.io), first.err.join('\n')).toBe(0);
    const hash = /Content hash \(sha256\): ([0-9a-f]{64})/.exec(first.out.join('\n'))?.[1];
    expect(hash).toBeDefined();
    expect(first.out.join('\n')).toMatch(/players 2, campaigns 1, campaign_players 2, ledger_events 3/);
    const again = io();
    expect(await runCli(['league', 'push', '--from', file, '--json', url], again.io)).toBe(0);
    const r = JSON.parse(again.out.join('\n'));
    expect(r.imported).toMatchObject({ campaignsAdded: 0, eventsAdded: 0, entriesAdded: 0 });
    expect(r.digest.hash).toBe(hash);

    const league = await testBackend({ dataDir: tmp(), database: url });
    try {
      expect(portable(await league.api.call('ledger.journal', { campaignId }))).toEqual(portable(journal));
    } finally {
      await league.close();
    }

    const copyDir = tmp();
    const pulled = io();
    expect(await runCli(['--database', url, 'league', 'pull', '--to', join(copyDir, 'ledger.sqlite')], pulled.io), pulled.err.join('\n')).toBe(0);
    expect(pulled.out.join('\n')).toContain(hash!);
    await withBackend(copyDir, async ({ api }) => {
      expect(portable(await api.call('ledger.journal', { campaignId }))).toEqual(portable(journal));
    });
  });

  it('a wrong URL is refused in one line naming what to fix, and the password never appears', async () => {
    const u = new URL(pgServer!.adminUrl);
    u.password = 'hunter2-secret';
    u.port = String(Number(u.port) + 1);
    const out = io();
    expect(await runCli(['league', 'pull', '--to', join(tmp(), 'x.sqlite'), u.toString()], out.io)).toBe(1);
    const said = [...out.out, ...out.err].join('\n');
    expect(said).toMatch(/unreachable .*check that the server is running/);
    expect(said).not.toContain('hunter2');
    expect(await runCli(['league', 'push', '--from', 'x.sqlite', 'mysql://nope'], io().io)).toBe(1);
    // the file commands do not quietly act on the local file when a league was chosen
    for (const args of [
      ['backup', '--out', join(tmp(), 'b.sqlite')],
      ['restore', '--latest'],
    ]) {
      const said = io();
      expect(await runCli(['--database', pgServer!.adminUrl, ...args], said.io)).toBe(1);
      expect(said.err.join('\n')).toMatch(/league pull --to FILE/);
    }
  });
});
