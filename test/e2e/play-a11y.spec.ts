import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { foldEvents } from '../../src-shared/battle/reducer';
import { battleRules } from '../../src-shared/battle/rules-of-pack';
import { abilitiesAndReserveBattle } from '../helpers/battle-seed';
import { axeFindings, choose, expect, openApp, pageApi, test, capture } from './fixtures';

/**
 * Issue 15's acceptance: "an accessibility scan (axe, all rules including colour contrast, light and dark theme) in
 * every state of the battle flow: set-up, command phase with abilities, each kind of bag draw, cryptid step, round
 * end, finish … Zero violations." One battle per theme, stepped through the backend and looked at in the page at
 * each state (and the odds drawer with its dice rolled); every axe rule, every impact.
 */

const act = async (api: ApiClient, battleId: string, intent: BattleIntentInput) =>
  (await api.call('battles.act', { battleId, clientEventId: crypto.randomUUID(), intent })).battle;

/** Every axe violation in a region of the page (main unless told; all rules, all impacts), as readable lines. */
const violations = (page: Page, include = 'main') => axeFindings(page, include, { every: true });

for (const theme of ['light', 'dark'] as const) {
  test(`Play Mode in the ${theme} theme: no axe violation in any state of the battle flow`, async ({ page, pageErrors }) => {
    test.setTimeout(240_000);
    page.setDefaultTimeout(15_000);
    mkdirSync('test/artifacts', { recursive: true });
    await openApp(page, '/play');
    const api = pageApi(page);
    await api.call('settings.update', { theme });
    const { pack } = await api.call('rulesets.get', {});
    const suffix = Math.random().toString(36).slice(2, 7);
    const { battle, patrolId, rosters } = await abilitiesAndReserveBattle(api, pack, suffix);
    const state = (d: BattleDetail) => foldEvents(d.setup, battleRules(pack, d.options), d.log);
    const found: string[] = [];

    /** Opens the battle as it now stands, checks the theme is the one asked for, and scans the page. */
    const scan = async (what: string, ready: (p: Page) => Promise<void>) => {
      await openApp(page, `/play/battle/${battle.id}`);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await ready(page);
      const findings = await violations(page);
      for (const v of findings) found.push(`${what}: ${v}`);
      if (findings.length || process.env.AOA_E2E_SCREENSHOTS) await shot(what);
    };
    /** The page as scanned, kept where a scan found something (AOA_E2E_SCREENSHOTS=1: every state, for a look at them all). */
    const shot = (what: string) => capture(page, { path: `test/artifacts/play-a11y-${theme}-${what.replace(/\W+/g, '-')}.png`, fullPage: true });
    const region = (name: string) => async (p: Page) => {
      await expect(p.getByRole('region', { name, exact: true })).toBeVisible();
    };

    /** Draws (activating the first formation offered meanwhile, the reserve patrol last) until a draw asks for what `wanted` accepts. */
    type Choose = { owner: unknown; eligible: readonly string[] };
    const drawUntil = async (b: BattleDetail, wanted: (t: Choose) => boolean): Promise<{ b: BattleDetail; found: boolean; turn?: Choose }> => {
      while (state(b).phase === 'activations') {
        // a choice already waiting (the one just scanned) is taken before the next draw
        if (BagActivation.turn(state(b).activation as BagState).kind === 'draw') {
          b = await act(api, b.id, { kind: 'draw' });
          const drawn = BagActivation.turn(state(b).activation as BagState);
          if (drawn.kind === 'choose' && wanted(drawn)) return { b, found: true, turn: drawn };
        }
        const turn = BagActivation.turn(state(b).activation as BagState);
        if (turn.kind !== 'choose') continue;
        b = await act(api, b.id, {
          kind: 'record',
          body: { kind: 'bag.activate', formationId: turn.eligible.find((id) => id !== patrolId) ?? turn.eligible[0]! },
        });
      }
      return { b, found: false };
    };
    const finishActivations = async (b: BattleDetail) => (await drawUntil(b, () => false)).b;

    // set-up
    await scan('set-up', region('Setup'));
    let b = await act(api, battle.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
    b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
    b = await act(api, b.id, { kind: 'deployment-rolloff' });
    b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [patrolId], B: [] } } });

    // the Command Phase, both Captains' abilities offered
    await scan('command phase', async (p) => {
      await expect(p.getByRole('button', { name: 'Declare Iron Edict' })).toBeVisible();
      await expect(p.getByRole('button', { name: 'Declare Sins of Greed' })).toBeVisible();
    });
    // the odds drawer over it, its dice rolled (each face a filled square with its number)
    await page.getByRole('button', { name: 'Attack odds' }).click();
    const drawer = page.getByRole('dialog', { name: 'Attack odds' });
    // the odds are of someone's attack: an attacker first
    await choose(page, 'Attacker', /./);
    await drawer.getByRole('button', { name: 'Roll the dice' }).click();
    await expect(drawer.getByRole('table', { name: 'Dice rolled' })).toBeVisible();
    for (const v of await violations(page, '[role="dialog"]')) found.push(`odds drawer: ${v}`);
    b = await act(api, b.id, { kind: 'ability', side: 'A', abilityId: 'iron-edict' });
    b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });

    // a player's token and a mutant token, in the order the bag gives them: the first draw of the round is either,
    // and the other kind is then still in the bag (the draws are the backend's dice, not a script)
    const draws = {
      own: { is: (t: Choose) => t.owner !== 'neutral', name: 'own formation drawn', ready: region('Activation bag') },
      mutant: {
        is: (t: Choose) => t.owner === 'neutral',
        name: 'mutant patrol drawn',
        ready: async (p: Page) => {
          await expect(p.getByRole('group', { name: 'Formations to activate' }).getByRole('button').first()).toBeVisible();
        },
      },
    };
    let r = await drawUntil(b, () => true);
    expect(r.found).toBe(true);
    const [first, second] = draws.mutant.is(r.turn!) ? [draws.mutant, draws.own] : [draws.own, draws.mutant];
    await scan(first.name, first.ready);
    b = await act(api, r.b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: r.turn!.eligible[0]! } });
    r = await drawUntil(b, second.is);
    expect(r.found).toBe(true);
    await scan(second.name, second.ready);
    b = await finishActivations(r.b);

    // the end of round 1
    await scan('round end', region('End of round'));
    b = await act(api, b.id, { kind: 'end-round', holders: [null, null, null] });

    // round 2: the event brings the cryptid, which acts before the bag
    b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
    b = await act(api, b.id, { kind: 'resolve-event' });
    await scan('cryptid step', async (p) => {
      await expect(p.getByRole('region', { name: 'Cryptid', exact: true }).getByRole('button', { name: 'Roll its target and behaviour' })).toBeVisible();
    });
    b = await act(api, b.id, { kind: 'cryptid-act', engaged: false });

    // Kit's token with the reserve patrol among the choices, and its Uncloak reminder once it activates
    r = await drawUntil(b, (t) => t.eligible.includes(patrolId));
    expect(r.found).toBe(true);
    await scan('reserve patrol drawn', async (p) => {
      await expect(p.getByRole('button', { name: /^Border Patrol\s?:.*in reserve/ })).toBeVisible();
    });
    b = await act(api, r.b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: patrolId } });
    await scan('uncloak reminder', async (p) => {
      await expect(p.getByTestId('uncloak-reminder')).toContainText('Border Patrol is still in reserve');
    });
    b = await finishActivations(b);

    // the rounds to the last, then the finish
    while (state(b).phase !== 'over') {
      if (state(b).phase === 'end-of-round') b = await act(api, b.id, { kind: 'end-round', holders: [null, null, null] });
      if (state(b).phase === 'command') b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
      if (state(b).phase === 'event') b = await act(api, b.id, { kind: 'resolve-event' });
      if (state(b).phase === 'cryptid') b = await act(api, b.id, { kind: 'cryptid-act', engaged: state(b).cryptid?.engaged ?? false });
      b = await finishActivations(b);
    }
    await scan('finish', region('Finish the battle'));

    // the alternating-activations module (non-standard): its choices are the same formation buttons
    let alt = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], altActivationModule: true });
    alt = await act(api, alt.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
    alt = await act(api, alt.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
    alt = await act(api, alt.id, { kind: 'deployment-rolloff' });
    alt = await act(api, alt.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
    alt = await act(api, alt.id, { kind: 'record', body: { kind: 'command.done' } });
    await openApp(page, `/play/battle/${alt.id}`);
    await expect(
      page
        .getByRole('region', { name: 'Alternating activations' })
        .getByRole('button', { name: /^Activate / })
        .first(),
    ).toBeVisible();
    const alternating = await violations(page);
    for (const v of alternating) found.push(`alternating activations: ${v}`);
    if (alternating.length || process.env.AOA_E2E_SCREENSHOTS) await shot('alternating');

    expect(found).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
}
