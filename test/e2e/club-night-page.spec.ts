import { mkdirSync } from 'node:fs';
import { request } from 'node:http';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { twoMinimalArmies } from '../helpers/battle-seed';
import { axeFindings, expect, openApp, pageApi, settled, test, screenshot } from './fixtures';

/**
 * Issue 35: the organiser's Club night page. Club night is turned on at 127.0.0.2 (a second loopback address
 * standing for the club's network), a battle in progress gets its table link with a QR code that reads back as
 * the link and opens the table, the tables list hears the phone, the link is revoked (it stops working at once),
 * club night is stopped (the address refuses connections) — and axe finds nothing in the light or the dark theme.
 */

const LAN = '127.0.0.2';

/** A GET on the LAN address, without following redirects: the status, or the connection error's code. */
function lanGet(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    req.end();
  });
}

/** The QR code drawn on the page, as a camera would read it: the SVG rasterised in the page, decoded by jsQR here. */
async function readQr(page: Page, name: string): Promise<string | null> {
  const svg = page.getByRole('img', { name });
  const { width, height, pixels } = await svg.evaluate(async (el) => {
    const side = 400;
    const img = new Image();
    const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(el)], { type: 'image/svg+xml' }));
    await new Promise((resolve, reject) => {
      img.onload = resolve;
      img.onerror = reject;
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = side;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, side, side);
    g.drawImage(img, 0, 0, side, side);
    URL.revokeObjectURL(url);
    return { width: side, height: side, pixels: Array.from(g.getImageData(0, 0, side, side).data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data ?? null;
}

const violations = (page: Page) => axeFindings(page, undefined, { every: true });

test('club night page: on at 127.0.0.2, a table link and its QR code, the table heard, revoked, stopped; axe in light and dark', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  mkdirSync('test/artifacts', { recursive: true });
  const api = pageApi(page);
  const { pack } = await api.call('rulesets.get', {});
  const [a, b] = await twoMinimalArmies(api, pack, ['Ada', 'Bram'], 'club');
  const battle = await api.call('battles.start', { mode: 'standalone', rosterIds: [a!.id, b!.id], mission: 2 });
  const found: string[] = [];
  const scan = async (what: string) => {
    await settled(page); // transitions end before the picture is taken and the colours are read
    await screenshot(page, { path: `test/artifacts/club-night-page-${what}.png`, fullPage: true });
    for (const v of await violations(page)) found.push(`${what}: ${v}`);
  };

  await api.call('settings.update', { theme: 'light' });
  await openApp(page, '/club-night');
  await expect(page.getByRole('heading', { level: 1, name: 'Club night' })).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Turn club night on' })).toBeVisible();
  await scan('off-light');

  // on, at the address typed (127.0.0.2 is no interface of its own: it is typed, not chosen from the list)
  const address = page.getByRole('combobox', { name: 'LAN address' });
  await address.fill('0.0.0.0');
  await expect(page.getByRole('alert').filter({ hasText: 'every network this computer is on' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start club night' })).toBeDisabled();
  await address.fill(LAN);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Start club night' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  const base = await page
    .getByText(/Club night is on: phones reach/)
    .locator('b')
    .textContent();
  expect(base).toMatch(new RegExp(`^http://${LAN.replace(/\./g, '\\.')}:\\d+$`));

  // a table link for the battle in progress, with its QR code
  const battles = page.getByRole('table', { name: 'Battles in progress' });
  await expect(battles.getByRole('row', { name: /Ada club v Bram club/ })).toContainText('Standalone, mission 2');
  await battles.getByRole('button', { name: 'Make table link for Ada club v Bram club' }).click();
  const qrName = 'QR code of the table link for Ada club v Bram club';
  await expect(page.getByRole('img', { name: qrName })).toBeVisible();
  const link = (await page
    .locator('pre, code')
    .filter({ hasText: `${base}/club?t=` })
    .first()
    .textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${base!.replace(/[.:/]/g, '\\$&')}/club\\?t=[A-Za-z0-9_-]{43}$`));
  // what a phone's camera reads from the screen is exactly the link
  expect(await readQr(page, qrName)).toBe(link);

  // the table is listed; a phone opening the link is heard from within a few seconds
  const tables = page.getByRole('table', { name: 'Tables' });
  const row = tables.getByRole('row', { name: /Ada club v Bram club/ });
  await expect(row).toContainText('not yet');
  // a standalone battle is called so here as in Battles in progress, not "Game"
  await expect(row).toContainText('Standalone, mission 2');
  expect(await lanGet(link)).toBe(200);
  await expect(row).not.toContainText('not yet', { timeout: 10_000 });
  await expect(row).toContainText(/just now|\d+ s ago/);
  await scan('on-light');

  // the table cards' preview
  await page.getByRole('button', { name: 'Print table card for Ada club v Bram club' }).click();
  const preview = page.getByRole('dialog', { name: 'Table cards' });
  await expect(preview.locator('iframe')).toBeVisible();
  await expect(preview.getByText(/new link for its table/)).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).first().click();
  await expect(preview).toHaveCount(0);

  // the dark theme: the same page with a link shown
  await api.call('settings.update', { theme: 'dark' });
  await openApp(page, '/club-night');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await battles.getByRole('button', { name: 'Make table link for Ada club v Bram club' }).click();
  await expect(page.getByRole('img', { name: qrName })).toBeVisible();
  expect(await readQr(page, qrName)).toMatch(/\/club\?t=/);
  await scan('on-dark');

  // revoke: every link of the table (the first, the card's and the second) stops working at once
  await row.getByRole('button', { name: 'Revoke the links of Ada club v Bram club' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'revoked' })).toContainText('3 links revoked');
  await expect(row).toHaveCount(0);
  expect(await lanGet(link)).toBe(403);

  // stop: the LAN address refuses connections; the organiser's page still answers
  await page.getByRole('button', { name: 'Stop club night' }).click();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  expect(await lanGet(link)).toBe('ECONNREFUSED');
  await scan('off-dark');

  expect(found).toEqual([]);
  expect(pageErrors).toEqual([]);
  expect((await api.call('battles.get', { battleId: battle.id })).status).toBe('in_progress');
});
