import type { ApiClient } from '../../src-shared/contract/client';

/** A full-size warband (1 + 4 + 4×5 + 2×2 + 2×3 + 2×1 = 37 models) of the faction's first units: a realistic print job. */
function fillRoster<R extends object>(roster: R, pack: { units: { id: string; factionId: string; slot: string }[] }, factionId: string): R {
  const unit = (slot: string) => pack.units.find((u) => u.factionId === factionId && u.slot === slot)?.id;
  let k = 0;
  const id = () => `p${++k}`;
  const squad = (slot: 'core' | 'elite' | 'skirmisher' | 'heavy', count: number, size: number) =>
    unit(slot)
      ? Array.from({ length: count }, (_, i) => ({
          id: id(),
          slot,
          unitId: unit(slot)!,
          name: `${slot} ${i + 1}`,
          fighters: Array.from({ length: size }, () => ({ id: id(), name: '', loadoutId: null })),
          inReserve: false,
        }))
      : [];
  return {
    ...roster,
    captain: unit('captain') ? { id: id(), name: 'Captain', unitId: unit('captain')!, loadoutId: null } : null,
    officers: unit('officer')
      ? Array.from({ length: 4 }, (_, i) => ({ id: id(), name: `Officer ${i + 1}`, unitId: unit('officer')!, loadoutId: null, postedTo: null }))
      : [],
    formations: [...squad('core', 4, 5), ...squad('elite', 2, 2), ...squad('skirmisher', 2, 3), ...squad('heavy', 2, 1)],
  };
}

/**
 * Seeds campaigns with one roster per seat through the backend's own
 * channels, for the printing tests (batch printing of N campaigns).
 * Rosters stay empty unless `full`: empty ones print as marked drafts, which
 * is what a batch does with a roster that breaks the recruitment rules.
 * `campaignName` names the i-th campaign where a test picks one by name.
 */
export async function seedCampaignsWithRosters(
  api: ApiClient,
  campaigns: number,
  opts: { full?: boolean; campaignName?: (i: number) => string } = {},
): Promise<{ campaignIds: string[]; rosterIds: string[] }> {
  const { version, pack } = await api.call('rulesets.get', {});
  const [fa, fb] = [pack.factions[0]!.id, pack.factions[1]!.id];
  const campaignIds: string[] = [];
  const rosterIds: string[] = [];
  for (let i = 0; i < campaigns; i++) {
    const a = await api.call('players.create', { name: `Seed Player ${i}A` });
    const b = await api.call('players.create', { name: `Seed Player ${i}B` });
    const c = await api.call('campaigns.create', {
      name: opts.campaignName?.(i) ?? `Seed Campaign ${String(i + 1).padStart(2, '0')}`,
      rulesetVersionId: version.id,
      seats: [
        { playerId: a.id, factionId: fa },
        { playerId: b.id, factionId: fb },
      ],
    });
    const id = c.id;
    campaignIds.push(id);
    for (const [p, f] of [
      [a.id, fa],
      [b.id, fb],
    ] as const) {
      const r = await api.call('rosters.create', { name: `Warband ${i + 1} ${f}`, playerId: p, factionId: f, mode: 'campaign', campaignId: id });
      if (opts.full) await api.call('rosters.save', { roster: fillRoster(r.roster, pack, f) });
      rosterIds.push(r.roster.id);
    }
  }
  return { campaignIds, rosterIds };
}

/** Polls a batch's status until it is inside the one long render of its PDF (or has ended), and returns that status. */
export async function untilAssemblingPdf(api: ApiClient, jobId: string) {
  let s = await api.call('print.jobStatus', { jobId });
  while (s.state === 'running' && s.current !== 'putting the PDF together') {
    await new Promise((r) => setTimeout(r, 20));
    s = await api.call('print.jobStatus', { jobId });
  }
  return s;
}
