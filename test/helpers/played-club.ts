import type { BattleOutcome } from '../../src-shared/battle/outcome';
import { tableFormations } from '../../src-shared/battle/roster-formations';
import type { ApiClient } from '../../src-shared/contract/client';
import { addFormation, recruitCommandGroup } from '../../src-shared/roster/edit';
import type { Roster } from '../../src-shared/roster/schema';
import type { RulesetPack } from '../../src-shared/ruleset/schema';

/**
 * A played campaign for the walks over every section (words.spec, sections-a11y.spec): two players, a roster with a
 * third Elite squad (so the Builder and the draft army sheet have a violation to show), and Mission 1 finished with
 * the roster's own formations, 11 cryptid Wounds on its first Core squad and, when asked, a banked trophy.
 */
export async function seedPlayedClub(
  api: ApiClient,
  o: { players: [string, string]; campaignName?: string; rosterName: string; battleId: string; trophy?: boolean },
): Promise<{ pack: RulesetPack; campaign: { id: string; name: string }; roster: Roster; core: Roster['formations'][number] }> {
  const { pack } = (await api.call('rulesets.get', {})) as { pack: RulesetPack };
  const a = await api.call('players.create', { name: o.players[0] });
  const b = await api.call('players.create', { name: o.players[1] });
  const campaign = (await api.call('campaigns.create', {
    ...(o.campaignName ? { name: o.campaignName } : {}),
    rulesetVersionId: 1,
    seats: [
      { playerId: a.id, factionId: 'penitent-concord' },
      { playerId: b.id, factionId: 'scattered' },
    ],
  } as never)) as unknown as { id: string; name: string };
  const created = (await api.call('rosters.create', {
    name: o.rosterName,
    playerId: a.id,
    factionId: 'penitent-concord',
    mode: 'campaign',
    campaignId: campaign.id,
  })) as { roster: Roster };
  let roster = recruitCommandGroup(created.roster, pack);
  roster = addFormation(addFormation(roster, pack, 'core'), pack, 'core');
  for (let i = 0; i < 3; i++) roster = addFormation(roster, pack, 'elite');
  await api.call('rosters.save', { roster });
  const core = roster.formations[0]!;
  const side = (playerId: string, rosterId: string | null, result: 'win' | 'loss', formations: BattleOutcome['sides'][number]['formations']) => ({
    playerId,
    rosterId,
    result,
    mutantKills: 2,
    victoryPoints: 3,
    formations,
    trophies: [] as BattleOutcome['sides'][number]['trophies'],
    veteranSixesSpent: 0,
    cryptidDiceSpent: [],
    bankedTrophiesUsed: [],
  });
  const outcome: BattleOutcome = {
    mode: 'campaign',
    campaignId: campaign.id,
    mission: 1,
    mutantsInScenario: 9,
    cryptid: { cryptidId: 'nuckelavee', startingWounds: 20, defeated: true },
    sides: [
      side(
        a.id,
        roster.id,
        'win',
        tableFormations(roster).map((f) => ({
          formationId: f.id,
          name: f.name,
          slot: f.slot,
          startingModels: f.models,
          survivors: f.models,
          retreated: 0,
          cryptidWounds: f.id === core.id ? 11 : 0,
        })),
      ),
      side(b.id, null, 'loss', [
        { formationId: 'b-core-1', name: 'Core squad 1', slot: 'core', startingModels: 3, survivors: 1, retreated: 0, cryptidWounds: 0 },
      ]),
    ],
  };
  if (o.trophy)
    outcome.sides[0]!.trophies = [
      { cryptidId: 'nuckelavee', trophyId: 'nuckelavee-trophy', trophyName: 'Salt-crusted Heart', formationId: core.id, disposition: 'banked' },
    ];
  await api.call('campaigns.finishMission', { battleId: o.battleId, outcome });
  return { pack, campaign, roster, core };
}
