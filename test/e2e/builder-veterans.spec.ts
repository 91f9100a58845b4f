import { everyoneSurvives, seedCampaign } from '../helpers/battle-seed';
import { axeFindings, expect, openApp, pageApi, test, screenshot } from './fixtures';

/**
 * Issue 34 item 3: "Each formation shows its marks, rank, Veteran Sixes and Cryptid Veteran status, and each fighter's
 * trophies with their effect (from the pack); removing or replacing a formation that has any of them asks first and
 * says what will be lost (the ledger keeps the history). Journal lines name the formation each mark went to."
 */
test('a veteran formation shows its record and trophy effect in the Builder; removing it asks first, Cancel keeps it', async ({ page, pageErrors }) => {
  await openApp(page, '/builder');
  const api = pageApi(page);
  const club = await seedCampaign(api);
  const [line1, line2] = club.rosters[0]!.formations;
  // Mission 1: every formation survives (a service mark each); Line 1 wounds the cryptid and banks its trophy
  const o = everyoneSurvives(club);
  o.cryptid = { cryptidId: 'nuckelavee', startingWounds: 20, defeated: true };
  o.sides[0].formations[0]!.cryptidWounds = 11;
  o.sides[0].trophies = [{ cryptidId: 'nuckelavee', trophyId: 'nuckelavee-hide', trophyName: 'Flayed Hide', formationId: line1!.id, disposition: 'banked' }];
  await api.call('campaigns.finishMission', { battleId: crypto.randomUUID(), outcome: o });

  await openApp(page, `/builder/${club.rosters[0]!.id}`);
  const card = page.getByRole('region', { name: `Core squad: ${line1!.name}` });
  const record = card.getByRole('group', { name: `${line1!.name}: campaign record` });
  await expect(record).toContainText('1 service mark');
  await expect(record).toContainText('Rank I');
  await expect(record).toContainText('1 Veteran Six a battle');
  await expect(record).toContainText('Cryptid Veteran');
  await expect(record.getByTestId('trophy')).toHaveText(
    'Trophy Flayed Hide (banked: may be used in a later battle, one use): One use: ignore one unsaved Wound on the bearer.',
  );
  // Line 2 has its mark and rank but no trophy; Bo's formations are not on Ana's roster
  const record2 = page.getByRole('group', { name: `${line2!.name}: campaign record` });
  await expect(record2).toContainText('1 service mark');
  await expect(record2.getByTestId('trophy')).toHaveCount(0);
  await screenshot(page, { path: 'test/artifacts/builder-veteran.png', fullPage: true });

  // removing the veteran asks first and names what goes; Cancel keeps it, and the roster saved is unchanged
  const ask = page.getByRole('dialog', { name: `Remove ${line1!.name}?` });
  for (const theme of ['dark', 'light'] as const) {
    await api.call('settings.update', { theme });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    await expect(record).toContainText('Cryptid Veteran');
    expect(await axeFindings(page, 'main', { every: true }), `${theme}, the Builder`).toEqual([]);
    await card.getByRole('button', { name: `Remove ${line1!.name}` }).click();
    await expect(ask).toContainText('1 service mark');
    await expect(ask).toContainText('Rank I');
    await expect(ask).toContainText('Cryptid Veteran');
    await expect(ask).toContainText('the trophy Flayed Hide (banked)');
    await expect(ask).toContainText('The Journal keeps the history');
    expect(await axeFindings(page, '[role="dialog"]'), `${theme}, asking`).toEqual([]);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    await expect(card).toBeVisible();
  }
  expect((await api.call('rosters.get', { id: club.rosters[0]!.id })).roster.formations.map((f) => f.id)).toContain(line1!.id);

  // replacing its unit asks too
  await card.getByRole('combobox', { name: 'Unit' }).click();
  const other = page.getByRole('option', { selected: false });
  if ((await other.count()) > 0) {
    await other.first().click();
    await expect(page.getByRole('dialog', { name: `Replace the unit of ${line1!.name}?` })).toContainText('Rank I');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  } else await page.keyboard.press('Escape');

  // a formation without a record goes at once
  await page.getByRole('button', { name: 'Add Core squad' }).click();
  const added = page.getByRole('region', { name: /^Core squad: / }).nth(2);
  await expect(added.getByRole('group', { name: /campaign record/ })).toHaveCount(0);
  const addedName = await added.getByRole('textbox', { name: 'Name', exact: true }).inputValue();
  await added.getByRole('button', { name: `Remove ${addedName}` }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Core squad: / })).toHaveCount(2);

  // confirmed, the veteran goes from the roster; the Journal still names the formation each mark went to
  await card.getByRole('button', { name: `Remove ${line1!.name}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${line1!.name}?` })
    .getByRole('button', { name: `Remove ${line1!.name}` })
    .click();
  await expect(card).toHaveCount(0);
  await openApp(page, `/journal/${club.campaign.id}`);
  const entries = page.getByTestId('journal-entries').filter({ hasText: 'Service mark' }).first();
  await expect(entries).toContainText(`Service mark: ${line1!.name} (Ana) +1`);
  await expect(entries).toContainText(`Service mark: ${line2!.name} (Ana) +1`);
  await expect(entries).toContainText(`Trophy banked: Flayed Hide, ${line1!.name} (Ana) +1`);
  // and Ana's trophies say what each does, from the campaign's pack
  await expect(page.getByRole('list', { name: 'Ana trophies' }).getByTestId('journal-trophy-effect')).toHaveText(
    'One use: ignore one unsaved Wound on the bearer.',
  );
  expect(pageErrors).toEqual([]);
});
