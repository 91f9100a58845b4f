import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import type { Roster } from '../../src-shared/roster/schema';
import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { foldEvents } from '../../src-shared/battle/reducer';
import { battleRules } from '../../src-shared/battle/rules-of-pack';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { addReservePatrol, everyoneSurvives, minimalArmyWithHeavy, seedCampaign, twoMinimalArmies } from '../helpers/battle-seed';
import { axeFindings, choose, expect, openApp, pageApi, slowFirst, test, screenshot } from './fixtures';

const act = async (api: ApiClient, battleId: string, intent: BattleIntentInput) =>
  (await api.call('battles.act', { battleId, clientEventId: crypto.randomUUID(), intent })).battle;

/** Scenario, terrain, deployment roll-off and deployment, as the setup buttons record them. */
/** Play Mode opened, the API, the bundled pack, and a suffix that keeps this test's names apart from the others'. */
async function atTheTable(page: Page) {
  await openApp(page, '/play');
  const api = pageApi(page);
  const { version, pack } = await api.call('rulesets.get', {});
  return { api, version, pack, suffix: Math.random().toString(36).slice(2, 7) };
}

async function playSetup(api: ApiClient, b: BattleDetail, provinceId: string, secondary: string | null = null): Promise<BattleDetail> {
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId, campaignGame: b.mission, secondary } });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
  b = await act(api, b.id, { kind: 'deployment-rolloff' });
  return act(api, b.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
}

/**
 * Issue #16: the Field Manual's rules that Play Mode applies at the moment they
 * apply, played through the round screen.
 */

/** The error code and message a refused call comes back with ('' when it was not refused). */
const refusalOf = (p: Promise<unknown>) =>
  p.then(
    () => '',
    (e: { code: string; message: string }) => `${e.code}: ${e.message}`,
  );

/** A campaign at mission 2 whose formations all reached Rank I in mission 1, and its battle at round 1. */
async function missionTwoBattle(page: Page) {
  const api = pageApi(page);
  const club = await seedCampaign(api);
  await api.call('campaigns.finishMission', { battleId: crypto.randomUUID(), outcome: everyoneSurvives(club) });
  const b = await api.call('battles.start', { mode: 'campaign', campaignId: club.campaign.id, rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id] });
  return { api, club, battle: await playSetup(api, b, club.pack.provinces[0]!.id) };
}

// every test here plays a battle through the UI: a longer budget, patient locators, and the screenshots' folder
test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ page }) => {
  page.setDefaultTimeout(15_000);
  mkdirSync('test/artifacts', { recursive: true });
});

test('Veteran Sixes per battle: a Rank I formation uses its one, the Use button goes, and the backend refuses another [000 §11]', async ({
  page,
  pageErrors,
}) => {
  await openApp(page, '/play');
  const { api, club, battle } = await missionTwoBattle(page);
  await openApp(page, `/play/battle/${battle.id}`);
  await expect(page.getByRole('status', { name: 'Where the battle stands' })).toContainText('Round 1 of 5');
  await expect(page.getByRole('region', { name: 'Campaign dice' })).toContainText('Line 1 1 of 1');

  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Gambits & more' }).click();
  await choose(page, 'Formation', /Line 1/);
  const six = record.getByRole('group', { name: 'Veteran Six' });
  await expect(six.getByTestId('veteran-sixes-left')).toHaveText(/Line 1: 1 Veteran Six left this battle \(0 spent\)/);
  await six.getByRole('radiogroup', { name: 'Pool the Veteran Six is for' }).getByText('Save').click();
  await six.getByRole('button', { name: 'Use a Veteran Six' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(/Line 1 \([^)]+\) spends a Veteran Six on a save roll/);

  // none left: the button is gone and the reason is shown, in the next activation as in this one
  await expect(six.getByTestId('veteran-sixes-left')).toHaveText(/0 Veteran Sixes left this battle \(1 spent\)/);
  await expect(six.getByRole('button', { name: 'Use a Veteran Six' })).toHaveCount(0);
  await expect(six.getByTestId('veteran-six-refusal')).toContainText('has spent all 1 Veteran Six its rank gives for this battle');
  await expect(page.getByRole('region', { name: 'Campaign dice' })).toContainText('Line 1 0 of 1');
  await screenshot(page, { path: 'test/artifacts/play-veteran-sixes.png', fullPage: true });

  // the backend refuses the event too, and writes nothing
  const before = (await api.call('battles.get', { battleId: battle.id })).log.length;
  const refused = await api
    .call('battles.act', {
      battleId: battle.id,
      clientEventId: crypto.randomUUID(),
      intent: { kind: 'record', body: { kind: 'record.veteranSix', side: 'A', formationId: club.rosters[0]!.formations[0]!.id } },
    })
    .then(
      () => null,
      (e: { code: string }) => e.code,
    );
  expect(refused).toBe('RULE_VIOLATION');
  expect((await api.call('battles.get', { battleId: battle.id })).log).toHaveLength(before);

  // Line 2 still holds its own
  await choose(page, 'Formation', /Line 2/);
  await expect(six.getByRole('button', { name: 'Use a Veteran Six' })).toBeVisible();
  expect(await axeFindings(page, 'section[aria-label="Record"]')).toEqual([]);
  // the card beside each count: Line 1's Use is gone with the reason, Line 2 uses its own there
  const dice = page.getByRole('region', { name: 'Campaign dice' });
  const line1 = dice.getByRole('group', { name: /^Veteran Sixes: Line 1 0 of 1/ }).first();
  await expect(line1.getByRole('button', { name: 'Use' })).toHaveCount(0);
  await expect(line1.getByTestId('six-row-refusal')).toContainText('has spent all 1 Veteran Six');
  const line2 = dice.getByRole('group', { name: /^Veteran Sixes: Line 2 1 of 1/ }).first();
  await line2.getByRole('button', { name: 'Use' }).click();
  await expect(dice.getByRole('group', { name: /^Veteran Sixes: Line 2 0 of 1/ }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(/Line 2 \([^)]+\) spends a Veteran Six on a hit roll/);
  expect(await axeFindings(page, 'section[aria-label="Campaign dice"]')).toEqual([]);
  expect(pageErrors).toEqual([]);
});

/** Side A's losses in one formation, recorded through the backend as the Losses tab records them. */
const recordLosses = (api: ApiClient, b: BattleDetail, formationId: string, killed: number, command?: { captain?: true; officerIds: string[] }) =>
  act(api, b.id, { kind: 'record', body: { kind: 'record.casualties', side: 'A', formationId, killed, retreated: 0, ...command } });

/** The app opened on Play, two minimal armies of new players `names`, and their battle with the alternating module set up and past its first Command Phase. */
async function altBattleInActivations(page: Page, names: [string, string]) {
  const { api, pack, suffix } = await atTheTable(page);
  const rosters = await twoMinimalArmies(api, pack, names, suffix);
  let b = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], altActivationModule: true });
  b = await playSetup(api, b, pack.provinces[0]!.id);
  b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
  return { api, pack, suffix, rosters, b };
}

/** Two standalone armies, each the smallest legal one plus a Heavy (named "<faction's Heavy> A/B"). */
async function standaloneWithHeavies(page: Page, factions?: [string, string]) {
  const { api, pack, suffix } = await atTheTable(page);
  const rosters: Roster[] = [];
  for (const [i, name] of [`Kit ${suffix}`, `Lev ${suffix}`].entries()) {
    const player = await api.call('players.create', { name });
    const factionId = factions?.[i] ?? pack.factions[i]!.id;
    const created = await api.call('rosters.create', { name: `${name}’s army`, playerId: player.id, factionId, mode: 'standalone', campaignId: null });
    const army = minimalArmyWithHeavy(created.roster, pack, `Heavy ${'AB'[i]}`);
    const saved = await api.call('rosters.save', { roster: army });
    if (!saved.validation.valid) throw new Error(saved.validation.violations.map((v) => v.message).join('; '));
    rosters.push(saved.roster);
  }
  const b = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id] });
  return { api, rosters, pack, battle: await playSetup(api, b, pack.provinces[0]!.id) };
}

/** standaloneWithHeavies, with the battle open in Play Mode. */
async function heavyBattleOpen(page: Page, factions?: [string, string]) {
  const started = await standaloneWithHeavies(page, factions);
  await openApp(page, `/play/battle/${started.battle.id}`);
  return started;
}

test('Heavy explosions: a destroyed Heavy opens the explosion step, the D3s are rolled in the backend, the chain goes on, each Heavy once [000 §5]', async ({
  page,
  pageErrors,
}) => {
  const { api, rosters, battle } = await heavyBattleOpen(page);
  await expect(page.getByRole('status', { name: 'Where the battle stands' })).toContainText('Round 1 of 5');
  const panel = page.getByRole('region', { name: 'Explosion' });
  await expect(panel).toHaveCount(0);

  // Heavy A is destroyed: recorded in Losses
  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Losses' }).click();
  await choose(page, 'Formation', /Heavy A/);
  await page.getByRole('textbox', { name: 'Killed' }).fill('1');
  await record.getByRole('button', { name: 'Record losses' }).click();

  // the explosion step opens at once; tick two models of Line 1 (Kit's own) and Lev's Heavy B
  await expect(panel.getByRole('heading', { name: /Heavy A \(Kit .*\) explodes/ })).toBeVisible();
  await expect(panel).toContainText('The Wounds are automatic: no Save');
  const within = panel.getByRole('group', { name: 'Within 3"' });
  await within.getByRole('checkbox', { name: /^Line 1 \(Kit/ }).check();
  await within.getByRole('textbox', { name: /^Line 1 \(Kit .*\): models$/ }).fill('2');
  await within.getByRole('checkbox', { name: /^Heavy B \(Lev/ }).check();
  await screenshot(page, { path: 'test/artifacts/play-explosion-step.png', fullPage: true });
  await panel.getByRole('button', { name: 'Roll the explosion' }).click();

  // the backend rolled one D3 per model and wrote it with the event
  const result = page.getByRole('status', { name: 'Explosion result' });
  await expect(result).toContainText(/Heavy A \([^)]+\) explodes — Line 1 \([^)]+\) D3 [1-3], [1-3]: \d W; Heavy B \([^)]+\) D3 [1-3]: [1-3] W/);
  const log = (await api.call('battles.get', { battleId: battle.id })).log;
  const explosion = log[log.length - 1]!.body;
  expect(explosion).toMatchObject({ kind: 'heavy.explosion', cause: 'wounds', entered: false });
  if (explosion.kind !== 'heavy.explosion') throw new Error('no explosion recorded');
  expect(explosion.targets.map((t) => t.rolls.length)).toEqual([2, 1]);
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(/Heavy A \([^)]+\) explodes/);

  // each Heavy explodes at most once: the backend refuses a second one, nothing is written
  const refused = await refusalOf(
    act(api, battle.id, { kind: 'explode', side: 'A', formationId: rosters[0]!.formations[2]!.id, cause: 'wounds', targets: [] }),
  );
  expect(refused).toMatch(/^RULE_VIOLATION: .*already exploded/);
  expect((await api.call('battles.get', { battleId: battle.id })).log).toHaveLength(log.length);

  // the chain: Heavy B was destroyed by it, and explodes in turn, with the dice entered from the table
  await record.getByRole('radiogroup', { name: 'Which player' }).getByText(/Lev/).click();
  await choose(page, 'Formation', /Heavy B/);
  await page.getByRole('textbox', { name: 'Killed' }).fill('1');
  await record.getByRole('button', { name: 'Record losses' }).click();
  await expect(panel.getByRole('heading', { name: /Heavy B \(Lev .*\) explodes/ })).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'What destroyed it' })).toHaveValue('Another explosion');
  await panel.getByRole('switch', { name: 'We rolled the D3s at the table' }).check();
  await within.getByRole('checkbox', { name: /^Line 2 \(Lev/ }).check();
  await within.getByRole('textbox', { name: /^Line 2 \(Lev .*\): D3 rolled$/ }).fill('3');
  await panel.getByRole('button', { name: 'Record the explosion' }).click();
  await expect(result).toContainText(/Heavy B \([^)]+\) explodes — Line 2 \([^)]+\) D3 3: 3 W \(rolled at the table\)/);
  await expect(panel.getByRole('heading', { name: /explodes/ })).toHaveCount(0);

  // exact odds in the drawer: a W4 model takes 1, 2 or 3 Wounds, one in three each (automatic)
  await page.getByRole('button', { name: 'Attack odds' }).click();
  const odds = page.getByRole('region', { name: 'Explosion odds' });
  await odds.getByRole('textbox', { name: 'Model’s Wounds left' }).fill('4');
  await expect(odds.locator('tr[data-wounds="2"]')).toContainText('33.3%');
  await expect(odds.locator('tr[data-wounds="0"]')).toContainText('0/3');
  await expect(odds.getByTestId('explosion-expected')).toHaveText('Expected: 2.00 Wounds.');
  await screenshot(page, { path: 'test/artifacts/play-explosion-odds.png' });
  expect(pageErrors).toEqual([]);
});

test('Quick clicks: a second record click while the first is still saving is recorded after it, and the screen ends showing both', async ({
  page,
  pageErrors,
}) => {
  const { api, pack, suffix } = await atTheTable(page);
  const [kit, lev] = [`Kit ${suffix}`, `Lev ${suffix}`];
  const rosters = await twoMinimalArmies(api, pack, [kit, lev], suffix);
  const started = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id] });
  const battle = await playSetup(api, started, pack.provinces[0]!.id, 'Topple the watchtower');
  await openApp(page, `/play/battle/${battle.id}`);

  // a slow connection for the first record: it is saved at once, but its answer comes back after the second one's
  const first = await slowFirst(page, 'battles.act', { ms: 600, hold: 'answer' });
  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Gambits & more' }).click();
  await record.getByRole('button', { name: 'Secondary objective achieved (+2 VP)' }).click();
  await record.getByRole('radiogroup', { name: 'Which player' }).getByText(lev).click();
  await record.getByRole('button', { name: 'Secondary objective achieved (+2 VP)' }).click();

  // once the late answer is in and the screen has settled, it shows both
  await first.done;
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('vp-by-source')).toContainText('Secondary objective 2–2');
  await expect(record.getByRole('button', { name: 'Secondary objective scored' })).toBeDisabled();
  await record.getByRole('radiogroup', { name: 'Which player' }).getByText(kit).click();
  await expect(record.getByRole('button', { name: 'Secondary objective scored' })).toBeDisabled();
  // recorded once each, in the order clicked
  const { log } = await api.call('battles.get', { battleId: battle.id });
  const vps = log.flatMap((e) => (e.body.kind === 'record.vp' ? [`${e.body.side} ${e.body.source}`] : []));
  expect(vps).toEqual(['A secondary', 'B secondary']);
  expect(pageErrors).toEqual([]);
});

test('A double click records its step once: Record losses clicked twice in a row takes the losses once, however fast the first is answered', async ({
  page,
  pageErrors,
}) => {
  const { api, pack, suffix } = await atTheTable(page);
  const rosters = await twoMinimalArmies(api, pack, [`Kit ${suffix}`, `Lev ${suffix}`], suffix);
  const started = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id] });
  const battle = await playSetup(api, started, pack.provinces[0]!.id);
  await openApp(page, `/play/battle/${battle.id}`);
  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Losses' }).click();
  await choose(page, 'Formation', /^Line 1/);
  await record.getByRole('textbox', { name: 'Killed' }).fill('1');
  await record.getByRole('button', { name: 'Record losses' }).dblclick();

  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(/Line 1 \([^)]+\): 1 killed/);
  await page.waitForLoadState('networkidle');
  const { log } = await api.call('battles.get', { battleId: battle.id });
  expect(log.filter((e) => e.body.kind === 'record.casualties')).toHaveLength(1);

  // on a fast machine the first click is answered before the second lands: the second click of a double click (the
  // browser numbers it 2) still records nothing, while a separate click records the step again
  const button = record.getByRole('button', { name: 'Record losses' });
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  await page.waitForLoadState('networkidle');
  expect((await api.call('battles.get', { battleId: battle.id })).log.filter((e) => e.body.kind === 'record.casualties')).toHaveLength(1);
  await button.click();
  await expect(
    page
      .getByRole('region', { name: 'Battle record' })
      .getByRole('listitem')
      .filter({ hasText: /Line 1 \([^)]+\): 1 killed/ }),
  ).toHaveCount(2);
  expect((await api.call('battles.get', { battleId: battle.id })).log.filter((e) => e.body.kind === 'record.casualties')).toHaveLength(2);
  expect(pageErrors).toEqual([]);
});

test('Rule of Cool: once per match per player, the D20 rolled in the backend or entered, the outcome by band [000 §8]', async ({ page, pageErrors }) => {
  const { api, battle } = await heavyBattleOpen(page);
  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Rule of Cool' }).click();

  // Kit's Captain: a damage stunt, rolled by the app
  await choose(page, 'Initiator', 'The Captain');
  await record.getByRole('textbox', { name: 'Agreed result' }).fill('kicks the brazier into the squad');
  await record.getByRole('button', { name: 'Roll the D20' }).click();
  const result = record.getByRole('status', { name: 'Rule of Cool result' });
  await expect(result).toContainText(
    /The Captain: kicks the brazier into the squad\. D20 (\d+) \(band [0-9–]+\): (\+\d Damage|critical failure: 2 Wounds to the Captain)\./,
  );
  await expect(record.getByRole('button', { name: 'Roll the D20' })).toHaveCount(0);
  await expect(record).toContainText('has no Rule of Cool left');
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(
    'Rule of Cool by the Captain (damage: kicks the brazier into the squad), D20',
  );

  // the backend refuses a second attempt by the same player, and writes nothing
  const before = (await api.call('battles.get', { battleId: battle.id })).log.length;
  const refused = await refusalOf(act(api, battle.id, { kind: 'rule-of-cool', side: 'A', officerId: null, category: 'dramatic', agreed: 'again', d20: 20 }));
  expect(refused).toMatch(/^RULE_VIOLATION: .*once per match/);
  expect((await api.call('battles.get', { battleId: battle.id })).log).toHaveLength(before);

  // Lev's Officer answers with a movement stunt rolled at the table: a natural 20 uses the maximum normal move plus the D6
  await record.getByRole('radiogroup', { name: 'Which player' }).getByText(/Lev/).click();
  await choose(page, 'Initiator', 'Officer 2');
  await choose(page, 'Category', /Movement/);
  await expect(record).toContainText('standard threshold is the Field Manual’s provisional one');
  await record.getByRole('textbox', { name: 'Agreed result' }).fill('swings across on the crane chain');
  await record.getByRole('checkbox', { name: /In response/ }).check();
  await record.getByRole('switch', { name: 'We rolled the D20 at the table' }).check();
  await record.getByRole('textbox', { name: 'D20 rolled' }).fill('20');
  await record.getByRole('textbox', { name: 'Movement D6 (on a success)' }).fill('4');
  await screenshot(page, { path: 'test/artifacts/play-rule-of-cool.png', fullPage: true });
  await record.getByRole('button', { name: 'Record the Rule of Cool' }).click();
  await expect(result).toContainText('Officer 2: swings across on the crane chain. D20 20 (band 20): maximum normal move + 4".');
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(
    'in response (movement: swings across on the crane chain), D20 20, D6 4" (rolled at the table)',
  );
  expect(await axeFindings(page, 'section[aria-label="Record"]')).toEqual([]);
  expect(pageErrors).toEqual([]);
});

/**
 * Ends the Command Phase and draws from the bag (the backend's dice) until `formationId` is picked; other picks take
 * the first eligible formation not in `keep`. A token whose only choices are kept is undone and drawn again, so a
 * formation the test needs later in the round is never spent on the way.
 */
async function activateByApi(api: ApiClient, pack: RulesetPack, b: BattleDetail, formationId: string, keep: readonly string[] = []): Promise<BattleDetail> {
  const state = (d: BattleDetail) => foldEvents(d.setup, battleRules(pack, d.options), d.log);
  if (state(b).phase === 'command') b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
  for (let i = 0; i < 40; i++) {
    b = await act(api, b.id, { kind: 'draw' });
    const turn = BagActivation.turn(state(b).activation as BagState);
    if (turn.kind !== 'choose') continue;
    const pick = turn.eligible.includes(formationId) ? formationId : turn.eligible.find((x) => !keep.includes(x));
    if (pick === undefined) {
      b = await act(api, b.id, { kind: 'undo-draw' });
      continue;
    }
    b = await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: pick } });
    if (pick === formationId) return b;
  }
  throw new Error(`${formationId} was never drawn`);
}

test('Limited abilities: Field Repairs and Clockwork Overdrive offer themselves in their own activation, once per battle [000 L189, L225]', async ({
  page,
  pageErrors,
}) => {
  const { api, pack, rosters, battle } = await heavyBattleOpen(page, ['scattered', 'crowned-marches']);
  const panel = page.getByRole('region', { name: 'Unit abilities' });
  const repairs = panel.getByRole('group', { name: /^Field Repairs: Heavy A/ });
  const overdrive = panel.getByRole('group', { name: /^Clockwork Overdrive: Heavy B/ });
  // not its moment yet: no Use button, and the reason
  await expect(repairs.getByRole('button')).toHaveCount(0);
  await expect(repairs.getByTestId('ability-refusal')).toHaveText('Field Repairs is declared in Heavy A’s own activation.');
  await expect(overdrive.getByRole('button')).toHaveCount(0);

  // the cannon's activation: Field Repairs offers itself; the D6 is rolled by the backend (the Gunner waits for its own)
  const heavyOf = (r: Roster) => r.formations.find((f) => f.slot === 'heavy')!.id;
  await activateByApi(api, pack, battle, heavyOf(rosters[0]!), [heavyOf(rosters[1]!)]);
  await page.reload();
  await expect(repairs.getByRole('button', { name: 'Use Field Repairs' })).toBeEnabled();
  await repairs.getByRole('checkbox', { name: 'It moved this activation' }).check();
  await expect(repairs.getByTestId('ability-refusal')).toHaveText('Field Repairs only if the cannon did not move this activation.');
  await expect(repairs.getByRole('button', { name: 'Use Field Repairs' })).toBeDisabled();
  await repairs.getByRole('checkbox', { name: 'It moved this activation' }).uncheck();
  await repairs.getByRole('textbox', { name: 'Wounds lost' }).fill('2');
  await screenshot(page, { path: 'test/artifacts/play-abilities.png', fullPage: true });
  await repairs.getByRole('button', { name: 'Use Field Repairs' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(
    /Heavy A \([^)]+\) uses Field Repairs: D6 [1-6], (regains 1 Wound|no repair)/,
  );
  await expect(repairs.getByRole('button')).toHaveCount(0);
  await expect(repairs.getByTestId('ability-refusal')).toHaveText('Field Repairs is once per battle: Heavy A used it in round 1.');

  // the backend refuses a second use too, and writes nothing
  const before = (await api.call('battles.get', { battleId: battle.id })).log.length;
  const refused = await refusalOf(
    act(api, battle.id, {
      kind: 'use-ability',
      side: 'A',
      formationId: heavyOf(rosters[0]!),
      abilityId: 'field-repairs',
      woundsLost: 1,
    }),
  );
  expect(refused).toBe('RULE_VIOLATION: Field Repairs is once per battle: Heavy A used it in round 1.');
  expect((await api.call('battles.get', { battleId: battle.id })).log).toHaveLength(before);

  // the Gunner's activation: Clockwork Overdrive, then it is spent
  await activateByApi(api, pack, await api.call('battles.get', { battleId: battle.id }), heavyOf(rosters[1]!));
  await page.reload();
  await overdrive.getByRole('button', { name: 'Use Clockwork Overdrive' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(/Heavy B \([^)]+\) uses Clockwork Overdrive/);
  await expect(overdrive.getByRole('button')).toHaveCount(0);
  expect(await axeFindings(page, 'section[aria-label="Unit abilities"]')).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('Dice where the record is: a Will check rolled by the app is rolled in the backend and written with the event [DIGEST §23 T13–T15]', async ({
  page,
  pageErrors,
}) => {
  const started = await altBattleInActivations(page, ['Mo', 'Ned']);
  const { api, pack, suffix, rosters } = started;
  let b = started.b;
  // Mo's company routs: Line 1 wiped out and enough Officers of the command group lost (more than half the company)
  const [line1, line2] = rosters[0]!.formations;
  const models = 5 + line1!.fighters.length + line2!.fighters.length;
  const officers = Math.floor(models / 2) + 1 - line1!.fighters.length;
  b = await recordLosses(api, b, line1!.id, line1!.fighters.length);
  b = await recordLosses(api, b, rosters[0]!.captain!.id, officers, { officerIds: rosters[0]!.officers.slice(0, officers).map((o) => o.id) });
  // if Ned has the initiative, Ned's Line 1 acts first
  const alt = foldEvents(b.setup, battleRules(pack, b.options), b.log).activation as { toAct: 0 | 1 };
  if (alt.toAct === 1) b = await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: rosters[1]!.formations[0]!.id } });

  await openApp(page, `/play/battle/${b.id}`);
  const panel = page.getByRole('region', { name: 'Alternating activations' });
  await panel.getByRole('button', { name: `Activate Line 2 (Mo ${suffix})` }).click();
  await expect(page.getByRole('heading', { name: `Will check: Line 2 (Mo ${suffix})` })).toBeVisible();
  await page.getByRole('button', { name: 'Let the app roll it' }).click();
  await expect(page.getByRole('heading', { name: /Will check: Line 2/ })).toHaveCount(0);
  await expect(page.getByText(new RegExp(`Line 2 \\(Mo ${suffix}\\).*\\(the app rolled [1-6]\\)`))).toBeVisible();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(
    /Will check for Line 2 \([^)]+\): natural [1-6] \+0 against Resolve \d\+, .*\(rolled by the app\)/,
  );
  const log = (await api.call('battles.get', { battleId: b.id })).log;
  expect(log[log.length - 1]!.body).toMatchObject({ kind: 'morale.willCheck', rolledBy: 'app' });
  expect(pageErrors).toEqual([]);
});

test('Seed 003 module: the battle ends at once when only one side has formations on the table, and that side wins [DIGEST §23 T9]', async ({
  page,
  pageErrors,
}) => {
  const started = await altBattleInActivations(page, ['Ola', 'Pim']);
  const { api, suffix, rosters } = started;
  let b = started.b;
  // Ola loses the command group and Line 1; Line 2 is the last formation on the table
  const ola = rosters[0]!;
  const [line1, line2] = ola.formations;
  b = await recordLosses(api, b, line1!.id, line1!.fighters.length);
  b = await recordLosses(api, b, ola.captain!.id, 5, { captain: true, officerIds: ola.officers.map((o) => o.id) });

  await openApp(page, `/play/battle/${b.id}`);
  await expect(page.getByRole('region', { name: 'Finish the battle' })).toHaveCount(0);
  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Losses' }).click();
  await choose(page, 'Formation', /^Line 2 \(/);
  await record.getByRole('textbox', { name: 'Killed' }).fill(String(line2!.fighters.length - 1));
  await record.getByRole('textbox', { name: 'Retreated off the table' }).fill('1');
  await record.getByRole('button', { name: 'Record losses' }).click();

  const finish = page.getByRole('region', { name: 'Finish the battle' });
  await expect(finish.getByRole('status', { name: 'Early end' })).toContainText(`Only Pim ${suffix} has formations on the table`);
  await expect(page.getByRole('status', { name: 'Where the battle stands' })).toContainText('Round 1 of 5');
  await expect(finish.getByRole('radiogroup', { name: 'Result' })).toHaveCount(0);
  // the backend refuses any other result, and nothing is finished
  const refused = await refusalOf(api.call('battles.finish', { battleId: b.id, result: 'win' }));
  expect(refused).toMatch(new RegExp(`^RULE_VIOLATION: The battle ended in round 1 when only Pim ${suffix} had formations on the table`));
  expect((await api.call('battles.get', { battleId: b.id })).status).toBe('in_progress');
  await finish.getByRole('button', { name: 'Finish the battle' }).click();
  await expect(finish.getByRole('heading', { name: 'Battle finished' })).toBeVisible();
  expect((await api.call('battles.get', { battleId: b.id })).outcome!.sides.map((s) => s.result)).toEqual(['loss', 'win']);
  expect(pageErrors).toEqual([]);
});

test('What the odds drawer resolves is recorded, Wounds to friends in an allied melee included [DIGEST 6.13]', async ({ page, pageErrors }) => {
  const { api, battle } = await heavyBattleOpen(page);
  await page.getByRole('button', { name: 'Attack odds' }).click();
  const panel = page.getByRole('region', { name: 'Attack odds' });
  await choose(page, 'Attacker', /Line 1/);
  await panel.getByRole('textbox', { name: 'Attacks', exact: true }).fill('20');
  await panel.getByRole('switch', { name: 'Into a melee with our own fighters' }).check({ force: true });
  await panel.getByRole('textbox', { name: 'Our fighter’s Toughness' }).fill('3');
  const offer = page.getByRole('status').filter({ hasText: 'Record this roll?' });
  // the backend's dice: roll until some misses wound our own fighters (P ≈ 0.9 a roll with 20 shots)
  for (let i = 0; i < 25; i++) {
    await panel.getByRole('button', { name: 'Roll the dice' }).click();
    await expect(offer).toBeVisible();
    if (/to its own side/.test(await offer.innerText())) break;
    // a roll waiting to be recorded holds the dice: dismissed, it says so and the next may be rolled
    await expect(panel.getByRole('button', { name: 'Roll the dice' })).toBeDisabled();
    await expect(panel.getByTestId('roll-held')).toHaveText('Record this roll or dismiss it before rolling a new attack.');
    await offer.getByRole('button', { name: 'Dismiss' }).click();
    await expect(panel.getByTestId('roll-settled')).toHaveText('Dismissed: this roll is not in the record.');
  }
  await expect(offer).toContainText(/\d+ Wounds? to its own side \(misses into the allied melee\)/);
  const friendly = Number(/(\d+) Wounds? to its own side/.exec(await offer.innerText())![1]);
  await offer.getByRole('button', { name: /^Record / }).click();
  await expect(offer).toHaveCount(0);
  const log = (await api.call('battles.get', { battleId: battle.id })).log.map((e) => e.body);
  expect(log.filter((x) => x.kind === 'record.wounds' && x.friendly)).toEqual([
    expect.objectContaining({ kind: 'record.wounds', side: 'A', amount: friendly, attack: 'ranged', friendly: true }),
  ]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(
    new RegExp(`Line 1 \\([^)]+\\) dealt ${friendly} ${friendly === 1 ? 'Wound' : 'Wounds'} to its own side \\(into an allied melee\\), ranged`),
  );
  expect(pageErrors).toEqual([]);
});

test('Orders within range: an order out of 12" is refused, saying why; relayed by an Officer it reaches [000 §6]', async ({ page, pageErrors }) => {
  const { api, rosters, battle } = await heavyBattleOpen(page);
  const command = page.getByRole('region', { name: 'Command Phase' });
  const kit = rosters[0]!;
  const kitName = battle.setup.sides[0].playerName;
  await choose(page, `${kitName}: order`, 'Steady Fire');
  await choose(page, `${kitName}: to formation`, 'Line 1');
  const reach = command.getByRole('group', { name: `${kitName}: how the order reaches` });
  await reach.getByRole('textbox', { name: 'Inches from the Captain' }).fill('13');
  await expect(reach.getByTestId('order-reach')).toHaveText(/The order cannot reach: the Captain to the formation is 13", more than 12"/);
  await expect(command.getByRole('button', { name: 'Give order (0/2)' }).first()).toBeDisabled();

  // the backend refuses it too, and writes nothing
  const before = (await api.call('battles.get', { battleId: battle.id })).log.length;
  const refused = await refusalOf(
    act(api, battle.id, {
      kind: 'record',
      body: { kind: 'command.order', side: 'A', orderId: 'steady-fire', formationId: kit.formations[0]!.id, reach: { relay: [], links: [13] } },
    }),
  );
  expect(refused).toMatch(/^RULE_VIOLATION: The order cannot reach/);
  expect((await api.call('battles.get', { battleId: battle.id })).log).toHaveLength(before);

  // relayed by Officer 1: 10" then 12.0" (inclusive, AMB-34)
  await reach.getByRole('checkbox', { name: 'Officer 1' }).check();
  await reach.getByRole('textbox', { name: 'Each link in inches, Captain first' }).fill('10, 12');
  await expect(reach.getByTestId('order-reach')).toHaveCount(0);
  await screenshot(page, { path: 'test/artifacts/play-order-reach.png', fullPage: true });
  await command.getByRole('button', { name: 'Give order (0/2)' }).first().click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(/Steady Fire to Line 1 \([^)]+\) \(relayed by Officer 1; 10", 12"\)/); // issue 15: the order's name, not its id
  await expect(command.getByRole('button', { name: 'Give order (1/2)' })).toBeVisible();
  // the form starts afresh for the next order: nothing chosen, the reach gone, the button waiting
  await expect(page.getByRole('combobox', { name: `${kitName}: order`, exact: true })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: `${kitName}: to formation`, exact: true })).toHaveValue('');
  await expect(reach).toHaveCount(0);
  await expect(command.getByRole('button', { name: 'Give order (1/2)' }).first()).toBeDisabled();
  expect(pageErrors).toEqual([]);
});

test('Cryptids: storm or Instability damage counts for Enraged but for no company; a Cryptid Die waits for a cryptid [AMB-04, 13.13]', async ({
  page,
  pageErrors,
}) => {
  const { api, pack, suffix } = await atTheTable(page);
  const rosters = await twoMinimalArmies(api, pack, ['Rae', 'Sol'], suffix);
  // a standalone game of Mission 3's scenario: the round-two event is always a cryptid
  let b = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], mission: 3 });
  b = await playSetup(api, b, pack.provinces[0]!.id);
  const state = (d: BattleDetail) => foldEvents(d.setup, battleRules(pack, d.options), d.log);
  b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
  while (state(b).phase === 'activations') {
    b = await act(api, b.id, { kind: 'draw' });
    const turn = BagActivation.turn(state(b).activation as BagState);
    if (turn.kind === 'choose') b = await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: turn.eligible[0]! } });
  }
  // before any cryptid: the backend refuses a Cryptid Die
  const early = await refusalOf(act(api, b.id, { kind: 'record', body: { kind: 'record.cryptidDie', side: 'A', dieId: 'x' } }));
  expect(early).toMatch(/^RULE_VIOLATION: .*(holds no such Cryptid Die|not a campaign mission)/);
  b = await act(api, b.id, { kind: 'end-round', holders: [null, null, null] });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
  b = await act(api, b.id, { kind: 'resolve-event' });
  b = await act(api, b.id, { kind: 'cryptid-act', engaged: false });
  const c = state(b).cryptid!;

  await openApp(page, `/play/battle/${b.id}`);
  const panel = page.getByRole('region', { name: 'Cryptid' });
  await panel.getByRole('switch', { name: /no company is credited with/ }).check({ force: true });
  await expect(panel.getByRole('radiogroup', { name: 'Side that wounded the cryptid' })).toHaveCount(0);
  const half = Math.ceil(c.startingWounds / 2);
  await panel.getByRole('textbox', { name: 'Wounds' }).fill(String(half));
  await panel.getByRole('button', { name: 'Record wounds' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(
    `${half} ${half === 1 ? 'Wound' : 'Wounds'} to the cryptid by nobody (other)`,
  );
  const after = state(await api.call('battles.get', { battleId: b.id })).cryptid!;
  expect(after).toMatchObject({ remaining: c.startingWounds - half, enraged: true, credited: { A: 0, B: 0 } });
  await expect(panel).toContainText(`Wounds ${c.startingWounds - half} of ${c.startingWounds}`);
  // issue 15: its stat card, the Attacks raised now that it is Enraged
  const card = pack.cryptids.find((x) => x.id === c.cryptidId)!;
  await expect(panel.getByRole('group', { name: 'Stat card' })).toContainText(`Toughness ${card.profile.T}`);
  await expect(panel.getByRole('group', { name: 'Stat card' })).toContainText(`Attacks ${card.profile.A} + ${pack.cryptidRules.enragedExtraAttacks}`);
  // slain: the claim step names the trophy and what it does (issue 43)
  const slayer = b.setup.sides[0].formations[0]!.id;
  await act(api, b.id, {
    kind: 'record',
    body: { kind: 'cryptid.wound', side: 'A', formationId: slayer, attack: 'melee', amount: c.startingWounds - half },
  });
  await page.reload();
  await expect(panel).toContainText(`${card.trophy.name} lies at the corpse marker: which fighter claimed it?`);
  await expect(panel.getByTestId('trophy-claim-effect')).toContainText(card.trophy.effect);
  expect(pageErrors).toEqual([]);
});

test('Effective profile this activation: Forced March +2" and no charge, Cinder Suppression −1", each source named [000 L106, L207]', async ({
  page,
  pageErrors,
}) => {
  // the other army is Cinder Porte's, whose Brass Bombardier inflicts Cinder Suppression
  const { api, pack, rosters, battle } = await standaloneWithHeavies(page, ['penitent-concord', 'cinder-porte']);
  const line1 = rosters[0]!.formations[0]!;
  const baseMove = pack.units.find((u) => u.id === line1.unitId)!.profile.M!;
  let b = await act(api, battle.id, {
    kind: 'record',
    body: { kind: 'command.order', side: 'A', orderId: 'forced-march', formationId: line1.id, reach: { relay: [], links: [6] } },
  });
  b = await activateByApi(api, pack, b, line1.id);
  await openApp(page, `/play/battle/${b.id}`);
  const card = page.getByRole('region', { name: 'This activation' });
  await expect(card.getByRole('heading', { name: /^Line 1 \(Kit .*\) activates$/ })).toBeVisible();
  await expect(card.getByTestId('activation-move')).toHaveText(`Move ${baseMove + 2}"`);
  await expect(card).toContainText('Cannot charge');
  await expect(card.getByRole('list', { name: 'Why' })).toContainText('Forced March: +2" Movement, cannot charge');
  await card.getByRole('checkbox', { name: 'Wounded by Cinder Suppression since its last activation' }).check();
  await expect(card.getByTestId('activation-move')).toHaveText(`Move ${baseMove + 1}"`);
  await expect(card.getByRole('list', { name: 'Why' })).toContainText('Cinder Suppression: −1" Movement this activation');
  await screenshot(page, { path: 'test/artifacts/play-activation-profile.png', fullPage: true });
  // the odds drawer starts from the formation taking its activation
  await page.getByRole('button', { name: 'Attack odds' }).click();
  await expect(page.getByRole('region', { name: 'Attack odds' }).getByRole('combobox', { name: 'Attacker', exact: true })).toHaveValue(/Line 1/);
  // issue 17: the pack marks this unit's whole profile provisional: the card flags Move and Save, the drawer the roll
  await expect(card.locator('[data-provisional]')).toHaveCount(2);
  await expect(card.getByLabel(/^Move: provisional/)).toBeVisible();
  await expect(card.getByLabel(/^Save: provisional/)).toBeVisible();
  // the roll's provisional note waits for the weapon: before it there is no roll to speak of
  const drawer = page.getByRole('region', { name: 'Attack odds' });
  await expect(page.getByTestId('odds-provisional')).toHaveCount(0);
  await drawer.getByRole('combobox', { name: 'Weapon', exact: true }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('odds-provisional')).toContainText(/Rests on provisional values: .*profile/);
  expect(pageErrors).toEqual([]);
});

test('no Cinder Suppression tick where the other army has no model that can inflict it [000 L207]', async ({ page, pageErrors }) => {
  // Penitent Concord against Crowned Marches: neither has the Brass Bombardier
  const { api, pack, rosters, battle } = await standaloneWithHeavies(page);
  expect(pack.units.filter((u) => rosters[1]!.formations.some((f) => f.unitId === u.id)).flatMap((u) => u.specialRules)).not.toContain('cinder-suppression');
  const b = await activateByApi(api, pack, battle, rosters[0]!.formations[0]!.id);
  await openApp(page, `/play/battle/${b.id}`);
  const card = page.getByRole('region', { name: 'This activation' });
  await expect(card.getByTestId('activation-move')).toBeVisible();
  await expect(card.getByRole('checkbox', { name: /Cinder Suppression/ })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('Intercession: offered at any time once per round, refused beyond 3" or with no Wound left [000 L174]', async ({ page, pageErrors }) => {
  const { api, pack, suffix } = await atTheTable(page);
  const rosters = await twoMinimalArmies(api, pack, ['Tam', 'Uma'], suffix, (army, i) => {
    if (i !== 0) return;
    const sacristan = pack.units.find((u) => u.factionId === army.factionId && u.specialRules.includes('intercession'))!;
    army.formations.push({
      id: `${army.id}-elite`,
      slot: 'elite',
      unitId: sacristan.id,
      name: 'Sacristans',
      fighters: Array.from({ length: pack.recruitment.elite.size.min }, (_, k) => ({
        id: `${army.id}-elite-${k}`,
        name: '',
        loadoutId: null,
        equipment: [],
      })),
      inReserve: false,
    });
  });
  let b = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id] });
  b = await playSetup(api, b, pack.provinces[0]!.id);
  await openApp(page, `/play/battle/${b.id}`);
  const row = page.getByRole('region', { name: 'Unit abilities' }).getByRole('group', { name: /^Intercession: Sacristans/ });
  await row.getByRole('checkbox', { name: 'The wounded Core fighter is within 3"' }).uncheck();
  await expect(row.getByTestId('ability-refusal')).toHaveText('Intercession reaches a friendly Core fighter within 3" only.');
  await expect(row.getByRole('button', { name: 'Use Intercession' })).toBeDisabled();
  await row.getByRole('checkbox', { name: 'The wounded Core fighter is within 3"' }).check();
  await row.getByRole('textbox', { name: 'Sacristan’s Wounds left' }).fill('0');
  await expect(row.getByTestId('ability-refusal')).toHaveText('The Sacristan has no Wound left to take: never more than it has left.');
  await row.getByRole('textbox', { name: 'Sacristan’s Wounds left' }).fill('2');
  await row.getByRole('button', { name: 'Use Intercession' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(/Sacristans \([^)]+\) uses Intercession/);
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(row.getByTestId('ability-refusal')).toHaveText('Intercession is once per round: Sacristans has used it this round.');
  expect(pageErrors).toEqual([]);
});

test('Officers re-posted mid-battle take the new post from the next round [AMB-18f]', async ({ page, pageErrors }) => {
  await heavyBattleOpen(page);
  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Gambits & more' }).click();
  const posting = record.getByRole('group', { name: 'Officer posting' });
  await choose(page, 'Officer', /^Officer 1 \(with the command group\)/);
  await choose(page, 'Posted to, from the next round', 'Line 1');
  await posting.getByRole('button', { name: 'Re-post' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(/Officer 1 re-posted to Line 1 \([^)]+\) from the next round/);
  await expect(posting).toContainText('Officer 1 joins Line 1 when the next round starts.');
  // choosing the same post again is refused before it is sent
  await expect(posting.getByTestId('repost-refusal')).toHaveText('Officer 1 is already posted there.');
  await expect(posting.getByRole('button', { name: 'Re-post' })).toBeDisabled();
  expect(pageErrors).toEqual([]);
});

/** Ends the Command Phase if it is on, then draws and picks (the backend's dice, first eligible formation) until the round's activations are over. */
async function playActivations(api: ApiClient, pack: RulesetPack, b: BattleDetail): Promise<BattleDetail> {
  const state = (d: BattleDetail) => foldEvents(d.setup, battleRules(pack, d.options), d.log);
  if (state(b).phase === 'command') b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
  if (state(b).phase === 'event') b = await act(api, b.id, { kind: 'resolve-event' });
  if (state(b).phase === 'cryptid') b = await act(api, b.id, { kind: 'cryptid-act', engaged: false });
  while (state(b).phase === 'activations') {
    b = await act(api, b.id, { kind: 'draw' });
    const turn = BagActivation.turn(state(b).activation as BagState);
    if (turn.kind === 'choose') b = await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: turn.eligible[0]! } });
  }
  return b;
}

test('Uncloak: a patrol that uncloaked this round cannot hold an objective for scoring; the UI leaves it out, the backend refuses it [000 §7, AMB-36]', async ({
  page,
  pageErrors,
}) => {
  const { api, pack, suffix } = await atTheTable(page);
  // Vic's army has a 3-model Skirmisher patrol held in reserve to Uncloak [000 §7 step 1]
  const rosters = await twoMinimalArmies(api, pack, ['Vic', 'Wyn'], suffix, (army, i) => {
    if (i === 0) addReservePatrol(army, pack, 'Patrol');
  });
  const [line1, , patrol] = rosters[0]!.formations;
  let b = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id] });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
  b = await act(api, b.id, { kind: 'deployment-rolloff' });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [patrol!.id], B: [] } } });
  // Vic clears objective 1 in round 1
  b = await act(api, b.id, { kind: 'record', body: { kind: 'mutant.kill', objective: 0, side: 'A', count: 3 } });
  b = await playActivations(api, pack, b);
  b = await act(api, b.id, { kind: 'end-round', holders: [null, null, null] });

  // round 2: the patrol uncloaks, clicked in the Record panel
  await openApp(page, `/play/battle/${b.id}`);
  await expect(page.getByRole('status', { name: 'Where the battle stands' })).toContainText('Round 2 of 5');
  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Gambits & more' }).click();
  await choose(page, 'Formation', /^Patrol/);
  await record.getByRole('button', { name: 'Uncloak this patrol' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(/Patrol \([^)]+\) Uncloaks/);
  b = await playActivations(api, pack, await api.call('battles.get', { battleId: b.id }));
  await page.reload();

  // the end of round 2: Vic holds objective 1; the patrol is offered disabled, with the reason
  const end = page.getByRole('region', { name: 'End of round' });
  await end.getByRole('radiogroup', { name: 'Objective 1 held by' }).getByText(`Vic ${suffix}`).click();
  await expect(end.getByRole('checkbox', { name: 'Patrol', exact: true })).toBeDisabled();
  await expect(end.getByTestId('holding-refusal')).toHaveText(
    `Patrol (Vic ${suffix}) uncloaked this round: it cannot score on its arrival round (Field Manual §7).`,
  );
  // credited to Vic without naming who holds it: refused, since Vic's patrol arrived this round
  await expect(end.getByTestId('holders-unnamed')).toHaveText(
    'Name the formations holding it: Patrol uncloaked this round and cannot score (Field Manual §7).',
  );
  await expect(end.getByRole('button', { name: 'End round 2: start round 3' })).toBeDisabled();
  await end.getByRole('checkbox', { name: 'Line 1', exact: true }).check();
  await expect(end.getByTestId('holders-unnamed')).toHaveCount(0);
  await screenshot(page, { path: 'test/artifacts/play-uncloak-holders.png', fullPage: true });

  // the backend refuses a round end crediting the patrol, and writes nothing
  const before = (await api.call('battles.get', { battleId: b.id })).log.length;
  const refused = await refusalOf(act(api, b.id, { kind: 'end-round', holders: [{ side: 'A', formationIds: [patrol!.id] }, null, null] }));
  expect(refused).toBe(`RULE_VIOLATION: Objective 1: Patrol (Vic ${suffix}) uncloaked this round: it cannot score on its arrival round (Field Manual §7).`);
  expect(await refusalOf(act(api, b.id, { kind: 'end-round', holders: ['A', null, null] }))).toMatch(
    /^RULE_VIOLATION: Objective 1: Name the formations holding it/,
  );
  expect((await api.call('battles.get', { battleId: b.id })).log).toHaveLength(before);

  await end.getByRole('button', { name: 'End round 2: start round 3' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(`Round ended; objectives: 1 Vic ${suffix} (Line 1), 2 —, 3 —`);
  const after = await api.call('battles.get', { battleId: b.id });
  const folded = foldEvents(after.setup, battleRules(pack, after.options), after.log);
  expect(folded.rounds[1]!.holding).toEqual([[line1!.id], [], []]);
  expect(folded.rounds[1]!.vp).toEqual({ A: 1, B: 0 });
  expect(pageErrors).toEqual([]);
});

test('Overcharge: offered for HQ and Elite only; a Core squad is refused, saying why, in the UI and the backend [000 §8 L133, AMB-13]', async ({
  page,
  pageErrors,
}) => {
  const { api, rosters, battle } = await heavyBattleOpen(page);
  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Gambits & more' }).click();
  await choose(page, 'Field Gambit (one per player per round)', 'Overcharge');
  const why = record.getByTestId('gambit-refusal');
  await expect(why).toHaveText('Choose the formation that overcharges: HQ (the Captain and Officers) or Elite.');
  await expect(record.getByRole('button', { name: 'Use gambit' })).toBeDisabled();
  await choose(page, 'Formation', /^Line 1/);
  await expect(why).toHaveText('Overcharge applies to HQ and Elite ranged attacks only: Line 1 is neither (Field Manual §8).');
  await expect(record.getByRole('button', { name: 'Use gambit' })).toBeDisabled();

  // the backend refuses it too, and without a formation, and writes nothing
  const before = (await api.call('battles.get', { battleId: battle.id })).log.length;
  const gambit = (formationId?: string) =>
    refusalOf(act(api, battle.id, { kind: 'record', body: { kind: 'gambit', side: 'A', gambitId: 'overcharge', ...(formationId ? { formationId } : {}) } }));
  expect(await gambit(rosters[0]!.formations[0]!.id)).toMatch(/^RULE_VIOLATION: Overcharge applies to HQ and Elite ranged attacks only: Line 1/);
  expect(await gambit()).toMatch(/^RULE_VIOLATION: Say which formation overcharges/);
  expect((await api.call('battles.get', { battleId: battle.id })).log).toHaveLength(before);

  // the command group (the Captain and Officers) may
  await choose(page, 'Formation', /command group/);
  await expect(why).toHaveCount(0);
  await record.getByRole('button', { name: 'Use gambit' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText('uses Overcharge for Captain’s command group'); // issue 15: the gambit's name, not its id
  await expect(record.getByRole('button', { name: 'Gambit used this round' })).toBeDisabled();

  // the odds drawer offers Overcharge on the same terms: not to a Core squad's fighters, to the Captain
  await page.getByRole('button', { name: 'Attack odds' }).click();
  const odds = page.getByRole('region', { name: 'Attack odds' });
  await choose(page, 'Attacker', /^Line 1/);
  await expect(odds.getByRole('switch', { name: 'Overcharge' })).toBeDisabled();
  await expect(odds).toContainText('Overcharge applies to HQ and Elite ranged attacks only: Line 1 is neither (Field Manual §8).');
  await choose(page, 'Attacker', /^Captain \(/);
  await expect(odds).not.toContainText('is neither');
  expect(pageErrors).toEqual([]);
});

test('Captain abilities: none after the Captain’s death; a declared one lasts to its expiry after the death too, shown while in force [000 §9 L146]', async ({
  page,
  pageErrors,
}) => {
  const { api, pack, rosters, battle } = await heavyBattleOpen(page, ['crowned-marches', 'scattered']);
  const command = page.getByRole('region', { name: 'Command Phase' });
  await command.getByRole('button', { name: 'Declare Iron Edict' }).click();
  const inForce = page.getByRole('region', { name: 'Captain abilities in force' });
  await expect(inForce).toContainText('Iron Edict');

  // Kit's two orders, then both Captains fall
  const [kit, lev] = rosters;
  let b = await act(api, battle.id, {
    kind: 'record',
    body: { kind: 'command.order', side: 'A', orderId: 'steady-fire', formationId: kit!.formations[0]!.id, reach: { relay: [], links: [6] } },
  });
  b = await act(api, b.id, {
    kind: 'record',
    body: { kind: 'command.order', side: 'A', orderId: 'hold-fast', formationId: kit!.formations[1]!.id, reach: { relay: [], links: [6] } },
  });
  for (const [side, r] of [
    ['A', kit!],
    ['B', lev!],
  ] as const)
    b = await act(api, b.id, { kind: 'record', body: { kind: 'record.casualties', side, formationId: r.captain!.id, killed: 1, retreated: 0, captain: true } });
  await page.reload();

  // Lev's Captain is dead: Rally the Lost is no longer offered, and the reason is shown
  await expect(command.getByRole('button', { name: 'Declare Rally the Lost' })).toHaveCount(0);
  await expect(command.getByTestId('captain-ability-refusal').filter({ hasText: 'Rally the Lost' })).toHaveText(
    'Rally the Lost: A dead or departed Captain cannot declare an ability (Field Manual §9).',
  );
  // Kit's Iron Edict persists on both ordered lines despite the death
  await expect(inForce).toContainText(
    /Iron Edict \(Kit .*\): Save one step better against ordinary shooting — Line 1 Save \d\+, Line 2 Save \d\+, until each ordered formation’s next activation\./,
  );
  await expect(inForce).toContainText('Captain fallen: it lasts to its expiry');
  await screenshot(page, { path: 'test/artifacts/play-captain-ability-in-force.png', fullPage: true });
  // the odds drawer starts a shot at Kit's Line 2 from the Edict still in force, and its Hold Fast
  await page.getByRole('button', { name: 'Attack odds' }).click();
  const odds = page.getByRole('region', { name: 'Attack odds' });
  await choose(page, 'Attacker', /^Line 1 \(Lev/);
  await choose(page, 'Target', /^Line 2 \(Kit/);
  await choose(page, 'Weapon', /sidearm/i);
  await expect(odds.getByRole('switch', { name: 'Iron Edict' })).toBeChecked();
  await expect(odds.getByRole('switch', { name: 'Hold Fast' })).toBeChecked();
  await page.keyboard.press('Escape');

  // the backend refuses a dead Captain's declaration, and writes nothing
  const before = (await api.call('battles.get', { battleId: b.id })).log.length;
  expect(await refusalOf(act(api, b.id, { kind: 'ability', side: 'B', abilityId: 'rally-the-lost' }))).toBe(
    'RULE_VIOLATION: A dead or departed Captain cannot declare an ability (DIGEST 10.0).',
  );
  expect((await api.call('battles.get', { battleId: b.id })).log).toHaveLength(before);

  // once both lines have taken their activation, the Edict has expired and is no longer shown
  await playActivations(api, pack, b);
  await page.reload();
  await expect(page.getByRole('region', { name: 'End of round' })).toBeVisible();
  await expect(inForce).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('Storm protection: no more protected models inside than carry storm protection, in the End of round panel and the backend [000 L163, AMB-19f]', async ({
  page,
  pageErrors,
}) => {
  const { api, pack, suffix } = await atTheTable(page);
  const rosters = await twoMinimalArmies(api, pack, ['Ivo', 'Jun'], suffix, (army, i) => {
    // one of Ivo's Line 1 carries a storm-protective item (the pack's radProtection flag)
    if (i === 0) army.formations[0]!.fighters[0]!.equipment = [pack.equipment.find((e) => e.radProtection && e.slots.includes('core'))!.id];
  });
  const line1 = rosters[0]!.formations[0]!;
  // the round-two event is a D20 the backend rolls: a new battle until it brings the storm (1 in 2 each; 12 tries)
  let b: BattleDetail | null = null;
  for (let attempt = 0; attempt < 12 && !b; attempt++) {
    let d = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id] });
    d = await playSetup(api, d, pack.provinces[0]!.id);
    d = await playActivations(api, pack, d);
    d = await act(api, d.id, { kind: 'end-round', holders: [null, null, null] });
    d = await act(api, d.id, { kind: 'record', body: { kind: 'command.done' } });
    d = await act(api, d.id, { kind: 'resolve-event' });
    if (foldEvents(d.setup, battleRules(pack, d.options), d.log).storm) b = await playActivations(api, pack, d);
    else await api.call('battles.abandon', { battleId: d.id, confirm: true });
  }
  if (!b) throw new Error('the storm never came');

  await openApp(page, `/play/battle/${b.id}`);
  const end = page.getByRole('region', { name: 'End of round' });
  await end.getByRole('combobox', { name: 'Formation', exact: true }).click();
  await page
    .getByRole('option', { name: /^Line 1/ })
    .first()
    .click();
  await expect(end).toContainText('1 in this formation carry storm protection');
  await end.getByRole('textbox', { name: 'Models inside' }).fill('3');
  await end.getByRole('textbox', { name: '…of them protected' }).fill('2');
  // the refusal names the playtest ruling as the Rulings panel does, never the team's digest
  await expect(end.getByText('Only 1 of Line 1’s models carry storm protection: at most 1 protected inside (ruling AMB-19f).')).toBeVisible();
  await expect(end).not.toContainText('DIGEST');
  await expect(end.getByRole('button', { name: 'Add' })).toBeDisabled();

  // the backend refuses it too, before any protection roll, and writes nothing
  const before = (await api.call('battles.get', { battleId: b.id })).log.length;
  const refused = await refusalOf(
    act(api, b.id, { kind: 'end-round', holders: [null, null, null], storm: [{ side: 'A', formationId: line1.id, modelsInside: 3, protectedInside: 2 }] }),
  );
  expect(refused).toBe('RULE_VIOLATION: Only 1 of Line 1’s models carry storm protection: at most 1 protected inside (DIGEST AMB-19f).');
  expect((await api.call('battles.get', { battleId: b.id })).log).toHaveLength(before);

  await end.getByRole('textbox', { name: '…of them protected' }).fill('1');
  await end.getByRole('button', { name: 'Add' }).click();
  await expect(end).toContainText('3 inside, 1 protected');
  await end.getByRole('button', { name: 'End round 2: start round 3' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText('storm exposure rolled');
  const log = (await api.call('battles.get', { battleId: b.id })).log;
  const ended = log.find((e) => e.body.kind === 'round.end' && e.body.storm.length > 0)!.body;
  expect(ended).toMatchObject({ kind: 'round.end', storm: [{ formationId: line1.id, modelsInside: 3, protectedInside: 1 }] });
  if (ended.kind === 'round.end') expect(ended.storm[0]!.protectionRolls).toHaveLength(1);
  expect(pageErrors).toEqual([]);
});

test('Cryptid tie roll-off: Finish is refused until the rolloff ruling’s roll-off records its winner, and the screen says why [rule 9, AMB-03]', async ({
  page,
  pageErrors,
}) => {
  // last in this file: it makes the organiser's ruleset version (tie roll-off) the latest, which later standalone games would play
  const { api, version, pack, suffix } = await atTheTable(page);
  await api.call('rulesets.createVersion', { baseVersionId: version.id, pack: { ...pack, options: { ...pack.options, cryptidDamageTie: 'rolloff' } } });
  const rosters = await twoMinimalArmies(api, pack, ['Yan', 'Zoe'], suffix);
  // Mission 3's scenario: the round-two event is always a cryptid; each company deals it 3 Wounds
  let b = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], mission: 3 });
  expect(b.options.cryptidDamageTie).toBe('rolloff');
  b = await playSetup(api, b, pack.provinces[0]!.id);
  for (let r = 1; r <= 5; r++) {
    if (r === 2) {
      b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
      b = await act(api, b.id, { kind: 'resolve-event' });
      b = await act(api, b.id, { kind: 'cryptid-act', engaged: true });
      for (const [side, r2] of [
        ['A', rosters[0]!],
        ['B', rosters[1]!],
      ] as const)
        b = await act(api, b.id, {
          kind: 'record',
          body: { kind: 'cryptid.wound', side, formationId: r2.formations[0]!.id, attack: 'melee', amount: 3 },
        });
    }
    b = await playActivations(api, pack, b);
    b = await act(api, b.id, { kind: 'end-round', holders: [null, null, null] });
  }

  await openApp(page, `/play/battle/${b.id}`);
  const finish = page.getByRole('region', { name: 'Finish the battle' });
  await expect(finish).toContainText('Both companies dealt the cryptid the same damage');
  // Finish without the roll-off: refused with the typed error, explained on the screen, nothing finished
  await finish.getByRole('button', { name: 'Finish the battle' }).click();
  await expect(finish.getByRole('alert').filter({ hasText: 'roll off for first place before finishing' }).first()).toContainText(
    'Both companies dealt the cryptid equal damage: roll off for first place before finishing (ruling AMB-03).',
  );
  // the backend's refusal cites the digest; what reaches the screen never does
  await expect(page.getByRole('main')).not.toContainText('DIGEST');
  expect((await api.call('battles.get', { battleId: b.id })).status).toBe('in_progress');
  await screenshot(page, { path: 'test/artifacts/play-cryptid-tie-refused.png', fullPage: true });

  // the roll-off, rolled by the backend, records its winner; then Finish goes through
  await finish.getByRole('button', { name: 'Roll off for first place' }).click();
  const rolloff = finish.getByRole('status', { name: 'Cryptid damage roll-off' });
  await expect(rolloff).toContainText(/Tied cryptid damage: (Yan|Zoe) .* won the roll-off \(.*\) and takes first place\./);
  const log = (await api.call('battles.get', { battleId: b.id })).log;
  const rolled = log[log.length - 1]!.body;
  if (rolled.kind !== 'cryptid.tieRolloff') throw new Error('no roll-off recorded');
  const [x, y] = rolled.rolls[rolled.rolls.length - 1]!;
  expect(rolled.winner).toBe(x > y ? 'A' : 'B');
  await finish.getByRole('button', { name: 'Finish the battle' }).click();
  await expect(finish.getByRole('heading', { name: 'Battle finished' })).toBeVisible();
  expect((await api.call('battles.get', { battleId: b.id })).outcome!.cryptid!.tieRolloffWinner).toBe(rolled.winner === 'A' ? 0 : 1);
  expect(pageErrors).toEqual([]);
});
