import { act, everyoneSurvives, playSetup, seedCampaign } from '../helpers/battle-seed';
import { expect, openApp, pageApi, test } from './fixtures';

/**
 * Issue 17: 'banked trophies can be used in a later battle from Play Mode' (Field Manual §10: "use the trophy
 * once now or retain it for the campaign"). Mission 1 banks a trophy; in Mission 2 its owner uses it by clicking.
 */
test('a trophy banked in Mission 1 is used in Mission 2 from Play Mode, once; the crib sheet opens over the battle', async ({ page, pageErrors }) => {
  await openApp(page, '/play');
  const api = pageApi(page);
  const club = await seedCampaign(api);
  const o = everyoneSurvives(club);
  o.cryptid = { cryptidId: 'nuckelavee', startingWounds: 20, defeated: true };
  o.sides[0].formations[0]!.cryptidWounds = 11;
  o.sides[0].trophies = [
    {
      cryptidId: 'nuckelavee',
      trophyId: 'nuckelavee-trophy',
      trophyName: 'Salt-crusted Heart',
      formationId: club.rosters[0]!.formations[0]!.id,
      disposition: 'banked',
    },
  ];
  await api.call('campaigns.finishMission', { battleId: crypto.randomUUID(), outcome: o });
  const started = await api.call('battles.start', { mode: 'campaign', campaignId: club.campaign.id, rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id] });
  let b = await playSetup(api, started, club.pack);
  b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });

  await openApp(page, `/play/battle/${b.id}`);
  const trophies = page.getByRole('group', { name: 'Ana: banked trophies' });
  await trophies.getByRole('button', { name: 'Use Salt-crusted Heart now' }).click();
  await expect(trophies.getByRole('button', { name: 'Salt-crusted Heart: used in this battle' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText('Ana uses the banked trophy Salt-crusted Heart');
  await expect(page.getByRole('group', { name: 'Bo: banked trophies' })).toHaveCount(0);

  // issue 15: the crib sheet opens over the live battle, which stays where it was
  await page.getByRole('button', { name: 'Crib sheet', exact: true }).click();
  const crib = page.getByRole('dialog', { name: 'Crib sheet' });
  await expect(crib.locator('iframe[title="Crib sheet preview"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/play/battle/${b.id}$`));
  await expect(trophies).toBeVisible();
  expect(pageErrors).toEqual([]);
});
