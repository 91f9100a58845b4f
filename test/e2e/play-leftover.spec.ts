import { act, everyoneSurvives, playSetup, seedCampaign } from '../helpers/battle-seed';
import { expect, openApp, pageApi, test } from './fixtures';

/**
 * Issue 43: a battle of a mission recorded meanwhile on paper (left over, issue 40's mission once) offers neither the
 * trophies nor the Cryptid Dice that very mission banked: they are for later missions.
 */
test('a battle left over when its mission was recorded on paper offers nothing that mission banked', async ({ page, pageErrors }) => {
  await openApp(page, '/play');
  const api = pageApi(page);
  const club = await seedCampaign(api);
  // Mission 1 is being played in Play Mode…
  const started = await api.call('battles.start', { mode: 'campaign', campaignId: club.campaign.id, rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id] });
  let b = await playSetup(api, started, club.pack);
  b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
  // …when the same mission is recorded on paper, banking Ana's trophy
  const o = everyoneSurvives(club);
  o.cryptid = { cryptidId: 'nuckelavee', startingWounds: 20, defeated: true };
  o.sides[0].formations[0]!.cryptidWounds = 11;
  o.sides[0].trophies = [
    { cryptidId: 'nuckelavee', trophyId: 'nuckelavee-hide', trophyName: 'Flayed Hide', formationId: club.rosters[0]!.formations[0]!.id, disposition: 'banked' },
  ];
  await api.call('campaigns.finishMission', { battleId: crypto.randomUUID(), outcome: o });
  const inventory = await api.call('ledger.inventory', { campaignId: club.campaign.id, playerId: club.players[0]!.id });
  expect(inventory.inventory.trophies).toMatchObject([{ name: 'Flayed Hide', status: 'banked', mission: 1 }]);

  await openApp(page, `/play/battle/${b.id}`);
  // both players' banks read, and neither offers a trophy: Ana's was banked by this very mission
  await expect(page.getByRole('region', { name: 'Campaign dice' }).getByText('No banked trophies.')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /Flayed Hide/ })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
