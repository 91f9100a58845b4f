import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withBackend, dumpLedger } from '../helpers/backend';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { expectError } from '../helpers/expect-error';
import { outcome, seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

/** The file with every UUID made new (consistently): another club's campaign. */
function freshIds(json: string): string {
  const map = new Map<string, string>();
  return json.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => map.get(id) ?? (map.set(id, randomUUID()), map.get(id)!));
}

interface FileShape {
  players: { id: string; name: string }[];
  campaigns: { campaign: { id: string }; finishes: { id: string; outcome_json: string }[] }[];
}

describe.each(DIALECTS)('player names and file contents under the text policy (%s)', (dialect) => {
  const tmp = useTempDirs();

  it('one player per name once normalised and case folded: create, rename and import alike', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ backend, api }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const { campaign } = await seedCampaignViaApi(api, v, ['Zoë', 'Bram']);
      const e = await expectError(api.call('players.create', { name: 'ZOE\u0308' }), 'CONFLICT');
      expect(e.path).toEqual(['name']);
      expect(e.message).toContain('Zoë');
      const cyd = await api.call('players.create', { name: 'Cyd' });
      expect((await expectError(api.call('players.update', { id: cyd.id, name: ' bram ' }), 'CONFLICT')).message).toContain('Bram');
      // renaming a player to a different case of their own name is no clash
      expect((await api.call('players.update', { id: cyd.id, name: 'CYD' })).name).toBe('CYD');

      // a file from another club whose player is called "zoë": refused, naming this ledger's player, nothing written
      const file = JSON.parse(freshIds((await api.call('campaigns.export', { ids: [campaign.id] })).json)) as FileShape;
      file.players[0]!.name = 'zoe\u0308';
      file.players[1]!.name = 'Dagny';
      const before = await dumpLedger(backend);
      const clash = await expectError(api.call('campaigns.import', { json: JSON.stringify(file) }), 'CONFLICT');
      expect(clash.path).toEqual(['players', 0, 'name']);
      expect(clash.message).toContain('Zoë');
      expect(await dumpLedger(backend)).toEqual(before);

      // two players of one file that are one name here
      file.players[0]!.name = 'Dagny';
      file.players[1]!.name = 'DAGNY';
      expect((await expectError(api.call('campaigns.import', { json: JSON.stringify(file) }), 'CONFLICT')).path).toEqual(['players', 1, 'name']);
      expect(await dumpLedger(backend)).toEqual(before);
    });
  });

  it('an imported outcome keeps no unknown key and nests no deeper than the bound', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ backend, api }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(api, v);
      await api.call('campaigns.finishMission', { battleId: randomUUID(), outcome: outcome(campaign.id, 1, a.id, b.id) });
      const exported = (await api.call('campaigns.export', { ids: [campaign.id] })).json;

      const hostile = JSON.parse(freshIds(exported)) as FileShape;
      hostile.players.forEach((p, i) => (p.name = `Hostile ${i}`));
      const finish = hostile.campaigns[0]!.finishes[0]!;
      const o = JSON.parse(finish.outcome_json) as Record<string, unknown> & { sides: Record<string, unknown>[] };
      const withExtras = JSON.stringify(o).replace(/^\{/, '{"__proto__":{"admin":true},"extra":{"kept":"never"},');
      const sideExtra = JSON.parse(withExtras) as typeof o;
      sideExtra.sides[0]!.smuggled = 1;
      finish.outcome_json = JSON.stringify(sideExtra).replace(/^\{/, '{"__proto__":{"admin":true},');
      await api.call('campaigns.import', { json: JSON.stringify(hostile) });
      const row = await backend.ctx.db.selectFrom('mission_finishes').select('outcome_json').where('id', '=', finish.id).executeTakeFirstOrThrow();
      expect(row.outcome_json).not.toContain('__proto__');
      expect(row.outcome_json).not.toContain('extra');
      expect(row.outcome_json).not.toContain('smuggled');
      expect(JSON.parse(row.outcome_json)).toEqual(o);

      // a 5,000-deep array under an unknown key: refused, nothing written
      const deep = JSON.parse(freshIds(exported)) as FileShape;
      deep.players.forEach((p, i) => (p.name = `Deep ${i}`));
      const nested = '['.repeat(5000) + ']'.repeat(5000);
      deep.campaigns[0]!.finishes[0]!.outcome_json = deep.campaigns[0]!.finishes[0]!.outcome_json.replace(/^\{/, `{"deep":${nested},`);
      const before = await dumpLedger(backend);
      const e = await expectError(api.call('campaigns.import', { json: JSON.stringify(deep) }), 'VALIDATION');
      expect(e.message).toMatch(/nests deeper than 64 levels/);
      expect(await dumpLedger(backend)).toEqual(before);
    });
  });
});
