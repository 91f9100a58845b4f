import { resolve } from 'node:path';
import { call, openApp, test, expect } from './fixtures';

/**
 * Issue 33: "The import preview says which ruleset versions will be added" and names a name clash before anything is
 * written. A campaign file exported by an older commit is picked in the import dialog; its preview is read, then the
 * import is confirmed with the file's clashing player taken as the club's existing one (mapPlayers).
 */
const OLDER = resolve('test/fixtures/older-files/74e4c11-played.aoa-campaigns.json');

test('picking a campaign file shows what it would add or clash with; a clashing player may be the club’s own; Import confirms', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(60_000);
  await openApp(page, '/campaigns');
  const dov = await call<{ id: string }>(page, 'players.create', { name: 'DOV' });
  await page.getByRole('button', { name: 'Import campaigns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a campaign file' });
  await dialog.locator('input[type="file"]').setInputFiles(OLDER);
  const lines = dialog.getByRole('list', { name: 'What the import would do' });
  await expect(lines).toContainText('Game data version added:');
  await expect(lines).toContainText('Campaign created: Cleo vs Dov.');
  await expect(lines).toContainText('Player created: Cleo.');
  await expect(lines).toContainText('"Dov" in the file has the name of DOV, a different player here');
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();

  // the organiser says the file's Dov is the club's DOV: the file's player is imported as the existing one
  const clash = dialog.getByRole('group', { name: 'Players whose names clash' }).getByRole('checkbox', { name: /Import Dov from the file as this club's DOV/ });
  await clash.check();
  // asked again with the choice: no clash and no new Dov; the import is offered
  await expect(lines).not.toContainText('a different player here');
  await expect(lines).not.toContainText('Player created: Dov.');
  await expect(lines).toContainText('Player created: Cleo.');
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled();
  // unticked, the clash is back
  await clash.uncheck();
  await expect(lines).toContainText('a different player here');
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  await clash.check();
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled();
  await expect(lines).toContainText('Nothing has been written yet.');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('link', { name: 'Cleo vs Dov' }).or(page.getByText('Cleo vs Dov')).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // one DOV, who now plays the imported campaign; no second Dov was created
  const players = await call<{ id: string; name: string }[]>(page, 'players.list', {});
  expect(players.filter((p) => p.name.toLowerCase() === 'dov')).toEqual([expect.objectContaining({ id: dov.id, name: 'DOV' })]);
  const campaigns = await call<{ seats: { playerId: string }[] }[]>(page, 'campaigns.list', {});
  expect(campaigns.some((c) => c.seats.some((s) => s.playerId === dov.id))).toBe(true);
  expect(pageErrors).toEqual([]);
});
