import { act, everyoneSurvives, playSetup, seedCampaign, twoMinimalArmies } from '../helpers/battle-seed';
import { expect, openApp, pageApi, test, screenshot } from './fixtures';

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
      trophyId: 'nuckelavee-hide', // the pack's own trophy of the Nuckelavee, so its effect is the pack's words
      trophyName: 'Flayed Hide',
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
  // issue 34: what the trophy does stands beside it, as the pack words it
  const effect = 'One use: ignore one unsaved Wound on the bearer.';
  expect(club.pack.cryptids.find((c) => c.id === 'nuckelavee')!.trophy.effect).toBe(effect);
  await expect(trophies.getByTestId('trophy-effect')).toHaveText(effect);
  await trophies.getByRole('button', { name: 'Use Flayed Hide now' }).click();
  await expect(trophies.getByRole('button', { name: 'Flayed Hide: used in this battle' })).toBeDisabled();
  await expect(trophies.getByTestId('trophy-effect')).toHaveText(effect);
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText('Ana uses the banked trophy Flayed Hide');
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

/** Issue 17 point 2: a standalone game's set-up offers the chosen province's own version of its mission. */
test('set-up offers a province’s variant of the mission, and the battle plays it', async ({ page, pageErrors }) => {
  await openApp(page, '/play');
  const api = pageApi(page);
  const { pack } = await api.call('rulesets.get', {});
  const armies = await twoMinimalArmies(api, pack, ['Vera', 'Wim']);
  const started = await api.call('battles.start', { mode: 'standalone', rosterIds: [armies[0]!.id, armies[1]!.id], mission: 1 });
  await openApp(page, `/play/battle/${started.id}`);
  const setup = page.getByRole('region', { name: 'Setup' });
  // the first province has no variant of Mission 1: no choice is offered
  await expect(setup.getByRole('combobox', { name: 'Mission' })).toHaveCount(0);
  await setup.getByRole('combobox', { name: 'Battlefield province' }).click();
  await page.getByRole('option', { name: 'The Saltmarsh Coast' }).click();
  await setup.getByRole('combobox', { name: 'Mission' }).click();
  await page.getByRole('option', { name: /Wreck Salvage/ }).click();
  await expect(setup).toContainText('extracting it is worth 5 VP');
  await expect(setup.getByRole('textbox', { name: 'Secondary objective (optional)' })).toBeVisible();
  await screenshot(setup, { path: 'test/artifacts/play-mission-variant.png' });
  await setup.getByRole('button', { name: 'Scenario chosen' }).click();
  await expect(page.getByText(/mission 1: Claim the Markers · Wreck Salvage \(the province’s variant\)/)).toBeVisible();
  expect(pageErrors).toEqual([]);
});
