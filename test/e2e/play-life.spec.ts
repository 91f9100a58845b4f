import type { Page } from '@playwright/test';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import type { Roster } from '../../src-shared/roster/schema';
import type { BagState } from '../../src-shared/battle/bag';
import { foldEvents } from '../../src-shared/battle/reducer';
import { battleRules } from '../../src-shared/battle/rules-of-pack';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { addReservePatrol, everyoneSurvives, minimalArmyWithHeavy, seedCampaign } from '../helpers/battle-seed';
import { axeFindings, choose, expect, openApp, pageApi, test } from './fixtures';

/**
 * A formation's life at the table (issue 32): what the life cycle forbids is
 * never offered, and the backend's refusals say which formation and why.
 */

const act = async (api: ApiClient, battleId: string, intent: BattleIntentInput) =>
  (await api.call('battles.act', { battleId, clientEventId: crypto.randomUUID(), intent })).battle;

test.describe.configure({ timeout: 120_000 });

/** Two standalone armies (Kit's with a reserve-eligible patrol), each with a Heavy, the battle started. */
async function twoArmies(page: Page, mission: number | null = null) {
  await openApp(page, '/play');
  const api = pageApi(page);
  const { pack } = await api.call('rulesets.get', {});
  const suffix = Math.random().toString(36).slice(2, 7);
  const rosters: Roster[] = [];
  for (const [i, name] of [`Kit ${suffix}`, `Lev ${suffix}`].entries()) {
    const player = await api.call('players.create', { name });
    const created = await api.call('rosters.create', {
      name: `${name}’s army`,
      playerId: player.id,
      factionId: pack.factions[i]!.id,
      mode: 'standalone',
      campaignId: null,
    });
    const army = minimalArmyWithHeavy(created.roster, pack, `Heavy ${'AB'[i]}`);
    if (i === 0) {
      addReservePatrol(army, pack, 'Border Patrol');
      // Kit's first Officer fights in the first Core squad
      army.officers[0]!.postedTo = army.formations.find((f) => f.slot === 'core')!.id;
    }
    const saved = await api.call('rosters.save', { roster: army });
    if (!saved.validation.valid) throw new Error(saved.validation.violations.map((v) => v.message).join('; '));
    rosters.push(saved.roster);
  }
  const b = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], mission });
  return { api, pack, rosters, b, kit: `Kit ${suffix}` };
}

const stateOf = (pack: RulesetPack, d: BattleDetail) => foldEvents(d.setup, battleRules(pack, d.options), d.log);

test('the set-up step says which patrols are held in reserve and which are deployed', async ({ page, pageErrors }) => {
  const { api, pack, b } = await twoArmies(page);
  let d = await act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
  await act(api, d.id, { kind: 'deployment-rolloff' });
  await openApp(page, `/play/battle/${b.id}`);
  const hold = page.getByRole('checkbox', { name: 'Hold Border Patrol in reserve' });
  await expect(hold).not.toBeChecked();
  await expect(page.getByText('Deployed on the table')).toBeVisible();
  await hold.check();
  await expect(page.getByText('Held in reserve: Uncloaks from round two')).toBeVisible();
  await expect(page.getByText('Deployed on the table')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a Heavy destroyed in round 1 is offered nothing in round 2, and each refusal says why', async ({ page, pageErrors }) => {
  // Mission 3's scenario: the round-two event is always a cryptid
  const { api, pack, rosters, b, kit } = await twoArmies(page, 3);
  const heavy = rosters[0]!.formations.find((f) => f.slot === 'heavy')!;
  const patrol = rosters[0]!.formations.find((f) => f.slot === 'skirmisher')!;
  const core = rosters[0]!.formations.find((f) => f.slot === 'core')!;
  let d = await act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
  d = await act(api, d.id, { kind: 'deployment-rolloff' });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [patrol.id], B: [] } } });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'command.done' } });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'record.casualties', side: 'A', formationId: heavy.id, killed: 1, retreated: 0 } });
  d = await act(api, d.id, { kind: 'explode', side: 'A', formationId: heavy.id, cause: 'wounds', targets: [] });
  // its undrawn token left the bag with it, and the bag says so
  expect(stateOf(pack, d).rounds[0]!.tokensWithdrawn).toEqual([heavy.id]);
  await openApp(page, `/play/battle/${b.id}`);
  await expect(page.getByTestId('tokens-withdrawn')).toHaveText(`Out of the bag this round, lost before their token was drawn: Heavy A (${kit}).`);

  // each refusal names the formation, its player and the rule
  const refusal = (intent: BattleIntentInput) =>
    act(api, d.id, intent).then(
      () => '',
      (e: { message: string }) => e.message,
    );
  expect(await refusal({ kind: 'record', body: { kind: 'record.wounds', side: 'A', formationId: heavy.id, attack: 'ranged', amount: 2 } })).toMatch(
    new RegExp(`^Heavy A \\(${kit}\\) was destroyed: it cannot deal Wounds`),
  );
  expect(await refusal({ kind: 'record', body: { kind: 'record.wounds', side: 'A', formationId: patrol.id, attack: 'ranged', amount: 2 } })).toMatch(
    /^Border Patrol \(Kit \w+\) is still in reserve/,
  );

  // round 1 played out; round 2's Command Phase
  const st = () => stateOf(pack, d);
  while (st().phase === 'activations') {
    d = await act(api, d.id, { kind: 'draw' });
    const bag = st().activation as BagState;
    if (bag.drawn !== null)
      d = await act(api, d.id, { kind: 'record', body: { kind: 'bag.activate', formationId: bag.waiting.find((w) => w.owner === bag.drawn)!.formationId } });
  }
  d = await act(api, d.id, { kind: 'end-round', holders: [null, null, null] });
  expect(st().round).toBe(2);

  await openApp(page, `/play/battle/${b.id}`);
  await page.getByRole('combobox', { name: `${kit}: to formation` }).click();
  await expect(page.getByRole('option', { name: core.name, exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Heavy A' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // no ability is offered to the destroyed Heavy
  await expect(page.getByRole('region', { name: 'Unit abilities' }).getByText(/Heavy A/)).toHaveCount(0);
  // nor a Veteran Six: the control says why instead of offering Use
  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Gambits & more' }).click();
  await record.getByRole('combobox', { name: 'Formation', exact: true }).click();
  await page.getByRole('option', { name: /^Heavy A/ }).click();
  await expect(record.getByTestId('veteran-six-refusal')).toHaveText(`Heavy A (${kit}) was destroyed: it cannot spend a Veteran Six (Field Manual §11).`);
  await expect(record.getByRole('button', { name: 'Use a Veteran Six' })).toHaveCount(0);
  // and the Wounds form does not offer it at all
  await record.getByRole('tab', { name: 'Wounds' }).click();
  await record.getByRole('combobox', { name: 'Formation', exact: true }).click();
  await expect(page.getByRole('option', { name: /^Heavy A/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // the bag: draw until Kit's colour shows; the choices are Kit's formations able to activate
  d = await act(api, d.id, { kind: 'record', body: { kind: 'command.done' } });
  if (st().phase === 'event') d = await act(api, d.id, { kind: 'resolve-event' });
  if (st().phase === 'cryptid') d = await act(api, d.id, { kind: 'cryptid-act', engaged: false });
  for (let i = 0; i < 20 && (st().activation as BagState).drawn !== 0; i++) {
    const bag = st().activation as BagState;
    if (bag.drawn !== null)
      d = await act(api, d.id, { kind: 'record', body: { kind: 'bag.activate', formationId: bag.waiting.find((w) => w.owner === bag.drawn)!.formationId } });
    else d = await act(api, d.id, { kind: 'draw' });
  }
  expect((st().activation as BagState).waiting.map((w) => w.formationId)).not.toContain(heavy.id);
  await openApp(page, `/play/battle/${b.id}`);
  const choices = page.getByRole('group', { name: 'Formations to activate' });
  if ((st().activation as BagState).drawn === 0) {
    await expect(choices.getByRole('button').first()).toBeVisible();
    await expect(choices.getByRole('button', { name: /^Heavy A/ })).toHaveCount(0);
  }
  // the cryptid came: the Heavy is not offered for its Wounds, and the backend refuses crediting it
  expect(st().cryptid).not.toBeNull();
  const cryptid = page.getByRole('region', { name: 'Cryptid' });
  await cryptid.getByRole('combobox', { name: 'Formation', exact: true }).click();
  await expect(page.getByRole('option', { name: core.name, exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Heavy A' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect(await refusal({ kind: 'record', body: { kind: 'cryptid.wound', side: 'A', formationId: heavy.id, attack: 'ranged', amount: 2 } })).toMatch(
    new RegExp(`^Heavy A \\(${kit}\\) was destroyed: it cannot be credited Wounds on the cryptid`),
  );
  expect(pageErrors).toEqual([]);
});

test('an Officer posted to a squad is one of its models: counted there, its loss recorded there', async ({ page, pageErrors }) => {
  const { api, pack, rosters, b } = await twoArmies(page);
  const core = rosters[0]!.formations.find((f) => f.slot === 'core')!;
  const officer = rosters[0]!.officers[0]!;
  let d = await act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
  d = await act(api, d.id, { kind: 'deployment-rolloff' });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
  const kitSide = d.setup.sides[0];
  expect(kitSide.formations.find((f) => f.id === core.id)!.models).toBe(core.fighters.length + 1);
  expect(kitSide.formations.find((f) => f.slot === 'command')!.models).toBe(rosters[0]!.officers.length);

  await openApp(page, `/play/battle/${b.id}`);
  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Losses' }).click();
  await page.getByRole('combobox', { name: 'Formation', exact: true }).click();
  await page
    .getByRole('option', { name: new RegExp(`^${core.name}`) })
    .first()
    .click();
  await expect(record.getByText(`Officers posted to ${core.name} among them:`)).toBeVisible();
  await record.getByRole('checkbox', { name: officer.name || 'Officer 1' }).check();
  await page.getByRole('textbox', { name: 'Killed' }).fill('1');
  await record.getByRole('button', { name: 'Record losses' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText(new RegExp(`${core.name} \\([^)]+\\): 1 killed`));
  const after = stateOf(pack, await api.call('battles.get', { battleId: b.id }));
  expect(after.sides.A.officers.find((o) => o.id === officer.id)!.lost).toBe(true);
  expect(pageErrors).toEqual([]);
});

test('the odds drawer: the formation activating attacks with all its fighters, only with what it has, and a roll is recorded or dismissed', async ({
  page,
  pageErrors,
}) => {
  const { api, pack, rosters, b, kit } = await twoArmies(page);
  const core = rosters[0]!.formations.find((f) => f.slot === 'core')!;
  const heavy = rosters[0]!.formations.find((f) => f.slot === 'heavy')!;
  let d = await act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
  d = await act(api, d.id, { kind: 'deployment-rolloff' });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'command.done' } });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'record.casualties', side: 'A', formationId: heavy.id, killed: 1, retreated: 0 } });
  d = await act(api, d.id, { kind: 'explode', side: 'A', formationId: heavy.id, cause: 'wounds', targets: [] });

  // before any activation: nobody's attack, no odds
  await openApp(page, `/play/battle/${b.id}`);
  await page.getByRole('button', { name: 'Attack odds' }).click();
  const drawer = page.getByRole('dialog', { name: 'Attack odds' });
  await expect(drawer.getByText('Pick the attacker and its weapon to see the odds.')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Roll the dice' })).toBeDisabled();
  // the destroyed Heavy is no attacker
  await drawer.getByRole('combobox', { name: 'Attacker', exact: true }).click();
  await expect(page.getByRole('option', { name: new RegExp(`^${core.name}`) }).first()).toBeVisible();
  await expect(page.getByRole('option', { name: /^Heavy A/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // Kit's Core squad activates: the drawer starts from it, all its fighters attacking
  const st = () => stateOf(pack, d);
  for (let i = 0; i < 40 && st().activeFormation?.id !== core.id; i++) {
    const bag = st().activation as BagState;
    if (bag.drawn === null) d = await act(api, d.id, { kind: 'draw' });
    else {
      const mine = bag.waiting.filter((w) => w.owner === bag.drawn);
      const pick = mine.find((w) => w.formationId === core.id) ?? mine.find((w) => w.formationId !== core.id) ?? mine[0]!;
      d = await act(api, d.id, { kind: 'record', body: { kind: 'bag.activate', formationId: pick.formationId } });
    }
  }
  expect(st().activeFormation?.id).toBe(core.id);
  await openApp(page, `/play/battle/${b.id}`);
  await page.getByRole('button', { name: 'Attack odds' }).click();
  await expect(drawer.getByRole('combobox', { name: 'Attacker', exact: true })).toHaveValue(new RegExp(`^${core.name}.*\\(${kit}\\)`));
  await choose(page, 'Target', /Line 1 \(Lev/);
  const unit = pack.units.find((u) => u.id === core.unitId)!;
  // no weapon picked: the unit's first, as the drawer takes it
  const weapon = pack.weapons.find((w) => w.id === unit.weapons[0]);
  const perFighter = weapon?.kind === 'melee' ? unit.profile.A : (weapon?.attacks ?? 1);
  await expect(drawer.getByRole('textbox', { name: 'Attacks', exact: true })).toHaveValue(String(Math.min(40, perFighter * core.fighters.length)));
  // a Core squad without Clockwork Overdrive is not offered it
  await expect(drawer.getByRole('switch', { name: 'Clockwork Overdrive' })).toHaveCount(0);

  // a roll that deals damage waits to be recorded or dismissed, shown where it was rolled
  await drawer.getByRole('textbox', { name: 'Attacks', exact: true }).fill('20');
  const offer = drawer.getByRole('status').filter({ hasText: 'Record this roll?' });
  // roll until one deals damage (20 attacks: nearly always the first), each roll's answer read before the next
  for (let rolls = 0; ; rolls++) {
    expect(rolls, 'ten rolls without damage').toBeLessThan(10);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/invoke') && r.request().postDataJSON()?.channel === 'odds.roll');
    await drawer.getByRole('button', { name: 'Roll the dice' }).click();
    const reply = (await (await answer).json()) as { value: { totalDamage: number } };
    await expect(drawer.getByTestId('roll-total')).toContainText(`Rolled: ${reply.value.totalDamage} damage`);
    if (reply.value.totalDamage > 0) break;
  }
  await expect(offer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Roll the dice' })).toBeDisabled();
  const before = (await api.call('battles.get', { battleId: b.id })).log.length;
  await offer.getByRole('button', { name: /^Record \d+ Wounds?$/ }).click();
  await expect(drawer.getByTestId('roll-settled')).toContainText(new RegExp(`^Recorded: \\d+ Wounds? dealt by ${core.name}`));
  expect((await api.call('battles.get', { battleId: b.id })).log.length).toBe(before + 1);
  await expect(drawer.getByRole('button', { name: 'Roll the dice' })).toBeEnabled();
  expect(pageErrors).toEqual([]);
});

test('a Heavy lost at the table: the explosion takes focus, and Record losses waits for it', async ({ page, pageErrors }) => {
  const { api, pack, b, kit } = await twoArmies(page);
  let d = await act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
  d = await act(api, d.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
  d = await act(api, d.id, { kind: 'deployment-rolloff' });
  await act(api, d.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
  await openApp(page, `/play/battle/${b.id}`);
  const record = page.getByRole('region', { name: 'Record', exact: true });
  await record.getByRole('tab', { name: 'Losses' }).click();
  await record.getByRole('combobox', { name: 'Formation', exact: true }).click();
  await page.getByRole('option', { name: /^Heavy A/ }).click();
  await page.getByRole('textbox', { name: 'Killed' }).fill('1');
  await record.getByRole('button', { name: 'Record losses' }).click();
  const heading = page.getByRole('region', { name: 'Explosion' }).getByRole('heading', { name: `Heavy A (${kit}) explodes` });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(record.getByRole('button', { name: 'Record losses' })).toBeDisabled();
  await expect(record.getByTestId('losses-wait')).toBeVisible();
  // nothing within 3": resolved, Record losses is offered again
  await page.getByRole('region', { name: 'Explosion' }).getByRole('button', { name: 'Roll the explosion' }).click();
  await expect(record.getByTestId('losses-wait')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('the paper form: the cryptid and its trophy from the pack, everyone back by default, no credit for a destroyed formation', async ({
  page,
  pageErrors,
}) => {
  await openApp(page, '/campaigns');
  const api = pageApi(page);
  const club = await seedCampaign(api);
  const { pack, campaign, rosters } = club;
  await openApp(page, `/campaigns/${campaign.id}/record`);
  await expect(page.getByRole('heading', { name: 'Record mission 1' })).toBeVisible();
  // the command group's survivors default to its full count (the Captain and its Officers), as every formation's do
  const command = rosters[0]!.officers.filter((o) => !o.postedTo).length + 1;
  await expect(page.getByRole('textbox', { name: /command group: survivors$/i }).first()).toHaveValue(String(command));

  await page.getByLabel('A cryptid appeared').check();
  const creature = pack.cryptids.find((x) => x.class === 'boss') ?? pack.cryptids[0]!;
  await page.getByRole('combobox', { name: 'Which cryptid' }).click();
  await page.getByRole('option', { name: creature.name, exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Cryptid’s starting Wounds' })).toHaveValue(
    String(creature.class === 'boss' ? pack.cryptidRules.bossWounds : pack.cryptidRules.standardWounds),
  );
  await page.getByLabel('Cryptid defeated').check();
  // the trophy is the creature's own, with its effect: no name to type
  const ana = page.getByLabel("Ana's battle");
  await ana.getByRole('checkbox', { name: `Ana claimed the ${creature.trophy.name}` }).check();
  await expect(ana.getByText(creature.trophy.effect).first()).toBeVisible();

  // Ana's first Core squad recorded destroyed: its cryptid Wounds are closed, and Finish refuses them when sent anyway
  const core = rosters[0]!.formations.find((f) => f.slot === 'core')!;
  await page
    .getByRole('textbox', { name: `${core.name}: survivors` })
    .first()
    .fill('0');
  await expect(page.getByRole('textbox', { name: `Ana ${core.name}: cryptid Wounds` })).toBeDisabled();
  await ana.getByRole('combobox', { name: 'Ana: claimed by' }).click();
  await expect(page.getByRole('option', { name: core.name, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const outcome = everyoneSurvives(club);
  outcome.sides[0]!.formations.find((f) => f.formationId === core.id)!.survivors = 0;
  outcome.sides[0]!.formations.find((f) => f.formationId === core.id)!.cryptidWounds = 2;
  outcome.cryptid = { cryptidId: creature.id, startingWounds: 15, defeated: false };
  const refused = await api.call('campaigns.previewFinish', { battleId: crypto.randomUUID(), outcome }).then(
    () => '',
    (e: { message: string }) => e.message,
  );
  expect(refused).toMatch(new RegExp(`^${core.name} is recorded destroyed: a destroyed formation earns no cryptid credit`));
  expect(await axeFindings(page, 'main')).toEqual([]);
  expect(pageErrors).toEqual([]);
});
