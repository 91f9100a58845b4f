import type { Locator } from '@playwright/test';
import type { Roster } from '../../src-shared/roster/schema';
import { act, minimalArmy, playOn, playSetup } from '../helpers/battle-seed';
import { expect, openApp, pageApi, test, screenshot } from './fixtures';

const ARABIC = 'ليلى حداد';
const HEBREW = 'אורי כהן';

/**
 * Each piece of a line (the text between names, and each isolated name) where the page lays it out: the start of
 * its first box. In a left-to-right line whose names are isolated, the pieces stand in the order they are written;
 * a right-to-left name that is not isolated pulls the numbers beside it out of that order.
 */
async function piecesInVisualOrder(line: Locator): Promise<{ bdi: number; inOrder: boolean; pieces: string[] }> {
  return line.evaluate((el) => {
    const pieces: { text: string; top: number; left: number }[] = [];
    const walk = (n: Node) => {
      if (n instanceof HTMLElement && (n.tagName === 'BDI' || n.dir === 'auto')) {
        const r = n.getClientRects()[0];
        if (r) pieces.push({ text: n.textContent ?? '', top: r.top, left: r.left });
        return;
      }
      if (n.nodeType === Node.TEXT_NODE) {
        if (!n.textContent?.trim()) return;
        const range = document.createRange();
        range.selectNodeContents(n);
        const r = range.getClientRects()[0];
        if (r) pieces.push({ text: n.textContent, top: r.top, left: r.left });
        return;
      }
      n.childNodes.forEach(walk);
    };
    walk(el);
    // a later piece starts on a later line, or further right on the same one
    const inOrder = pieces.every((p, i) => i === 0 || p.top > pieces[i - 1]!.top + 2 || p.left >= pieces[i - 1]!.left);
    return { bdi: el.querySelectorAll('bdi').length, inOrder, pieces: pieces.map((p) => p.text) };
  });
}

async function expectIsolated(line: Locator, names: string[]) {
  await expect(line).toBeVisible();
  const r = await piecesInVisualOrder(line);
  for (const n of names) expect(r.pieces, `${n} isolated in ${r.pieces.join('|')}`).toContain(n);
  expect(r.bdi).toBeGreaterThanOrEqual(names.length);
  expect(r.inOrder, r.pieces.join('|')).toBe(true);
}

/**
 * Issue 34 item 4: "A name written right to left reorders the lines it stands in: 'ليلى حداد 8 – 5 王小明' shows as
 * 'Score: 5 – 8 ليلى حداد 王小明'." The score, token counts, VP line, record lines and list rows with an Arabic and a
 * Hebrew name: each name isolated in the DOM, and each line's pieces laid out in the order they are written.
 */
test('Arabic and Hebrew names keep the score, token counts, VP, record lines and list rows in order', async ({ page, pageErrors }) => {
  test.setTimeout(120_000);
  await openApp(page, '/play');
  const api = pageApi(page);
  const { version, pack } = await api.call('rulesets.get', {});
  const a = await api.call('players.create', { name: ARABIC });
  const h = await api.call('players.create', { name: HEBREW });
  const [fa, fb] = [pack.factions[0]!.id, pack.factions[1]!.id];
  const campaign = await api.call('campaigns.create', {
    rulesetVersionId: version.id,
    seats: [
      { playerId: a.id, factionId: fa },
      { playerId: h.id, factionId: fb },
    ],
  });
  const rosters: Roster[] = [];
  for (const [p, f, name] of [
    [a.id, fa, 'جيش الرماد'],
    [h.id, fb, 'להקת הברזל'],
  ] as const) {
    const created = await api.call('rosters.create', { name, playerId: p, factionId: f, mode: 'campaign', campaignId: campaign.id });
    rosters.push((await api.call('rosters.save', { roster: minimalArmy(created.roster, pack) })).roster);
  }
  let b = await api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
  b = await playSetup(api, b, pack);
  b = await act(api, b.id, { kind: 'record', body: { kind: 'mutant.kill', objective: 0, side: 'A', count: 2 } });
  // round 1 to its end, objective 1 held by the Arabic name's side, so the score has VP; then round 2 begins its bag
  b = await playOn(api, b, pack, (s) => s.round >= 2 && s.phase === 'activations', 'A');

  await openApp(page, `/play/battle/${b.id}`);
  // the score: "Score: ليلى حداد 3 – 0 אורי כהן"
  await expectIsolated(page.getByRole('region', { name: 'Score' }).getByRole('heading').first(), [ARABIC, HEBREW]);
  await expectIsolated(page.getByRole('region', { name: 'Score' }).getByText(/^Figures are/), [ARABIC, HEBREW]);
  // the bag's token counts: "9 tokens left (ليلى حداد 4, אורי כהן 4, mutants 1)"
  await expectIsolated(page.getByTestId('tokens-left'), [ARABIC, HEBREW]);
  // record lines naming a player: "2 mutants at objective 1 killed by ليلى حداد …"
  const record = page.getByRole('region', { name: 'Record entries, newest first' });
  const kill = record.getByRole('listitem').filter({ hasText: 'killed by' }).first();
  await expectIsolated(kill.locator('span').nth(1), [ARABIC]);
  await screenshot(page, { path: 'test/artifacts/bidi-play.png', fullPage: true });

  // list rows: Play's battles in progress, the Campaigns dashboard, the Builder's rosters
  await openApp(page, '/play');
  await expectIsolated(page.getByText(/ v .*round/).first(), [ARABIC, HEBREW]);
  await openApp(page, '/campaigns');
  const row = page.getByRole('table', { name: 'Campaigns' }).getByRole('row').nth(1);
  await expect(row.locator('bdi').filter({ hasText: ARABIC })).toHaveCount(1);
  await expect(row.locator('bdi').filter({ hasText: HEBREW })).toHaveCount(1);
  await openApp(page, '/builder');
  await expect(page.getByRole('cell', { name: ARABIC, exact: true })).toHaveAttribute('dir', 'auto');
  await expectIsolated(page.getByRole('cell', { name: /^Campaign: / }).first(), [`${ARABIC} vs ${HEBREW}`]);
  expect(pageErrors).toEqual([]);
});
