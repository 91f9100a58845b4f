import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Roster } from '../../src-shared/roster/schema';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { minimalArmy } from '../helpers/battle-seed';
import { choose, expect, openApp, test, call, screenshot } from './fixtures';

/**
 * Two standalone armies: Cas fields the smallest legal army (command group and
 * two Core squads), Dov the same plus two more Core squads, so Cas has the
 * lower activation count, 3 against 5, and holds 2 Pass tokens (DIGEST §23 T4).
 */
async function seed(page: Page) {
  const { pack } = await call<{ pack: RulesetPack }>(page, 'rulesets.get', {});
  const suffix = Math.random().toString(36).slice(2, 7);
  const cas = await call<{ id: string }>(page, 'players.create', { name: `Cas ${suffix}` });
  const dov = await call<{ id: string }>(page, 'players.create', { name: `Dov ${suffix}` });
  const [fa, fb] = [pack.factions[0]!.id, pack.factions[1]!.id];
  const coreSize = pack.recruitment.core.size.min;
  for (const [p, f, name, extraCores] of [
    [cas.id, fa, `Cinder Watch ${suffix}`, 0],
    [dov.id, fb, `Grey Lanterns ${suffix}`, 2],
  ] as const) {
    const created = await call<{ roster: Roster }>(page, 'rosters.create', { name, playerId: p, factionId: f, mode: 'standalone', campaignId: null });
    const army = minimalArmy(created.roster, pack);
    for (let n = 3; n < 3 + extraCores; n++) {
      const template = army.formations[0]!;
      army.formations.push({
        ...template,
        id: `${army.id}-core-${n}`,
        name: `Line ${n}`,
        fighters: template.fighters.map((x, i) => ({ ...x, id: `${army.id}-core-${n}-${i}` })),
      });
    }
    const saved = await call<{ validation: { valid: boolean; violations: { message: string }[] } }>(page, 'rosters.save', { roster: army });
    if (!saved.validation.valid) throw new Error(`seed army not legal: ${saved.validation.violations.map((v) => v.message).join('; ')}`);
  }
  // command group: the Captain and 4 Officers (minimalArmy)
  if (Math.floor((5 + 2 * coreSize) / 2) + 1 - coreSize > 4) throw new Error('the test routs Cas with Line 1 and up to 4 Officers');
  return { suffix, casModels: 5 + 2 * coreSize, coreSize };
}

/**
 * Acceptance 2 of issue 8 (DIGEST §23), through real Play Mode: a standalone
 * battle with the module switched on runs a round in which one player passes
 * once, cannot pass twice in a row, and a formation of a routing company takes
 * its Will check; the record survives a reload.
 */
test('a standalone battle with the alternating module: one pass, no second pass in a row, a routing formation takes its Will check', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  await openApp(page, '/play');
  const { suffix, casModels, coreSize } = await seed(page);
  const cas = `Cas ${suffix}`;
  const dov = `Dov ${suffix}`;
  await page.reload();

  // the old standalone page now leads to Play Mode
  await openApp(page, '/play/alt');
  await expect(page.getByRole('heading', { name: 'Start a battle' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByText('Alternating round')).toHaveCount(0);

  await page.getByRole('radiogroup', { name: 'Kind of game' }).getByText('Standalone (500 pts)').click();
  const moduleSwitch = page.getByRole('switch', { name: /Alternating activations and morale \(house rule, non-standard\)/ });
  await expect(moduleSwitch).not.toBeChecked(); // off by default
  await choose(page, 'First army', new RegExp(`Cinder Watch ${suffix}`));
  await choose(page, 'Second army', new RegExp(`Grey Lanterns ${suffix}`));
  await moduleSwitch.click();
  await expect(moduleSwitch).toBeChecked();
  // issue 17: a standalone game picks its mission at set-up like a campaign battle (Mission 1 unless changed)
  await expect(page.getByRole('combobox', { name: 'Mission', exact: true })).toHaveValue(/^Mission 1: /);
  await choose(page, 'Mission', /^Mission 4: /);
  await page.getByRole('button', { name: 'Start the battle' }).click();
  await expect(page.getByText('alternating activations (non-standard)')).toBeVisible();
  await expect(page.getByText(/^Standalone game · mission 4: \S/)).toBeVisible();

  // issue 17: the optional secondary objective is agreed with the scenario (2 VP)
  await page.getByRole('textbox', { name: 'Secondary objective (optional)' }).fill('Topple the watchtower');
  await page.getByRole('button', { name: 'Scenario chosen' }).click();
  await page.getByRole('button', { name: 'Terrain and objectives placed' }).click();
  await page.getByRole('button', { name: 'Roll off' }).click();
  await page.getByRole('button', { name: 'Deployed: start round 1' }).click();
  await page.getByRole('button', { name: 'Command Phase done: alternate activations' }).click();

  const panel = page.getByRole('region', { name: 'Alternating activations' });
  await expect(panel).toBeVisible();
  await expect(page.getByRole('region', { name: 'Activation bag' })).toHaveCount(0); // never mixed with the bag
  // T4 with AMB-S3: the lower count (3 against 5) gets the 2 Pass tokens, whoever won the set-up roll-off
  await expect(panel.getByLabel(`${cas}: 2 Pass tokens left of 2`)).toBeVisible();
  const turnOf = (name: string) => panel.getByRole('status').filter({ hasText: `${name}’s activation` });

  // the roll-off is the app's die: if Dov won it, Dov activates first
  await expect(turnOf(cas).or(turnOf(dov))).toBeVisible();
  if (await turnOf(dov).isVisible()) await panel.getByRole('button', { name: `Activate Line 3 (${dov})` }).click();

  // Cas passes once…
  await expect(turnOf(cas)).toBeVisible();
  await panel.getByRole('button', { name: 'Pass (spend a token)' }).click();
  await expect(panel.getByLabel(`${cas}: 1 Pass token left of 2`)).toBeVisible();
  await expect(turnOf(dov)).toBeVisible();
  await panel.getByRole('button', { name: `Activate Line 4 (${dov})` }).click();

  // …and cannot pass again before activating a formation (T6)
  await expect(turnOf(cas)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Pass (spend a token)' })).toBeDisabled();
  await expect(panel.getByTestId('pass-blocked')).toHaveText(/activate a formation before passing again/);

  // Cas loses more than half the company (T12: lost ≥ floor(n/2) + 1): Line 1 wiped out, then Officers of the command group
  const threshold = Math.floor(casModels / 2) + 1;
  const officersLost = threshold - coreSize;
  const record = page.getByRole('region', { name: 'Record' });
  // Relic Recovery's relic is worth 5 VP, the agreed secondary objective 2; the score says where each VP came from
  await record.getByRole('tab', { name: 'Gambits & more' }).click();
  await record.getByRole('radiogroup', { name: 'Which player' }).getByText(dov).click();
  await record.getByRole('button', { name: 'Relic extracted (+5 VP)' }).click();
  // as a player sees it land before the next click: the answer redraws the screen, which may move the next button
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText('+5 VP (Relic extracted)');
  await record.getByRole('button', { name: 'Secondary objective achieved (+2 VP)' }).click();
  await expect(record.getByRole('button', { name: 'Secondary objective scored' })).toBeDisabled();
  await expect(page.getByTestId('vp-by-source')).toContainText('Relic extracted 0–5 · Secondary objective 0–2');
  await expect(page.getByTestId('vp-by-source')).toContainText('secondary objective agreed: Topple the watchtower');
  await record.getByRole('tab', { name: 'Losses' }).click();
  await record.getByRole('radiogroup', { name: 'Which player' }).getByText(cas).click();
  await choose(page, 'Formation', /^Line 1 \(/);
  await record.getByRole('textbox', { name: 'Killed' }).fill(String(coreSize));
  await record.getByRole('button', { name: 'Record losses' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(new RegExp(`Line 1 \\([^)]+\\): ${coreSize} killed`));
  await expect(page.getByLabel(`${cas} steady`)).toBeVisible();
  await choose(page, 'Formation', /command group \(/);
  for (let i = 1; i <= officersLost; i++) await record.getByRole('checkbox', { name: `Officer ${i}` }).check({ force: true });
  await record.getByRole('textbox', { name: 'Killed' }).fill(String(officersLost));
  await record.getByRole('button', { name: 'Record losses' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(new RegExp(`command group \\([^)]+\\): ${officersLost} killed`));
  await expect(page.getByLabel(`${cas} routing`)).toBeVisible();
  await expect(page.getByLabel(`${dov} steady`)).toBeVisible();

  // the routing formation stops for its Will check before it acts (T13–T14); Resolve comes from its profile
  await panel.getByRole('button', { name: `Activate Line 2 (${cas})` }).click();
  const check = page.getByRole('heading', { name: `Will check: Line 2 (${cas})` });
  await expect(check).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Pass (spend a token)' })).toBeDisabled();
  await page.getByLabel('Other friendly formations within 6″ and in sight').fill('1');
  await page.getByLabel('Captain within 6″ and in sight (+2)').check();
  await expect(page.getByText('Modifier +3')).toBeVisible();
  await page.getByLabel('Natural D6 roll').fill('6'); // a natural 6 always passes
  await expect(page.getByRole('status').filter({ hasText: 'Passed' })).toBeVisible();
  mkdirSync('test/artifacts', { recursive: true });
  await screenshot(page, { path: 'test/artifacts/alt-module-will-check.png', fullPage: true });
  await page.getByRole('button', { name: 'Record the check' }).click();
  await expect(check).toHaveCount(0);
  await expect(page.getByText(`Line 2 (${cas}) passed its Will check and activates normally.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(
    /Will check for Line 2 \([^)]+\): natural 6 \+3 against Resolve \d\+, passed/,
  );
  await expect(turnOf(dov)).toBeVisible();

  // everything came from the saved record: a reload resumes the same turn, tokens and morale
  await page.reload();
  await expect(turnOf(dov)).toBeVisible();
  await expect(panel.getByLabel(`${cas}: 1 Pass token left of 2`)).toBeVisible();
  await expect(page.getByLabel(`${cas} routing`)).toBeVisible();
  await screenshot(page, { path: 'test/artifacts/alt-module-round.png', fullPage: true });

  // the attack odds drawer offers the two armies; a roll's wounds are recorded against the attacker in one click
  await page.getByRole('button', { name: 'Attack odds' }).click();
  const drawer = page.getByRole('dialog', { name: 'Attack odds' });
  await choose(page, 'Attacker', `Line 3 (${dov})`);
  await choose(page, 'Target', `Line 2 (${cas})`);
  const recordRoll = drawer.getByRole('button', { name: /^Record \d+ Wounds?$/ });
  // roll until one deals a Wound (2 in 9 here), each roll's answer from the backend read before the next
  for (let rolls = 0; ; rolls++) {
    expect(rolls, 'forty rolls without a Wound').toBeLessThan(40);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/invoke') && r.request().postDataJSON()?.channel === 'odds.roll');
    await drawer.getByRole('button', { name: 'Roll the dice' }).click();
    const reply = (await (await answer).json()) as { value: { totalDamage: number } };
    await expect(drawer.getByTestId('roll-total')).toContainText(`Rolled: ${reply.value.totalDamage} damage`);
    if (reply.value.totalDamage > 0) break;
  }
  await expect(recordRoll).toBeVisible();
  await expect(drawer.getByText(new RegExp(`Wounds? dealt by Line 3 \\(${dov}\\) to Line 2 \\(${cas}\\)`))).toBeVisible();
  await screenshot(page, { path: 'test/artifacts/alt-module-odds-drawer.png' });
  await recordRoll.click();
  await expect(recordRoll).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(/Line 3 \([^)]+\) dealt (1 Wound|\d+ Wounds),/);

  // the list and the battle report name the sequence
  const list = await call<{ players: string[]; activation: string }[]>(page, 'battles.list', {});
  expect(list.find((x) => x.players[0] === cas)?.activation).toBe('alternating');
  expect(pageErrors).toEqual([]);
});
