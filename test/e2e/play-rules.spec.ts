import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import type { BattleOutcome } from '../../src-shared/battle/outcome';
import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { seedCampaign } from '../helpers/battle-seed';
import { expect, openApp, pageApi, test, axeFindings } from './fixtures';

const act = async (api: ApiClient, battleId: string, intent: BattleIntentInput) =>
  (await api.call('battles.act', { battleId, clientEventId: crypto.randomUUID(), intent })).battle;

/** Scenario, terrain, deployment roll-off and deployment, as the setup buttons record them. */
async function playSetup(api: ApiClient, b: BattleDetail, provinceId: string): Promise<BattleDetail> {
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId, campaignGame: b.mission } });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
  b = await act(api, b.id, { kind: 'deployment-rolloff' });
  return act(api, b.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
}

/** Mission 1 recorded on paper: every formation of both armies has survivors, so each gains its first service mark (Rank I). */
function everyoneSurvives(club: Awaited<ReturnType<typeof seedCampaign>>): BattleOutcome {
  const side = (i: 0 | 1, result: 'win' | 'loss') => ({
    playerId: club.players[i].id,
    rosterId: club.rosters[i]!.id,
    result,
    mutantKills: 0,
    victoryPoints: 0,
    formations: club.rosters[i]!.formations.map((f) => ({
      formationId: f.id,
      name: f.name,
      slot: f.slot,
      startingModels: f.fighters.length,
      survivors: f.fighters.length,
      retreated: 0,
      cryptidWounds: 0,
    })),
    trophies: [],
    veteranSixesSpent: 0,
    cryptidDiceSpent: [],
  });
  return { mode: 'campaign', campaignId: club.campaign.id, mission: 1, mutantsInScenario: 9, cryptid: null, sides: [side(0, 'win'), side(1, 'loss')] };
}

/**
 * Issue #16: the Field Manual's rules that Play Mode applies at the moment they
 * apply, played through the round screen.
 */

async function choose(page: Page, label: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A campaign at mission 2 whose formations all reached Rank I in mission 1, and its battle at round 1. */
async function missionTwoBattle(page: Page) {
  const api = pageApi(page);
  const club = await seedCampaign(api);
  await api.call('campaigns.finishMission', { battleId: crypto.randomUUID(), outcome: everyoneSurvives(club) });
  const b = await api.call('battles.start', { mode: 'campaign', campaignId: club.campaign.id, rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id] });
  return { api, club, battle: await playSetup(api, b, club.pack.provinces[0]!.id) };
}

test('Veteran Sixes per battle: a Rank I formation uses its one, the Use button goes, and the backend refuses another [000 §11]', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  mkdirSync('test/artifacts', { recursive: true });
  await openApp(page, '/play');
  const { api, club, battle } = await missionTwoBattle(page);
  await openApp(page, `/play/battle/${battle.id}`);
  await expect(page.getByRole('status', { name: 'Where the battle stands' })).toContainText('Round 1 of 5');
  await expect(page.getByRole('region', { name: 'Campaign dice' })).toContainText('Line 1 1 of 1');

  const record = page.getByRole('region', { name: 'Record' });
  await record.getByRole('tab', { name: 'Gambits & more' }).click();
  await choose(page, 'Formation', /Line 1/);
  const six = record.getByRole('group', { name: 'Veteran Six' });
  await expect(six.getByTestId('veteran-sixes-left')).toHaveText(/Line 1: 1 Veteran Six left this battle \(0 spent\)/);
  await six.getByRole('radiogroup', { name: 'Pool the Veteran Six is for' }).getByText('Save').click();
  await six.getByRole('button', { name: 'Use a Veteran Six' }).click();
  await expect(page.getByRole('region', { name: 'Battle record' })).toContainText('Line 1 spends a Veteran Six on a save roll');

  // none left: the button is gone and the reason is shown, in the next activation as in this one
  await expect(six.getByTestId('veteran-sixes-left')).toHaveText(/0 Veteran Sixes left this battle \(1 spent\)/);
  await expect(six.getByRole('button', { name: 'Use a Veteran Six' })).toHaveCount(0);
  await expect(six.getByTestId('veteran-six-refusal')).toContainText('has spent all 1 Veteran Six its rank gives for this battle');
  await expect(page.getByRole('region', { name: 'Campaign dice' })).toContainText('Line 1 0 of 1');
  await page.screenshot({ path: 'test/artifacts/play-veteran-sixes.png', fullPage: true });

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
  expect(pageErrors).toEqual([]);
});
