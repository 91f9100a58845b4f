import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import type { Board } from '../../src-shared/contract/club-night.contract';
import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { foldEvents } from '../../src-shared/battle/reducer';
import { battleRules } from '../../src-shared/battle/rules-of-pack';
import { act, minimalArmyWithHeavy, playOn, playSetup, seedCampaign } from '../helpers/battle-seed';
import { axeFindings, choose, elapse, expect, openApp, pageApi, test, screenshot, PHONE } from './fixtures';
import { truncated } from './layout-checks';

/**
 * Issue 35's acceptance for the phone screens: club night on, the LAN simulated on a second loopback address
 * (127.0.0.2, test/helpers/club-night.ts); the organiser sets up a campaign battle and its links; two phones
 * (Chromium's device emulation, 390×844, touch), one per player, one in the light theme and one in the dark, play it
 * round by round to Finish, each seeing the other's events within a second; the projector's board follows.
 */

/** The LAN address, simulated on a second loopback address as test/helpers/club-night.ts does (no traffic leaves the machine). */
const LAN = '127.0.0.2';

/** What a phone shows of the battle record: "Record (N)", N the events recorded so far. */
const recordCount = (page: Page) => page.getByRole('region', { name: 'Battle record' }).getByRole('heading', { level: 2 });

/** Uncaught errors in the phones' and the board's pages. */
const phoneErrors: Error[] = [];

async function phone(browser: Browser, url: string, colorScheme: 'light' | 'dark'): Promise<{ context: BrowserContext; page: Page; code: string[] }> {
  const context = await browser.newContext({ ...PHONE, colorScheme });
  const page = await context.newPage();
  page.on('pageerror', (e) => phoneErrors.push(e));
  // every script and stylesheet the phone fetches, by file name, for the check that it loads the table's code only
  const code: string[] = [];
  page.on('request', (r) => {
    if (/\.(js|css)$/.test(new URL(r.url()).pathname)) code.push(new URL(r.url()).pathname.replace(/.*\//, ''));
  });
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  await expect(page.getByRole('status', { name: 'Where the battle stands' })).toBeVisible();
  // the link's token became a cookie and the address bar (and the history) forgot it
  expect(new URL(page.url()).search).toBe('');
  expect(new URL(page.url()).pathname).toBe('/');
  return { context, page, code };
}

/** The phone answers "Which side are you?" (issue 42) with its player's side. */
async function claim(p: { page: Page }, name: string): Promise<void> {
  await p.page.getByRole('button', { name: new RegExp(`^${name} · `) }).tap();
  await expect(p.page.getByRole('status', { name: 'This phone' })).toContainText(`This phone plays ${name}`);
}

/**
 * What a phone screen must be at 360×740 and 390×844 (issue 35): nothing wider than the screen, every button, tab,
 * input and choice at least 44 px each way, no label cut off. Problems as readable lines.
 */
async function phoneLayout(page: Page): Promise<string[]> {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) out.push(`scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const targets = document.querySelectorAll<HTMLElement>(
      'button, a[href], [role="tab"], input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), textarea, .mantine-SegmentedControl-label, .mantine-Checkbox-body',
    );
    for (const el of targets) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const name = (el.getAttribute('aria-label') ?? el.innerText ?? el.getAttribute('placeholder') ?? '').trim().slice(0, 60);
      if (r.height < 44 - 0.5 || r.width < 44 - 0.5)
        out.push(`small target ${Math.round(r.width)}×${Math.round(r.height)}: ${el.tagName.toLowerCase()} ${name}`);
      if (r.right > root.clientWidth + 0.5 || r.left < -0.5) out.push(`off screen: ${el.tagName.toLowerCase()} ${name}`);
    }
    return out;
  });
  return [...problems, ...(await truncated(page, ', main .mantine-Button-label, main .mantine-Badge-label, main td, main section, footer button'))];
}

/**
 * Screenshots a phone's screen (`test/artifacts/club-phone-*`), scans it with every axe rule and checks its layout at
 * 390×844 and at 360×740, adding what it finds to `found`; the phone is left at the size it had.
 */
async function lookAt(page: Page, what: string, found: string[]): Promise<void> {
  const scheme = (await page.locator('html').getAttribute('data-mantine-color-scheme')) ?? '?';
  const size = page.viewportSize()!;
  await screenshot(page, { path: `test/artifacts/club-phone-${what}-${scheme}.png`, fullPage: true });
  await screenshot(page, { path: `test/artifacts/club-phone-${what}-${scheme}-screen.png` });
  for (const v of await axeFindings(page, undefined, { every: true })) found.push(`${what} (${scheme}): ${v}`);
  for (const [width, height] of [
    [390, 844],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const l of await phoneLayout(page)) found.push(`${what} (${scheme}) ${width}×${height}: ${l}`);
  }
  await screenshot(page, { path: `test/artifacts/club-phone-${what}-${scheme}-360.png`, fullPage: true });
  await page.setViewportSize(size);
}

test('club night: two phones play a campaign battle to Finish, live, and the board follows', async ({ page, browser, pageErrors }) => {
  test.setTimeout(600_000);
  page.setDefaultTimeout(15_000);
  mkdirSync('test/artifacts', { recursive: true });

  // the organiser: a campaign between Ana and Bo, its Mission 1 battle, club night on the LAN address, the links
  const organiserCode: string[] = [];
  page.on('request', (r) => {
    if (/\.(js|css)$/.test(new URL(r.url()).pathname)) organiserCode.push(new URL(r.url()).pathname.replace(/.*\//, ''));
  });
  await openApp(page);
  const api = pageApi(page);
  const club = await seedCampaign(api);
  const battle: BattleDetail = await api.call('battles.start', {
    mode: 'campaign',
    campaignId: club.campaign.id,
    rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id],
  });
  const status = await api.call('clubNight.start', { lanAddress: LAN });
  expect(status.baseUrl).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
  const table = await api.call('clubNight.createTableLink', { battleId: battle.id, hours: 6 });
  const boardLink = await api.call('clubNight.createBoardLink', { hours: 6 });
  expect(new URL(table.url).hostname).toBe(LAN);

  // two phones at the table, Ana's in the light theme and Bo's in the dark, and the projector's board
  const ana = await phone(browser, table.url, 'light');
  const bo = await phone(browser, table.url, 'dark');
  // each phone says once which side it plays: only it then confirms that side's result and makes its own choices
  await claim(ana, 'Ana');
  await claim(bo, 'Bo');
  await expect(ana.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(bo.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const boardContext = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const board = await boardContext.newPage();
  board.on('pageerror', (e) => phoneErrors.push(e));
  await board.goto(boardLink.url);
  await expect(board.getByRole('heading', { name: 'Club night', level: 1 })).toBeVisible();
  const standingsBefore: Board = await api.call('clubNight.board', {});
  expect(standingsBefore.standings[0]!.players.every((p) => p.wins === 0)).toBe(true);

  const found: string[] = [];
  const look = (p: { page: Page }, what: string) => lookAt(p.page, what, found);

  /**
   * Taps `button` on one phone and waits for its record to change; the other phone must show the same record within a
   * second of it (the live stream, not a poll).
   */
  // two taps of one phone within a double tap's time are one press (repeat-clicks.ts): each step here is a separate tap
  const lastTap = new Map<Page, number>();
  const tapAndSync = async (by: { page: Page }, other: { page: Page }, button: Locator) => {
    const before = await recordCount(by.page).textContent();
    const gap = Date.now() - (lastTap.get(by.page) ?? 0);
    if (gap < 600) await elapse(by.page, 600 - gap, 'taps further apart than a double tap');
    await button.tap();
    lastTap.set(by.page, Date.now());
    await expect(recordCount(by.page)).not.toHaveText(before!);
    const now = (await recordCount(by.page).textContent())!;
    await expect(recordCount(other.page)).toHaveText(now, { timeout: 1_000 });
    return Number(/\((\d+)\)/.exec(now)![1]);
  };
  const count = async (p: { page: Page }) => Number(/\((\d+)\)/.exec((await recordCount(p.page).textContent())!)![1]);
  const where = (p: { page: Page }) => p.page.getByRole('status', { name: 'Where the battle stands' });

  // set-up, the phones taking turns
  await look(ana, 'setup');
  await look(bo, 'setup');
  await tapAndSync(ana, bo, ana.page.getByRole('button', { name: 'Scenario chosen' }));
  await tapAndSync(bo, ana, bo.page.getByRole('button', { name: 'Terrain and objectives placed' }));
  await tapAndSync(ana, bo, ana.page.getByRole('button', { name: 'Roll off' }));
  await tapAndSync(bo, ana, bo.page.getByRole('button', { name: 'Deployed: start round 1' }));
  await expect(where(ana)).toContainText('Round 1 of 5');
  await expect(where(bo)).toContainText('Round 1 of 5');
  // the board follows the table
  await expect(board.getByRole('article', { name: /^Table 1: Ana v Bo/ })).toContainText('Round 1 of 5');

  await look(ana, 'command');
  await look(bo, 'command');

  // the odds drawer over the round screen, from the bar at the bottom, with the dice rolled
  await ana.page.getByRole('button', { name: 'Odds', exact: true }).tap();
  const drawer = ana.page.getByRole('dialog', { name: 'Attack odds' });
  await choose(ana.page, 'Attacker', /./);
  await drawer.getByRole('button', { name: 'Roll the dice' }).tap();
  await expect(drawer.getByRole('table', { name: 'Dice rolled' })).toBeVisible();
  await look(ana, 'odds');
  await drawer.getByRole('button', { name: 'Close the attack odds' }).tap();
  await expect(drawer).toHaveCount(0);

  const phones = [ana, bo] as const;
  let turn = 0;
  /** The phone whose turn it is to tap, and the other. */
  const next = () => {
    const by = phones[turn % 2]!;
    const other = phones[(turn + 1) % 2]!;
    turn++;
    return { by, other };
  };

  // two rounds on the phones (the acceptance's), every tap synced; rounds three to five below
  for (let round = 1; round <= 2; round++) {
    const first = next();
    if (round === 2) {
      // a tap whose answer is lost on the way is sent again with the same event id, and recorded once
      let lost = false;
      await first.by.page.route('**/api/invoke', async (route) => {
        if (lost || !route.request().postData()?.includes('"battles.act"')) return route.fallback();
        lost = true;
        await route.fetch();
        await route.abort('failed');
      });
      const n = await count(first.by);
      await first.by.page.getByRole('button', { name: /Command Phase done/ }).tap();
      await expect(where(first.by)).not.toContainText('Command Phase');
      expect(lost).toBe(true);
      await expect(recordCount(first.other.page)).toHaveText(`Record (${n + 1})`, { timeout: 1_000 });
      await first.by.page.unroute('**/api/invoke');
      expect(await count(first.by)).toBe(n + 1);
    } else {
      await tapAndSync(first.by, first.other, first.by.page.getByRole('button', { name: /Command Phase done/ }));
    }
    // the round-two event, and the cryptid's turn each round once one is on the table
    for (;;) {
      const { by, other } = next();
      const step = by.page.getByRole('button', {
        name: /^(Roll the event|Bring on the cryptid|Roll its target and behaviour|It attacks first in its combat)$/,
      });
      const draw = by.page.getByRole('button', { name: 'Draw a token' });
      await expect(step.or(draw).first()).toBeVisible();
      if (await draw.isVisible()) break;
      await tapAndSync(by, other, step.first());
    }

    // the bag, token by token
    for (let draws = 0; ; draws++) {
      const { by, other } = next();
      const bag = by.page.getByRole('region', { name: 'Activation bag' });
      const endRound = by.page.getByRole('button', { name: /^End (round \d|the battle)/ });
      const draw = bag.getByRole('button', { name: 'Draw a token' });
      await expect(endRound.or(draw)).toBeVisible();
      if (await endRound.isVisible()) break;
      if (round === 1 && draws === 0) {
        // a double tap draws one token: the second tap is not a second draw, nor a pick of what the first drew
        const n = await count(by);
        const left = (await bag.getByTestId('tokens-left').textContent())!;
        // apart from the phone's last tap, as tapAndSync's are: a tap within a double tap's time of it, at the same place,
        // would be counted as its second and third clicks and stopped (repeat-clicks.ts), recording nothing
        const gap = Date.now() - (lastTap.get(by.page) ?? 0);
        if (gap < 600) await elapse(by.page, 600 - gap, 'the double tap apart from the tap before it');
        const box = (await draw.boundingBox())!;
        await by.page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        await by.page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        lastTap.set(by.page, Date.now());
        await expect(recordCount(by.page)).toHaveText(`Record (${n + 1})`);
        await expect(recordCount(other.page)).toHaveText(`Record (${n + 1})`, { timeout: 1_000 });
        await elapse(by.page, 1_000, 'time for a second record of the double tap, which must not come');
        expect(await count(by)).toBe(n + 1);
        const before = Number(/^(\d+)/.exec(left)![1]);
        await expect(bag.getByTestId('tokens-left')).toHaveText(new RegExp(`^${before - 1} tokens? left`));
        await look(by, 'token-drawn');
      } else {
        await tapAndSync(by, other, draw);
      }
      const pick = bag.getByRole('group', { name: 'Formations to activate' }).getByRole('button').first();
      if (await pick.isVisible()) {
        const chooser = next();
        await tapAndSync(chooser.by, chooser.other, chooser.by.page.getByRole('group', { name: 'Formations to activate' }).getByRole('button').first());
      }
      if (round === 1 && draws === 1) {
        // both players record at once from their own phones: Ana's Wounds, Bo's mutant kills
        const record = (p: { page: Page }) => p.page.getByRole('region', { name: 'Record' });
        await record(ana).getByRole('tab', { name: 'Wounds' }).tap();
        await choose(ana.page, 'Formation', /Line 1/);
        await ana.page.getByRole('textbox', { name: 'Wounds dealt' }).fill('2');
        await record(bo).getByRole('tab', { name: 'Mutants' }).tap();
        await choose(bo.page, 'Objective patrol', /Objective 1/);
        await record(bo).getByRole('radiogroup', { name: 'Killed by' }).getByText('Bo').tap();
        await bo.page.getByRole('textbox', { name: 'Mutants killed' }).fill('2');
        await look(ana, 'record-wounds');
        await look(bo, 'record-mutants');
        const n = await count(ana);
        await Promise.all([
          record(ana).getByRole('button', { name: 'Record wounds' }).tap(),
          record(bo).getByRole('button', { name: 'Record mutant kills' }).tap(),
        ]);
        for (const p of phones) lastTap.set(p.page, Date.now());
        // each tap takes what it takes to be recorded; once one phone shows both, the other follows within seconds
        await expect(recordCount(ana.page)).toHaveText(`Record (${n + 2})`);
        await expect(recordCount(bo.page)).toHaveText(`Record (${n + 2})`, { timeout: 2_000 });
        for (const p of phones) {
          await expect(p.page.getByRole('region', { name: 'Battle record' })).toContainText(/Line 1 \([^)]+\) dealt 2 Wounds/);
          await expect(p.page.getByRole('region', { name: 'Battle record' })).toContainText('2 mutants at objective 1 killed by Bo');
        }
      }
    }

    // the end of the round: Bo, whose company cleared its patrol, holds objective 1 from round two
    if (round === 1) {
      await look(ana, 'round-end');
      await look(bo, 'round-end');
    }
    if (round >= 2) {
      for (const p of phones) await p.page.getByRole('radiogroup', { name: 'Objective 1 held by' }).getByText('Bo', { exact: true }).tap();
    }
    if (round === 1) {
      // both phones end the round at the same moment: one is recorded, the other refused, saying why, as on the desktop
      const n = await count(ana);
      // found on both phones first, then pressed together: a tap's own waits (scrolling, a stable frame) took long
      // enough on a loaded machine for the other phone's end of round to arrive live and take the button away
      const ends = await Promise.all(phones.map((p) => p.page.getByRole('button', { name: /^End round 1/ }).elementHandle()));
      await Promise.all(ends.map((end) => end!.evaluate((el) => (el as HTMLButtonElement).click())));
      await expect(recordCount(ana.page)).toHaveText(`Record (${n + 1})`);
      await expect(recordCount(bo.page)).toHaveText(`Record (${n + 1})`, { timeout: 2_000 });
      const alerts = await Promise.all(phones.map((p) => p.page.locator('footer [role="alert"]').count()));
      expect(alerts.reduce((a, b) => a + b, 0)).toBe(1);
      const said = phones[alerts.indexOf(1)]!;
      // the refusal in the bar at the bottom, in the backend's words, as the desktop's ErrorAlert shows it
      await expect(said.page.locator('footer [role="alert"]')).toHaveAttribute('data-error-code', /^(RULE_VIOLATION|CONFLICT)$/);
      await expect(said.page.locator('footer [role="alert"]')).toContainText(/\w+/);
      await look(said, 'refused');
      await said.page.locator('footer [role="alert"]').getByRole('button', { name: 'Dismiss' }).tap();
      await expect(said.page.locator('footer [role="alert"]')).toHaveCount(0);
    } else {
      const { by, other } = next();
      await tapAndSync(by, other, by.page.getByRole('button', { name: /^End (round \d|the battle)/ }));
    }
    if (round < 5) {
      for (const p of phones) await expect(where(p)).toContainText(`Round ${round + 1} of 5`);
      await expect(board.getByRole('article', { name: /^Table 1: Ana v Bo/ })).toContainText(`Round ${round + 1} of 5`);
    }
  }

  // rounds three to five through the organiser's own connection, the phones following live (each round's taps are the
  // same as round two's; playing them on the phones tripled the test's time)
  let b: BattleDetail = await api.call('battles.get', { battleId: battle.id });
  for (let round = 3; round <= 5; round++) {
    b = await playOn(api, b, club.pack, (s) => s.round > round, 'B');
    for (const p of phones) await expect(where(p)).toContainText(round < 5 ? `Round ${round + 1} of 5` : 'Battle over');
  }

  // the organiser sees the table's progress on the Club night page: its round, its events, and that the phones were heard from
  const [progress] = await api.call('clubNight.tables', {});
  expect(progress).toMatchObject({ battleId: battle.id, round: 5, events: await count(ana) });
  expect(progress!.lastHeardAt).not.toBeNull();
  await openApp(page, '/club-night');
  const row = page.getByRole('table', { name: 'Tables', exact: true }).getByRole('row', { name: /Ana.*Bo/ });
  await expect(row).toContainText(`${await count(ana)} events`);
  await expect(row.getByRole('cell').nth(2)).toHaveText('5');
  await expect(row.getByRole('cell').nth(4)).not.toHaveText('not yet');

  // Finish: each player confirms Bo's win on their own phone; the battle finishes on the second
  for (const p of phones) await expect(where(p)).toContainText('Battle over');
  await look(ana, 'finish');
  await look(bo, 'finish');
  const finishOn = (p: { page: Page }) => p.page.getByRole('region', { name: 'Finish the battle' });
  for (const [p, name] of [
    [ana, 'Ana'],
    [bo, 'Bo'],
  ] as const) {
    await finishOn(p).getByRole('radiogroup', { name: 'Result' }).getByText('Bo wins').tap();
    // each rates the battle on their own phone, or skips it in one tap (issue 36)
    const rating = finishOn(p).getByRole('group', { name: `${name}’s rating` });
    if (name === 'Ana') {
      await rating.getByRole('radiogroup', { name: /^Fun/ }).getByText('4', { exact: true }).tap();
      await rating.getByRole('textbox', { name: 'A rule that confused you' }).fill('Steady Fire');
      await look(ana, 'finish-rated');
    } else await finishOn(p).getByRole('button', { name: 'Skip' }).tap();
    // Ana's confirmation is kept by the laptop and shown on Bo's phone, live
    if (name === 'Bo') await expect(finishOn(bo).getByTestId('finish-other-confirmed')).toHaveText('Ana has confirmed: Bo wins — confirm too?');
    await finishOn(p)
      .getByRole('button', { name: `Confirm “Bo wins” as ${name}` })
      .tap();
    if (name === 'Ana') await expect(finishOn(ana).getByTestId('finish-confirmed')).toContainText('Waiting for Bo');
  }
  // Bo's tap runs the finish itself, which takes what it takes; Ana's phone must follow within a second of it
  await expect(where(bo)).toContainText('Finished');
  await expect(where(ana)).toContainText('Finished', { timeout: 1_000 });
  for (const p of phones) {
    await expect(p.page.getByRole('button', { name: /^(Record|Give|Declare|Spend|Use|Draw|Roll|Confirm|End)\b/ })).toHaveCount(0);
  }
  await look(ana, 'finished');
  await look(bo, 'finished');
  // through the whole battle, odds, crib sheet and Finish, a phone loaded the table's code: not the organiser's app
  // (its entry, `desktop`) nor any section's page (the Builder's, Armoury's, Reports'…), which the organiser's window
  // loads by the same names (the check would see them)
  const organisersOwn = /^(desktop|[A-Z][A-Za-z]*Page)-[\w-]+\.(js|css)$/;
  expect(organiserCode.filter((f) => organisersOwn.test(f))).toEqual(
    expect.arrayContaining([expect.stringMatching(/^desktop-/), expect.stringMatching(/^ClubNightPage-/)]),
  );
  for (const p of phones) {
    expect(p.code.length).toBeGreaterThan(0);
    expect(p.code.filter((f) => organisersOwn.test(f))).toEqual([]);
  }
  // Ana's rating came with her confirmation; Bo skipped
  expect(await api.call('battles.ratings', { battleId: battle.id })).toEqual({ A: { fun: 4, clarity: null, confusingRule: 'Steady Fire' }, B: null });

  // a finished battle's link only reads: the backend refuses a write with it, saying so
  const refusal = await ana.context.request.post(`${status.baseUrl}/api/invoke`, {
    data: { channel: 'battles.act', input: { battleId: battle.id, clientEventId: crypto.randomUUID(), intent: { kind: 'draw' } } },
  });
  const reply = (await refusal.json()) as { ok: boolean; error?: { code: string; message: string } };
  expect(reply).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: /only read/ } });

  // the board: the standings changed with the Finish, live
  const standings = board.getByRole('table', { name: /^Ana vs Bo: wins, draws/ });
  await expect(standings.getByRole('row', { name: /^Bo/ })).toHaveText(/^Bo\s*1\s*0\s*0/);
  await expect(standings.getByRole('row', { name: /^Ana/ })).toHaveText(/^Ana\s*0\s*0\s*1/);
  await expect(board.getByRole('article', { name: /^Table 1: Ana v Bo/ })).toContainText('Finished');
  // and the organiser's list of tables, which asks again every few seconds
  await expect(row).toContainText('Finished');
  // opened on a phone instead of the projector, it fits the screen too
  await board.setViewportSize(PHONE.viewport);
  expect(await board.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await board.setViewportSize({ width: 1280, height: 720 });
  for (const scheme of ['light', 'dark'] as const) {
    await board.emulateMedia({ colorScheme: scheme });
    await screenshot(board, { path: `test/artifacts/club-board-${scheme}.png`, fullPage: true });
    for (const v of await axeFindings(board, undefined, { every: true })) found.push(`board (${scheme}): ${v}`);
  }

  expect(found).toEqual([]);
  expect(pageErrors).toEqual([]);
  expect(phoneErrors).toEqual([]);
  await Promise.all([ana.context.close(), bo.context.close(), boardContext.close()]);
});

test('club night phones at 360×740, light and dark: the activation card, Rule of Cool and a Heavy’s explosion', async ({ page, browser, pageErrors }) => {
  test.setTimeout(300_000);
  page.setDefaultTimeout(15_000);
  mkdirSync('test/artifacts', { recursive: true });

  // the organiser: Kit and Lev, each the smallest army plus a Heavy, a standalone battle set up, and its table link
  await openApp(page);
  const api = pageApi(page);
  const { pack } = await api.call('rulesets.get', {});
  const rosters = [];
  for (const [i, name] of ['Kit', 'Lev'].entries()) {
    const player = await api.call('players.create', { name });
    const created = await api.call('rosters.create', {
      name: `${name}’s army`,
      playerId: player.id,
      factionId: pack.factions[i]!.id,
      mode: 'standalone',
      campaignId: null,
    });
    const saved = await api.call('rosters.save', { roster: minimalArmyWithHeavy(created.roster, pack, `Heavy ${'AB'[i]}`) });
    rosters.push(saved.roster);
  }
  let b: BattleDetail = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id] });
  b = await playSetup(api, b, pack);
  // round 1's Command Phase over and a formation activated from the bag, through the organiser's own connection
  b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
  const state = (d: BattleDetail) => foldEvents(d.setup, battleRules(pack, d.options), d.log);
  for (;;) {
    b = await act(api, b.id, { kind: 'draw' });
    const turn = BagActivation.turn(state(b).activation as BagState);
    if (turn.kind !== 'choose') continue;
    b = await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: turn.eligible[0]! } });
    // a mutant token activates a patrol at its objective and the next token is drawn: on until a side's formation acts
    if (turn.owner !== 'neutral') break;
  }
  await api.call('clubNight.start', { lanAddress: LAN });
  const table = await api.call('clubNight.createTableLink', { battleId: b.id, hours: 6 });

  const found: string[] = [];
  const phones = [];
  for (const [scheme, name] of [
    ['light', 'Kit'],
    ['dark', 'Lev'],
  ] as const) {
    const p = await phone(browser, table.url, scheme);
    await p.page.setViewportSize({ width: 360, height: 740 });
    // Kit's phone and Lev's: each attempts its own side's Rule of Cool
    await claim(p, name);
    phones.push(p);
  }
  for (const p of phones) {
    await expect(p.page.getByRole('region', { name: 'This activation' })).toBeVisible();
    await lookAt(p.page, 'activation', found);
    const record = p.page.getByRole('region', { name: 'Record', exact: true });
    await record.getByRole('tab', { name: 'Rule of Cool' }).tap();
    await expect(record.getByRole('button', { name: 'Roll the D20' })).toBeVisible();
    await lookAt(p.page, 'rule-of-cool', found);
  }

  // Kit's Heavy is destroyed, recorded on the light phone: the explosion step opens on both
  const [light, dark] = [phones[0]!, phones[1]!];
  const record = light.page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Losses' }).tap();
  await choose(light.page, 'Formation', /Heavy A/);
  await light.page.getByRole('textbox', { name: 'Killed' }).fill('1');
  await record.getByRole('button', { name: 'Record losses' }).tap();
  for (const p of phones) {
    const panel = p.page.getByRole('region', { name: 'Explosion' });
    await expect(panel.getByRole('heading', { name: /Heavy A \(Kit\) explodes/ })).toBeVisible();
    await panel
      .getByRole('group', { name: 'Within 3"' })
      .getByRole('checkbox', { name: /^Line 1 \(Kit/ })
      .check();
    await lookAt(p.page, 'explosion', found);
  }
  await dark.page.getByRole('region', { name: 'Explosion' }).getByRole('button', { name: 'Roll the explosion' }).tap();
  // the phone that rolled shows it when its roll is recorded; the other within a second of that
  await expect(dark.page.getByRole('region', { name: 'Battle record' })).toContainText(/Heavy A \(Kit\) explodes/);
  for (const p of phones) {
    await expect(p.page.getByRole('region', { name: 'Battle record' })).toContainText(/Heavy A \(Kit\) explodes/, { timeout: 1_000 });
  }
  await lookAt(dark.page, 'exploded', found);

  expect(found).toEqual([]);
  expect(pageErrors).toEqual([]);
  expect(phoneErrors).toEqual([]);
  await Promise.all(phones.map((p) => p.context.close()));
});
