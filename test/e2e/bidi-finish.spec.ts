import { foldEvents } from '../../src-shared/battle/reducer';
import { battleRules } from '../../src-shared/battle/rules-of-pack';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { playOn, playSetup, seedCampaign } from '../helpers/battle-seed';
import { expect, openApp, pageApi, test } from './fixtures';

// names of this test's own: one player per name in the ledger the tests share
const ARABIC = 'سارة منصور';
const HEBREW = 'נועה לוי';

/**
 * Issue 34 item 4: the Finish panel's result choice names each player ("<name> wins"); a right-to-left name is isolated
 * so "wins" stays after it, and the choice still chooses.
 */
test('the Finish panel’s result choice isolates each player’s name', async ({ page, pageErrors }) => {
  test.setTimeout(120_000);
  await openApp(page, '/play');
  const api = pageApi(page);
  const club = await seedCampaign(api);
  await api.call('players.update', { id: club.players[0].id, name: ARABIC });
  await api.call('players.update', { id: club.players[1].id, name: HEBREW });
  const started = await api.call('battles.start', { mode: 'campaign', campaignId: club.campaign.id, rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id] });
  // all five rounds, every token drawn, no objective held [000 §13: the battle ends after round five]
  const state = (d: BattleDetail) => foldEvents(d.setup, battleRules(club.pack, d.options), d.log);
  let b = await playSetup(api, started, club.pack);
  b = await playOn(api, b, club.pack, () => false);
  expect(state(b).phase).toBe('over');

  await openApp(page, `/play/battle/${b.id}`);
  const finish = page.getByRole('region', { name: 'Finish the battle' });
  const result = finish.getByRole('radiogroup', { name: 'Result' });
  for (const name of [ARABIC, HEBREW]) {
    const option = result.getByRole('radio', { name: `${name} wins` });
    await expect(option).toBeAttached();
    // the name is a <bdi> of its own, and "wins" is the text after it, laid out to its right
    const parts = await result.evaluate((el, n) => {
      const bdi = [...el.querySelectorAll('bdi')].find((x) => x.textContent === n);
      if (!bdi) return null;
      const range = document.createRange();
      range.setStartAfter(bdi);
      range.setEndAfter(bdi.parentElement!.lastChild!);
      return { after: range.toString(), bdiRight: bdi.getBoundingClientRect().right, restLeft: range.getBoundingClientRect().left };
    }, name);
    expect(parts, `${name} isolated`).not.toBeNull();
    expect(parts!.after.trim()).toBe('wins');
    expect(parts!.restLeft).toBeGreaterThanOrEqual(parts!.bdiRight - 1);
  }
  await result.getByText('wins').last().click();
  await expect(result.getByRole('radio', { name: `${HEBREW} wins` })).toBeChecked();
  expect(pageErrors).toEqual([]);
});
