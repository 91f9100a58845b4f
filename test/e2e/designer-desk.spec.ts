import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateBattles, type PlaytestBattle } from '../../src-shared/reports';
import { axeFindings, call, expect, openApp, test, screenshot } from './fixtures';
import { truncated } from './layout-checks';

/**
 * Issue 36's screens: a club sends its playtest results from the Reports screen, seeing what leaves the club
 * before it is saved; the designer imports the files in the Designer section by its file picker, reads a
 * faction's win rate with its interval and opens the battles behind it. Axe finds nothing in light or dark.
 */
const artifacts = join(process.cwd(), 'test/artifacts');

/** A club's four named players, and its finished games recorded on paper (`reports.importBattles`) between them. */
async function seedClub(page: Page) {
  const players: { id: string; name: string }[] = [];
  for (const name of ['Cordelia Olomouc Vane', 'Dmitri Olomouc Osk', 'Eun-ji Olomouc Park', 'Farrukh Olomouc Ul'])
    players.push(await call<{ id: string; name: string }>(page, 'players.create', { name }));
  // the pack's own cryptid, so the desk can name it as the pack does
  const { pack } = await call<{ pack: { cryptids: { id: string; name: string }[] } }>(page, 'rulesets.get', {});
  const cryptid = pack.cryptids[0]!;
  let played = 0;
  const play = async (count: number) => {
    const battles: PlaytestBattle[] = generateBattles({ count, seed: 7 + played }).map((r, i) => ({
      ...r,
      cryptid: r.cryptid && { ...r.cryptid, cryptidId: cryptid.id },
      id: `olomouc-paper-${played + i}`,
      campaignId: null,
      sides: [
        // Rule of Cool attempts in two D20 bands, one in two succeeding (issue 41, point 4)
        {
          ...r.sides[0],
          playerId: players[i % 4]!.id,
          rulesOfCool: { [i % 3 ? '11–15' : '1']: 1 },
          rulesOfCoolSucceeded: { '11–15': i % 3 && i % 2 ? 1 : 0 },
        },
        // every ninth a mirror match (issue 41, point 5)
        { ...r.sides[1], playerId: players[(i + 1) % 4]!.id, ...(i % 9 === 4 ? { factionId: r.sides[0].factionId } : {}) },
      ],
      // the first game's notes: one names a player by her first name (replaced in the bundle), one the organiser leaves out
      disputes:
        played + i === 0
          ? [
              { ruleRef: 'Field Manual §4', note: `${players[0]!.name.split(' ')[0]!} asked whether a fled patrol still guards its marker`, round: 2 },
              { ruleRef: 'Field Manual §6', note: 'A private grumble the club keeps to itself', round: 3 },
            ]
          : r.disputes,
    }));
    await call(page, 'reports.importBattles', { battles });
    played += count;
  };
  return { players, play, cryptid };
}

/** Saves the bundle the dialog would write, by its Save button, and returns where the download was kept. */
async function saveBundle(page: Page, path: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Send playtest results' });
  await expect(dialog.getByRole('button', { name: 'Save bundle' })).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Save bundle' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  await download.saveAs(path);
  await expect(dialog.getByRole('status')).toContainText('Saved');
  return path;
}

test('send playtest results with the preview, import two bundles at the desk, a faction’s interval and the battles behind it', async ({ page, pageErrors }) => {
  test.setTimeout(180_000);
  mkdirSync(artifacts, { recursive: true });
  await openApp(page);
  const club = await seedClub(page);
  await club.play(80);
  const found: string[] = [];
  const scan = async (where: string, include?: string) => found.push(...(await axeFindings(page, include)).map((f) => `${where}: ${f}`));

  // the organiser's side: the preview says what leaves the club, then the file is saved
  await page.getByRole('link', { name: 'Reports' }).click();
  await page.getByRole('button', { name: 'Send playtest results' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send playtest results' });
  const holds = dialog.getByRole('list', { name: 'What the bundle holds' });
  await expect(holds).toContainText('80 battles and 4 players');
  await expect(holds).toContainText('No player names: each player is a pseudonym.');
  await expect(holds).toContainText('The club is anonymous.');
  await expect(dialog.getByRole('region', { name: 'One battle exactly as it will be written' })).toContainText('"battleId"');
  // issue 41, point 2: every note that leaves, as it will be written, the name replaced by a pseudonym and marked
  const notes = dialog.getByRole('region', { name: 'Notes that leave with it' });
  const namedNote = notes.getByRole('checkbox', { name: /asked whether a fled patrol still guards its marker/ });
  await expect(namedNote).toBeChecked();
  const mark = notes.locator('label', { has: page.getByText('asked whether a fled patrol') }).locator('mark');
  await expect(mark).toHaveText(/^p-[0-9a-f]{16}$/);
  await expect(mark).toHaveAttribute('title', 'In place of Cordelia');
  await expect(notes).not.toContainText('Cordelia');
  // the organiser leaves one note out: unticked, it is not in the file; the other still is
  const grumble = notes.getByRole('checkbox', { name: /A private grumble the club keeps to itself/ });
  await grumble.uncheck();
  await expect(grumble).not.toBeChecked();
  await expect(dialog.getByText(/^\d+ of \d+ notes will be sent/)).toBeVisible();
  await scan('export preview, light', '[role="dialog"]');
  await screenshot(page, { path: join(artifacts, 'playtest-export.png') });
  const anonymous = await saveBundle(page, join(artifacts, 'bundle-anonymous.json'));
  const anonText = readFileSync(anonymous, 'utf8');
  expect(JSON.parse(anonText)).toMatchObject({ format: 'aoa-playtest-bundle', namesIncluded: false, club: { name: null } });
  for (const p of club.players) expect(anonText, p.name).not.toContain(p.name);
  expect(anonText).not.toContain('A private grumble');
  expect(anonText).toMatch(/"note":"p-[0-9a-f]{16} asked whether a fled patrol still guards its marker"/);

  // a month later, with 20 more battles, a second bundle of the same club: named, with the players' names
  await club.play(20);
  await dialog.getByRole('checkbox', { name: 'Include player names' }).check();
  await dialog.getByRole('textbox', { name: 'Club name' }).fill('Olomouc Wargamers');
  await expect(holds).toContainText('Player names are in the file.');
  await expect(holds).toContainText('The club is named: Olomouc Wargamers.');
  await expect(holds).toContainText('100 battles and 4 players');
  const named = await saveBundle(page, join(artifacts, 'bundle-named.json'));
  expect(readFileSync(named, 'utf8')).toContain(club.players[0]!.name);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);

  // the designer's side: a damaged file is refused by name and nothing is written
  await page.getByRole('link', { name: 'Designer' }).click();
  await expect(page.getByRole('heading', { name: "Designer's desk", level: 1 })).toBeVisible();
  await expect(page.getByText('No imported battles match this selection yet.')).toBeVisible();
  const damaged = join(artifacts, 'bundle-damaged.json');
  writeFileSync(damaged, anonText.replace('"sequence":"bag"', '"sequence":"alternating"'));
  const pick = async (files: string[]) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Bundle files' }).click()]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles(files);
  };
  await pick([damaged]);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was imported' })).toContainText('bundle-damaged.json');
  expect((await call<unknown[]>(page, 'desk.clubs', {})).length).toBe(0);

  // both good files by the picker: the 80 battles sent twice count once (the later export's copy kept)
  await pick([anonymous, named]);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(
    'Imported 2 files: 2 new bundles, 100 battles added, 0 replaced by a newer export, 80 in more than one of these files (counted once), 0 already held.',
  );
  await expect(page.getByRole('group', { name: 'Battles' })).toContainText('100');
  await expect(page.getByRole('group', { name: 'Clubs' })).toContainText('1');

  // a faction's win rate with its Wilson interval, in the table and as whiskers in the chart
  const report = await call<{
    figures: {
      factions: {
        factionId: string;
        games: number;
        winRate: { lower: number; upper: number };
        adjusted: { winChance: { estimate: number; lower: number; upper: number } } | null;
      }[];
    };
    names: Record<string, string>;
  }>(page, 'desk.report', {});
  const faction = report.figures.factions[0]!;
  const name = report.names[faction.factionId]!;
  const interval = `${(faction.winRate.lower * 100).toFixed(1)}% – ${(faction.winRate.upper * 100).toFixed(1)}%`;
  const table = page.getByRole('table', { name: 'Win rate by faction' });
  await expect(table.getByRole('row', { name: new RegExp(`^${name}`) })).toContainText(interval);
  await expect(page.getByTestId('win-rate-chart').locator('g[data-faction] circle')).toHaveCount(report.figures.factions.length);
  // issue 41: beside the raw rate, the chance adjusted for who played the faction, with the model's caveat under the table
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const adjusted = faction.adjusted!.winChance;
  await expect(table.getByRole('columnheader', { name: 'Adjusted for players (95%)' })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^${name}`) })).toContainText(
    `${pct(adjusted.estimate)} (${pct(adjusted.lower)} – ${pct(adjusted.upper)})`,
  );
  await expect(page.getByTestId('desk-faction-model')).toContainText('both players are of average skill');
  // issue 41: a ruling compared within clubs beside the pooled test, with its interval and the games needed; the players
  // by pseudonym; and at 1280 px (this viewport) no heading, label or table head cut short
  const rulings = page.getByRole('region', { name: 'Rulings against the default' });
  const firstRuling = rulings.getByRole('table').first();
  await expect(firstRuling.getByRole('columnheader')).toHaveText([
    'Faction',
    'Under it',
    'At the default',
    'Difference (95%)',
    'Within clubs',
    'Pooled',
    'Games needed',
  ]);
  await expect(firstRuling.getByRole('row').nth(1)).toContainText(/points \(-?\d+\.\d – -?\d+\.\d\)/);
  await expect(firstRuling.getByRole('row').nth(1)).toContainText(/no club played both ways|evidence|not enough games/);
  const units = page.getByRole('region', { name: 'Unit types' });
  // the ruling's battles open from its caption, as every figure's do
  await rulings
    .getByRole('button', { name: /: show the \d+ battles/ })
    .first()
    .click();
  const rulingBattles = page.getByRole('dialog', { name: /: \d+ battles/ });
  await expect(rulingBattles.getByRole('table', { name: 'Battles behind this figure' })).toContainText('Olomouc Wargamers');
  await rulingBattles.getByRole('button', { name: 'Close the battles' }).click();
  await expect(rulingBattles).toHaveCount(0);
  // issue 41, point 5: mirror matches in a column of their own, the row's other counts agreeing, and the footnote
  const mirrored = report.figures.factions.find((x) => (x as { mirrors?: number }).mirrors)!;
  const mirroredRow = table.getByRole('row', { name: new RegExp(`^${report.names[mirrored.factionId]!}`) });
  await expect(table.getByRole('columnheader', { name: 'Mirror matches' })).toBeVisible();
  await expect(mirroredRow.getByRole('cell').nth(1)).toHaveText(String(mirrored.games));
  await expect(mirroredRow.getByRole('cell').nth(8)).toHaveText(String((mirrored as { mirrors?: number }).mirrors));
  await expect(page.getByTestId('desk-mirror-note')).toContainText('Mirror matches (the same faction on both sides) are left out of every faction column');
  // issue 41, point 4: orders by the pack's names with their n, Rule of Cool by D20 band, each opening its battles
  const usage = page.getByRole('region', { name: 'Orders, gambits and abilities used' });
  const usedRow = usage.getByRole('table').first().getByRole('row').nth(1);
  await expect(usedRow).toContainText(/\d+ in \d+ battles/);
  expect(Object.values(report.names)).toContain((await usedRow.getByRole('cell').first().innerText()).replace(/too few games$/, '').trim());
  await usedRow.getByRole('button', { name: /: show the \d+ battles/ }).click();
  const usedBattles = page.getByRole('dialog', { name: /: \d+ battles/ });
  await expect(usedBattles.getByRole('table', { name: 'Battles behind this figure' })).toContainText('Olomouc Wargamers');
  await usedBattles.getByRole('button', { name: 'Close the battles' }).click();
  const bands = page.getByRole('table', { name: 'Rule of Cool by D20 band' });
  await expect(bands.getByRole('row')).toHaveCount(3);
  await expect(bands.getByRole('row').nth(2)).toContainText(/^11–15/);
  await expect(bands.getByRole('row').nth(2)).toContainText(/\d+\.\d% – \d+\.\d%/);
  // the cryptid by the pack's name, never its id
  const cryptids = units.getByRole('table', { name: 'Cryptid outcomes' });
  await expect(cryptids.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(new RegExp(`^${club.cryptid.name}`));
  await expect(cryptids).not.toContainText(club.cryptid.id);
  const players = page.getByRole('region', { name: 'Players' });
  await expect(players).toContainText('not independent');
  await expect(players.getByRole('row').nth(1)).toContainText(/p-[0-9a-f]{16}/);
  expect(await truncated(page, ', main td, main caption')).toEqual([]);
  await scan('desk, light');
  await screenshot(page, { path: join(artifacts, 'designer-desk.png'), fullPage: true });

  // the battles behind it, each with the club that sent them
  await table.getByRole('button', { name: new RegExp(`^${name}: show the \\d+ battles`) }).click();
  const behind = page.getByRole('dialog', { name: new RegExp(`^${name}: \\d+ battles`) });
  await expect(behind.getByRole('table', { name: 'Battles behind this figure' })).toContainText('Olomouc Wargamers');
  await expect(behind.getByRole('row')).not.toHaveCount(1);
  await scan('battles behind a figure, light', '[role="dialog"]');
  await screenshot(page, { path: join(artifacts, 'designer-trace.png') });
  await behind.getByRole('button', { name: 'Close the battles' }).click();

  // issue 41, point 4: a unit type's survival and Wounds, opening the battles behind it
  const unitRow = units.getByRole('table').first().getByRole('row').nth(1);
  await expect(unitRow).toContainText(/\d+\.\d% – \d+\.\d%/);
  await unitRow.getByRole('button', { name: /: show the \d+ battles/ }).click();
  const unitBattles = page.getByRole('dialog', { name: /: \d+ battles/ });
  await expect(unitBattles.getByRole('table', { name: 'Battles behind this figure' })).toContainText('Olomouc Wargamers');
  await unitBattles.getByRole('button', { name: 'Close the battles' }).click();

  // the filters: one faction (either side) and two missions narrow the figures to the battles the desk itself counts
  const narrowed = await call<{ figures: { battles: number } }>(page, 'desk.report', { filter: { factions: [faction.factionId], missions: [1, 2] } });
  expect(narrowed.figures.battles).toBeGreaterThan(0);
  expect(narrowed.figures.battles).toBeLessThan(100);
  const pickIn = async (label: string, options: string[]) => {
    await page.getByRole('combobox', { name: label }).click();
    for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
    await page.keyboard.press('Escape');
  };
  await pickIn('Factions (either side)', [name]);
  await pickIn('Missions', ['Mission 1', 'Mission 2']);
  await expect(page.getByRole('group', { name: 'Battles' })).toContainText(String(narrowed.figures.battles));
  await screenshot(page, { path: join(artifacts, 'designer-filters.png') });
  // Backspace in an empty search takes the last choice off, as a user clears a multi-select from the keyboard
  for (const [label, count] of [
    ['Factions (either side)', 1],
    ['Missions', 2],
  ] as const) {
    await page.getByRole('combobox', { name: label }).focus();
    for (let i = 0; i < count; i++) await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
  }
  await expect(page.getByRole('group', { name: 'Battles' })).toContainText('100');

  // the dark theme: the desk and the export preview again
  await call(page, 'settings.update', { theme: 'dark' });
  await openApp(page, '/designer');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByTestId('win-rate-chart')).toBeVisible();
  await scan('desk, dark');
  await screenshot(page, { path: join(artifacts, 'designer-desk-dark.png'), fullPage: true });
  await openApp(page, '/reports');
  await page.getByRole('button', { name: 'Send playtest results' }).click();
  await expect(holds).toContainText('The club is anonymous.');
  await scan('export preview, dark', '[role="dialog"]');

  expect(found).toEqual([]);
  expect(pageErrors).toEqual([]);
});
