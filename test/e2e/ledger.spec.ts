import { mkdirSync } from 'node:fs';
import { openApp, test, expect, call, axeFindings, pageApi, screenshot } from './fixtures';
import { seedCampaign } from '../helpers/battle-seed';
import type { Page } from '@playwright/test';

/** The allowance on the Builder's points bar for a roster ("spent / allowance pts"). */
async function builderAllowance(page: Page, rosterId: string, allowance: number) {
  await openApp(page, `/builder/${rosterId}`);
  await expect(page.getByTestId('points-spent')).toHaveText(new RegExp(`^\\d+ / ${allowance} pts$`));
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('create players and a campaign, record mission 1 on paper, see 400 → 444 in the Journal and the Builder, undo back to 400', async ({
  page,
  pageErrors,
}) => {
  mkdirSync('test/artifacts', { recursive: true });
  await openApp(page, '/campaigns');
  for (const name of ['Ada Lovell', 'Bram Stoke']) {
    await page.getByRole('button', { name: 'New player' }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Add player' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  // the home route's "new campaign" address opens the form directly
  await openApp(page, '/campaigns?new=1');
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Ruleset version', exact: true })).not.toHaveValue('');
  await pick(page, 'First player', 'Ada Lovell');
  await pick(page, 'First player’s faction', 'The Penitent Concord');
  await pick(page, 'Second player', 'Bram Stoke');
  await pick(page, 'Second player’s faction', 'The Scattered');
  await dialog.getByRole('button', { name: 'Create campaign' }).click();

  // straight to the new campaign's Journal, both at 400
  await expect(page).toHaveURL(/#\/journal\/[^/?]+$/);
  await expect(page.getByLabel('Ada Lovell allowance')).toHaveText('400 RP');
  await expect(page.getByLabel('Bram Stoke allowance')).toHaveText('400 RP');
  const journalPath = new URL(page.url()).hash.slice(1);
  const campaignId = journalPath.split('/').pop()!;

  // Ada's warband for this campaign: the Builder reads the same ledger figure (issue 5, acceptance 4)
  const detail = await call<{ seats: { playerId: string; playerName: string }[] }>(page, 'campaigns.get', { id: campaignId });
  const adaId = detail.seats.find((s) => s.playerName === 'Ada Lovell')!.playerId;
  const roster = await call<{ roster: { id: string } }>(page, 'rosters.create', {
    name: 'Lantern Vigil',
    playerId: adaId,
    factionId: 'penitent-concord',
    mode: 'campaign',
    campaignId,
  });
  await builderAllowance(page, roster.roster.id, 400);
  // one Core squad, saved, so the post-battle form lists the roster's own formation
  await page.getByRole('button', { name: 'Add Core squad' }).click();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await openApp(page, journalPath);

  await page.getByRole('link', { name: 'Record result' }).click();
  await expect(page.getByRole('heading', { name: 'Record mission 1' })).toBeVisible();
  // Ada won is the default choice; three mutants and the most cryptid damage
  await page.getByLabel('Ada Lovell: mutants defeated').fill('3');
  await page.getByLabel('A cryptid appeared').check();
  // which one, from the campaign's pack (issue 32): its Wounds follow its class
  await page.getByRole('combobox', { name: 'Which cryptid' }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel('Ada Lovell Core squad 1: cryptid Wounds').fill('6');
  await page.getByLabel('Bram Stoke Core squad 1: cryptid Wounds').fill('2');
  // the players' ratings are optional (issue 36): one Skip leaves them all empty, and Finish does not wait for them
  await page.getByRole('region', { name: 'How was it? (optional)' }).getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('ratings-skipped')).toBeVisible();
  await page.getByRole('button', { name: 'Preview rewards' }).click();

  const ada = page.getByLabel('Ada Lovell rewards');
  await expect(ada).toContainText('Took part in mission 1');
  await expect(ada).toContainText('+18');
  await expect(ada).toContainText('Won the mission');
  await expect(ada).toContainText('3 mutants defeated × 2');
  await expect(ada).toContainText('+6');
  await expect(ada).toContainText('Most damage to the cryptid');
  await expect(ada.getByTestId('allowance-change')).toHaveText('Allowance 400 → 444 RP');
  await expect(page.getByLabel('Bram Stoke rewards').getByTestId('allowance-change')).toHaveText('Allowance 400 → 422 RP');
  await screenshot(page, { path: 'test/artifacts/ledger-preview.png', fullPage: true });

  await page.getByRole('button', { name: 'Confirm and record' }).click();
  // issue 34: the paper form leads on as Play Mode's Finish does: what changed, then the Journal at this mission
  await expect(page.getByRole('region', { name: 'What changed' }).getByLabel('Ada Lovell rewards').getByTestId('allowance-change')).toHaveText(
    'Allowance 400 → 444 RP',
  );
  const next = page.getByRole('region', { name: 'Next steps' });
  await expect(next.getByRole('group', { name: 'Ada Lovell: upgrade' }).getByRole('link', { name: /^Upgrade .* in the Builder$/ })).toHaveAttribute(
    'href',
    `#/builder/${roster.roster.id}`,
  );
  await expect(next.getByRole('button', { name: 'Start Mission 2' })).toBeVisible();
  // skipped: recorded without a rating, which can still be given here
  const ratings = page.getByRole('region', { name: 'Players’ ratings' }).getByTestId('stored-ratings');
  await expect(ratings).toContainText('Ada Lovell: not rated');
  await expect(ratings).toContainText('Bram Stoke: not rated');
  await next.getByRole('link', { name: 'Open the Journal at Mission 1' }).click();
  await expect(page.getByTestId('journal-mission')).toContainText('Mission 1 finished');
  await expect(page.getByLabel('Ada Lovell allowance')).toHaveText('444 RP');
  await expect(page.getByLabel('Bram Stoke allowance')).toHaveText('422 RP');
  await expect(page.getByRole('table', { name: "Why Ada Lovell's allowance is 444" })).toContainText('Won the mission');
  await expect(page.getByLabel('Ada Lovell formations')).toContainText('Core squad 1');
  await screenshot(page, { path: 'test/artifacts/ledger-journal.png', fullPage: true });
  await builderAllowance(page, roster.roster.id, 444);
  await expect(page.getByText('Allowance: campaign allowance.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Campaigns', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Campaigns' })).toContainText('444 RP');
  await expect(page.getByRole('table', { name: 'Campaigns' })).toContainText('2 of 5');
  await screenshot(page, { path: 'test/artifacts/ledger-dashboard.png', fullPage: true });

  await page.getByRole('link', { name: 'Journal', exact: true }).last().click();
  await page.getByRole('button', { name: 'Undo last event' }).click();
  await page.getByRole('dialog', { name: 'Undo mission 1?' }).getByRole('button', { name: 'Undo mission 1' }).click();
  await expect(page.getByLabel('Ada Lovell allowance')).toHaveText('400 RP');
  await expect(page.getByLabel('Bram Stoke allowance')).toHaveText('400 RP');
  await builderAllowance(page, roster.roster.id, 400);
  await openApp(page, journalPath);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByLabel('Ada Lovell allowance')).toHaveText('444 RP');

  // issue 41: the mission recorded on paper is a playtest record of its own kind, in the club's report; the Records
  // filter chooses Play Mode, paper or both
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByText('1 (0 Play Mode, 1 paper)')).toBeVisible();
  await page.getByRole('combobox', { name: 'Records' }).click();
  await page.getByRole('option', { name: 'Play Mode only' }).click();
  await expect(page.getByText('No finished battles match this selection.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Records' }).click();
  await page.getByRole('option', { name: 'Paper only' }).click();
  await expect(page.getByText('1 (0 Play Mode, 1 paper)')).toBeVisible();
  expect(pageErrors).toEqual([]);
});

/** A finished mission as Play Mode or the post-battle form would send it: the first player wins. */
function finished(campaignId: string, mission: number, winner: string, loser: string, extra: { wounds?: number; trophy?: string } = {}) {
  const side = (playerId: string, result: 'win' | 'loss', wounds: number) => ({
    playerId,
    rosterId: null,
    result,
    mutantKills: 0,
    victoryPoints: result === 'win' ? 3 : 1,
    formations: [{ formationId: `${playerId}-core`, name: 'Core squad 1', slot: 'core', startingModels: 5, survivors: 3, retreated: 0, cryptidWounds: wounds }],
    trophies: [],
    veteranSixesSpent: 0,
    cryptidDiceSpent: [],
  });
  const a = side(winner, 'win', extra.wounds ?? 0);
  if (extra.trophy)
    (a.trophies as unknown[]).push({
      cryptidId: 'nuckelavee',
      trophyId: 'hide',
      trophyName: extra.trophy,
      formationId: `${winner}-core`,
      disposition: 'banked',
    });
  return {
    mode: 'campaign',
    campaignId,
    mission,
    mutantsInScenario: 9,
    cryptid: extra.wounds ? { cryptidId: 'nuckelavee', startingWounds: 20, defeated: false } : null,
    sides: [a, side(loser, 'loss', 0)],
  };
}

test('Journal corrections (RP with a required reason, a banked trophy used, a Cryptid Die spent) and the crossover check', async ({ page, pageErrors }) => {
  await openApp(page, '/campaigns');
  const ids: Record<string, string> = {};
  for (const name of ['Cleo Vance', 'Dan Orr', 'Eve Moss', 'Finn Hale']) ids[name] = (await call<{ id: string }>(page, 'players.create', { name })).id;
  const { rulesetVersionId } = await call<{ rulesetVersionId: number }>(page, 'rosters.factions', {});
  const make = (name: string, a: string, b: string) =>
    call<{ id: string }>(page, 'campaigns.create', {
      name,
      rulesetVersionId,
      seats: [
        { playerId: ids[a], factionId: 'penitent-concord' },
        { playerId: ids[b], factionId: 'scattered' },
      ],
    });
  const x = await make('Harrow Vale', 'Cleo Vance', 'Dan Orr');
  const y = await make('Saltmarsh', 'Eve Moss', 'Finn Hale');
  // Cleo wins mission 1 with 11 Wounds on the cryptid: 2 Cryptid Dice, a trophy banked; 400 + 18 + 10 + 10 = 438
  await call(page, 'campaigns.finishMission', {
    battleId: 'x1',
    outcome: finished(x.id, 1, ids['Cleo Vance']!, ids['Dan Orr']!, { wounds: 11, trophy: 'Salt-Crusted Hide' }),
  });
  await call(page, 'campaigns.finishMission', { battleId: 'y1', outcome: finished(y.id, 1, ids['Eve Moss']!, ids['Finn Hale']!) });

  await openApp(page, `/journal/${x.id}`);
  await expect(page.getByLabel('Cleo Vance allowance')).toHaveText('438 RP');

  // an RP correction needs a number and a reason; both errors show beside their fields
  await page.getByRole('button', { name: "Correct Cleo Vance's ledger" }).click();
  const dialog = page.getByRole('dialog', { name: 'Correction for Cleo Vance' });
  await dialog.getByRole('button', { name: 'Record correction' }).click();
  await expect(dialog.getByText('Enter a whole number, + to add or − to take away.')).toBeVisible();
  await expect(dialog.getByText('Say why, in a few words.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Change in RP' }).fill('-4');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('A kill was counted twice');
  await dialog.getByRole('button', { name: 'Record correction' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Cleo Vance allowance')).toHaveText('434 RP');
  await expect(page.getByRole('table', { name: "Why Cleo Vance's allowance is 434" })).toContainText('A kill was counted twice');

  // the banked trophy is used once
  await page.getByRole('button', { name: 'Use the banked trophy Salt-Crusted Hide' }).click();
  const use = page.getByRole('dialog', { name: 'Use a banked trophy: Cleo Vance' });
  await use.getByRole('textbox', { name: 'Reason' }).fill('Played in the crossover night');
  await use.getByRole('button', { name: 'Use trophy' }).click();
  await expect(use).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Cleo Vance trophies' })).toContainText('Salt-Crusted Hide');
  await expect(page.getByRole('list', { name: 'Cleo Vance trophies' })).toContainText('used');
  await expect(page.getByRole('button', { name: 'Use the banked trophy Salt-Crusted Hide' })).toHaveCount(0);

  // one of the two Cryptid Dice spent at a paper table
  const dice = page.getByRole('list', { name: 'Cleo Vance Cryptid Dice' }).getByRole('listitem');
  await expect(dice).toHaveCount(2);
  await page.getByRole('button', { name: 'Spend the Cryptid Die earned by Core squad 1' }).first().click();
  const spend = page.getByRole('dialog', { name: 'Spend a Cryptid Die: Cleo Vance' });
  await spend.getByRole('textbox', { name: 'Reason' }).fill('Rolled in a paper game');
  await spend.getByRole('button', { name: 'Spend die' }).click();
  await expect(dice).toHaveCount(1);
  await expect(page.getByLabel('Campaign timeline')).toContainText('Cleo Vance spent a Cryptid Die');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await screenshot(page, { path: 'test/artifacts/ledger-corrections.png', fullPage: true });

  // crossover check from the dashboard: Cleo (Harrow Vale) against Eve (Saltmarsh), both at mission 2
  await openApp(page, '/campaigns');
  await page.getByRole('link', { name: 'Crossover check' }).click();
  await expect(page.getByRole('heading', { name: 'Crossover check', level: 1 })).toBeVisible();
  await pick(page, 'First side: campaign', 'Harrow Vale (mission 2)');
  await pick(page, 'First side: player', 'Cleo Vance (The Penitent Concord)');
  await page.getByRole('textbox', { name: 'First side: fielded points' }).fill('420');
  await pick(page, 'Second side: campaign', 'Saltmarsh (mission 2)');
  await pick(page, 'Second side: player', 'Eve Moss (The Penitent Concord)');
  await page.getByRole('textbox', { name: 'Second side: fielded points' }).fill('400');
  const conditions = page.getByRole('list', { name: 'Crossover conditions' });
  await expect(conditions.locator('[data-condition="Same mission level"]')).toHaveAttribute('data-pass', 'true');
  await expect(conditions.locator('[data-condition="Matched fielded points"]')).toHaveAttribute('data-pass', 'false');
  await expect(conditions).toContainText('Cleo Vance fields 420, Eve Moss fields 400');
  await expect(page.getByRole('status')).toContainText('Not yet');
  // Veteran Sixes: Cleo holds 1, Eve 1; one side alone using them fails, both using 1 passes
  await page.getByRole('textbox', { name: 'First side: Veteran Sixes used' }).fill('1');
  await expect(conditions.locator('[data-condition="Veteran Sixes matched or off"]')).toHaveAttribute('data-pass', 'false');
  await page.getByRole('textbox', { name: 'Second side: Veteran Sixes used' }).fill('1');
  await page.getByRole('textbox', { name: 'First side: fielded points' }).fill('400');
  await expect(page.getByRole('status')).toContainText('This crossover may be played');
  await expect(conditions.locator('[data-pass="false"]')).toHaveCount(0);
  await screenshot(page, { path: 'test/artifacts/ledger-crossover.png', fullPage: true });
  expect(await axeFindings(page, 'main')).toEqual([]);
  expect(pageErrors).toEqual([]);
});

/**
 * Issue 17: 'an outcome that names a formation not in the roster → a typed refusal that the form shows next to the
 * field; nothing written'. The form lists the army's own formations (and offers no others); here the army loses a
 * squad in the Builder while the form is open, and the form's record of it is refused on that formation's line.
 */
test('the paper form lists the army’s formations, and one the army no longer has is refused beside it, recording nothing', async ({ page, pageErrors }) => {
  await openApp(page, '/campaigns');
  const api = pageApi(page);
  const club = await seedCampaign(api);
  const before = await api.call('ledger.journal', { campaignId: club.campaign.id });
  await openApp(page, `/campaigns/${club.campaign.id}/record`);
  await expect(page.getByRole('heading', { name: 'Record mission 1' })).toBeVisible();
  const ana = page.getByRole('region', { name: 'Ana' }).or(page.getByLabel("Ana's battle"));
  await expect(ana.getByText('The army’s own formations, from its roster.')).toBeVisible();
  await expect(ana.getByRole('button', { name: 'Add a formation' })).toHaveCount(0);

  // the army drops its last squad in the Builder meanwhile
  const roster = club.rosters[0]!;
  const dropped = roster.formations[roster.formations.length - 1]!;
  await api.call('rosters.save', { roster: { ...roster, formations: roster.formations.slice(0, -1) } });
  await page.getByRole('button', { name: 'Preview rewards' }).click();
  const index = 1 + ['command', ...roster.formations.map((f) => f.id)].indexOf(dropped.id);
  const field = page.getByRole('textbox', { name: `Ana formation ${index} name` });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await screenshot(ana, { path: 'test/artifacts/ledger-foreign-formation.png' });
  await expect(page.getByText(new RegExp(`“${dropped.name}” is not a formation of ${roster.name}`)).first()).toBeVisible();
  expect(await api.call('ledger.journal', { campaignId: club.campaign.id })).toEqual(before);
  expect(pageErrors).toEqual([]);
});
