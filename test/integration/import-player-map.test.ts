import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dumpLedger, withBackend } from '../helpers/backend';
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
  campaigns: { campaign: { id: string; name: string; notes: string }; events: { id: string; summary: string }[] }[];
}

/**
 * Issue 33: the import preview names a file's player whose name is an
 * existing player's once normalised and case folded, and offers that player;
 * the organiser's choice (`mapPlayers`, the Import dialog, `--map-player`)
 * imports the file's campaign with the existing player in the seat, the
 * ledger's name kept. A file row whose id is a row here with other content is
 * named in the preview, never merged silently.
 */
describe.each(DIALECTS)('an imported player mapped to the existing one (%s)', (dialect) => {
  const tmp = useTempDirs();

  it('the preview names the clash and offers the existing player; the import then uses it', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ backend, api }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(api, v, ['Zoë', 'Bram']);
      await api.call('campaigns.finishMission', { battleId: randomUUID(), outcome: outcome(campaign.id, 1, a.id, b.id, { aKills: 2 }) });
      const file = JSON.parse(freshIds((await api.call('campaigns.export', { ids: [campaign.id] })).json)) as FileShape;
      const [zoe, other] = file.players;
      zoe!.name = 'ZOE\u0308';
      other!.name = 'Dagny';
      const json = JSON.stringify(file);

      const preview = await api.call('campaigns.importPreview', { json });
      expect(preview.importable).toBe(false);
      expect(preview.players.find((p) => p.id === zoe!.id)).toMatchObject({ added: true, clash: { id: a.id, name: 'Zoë' } });
      expect(preview.lines.join('\n')).toContain(`--map-player ${zoe!.id}=${a.id}`);
      const before = await dumpLedger(backend);
      expect((await expectError(api.call('campaigns.import', { json }), 'CONFLICT')).path).toEqual(['players', 0, 'name']);
      expect(await dumpLedger(backend)).toEqual(before);

      // mapped: the preview is importable and names the player as the existing one, whose name is kept
      const mapPlayers = { [zoe!.id]: a.id };
      const mapped = await api.call('campaigns.importPreview', { json, mapPlayers });
      expect(mapped.importable).toBe(true);
      expect(mapped.players.find((p) => p.id === a.id)).toMatchObject({ added: false, clash: null });
      expect(mapped.differences.some((d) => d.table === 'players' && d.id === a.id)).toBe(true);
      const r = await api.call('campaigns.import', { json, mapPlayers });
      expect(r.playersAdded).toBe(1);
      const players = await api.call('players.list', {});
      expect(players.map((p) => p.name).sort()).toEqual(['Bram', 'Dagny', 'Zoë']);
      const imported = await api.call('campaigns.get', { id: file.campaigns[0]!.campaign.id });
      expect(JSON.stringify(imported)).toContain(a.id);
      // Zoë's allowance in the imported campaign is the file's, its ledger replayed under her id
      const journal = await api.call('ledger.journal', { campaignId: file.campaigns[0]!.campaign.id });
      expect(JSON.stringify(journal)).toContain(a.id);
      // a second import adds nothing
      const again = await api.call('campaigns.import', { json, mapPlayers });
      expect([again.campaignsAdded, again.playersAdded, again.eventsAdded]).toEqual([0, 0, 0]);

      // a mapping to no player here, or of a player the file lacks, is refused naming it
      expect((await expectError(api.call('campaigns.import', { json, mapPlayers: { [zoe!.id]: randomUUID() } }), 'NOT_FOUND')).path).toEqual([
        'mapPlayers',
        zoe!.id,
      ]);
      expect((await expectError(api.call('campaigns.importPreview', { json, mapPlayers: { [randomUUID()]: a.id } }), 'VALIDATION')).path?.[0]).toBe(
        'mapPlayers',
      );
    });
  });

  it('a row whose id is one here with other content is named in the preview, never merged silently', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ backend, api }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(api, v);
      await api.call('campaigns.finishMission', { battleId: randomUUID(), outcome: outcome(campaign.id, 1, a.id, b.id) });
      const file = JSON.parse((await api.call('campaigns.export', { ids: [campaign.id] })).json) as FileShape;
      // the same ids, other content: a player renamed, an event's summary rewritten
      file.players[0]!.name = 'Ada Lovelace';
      file.campaigns[0]!.events[0]!.summary = 'Something else happened';
      const before = await dumpLedger(backend);
      const preview = await api.call('campaigns.importPreview', { json: JSON.stringify(file) });
      expect(preview.differences.find((d) => d.table === 'players' && d.id === file.players[0]!.id)?.message).toMatch(/Ada Lovelace/);
      const event = preview.differences.find((d) => d.table === 'events' && d.id === file.campaigns[0]!.events[0]!.id);
      // the texts differ, the history is the same: named, and the import keeps this ledger's texts
      expect(event).toMatchObject({ refuses: false });
      expect(event!.message).toMatch(/Something else happened/);
      expect(await dumpLedger(backend)).toEqual(before);
      // the same ids with another history (a step recorded differently) is refused, nothing written
      const moved = JSON.parse(JSON.stringify(file)) as FileShape & { campaigns: { events: { seq: number }[] }[] };
      moved.campaigns[0]!.events[0]!.seq = 99;
      const refused = await api.call('campaigns.importPreview', { json: JSON.stringify(moved) });
      expect(refused.importable).toBe(false);
      expect(refused.differences.find((d) => d.table === 'events')).toMatchObject({ refuses: true });
      await expectError(api.call('campaigns.import', { json: JSON.stringify(moved) }), 'CONFLICT');
      expect(await dumpLedger(backend)).toEqual(before);
    });
  });
});
