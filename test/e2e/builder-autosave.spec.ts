import { openApp, test, expect, call, elapse, slowFirst, screenshot } from './fixtures';
import { createRosterInBuilder, recruitByClicking, rosterInTwoWindows } from './builder-steps';

/**
 * Issue 15: "A whole roster built in the Builder was gone after clicking another section (no prompt, no
 * autosave); deleting a formation has no confirmation and no undo." Every edit is saved as the organiser
 * works; a removal offers Undo at once; Undo and Redo (buttons and Ctrl+Z / Ctrl+Shift+Z) step through edits.
 */
test('a roster survives another section and a reload; edits and a removal are undone and redone', async ({ page, pageErrors }) => {
  await openApp(page);
  await call(page, 'players.create', { name: 'Ana Ferreira' });
  await createRosterInBuilder(page, 'Lantern Vigil');
  await recruitByClicking(page, 'Core squad', 'Heavy');
  await page.getByLabel('Notes').fill('Bring the brass lantern.');
  const spent = await page.getByTestId('points-spent').textContent();
  // nobody clicks Save: the edits are saved by themselves
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();

  // another section and back: intact
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Journal' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Builder' }).click();
  await page.getByRole('button', { name: 'Open Lantern Vigil' }).click();
  await expect(page.getByRole('region', { name: /Heavy: / })).toBeVisible();
  await expect(page.getByTestId('points-spent')).toHaveText(spent!);
  await expect(page.getByLabel('Notes')).toHaveValue('Bring the brass lantern.');

  // a reload: intact
  await page.reload();
  await expect(page.getByRole('region', { name: /Heavy: / })).toBeVisible();
  await expect(page.getByTestId('points-spent')).toHaveText(spent!);

  // a removal says so and offers Undo
  const heavy = page.getByRole('region', { name: /Heavy: / });
  const heavyName = (await heavy.getAttribute('aria-label'))!.replace(/^Heavy: /, '');
  await heavy.getByRole('button', { name: `Remove ${heavyName}` }).click();
  await expect(page.getByRole('region', { name: /Heavy: / })).toHaveCount(0);
  await page
    .getByRole('alert')
    .filter({ hasText: `${heavyName} removed.` })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByRole('region', { name: /Heavy: / })).toBeVisible();
  await expect(page.getByTestId('points-spent')).toHaveText(spent!);

  // an edit undone and redone from the keyboard, then with the buttons
  await page.getByRole('button', { name: 'Add Core squad' }).click();
  await expect(page.getByRole('region', { name: /Core squad: / })).toHaveCount(2);
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('region', { name: /Core squad: / })).toHaveCount(1);
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByRole('region', { name: /Core squad: / })).toHaveCount(2);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByRole('region', { name: /Core squad: / })).toHaveCount(1);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(page.getByRole('region', { name: /Core squad: / })).toHaveCount(2);

  // what was undone and redone is what the ledger keeps
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: /Core squad: / })).toHaveCount(2);
  await expect(page.getByRole('region', { name: /Heavy: / })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('an autosave made while the one before is still on its way is kept after it: the ledger ends with the last edit', async ({ page, pageErrors }) => {
  await openApp(page);
  await call(page, 'players.create', { name: 'Bea Okafor' });
  await createRosterInBuilder(page, 'Ember Choir', 'Bea Okafor');
  // a slow connection (a league's distant database) holds the first autosave longer than the wait before the next
  const autosave = await slowFirst(page, 'rosters.save', { ms: 2_500, hold: 'request' });
  const first = page.waitForResponse((r) => !!r.request().postData()?.includes('First thoughts.'));
  await page.getByLabel('Notes').fill('First thoughts.');
  await expect.poll(autosave.seen).toBe(true);
  await page.getByLabel('Notes').fill('Final orders.');

  // both saves answered, the last one after the first: the ledger and the screen hold the last edit
  await first;
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible({ timeout: 10_000 });
  const summary = (await call<{ id: string; name: string }[]>(page, 'rosters.list', {})).find((r) => r.name === 'Ember Choir');
  expect((await call<{ roster: { notes: string } }>(page, 'rosters.get', { id: summary!.id })).roster.notes).toBe('Final orders.');
  await page.reload();
  await expect(page.getByLabel('Notes')).toHaveValue('Final orders.');
  expect(pageErrors).toEqual([]);
});

test('a roster saved in another window meanwhile is not overwritten: the save is refused, said so, and the saved roster can be loaded', async ({
  page,
  pageErrors,
}) => {
  const other = await rosterInTwoWindows(page, 'Shared Vigil', 'Bea Ferreira');

  await page.getByLabel('Notes').fill('From the first window.');
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();

  await other.getByLabel('Notes').fill('From the second window.');
  const refused = other.getByRole('alert').filter({ hasText: 'Saved elsewhere meanwhile' });
  await expect(refused).toContainText('“Shared Vigil” was saved elsewhere after you opened it');
  await screenshot(other, { path: 'test/artifacts/builder-saved-elsewhere.png' });
  const id = new URL(page.url()).hash.split('/').pop()!;
  expect((await call<{ roster: { notes: string } }>(page, 'rosters.get', { id })).roster.notes).toBe('From the first window.');

  await other.getByRole('button', { name: 'Load the saved roster' }).click();
  await expect(other.getByLabel('Notes')).toHaveValue('From the first window.');
  await expect(refused).toHaveCount(0);
  // from the saved roster, the second window's edits are saved again
  await other.getByLabel('Notes').fill('From the second window, after loading.');
  await expect(other.getByRole('button', { name: 'Saved' })).toBeVisible();
  expect((await call<{ roster: { notes: string } }>(page, 'rosters.get', { id })).roster.notes).toBe('From the second window, after loading.');
  expect(pageErrors).toEqual([]);
});

test('after a refused save the edits made here can be kept: they replace the roster saved elsewhere, and the other window’s next save is refused in turn', async ({
  page,
  pageErrors,
}) => {
  const other = await rosterInTwoWindows(page, 'Kept Vigil', 'Cleo Ferreira');
  const id = new URL(page.url()).hash.split('/').pop()!;
  const storedNotes = async () => (await call<{ roster: { notes: string } }>(page, 'rosters.get', { id })).roster.notes;

  await page.getByLabel('Notes').fill('From the first window.');
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await other.getByLabel('Notes').fill('From the second window.');
  await expect(other.getByRole('alert').filter({ hasText: 'Saved elsewhere meanwhile' })).toBeVisible();
  expect(await storedNotes()).toBe('From the first window.');

  await other.getByRole('button', { name: 'Keep my version' }).click();
  await expect(other.getByRole('alert').filter({ hasText: 'Saved elsewhere meanwhile' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Saved' })).toBeVisible();
  expect(await storedNotes()).toBe('From the second window.');
  // the second window goes on from its own save
  await other.getByLabel('Notes').fill('From the second window, again.');
  await expect.poll(storedNotes).toBe('From the second window, again.');

  // the first window still rests on the version it saved: its next edit is refused, not written over the kept one
  await page.getByLabel('Notes').fill('From the first window, later.');
  await expect(page.getByRole('alert').filter({ hasText: 'Saved elsewhere meanwhile' })).toBeVisible();
  expect(await storedNotes()).toBe('From the second window, again.');
  expect(pageErrors).toEqual([]);
});

/**
 * Issue 34 point 5: 'Autosave waits about 1.8 s, so a reload within it asks "Leave site?" and loses the edit.' Every
 * edit is kept in the window's storage within 300 ms; a reload or a closed window restores it, without the prompt.
 */
test('an edit kept in the window within 300 ms; a reload 100 ms after an edit, or closing the window, loses nothing and asks nothing', async ({
  page,
  pageErrors,
}) => {
  await openApp(page);
  await call(page, 'players.create', { name: 'Dara Quinn' });
  await createRosterInBuilder(page, 'Quick Lantern', 'Dara Quinn');
  const id = new URL(page.url()).hash.split('/').pop()!;
  const stored = async () => (await call<{ roster: { notes: string } }>(page, 'rosters.get', { id })).roster.notes;
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.type());
    void d.accept();
  });
  const notes = page.getByLabel('Notes');

  await notes.fill('Kept at once.');
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), `aoa.rosterDraft.${id}`)).toContain('Kept at once.');

  // the next edit, and a reload 100 ms later: long before its autosave, so the ledger does not have it yet
  await notes.fill('Written just before the reload.');
  await elapse(page, 100, 'a reload 100 ms after the edit, long before its autosave');
  expect(await stored()).not.toBe('Written just before the reload.');
  await page.reload();
  await expect(page.getByLabel('Notes')).toHaveValue('Written just before the reload.');
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  // the restored edit is saved as any other, and Undo takes it back to what the ledger held
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible({ timeout: 10_000 });
  expect(await stored()).toBe('Written just before the reload.');
  await page.reload();
  await expect(page.getByLabel('Notes')).toHaveValue('Written just before the reload.');
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);

  // closing the window 100 ms after an edit: the next window to open the roster has it
  await page.getByLabel('Notes').fill('Written as the window closed.');
  await elapse(page, 100, 'the window closed 100 ms after the edit');
  const next = await page.context().newPage();
  next.on('dialog', (d) => {
    asked.push(d.type());
    void d.accept();
  });
  await page.close({ runBeforeUnload: true });
  await openApp(next, `/builder/${id}`);
  await expect(next.getByLabel('Notes')).toHaveValue('Written as the window closed.');
  await expect(next.getByRole('button', { name: 'Saved' })).toBeVisible({ timeout: 10_000 });
  expect(await stored()).toBe('Written as the window closed.');
  expect(asked).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('edits kept here over a roster saved elsewhere since are restored, and their save is refused as saved elsewhere', async ({ page, pageErrors }) => {
  await openApp(page);
  await call(page, 'players.create', { name: 'Eli Marsh' });
  await createRosterInBuilder(page, 'Contested Lantern', 'Eli Marsh');
  const id = new URL(page.url()).hash.split('/').pop()!;
  await page.getByLabel('Notes').fill('Mine, not saved yet.');
  await elapse(page, 100, 'another organiser saves 100 ms after this edit, before its autosave');
  // meanwhile another organiser saves the roster (the window's kept edits rest on the version before)
  const current = await call<{ roster: Record<string, unknown>; summary: { updatedAt: string } }>(page, 'rosters.get', { id });
  await call(page, 'rosters.save', { roster: { ...current.roster, notes: 'Theirs.' }, baseUpdatedAt: current.summary.updatedAt });
  await page.reload();
  await expect(page.getByLabel('Notes')).toHaveValue('Mine, not saved yet.');
  await expect(page.getByRole('alert').filter({ hasText: 'Saved elsewhere meanwhile' })).toBeVisible({ timeout: 10_000 });
  expect((await call<{ roster: { notes: string } }>(page, 'rosters.get', { id })).roster.notes).toBe('Theirs.');
  await page.getByRole('button', { name: 'Load the saved roster' }).click();
  await expect(page.getByLabel('Notes')).toHaveValue('Theirs.');
  await page.reload();
  await expect(page.getByLabel('Notes')).toHaveValue('Theirs.');
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
