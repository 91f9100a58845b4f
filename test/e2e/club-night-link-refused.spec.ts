import { mkdirSync } from 'node:fs';
import { act, twoMinimalArmies } from '../helpers/battle-seed';
import { axeFindings, expect, pageApi, test, screenshot, PHONE } from './fixtures';

/**
 * Issue 42: a table card whose link was revoked, opened on a phone (the LAN simulated on 127.0.0.2), shows a page in
 * words (the API's sentence, the club's name, what to do) and not the API's JSON, readable and axe-clean in the
 * phone's light and dark settings; and a page that loses the laptop says so, not that something broke inside the app.
 */

const LAN = '127.0.0.2';
test('a revoked table link opened on a phone is a page: the sentence, the club, ask for a new card; axe in light and dark', async ({ page, browser }) => {
  mkdirSync('test/artifacts', { recursive: true });
  const api = pageApi(page);
  await api.call('settings.update', { clubName: 'Ashford Wargamers' });
  const { pack } = await api.call('rulesets.get', {});
  const [a, b] = await twoMinimalArmies(api, pack, ['Ada', 'Bram'], 'gone');
  const battle = await api.call('battles.start', { mode: 'standalone', rosterIds: [a!.id, b!.id] });
  await api.call('clubNight.start', { lanAddress: LAN });
  const { url } = await api.call('clubNight.createTableLink', { battleId: battle.id });
  await api.call('clubNight.revoke', { battleId: battle.id });

  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ ...PHONE, colorScheme });
    const phone = await context.newPage();
    const response = await phone.goto(url);
    expect(response?.status()).toBe(403);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await expect(phone.getByRole('heading', { level: 1, name: 'This link cannot open the table' })).toBeVisible();
    await expect(phone.getByText('This link was revoked by the organiser: ask for a new one.')).toBeVisible();
    await expect(phone.getByText('Ashford Wargamers: club night')).toBeVisible();
    await expect(phone.getByText('Ask the organiser for a new card.')).toBeVisible();
    await expect(phone.locator('body')).not.toContainText('"ok"');
    // the phone's own setting draws the page: a dark page on a dark phone
    const background = await phone.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, bl] = background.match(/\d+/g)!.map(Number);
    const luminance = (r! + g! + bl!) / 3;
    expect(colorScheme === 'dark' ? luminance < 80 : luminance > 200, `${colorScheme} background ${background}`).toBe(true);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(phone, { path: `test/artifacts/club-night-link-refused-${colorScheme}.png` });
    for (const v of await axeFindings(phone, undefined, { every: true })) found.push(`${colorScheme}: ${v}`);
    await context.close();
  }
  expect(found).toEqual([]);
  await api.call('clubNight.stop', {});
});

test('a club night page whose laptop stops answering says so plainly', async ({ page, browser }) => {
  const api = pageApi(page);
  const { pack } = await api.call('rulesets.get', {});
  const [a, b] = await twoMinimalArmies(api, pack, ['Cy', 'Dee'], 'away');
  const battle = await api.call('battles.start', { mode: 'standalone', rosterIds: [a!.id, b!.id] });
  await api.call('clubNight.start', { lanAddress: LAN });
  await api.call('clubNight.createTableLink', { battleId: battle.id });
  const { url } = await api.call('clubNight.createBoardLink', { hours: 1 });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const board = await context.newPage();
  await board.goto(url);
  await expect(board.getByRole('heading', { level: 1, name: 'Club night' })).toBeVisible();
  await expect(board.getByRole('article', { name: 'Table 1: Cy away v Dee away' })).toBeVisible();
  // the laptop's answers stop (the Wi-Fi gone); the next event makes the board ask again
  await board.route('**/api/invoke', (route) => route.abort('failed'));
  await act(api, battle.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
  const alert = board.getByRole('alert');
  await expect(alert).toContainText('The computer running the app is not answering');
  await expect(alert).toContainText('The organiser’s computer is not answering. Check this phone is on the club’s Wi-Fi, then try again.');
  await expect(alert).not.toContainText('Something went wrong inside the app');
  await context.close();
  await api.call('clubNight.stop', {});
});
