import { minimalArmy } from '../helpers/battle-seed';
import { axeFindings, expect, openApp, pageApi, test } from './fixtures';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Issue 34 item 7: "a roster can be cloned (for a new campaign or a standalone game) and the unit list in the Builder
 * filtered by slot and searched by name".
 */
test('clone a roster from the roster list; the clone is its own; the unit list filters by slot and name', async ({ page, pageErrors }) => {
  test.setTimeout(90_000);
  await openApp(page, '/builder');
  const api = pageApi(page);
  const { version, pack } = await api.call('rulesets.get', {});
  const tag = Math.random().toString(36).slice(2, 7);
  const cara = await api.call('players.create', { name: `Cara ${tag}` });
  const faction = pack.factions[0]!.id;
  const created = await api.call('rosters.create', { name: `Salt Guard ${tag}`, playerId: cara.id, factionId: faction, rulesetVersionId: version.id });
  const original = (await api.call('rosters.save', { roster: minimalArmy(created.roster, pack) })).roster;

  await page.reload();
  await page.getByRole('button', { name: `More actions for Salt Guard ${tag}` }).click();
  await page.getByRole('menuitem', { name: 'Clone for another game…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clone roster' });
  await expect(dialog.getByRole('textbox', { name: 'Name of the copy' })).toHaveValue(`Salt Guard ${tag} (copy)`);
  await expect(dialog.getByLabel('For', { exact: true })).toHaveValue(`A standalone game (Cara ${tag})`);
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-mantine-color-scheme', t), theme);
    expect(await axeFindings(page, '[role="dialog"]'), `${theme}, the clone dialog`).toEqual([]);
  }
  await dialog.getByRole('button', { name: 'Clone' }).click();
  await expect(page).toHaveURL(/#\/builder\/[0-9a-f-]{36}$/);
  const cloneId = page.url().split('/').pop()!;
  expect(cloneId).not.toBe(original.id);
  const clone = (await api.call('rosters.get', { id: cloneId })).roster;
  expect(clone.name).toBe(`Salt Guard ${tag} (copy)`);
  expect(clone.formations.map((f) => f.name)).toEqual(original.formations.map((f) => f.name));
  expect(clone.formations.map((f) => f.id).filter((id) => original.formations.some((f) => f.id === id))).toEqual([]);

  // the unit list: by slot, then by name
  const units = page.getByRole('region', { name: 'Units' });
  const rows = units.getByRole('table', { name: 'Units' }).getByRole('row');
  const own = pack.units.filter((u) => u.factionId === faction && ['core', 'elite', 'skirmisher', 'heavy'].includes(u.slot));
  await expect(rows).toHaveCount(own.length + 1);
  await units.getByText('Heavies', { exact: true }).click();
  const heavies = own.filter((u) => u.slot === 'heavy');
  await expect(rows).toHaveCount(heavies.length + 1);
  for (const u of heavies) await expect(units.getByRole('row', { name: new RegExp(`^${escape(u.name)} Heavy`) })).toBeVisible();
  await units.getByText('All', { exact: true }).click();
  const elite = own.find((u) => u.slot === 'elite')!;
  await units.getByRole('textbox', { name: 'Search units' }).fill(elite.name.slice(0, 5).toUpperCase());
  await expect(units.getByRole('row', { name: new RegExp(`^${escape(elite.name)}`) })).toBeVisible();
  await expect(rows).toHaveCount(own.filter((u) => u.name.toLowerCase().includes(elite.name.slice(0, 5).toLowerCase())).length + 1);
  await units.getByRole('textbox', { name: 'Search units' }).fill('zzz no such unit');
  await expect(units.getByRole('status')).toHaveText('No unit of this faction matches.');
  await units.getByRole('textbox', { name: 'Search units' }).fill(elite.name);
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-mantine-color-scheme', t), theme);
    expect(await axeFindings(page, 'main', { every: true }), `${theme}, the Builder with its unit list`).toEqual([]);
  }
  // Add raises a formation of that unit in the clone; the original keeps its army
  await units.getByRole('button', { name: `Add ${elite.name}` }).click();
  await expect
    .poll(async () => (await api.call('rosters.get', { id: cloneId })).roster.formations.map((f) => f.unitId), { timeout: 10_000 })
    .toContain(elite.id);
  expect((await api.call('rosters.get', { id: original.id })).roster).toEqual(original);
  expect(pageErrors).toEqual([]);
});
