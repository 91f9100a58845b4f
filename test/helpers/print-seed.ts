import type { ApiClient } from '../../src-shared/contract/client';

/**
 * Seeds campaigns with one roster per seat through the backend's own
 * channels, for the printing tests (batch printing of N campaigns).
 * Rosters stay empty: they print as marked drafts, which is what a batch
 * does with a roster that breaks the recruitment rules.
 */
export async function seedCampaignsWithRosters(api: ApiClient, campaigns: number): Promise<{ campaignIds: string[]; rosterIds: string[] }> {
  const { version, pack } = await api.call('rulesets.get', {});
  const [fa, fb] = [pack.factions[0]!.id, pack.factions[1]!.id];
  const campaignIds: string[] = [];
  const rosterIds: string[] = [];
  for (let i = 0; i < campaigns; i++) {
    const a = await api.call('players.create', { name: `Seed Player ${i}A` });
    const b = await api.call('players.create', { name: `Seed Player ${i}B` });
    const c = await api.call('campaigns.create', {
      name: `Seed Campaign ${String(i + 1).padStart(2, '0')}`,
      rulesetVersionId: version.id,
      seats: [
        { playerId: a.id, factionId: fa },
        { playerId: b.id, factionId: fb },
      ],
    });
    const id = c.id;
    campaignIds.push(id);
    for (const [p, f] of [[a.id, fa], [b.id, fb]] as const) {
      const r = await api.call('rosters.create', { name: `Warband ${i + 1} ${f}`, playerId: p, factionId: f, mode: 'campaign', campaignId: id });
      rosterIds.push(r.roster.id);
    }
  }
  return { campaignIds, rosterIds };
}
