import { mkdirSync } from 'node:fs';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { foldEvents } from '../../src-shared/battle/reducer';
import { battleRules } from '../../src-shared/battle/rules-of-pack';
import { abilitiesAndReserveBattle } from '../helpers/battle-seed';
import { choose, expect, openApp, pageApi, test, screenshot } from './fixtures';
import { truncated } from './layout-checks';

const act = async (api: ApiClient, battleId: string, intent: BattleIntentInput) =>
  (await api.call('battles.act', { battleId, clientEventId: crypto.randomUUID(), intent })).battle;

/** Play Mode clips its text inside buttons and badges (Mantine's label spans), in the score table's cells, and in a card too narrow for its content. */
const PLAY_MORE = ', main .mantine-Button-label, main .mantine-Badge-label, main td, main section';

/**
 * Issue 15: "When a token is drawn, the formation buttons are … cut off, and the three mutant buttons all read
 * 'the mutant patrol at obj…'" and "Play Mode's score table is clipped" at 1024×700. The round screen at both
 * sizes, in the Command Phase (both Captains' abilities offered) and with a mutant token and a player's token
 * drawn: a screenshot of each, and no label, button, badge or cell cut off.
 */
for (const [width, height] of [
  [1024, 700],
  [1400, 900],
] as const) {
  test(`Play Mode at ${width}×${height}: no label is cut off, the bag's choices read apart`, async ({ page, pageErrors }) => {
    test.setTimeout(120_000);
    page.setDefaultTimeout(15_000);
    mkdirSync('test/artifacts', { recursive: true });
    await page.setViewportSize({ width, height });
    await openApp(page, '/play');
    const api = pageApi(page);
    const { pack } = await api.call('rulesets.get', {});
    const { battle, patrolId } = await abilitiesAndReserveBattle(api, pack, `${width}`);
    const state = (d: BattleDetail) => foldEvents(d.setup, battleRules(pack, d.options), d.log);
    let b = await act(api, battle.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
    b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
    b = await act(api, b.id, { kind: 'deployment-rolloff' });
    b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [patrolId], B: [] } } });
    const problems: string[] = [];
    const look = async (what: string) => {
      await openApp(page, `/play/battle/${b.id}`);
      await expect(page.getByRole('status', { name: 'Where the battle stands' })).toBeVisible();
      await screenshot(page, { path: `test/artifacts/play-${what}-${width}x${height}.png`, fullPage: true });
      for (const t of await truncated(page, PLAY_MORE)) problems.push(`${what}: ${t}`);
    };

    await look('command');
    await expect(page.getByRole('button', { name: 'Declare Iron Edict' })).toBeVisible();
    b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });

    // the first mutant token and the first player's token of round 1, each looked at while its choice waits
    const seen = new Set<string>();
    while (state(b).phase === 'activations' && seen.size < 2) {
      b = await act(api, b.id, { kind: 'draw' });
      const turn = BagActivation.turn(state(b).activation as BagState);
      if (turn.kind !== 'choose') continue;
      const kind = turn.owner === 'neutral' ? 'mutants' : 'player';
      if (!seen.has(kind)) {
        seen.add(kind);
        await look(`bag-${kind}`);
        const choices = page.getByRole('group', { name: 'Formations to activate' }).getByRole('button');
        const names = await choices.allInnerTexts();
        // every choice reads differently (the three patrols too)
        expect(new Set(names).size).toBe(names.length);
      }
      b = await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: turn.eligible[0]! } });
    }
    expect(seen.size).toBe(2);
    expect(problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
}

// Issue 15: "In the odds drawer's dice roller the Hit dice show no number (a 26 px badge with 24 px of padding)."
test('the odds drawer at 1024×700: every die rolled shows its number', async ({ page, pageErrors }) => {
  test.setTimeout(90_000);
  page.setDefaultTimeout(15_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, '/play');
  const api = pageApi(page);
  const { pack } = await api.call('rulesets.get', {});
  const { battle } = await abilitiesAndReserveBattle(api, pack, 'dice');
  let b = await act(api, battle.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
  b = await act(api, b.id, { kind: 'deployment-rolloff' });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
  await openApp(page, `/play/battle/${b.id}`);
  await page.getByRole('button', { name: 'Attack odds' }).click();
  const drawer = page.getByRole('dialog', { name: 'Attack odds' });
  // the odds are of someone's attack: an attacker first
  await choose(page, 'Attacker', /./);
  await drawer.getByRole('button', { name: 'Roll the dice' }).click();
  const dice = drawer.getByRole('table', { name: 'Dice rolled' });
  await expect(dice.getByRole('row').nth(1)).toBeVisible();
  await screenshot(page, { path: 'test/artifacts/play-odds-drawer-1024x700.png' });
  await screenshot(dice, { path: 'test/artifacts/play-odds-drawer-dice-1024x700.png' });
  // nothing in the drawer cut off either (a field's value included: the Rule of Cool select read "non")
  expect(await truncated(page, ', [role="dialog"] input, [role="dialog"] label, [role="dialog"] .mantine-Badge-label')).toEqual([]);
  // each face badge: a number, drawn whole inside its badge
  const faces = await dice.locator('.mantine-Badge-root').evaluateAll((badges) =>
    badges.map((badge) => {
      const label = badge.querySelector<HTMLElement>('.mantine-Badge-label')!;
      return { text: label.innerText.trim(), clipped: label.scrollWidth > label.clientWidth + 1 || label.clientWidth < 6 };
    }),
  );
  expect(faces.length).toBeGreaterThan(0);
  for (const f of faces) expect(f, JSON.stringify(f)).toEqual({ text: expect.stringMatching(/^[1-6]$/), clipped: false });
  expect(pageErrors).toEqual([]);
});
