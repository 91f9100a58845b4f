import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { everyoneSurvives, playSetup, seedCampaign } from '../helpers/battle-seed';
import { axeFindings, expect, openApp, pageApi, test, screenshot, PHONE } from './fixtures';

/** The LAN address, simulated on a second loopback address (test/helpers/club-night.ts): no traffic leaves the machine. */
const LAN = '127.0.0.2';
const NOTICE = 'Mission 2 is already recorded: this battle can no longer finish it.';

/**
 * Issue 40, one mission, one record: a mission was typed into the paper form while a table played it in Play Mode, its
 * table card handed out; the form said nothing and the table played five rounds before Finish refused. Now the form
 * shows that battle first, and recording anyway marks the battle on the organiser's screen and on its phone at once,
 * and the phone can no longer record.
 */
test('the paper form shows the battle playing its mission first; recording anyway marks it at the table within 2 s', async ({ page, browser, pageErrors }) => {
  test.setTimeout(120_000);
  await openApp(page, '/campaigns');
  const api = pageApi(page);
  const club = await seedCampaign(api);
  // Mission 1 is in the ledger already; Mission 2 is being played in Play Mode, with a phone on its table link
  await api.call('campaigns.finishMission', { battleId: `paper-${crypto.randomUUID()}`, outcome: everyoneSurvives(club, 1) });
  let battle: BattleDetail = await api.call('battles.start', {
    mode: 'campaign',
    campaignId: club.campaign.id,
    rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id],
  });
  expect(battle.mission).toBe(2);
  battle = await playSetup(api, battle, club.pack);
  await api.call('clubNight.start', { lanAddress: LAN });
  const table = await api.call('clubNight.createTableLink', { battleId: battle.id, hours: 6 });
  const context = await browser.newContext({ ...PHONE, colorScheme: 'dark' });
  const phone = await context.newPage();
  const phoneErrors: Error[] = [];
  phone.on('pageerror', (e) => phoneErrors.push(e));
  await phone.goto(table.url);
  const commandDone = phone.getByRole('button', { name: /Command Phase done/ });
  await expect(commandDone).toBeVisible();

  // the organiser opens the paper form for Mission 2: the battle in progress comes first, the form after a choice
  await openApp(page, `/campaigns/${club.campaign.id}/record`);
  await expect(page.getByRole('heading', { name: 'Record mission 2' })).toBeVisible();
  const playing = page.getByRole('alert').filter({ hasText: 'Mission 2 is being played in Play Mode' });
  await expect(playing).toBeVisible();
  await expect(playing.getByRole('group', { name: 'Battle of mission 2 in progress' })).toContainText('Ana v Bo');
  await expect(playing.getByRole('link', { name: 'Open that battle' })).toHaveAttribute('href', `#/play/battle/${battle.id}`);
  await expect(playing.getByRole('button', { name: 'Abandon this battle…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preview rewards' })).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  // recorded on paper anyway
  await playing.getByRole('button', { name: 'Record on paper anyway' }).click();
  await page.getByRole('button', { name: 'Preview rewards' }).click();
  await page.getByRole('button', { name: 'Confirm and record' }).click();
  const recordedAt = Date.now();
  await expect(page.getByRole('heading', { name: 'Mission 2 is in the ledger' })).toBeVisible();

  // the phone is told within 2 s, and no longer offers a step to record
  await expect(phone.getByRole('alert').filter({ hasText: NOTICE })).toBeVisible({ timeout: 2_000 });
  expect(Date.now() - recordedAt).toBeLessThan(2_000);
  await expect(commandDone).toHaveCount(0);
  await screenshot(phone, { path: 'test/artifacts/mission-once-phone.png' });
  expect(await axeFindings(phone)).toEqual([]);
  // and its link refuses a write sent all the same, saying why
  const refused = await phone.evaluate(async (battleId) => {
    const r = await fetch('/api/invoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        channel: 'battles.act',
        input: { battleId, clientEventId: crypto.randomUUID(), intent: { kind: 'record', body: { kind: 'command.done' } } },
      }),
    });
    return (await r.json()) as { ok: boolean; error?: { code: string; message: string } };
  }, battle.id);
  expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  expect(refused.error!.message).toContain(NOTICE);

  // the organiser's screens: the battles in progress mark it, and its Play Mode says so first, with what to do
  await page.getByRole('link', { name: 'Play', exact: true }).click();
  await expect(page.getByText('Mission already recorded')).toBeVisible({ timeout: 2_000 });
  await openApp(page, `/play/battle/${battle.id}`);
  const marked = page.getByRole('alert').filter({ hasText: NOTICE });
  await expect(marked).toBeVisible();
  await expect(marked.getByRole('link', { name: 'Open the Journal' })).toBeVisible();
  await expect(marked.getByRole('button', { name: 'Abandon this battle…' })).toBeVisible();
  await screenshot(page, { path: 'test/artifacts/mission-once-organiser.png' });
  await context.close();
  expect(phoneErrors).toEqual([]);
  expect(pageErrors).toEqual([]);
});
