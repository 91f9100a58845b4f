import type { ApiClient } from '../../src-shared/contract/client';
import type { Roster } from '../../src-shared/roster/schema';
import type { RulesetPack } from '../../src-shared/ruleset/schema';

/** The smallest legal army of a faction from the pack: Captain, 4 Officers, 2 Core squads of the minimum size [000 §2]. */
export function minimalArmy(r: Roster, pack: RulesetPack, officerPostings: (number | null)[] = [null, null, null, null]): Roster {
  const unit = (slot: string) => {
    const u = pack.units.find((x) => x.factionId === r.factionId && x.slot === slot);
    if (!u) throw new Error(`no ${slot} unit for ${r.factionId}`);
    return u.id;
  };
  const size = pack.recruitment.core.size.min;
  const formations = [1, 2].map((n) => ({
    id: `${r.id}-core-${n}`,
    slot: 'core' as const,
    unitId: unit('core'),
    name: `Line ${n}`,
    fighters: Array.from({ length: size }, (_, i) => ({ id: `${r.id}-core-${n}-${i}`, name: '', loadoutId: null, equipment: [] })),
    inReserve: false,
  }));
  return {
    ...r,
    captain: { id: `${r.id}-captain`, name: 'Captain', unitId: unit('captain'), loadoutId: null, equipment: [] },
    officers: officerPostings.map((p, i) => ({
      id: `${r.id}-officer-${i}`,
      name: `Officer ${i + 1}`,
      unitId: unit('officer'),
      loadoutId: null,
      equipment: [],
      postedTo: p === null ? null : formations[p]!.id,
    })),
    formations,
  };
}

/** Two players, a campaign between them on the default pack, and a legal 400-point army each. */
export async function seedCampaign(api: ApiClient) {
  const { version, pack } = await api.call('rulesets.get', {});
  const ana = await api.call('players.create', { name: 'Ana' });
  const bo = await api.call('players.create', { name: 'Bo' });
  const [fa, fb] = [pack.factions[0]!.id, pack.factions[1]!.id];
  const campaign = await api.call('campaigns.create', {
    rulesetVersionId: version.id,
    seats: [
      { playerId: ana.id, factionId: fa },
      { playerId: bo.id, factionId: fb },
    ],
  });
  const rosters: Roster[] = [];
  for (const [p, f, name] of [
    [ana.id, fa, 'Ash Wolves'],
    [bo.id, fb, 'Iron Crows'],
  ] as const) {
    const created = await api.call('rosters.create', { name, playerId: p, factionId: f, mode: 'campaign', campaignId: campaign.id });
    const saved = await api.call('rosters.save', { roster: minimalArmy(created.roster, pack) });
    if (!saved.validation.valid) throw new Error(`seed roster invalid: ${saved.validation.violations.map((v) => v.message).join('; ')}`);
    rosters.push(saved.roster);
  }
  return { pack, campaign, players: [ana, bo] as const, rosters };
}
