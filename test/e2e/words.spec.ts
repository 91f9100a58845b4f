import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { firstInternalKey, internalKeyPattern } from '../helpers/internal-keys';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { foldEvents } from '../../src-shared/battle/reducer';
import { battleRules } from '../../src-shared/battle/rules-of-pack';
import { abilitiesAndReserveBattle } from '../helpers/battle-seed';
import { seedPlayedClub } from '../helpers/played-club';
import { openApp, pageApi, test, expect } from './fixtures';

const act = async (api: ApiClient, battleId: string, intent: BattleIntentInput) =>
  (await api.call('battles.act', { battleId, clientEventId: crypto.randomUUID(), intent })).battle;

function pdfToText(base64: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-words-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, Buffer.from(base64, 'base64'));
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 15: 'A squad that won a trophy appears as fa0ff6ab-… in Play Mode, the Journal, the campaign summary PDF
 * and campaign show; the record says "province ashen-moors", "hold-fast"…'. A campaign with a roster, a finished
 * mission with a trophy and a Cryptid Die, then every section and every document: no UUID, pack id or code key
 * in what a player reads.
 */
test('every section and every document speaks in names, never ids or keys', async ({ page, pageErrors }) => {
  // thirteen screens and five documents, each waited on until its data has arrived
  test.setTimeout(180_000);
  await openApp(page);
  const api = pageApi(page);
  // a roster breaking a rule (the Builder and the draft army sheet word a violation), a finished mission with a trophy
  const {
    pack,
    campaign: c,
    roster,
  } = await seedPlayedClub(api, {
    players: ['Ada Lovell', 'Bram Stoke'],
    rosterName: 'Lantern Vigil',
    battleId: 'words-m1',
    trophy: true,
  });

  const keys = internalKeyPattern(pack);
  const problems: string[] = [];
  const check = (where: string, text: string) => {
    // a folder path (Settings shows the data folder, a random temporary name here) is the organiser's, not a key
    const found = firstInternalKey(keys, text.replace(/(?:\/[\w.-]+){2,}/g, '<path>'));
    if (found) problems.push(`${where}: ${found}`);
    // the team's digest is cited in code; a player reads the Field Manual's sections and the rulings' names
    if (/DIGEST/.test(text)) problems.push(`${where}: cites the digest: ${/[^\n]*DIGEST[^\n]*/.exec(text)![0].trim()}`);
  };

  for (const route of [
    '/',
    '/campaigns',
    `/campaigns/${c.id}/record`,
    '/players',
    `/players/${roster.playerId}`,
    '/builder',
    `/builder/${roster.id}`,
    '/play',
    '/play/odds',
    `/journal/${c.id}`,
    '/journal',
    '/armoury?v=1',
    '/bestiary?v=1',
    '/reports',
    '/settings',
  ]) {
    await openApp(page, route);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    check(route, await page.locator('main').innerText());
  }

  const docs: [string, string, unknown][] = [
    ['crib sheet', 'print.cribSheet', { campaignId: c.id }],
    ['briefing', 'print.briefing', { mission: 1, campaignId: c.id }],
    ['campaign summary', 'print.campaignSummary', { campaignId: c.id }],
    ['army sheet', 'print.rosterPdf', { id: roster.id, draft: true }],
    ['playtest report', 'reports.pdf', {}],
  ];
  for (const [name, channel, input] of docs) check(name, pdfToText(((await api.call(channel as never, input as never)) as { base64: string }).base64));

  expect(problems).toEqual([]);
  expect(pageErrors).toEqual([]);
});

/**
 * Issue 15: 'the record says "province ashen-moors", "hold-fast", "declares sins-of-greed" … "Roll-off: 6–5"
 * doesn't say whose roll is whose'. A live battle whose record holds every kind of line that named a key
 * (scenario, roll-offs, Captain abilities, orders, a Field Gambit, the cryptid, its behaviour, Wounds to it, VP by
 * source), its round screen and its battle report: no id or key in what a player reads, and the roll-offs name
 * whose roll is whose.
 */
test('a live battle page and its battle report speak in names, never ids or keys', async ({ page, pageErrors }) => {
  test.setTimeout(120_000);
  await openApp(page, '/play');
  const api = pageApi(page);
  const { pack } = (await api.call('rulesets.get', {})) as { pack: RulesetPack };
  const { battle, rosters } = await abilitiesAndReserveBattle(api, pack, 'words');
  const state = (d: BattleDetail) => foldEvents(d.setup, battleRules(pack, d.options), d.log);
  const [kit, lev] = rosters;
  let b = await act(api, battle.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
  b = await act(api, b.id, { kind: 'deployment-rolloff' });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
  b = await act(api, b.id, { kind: 'ability', side: 'A', abilityId: 'iron-edict' });
  b = await act(api, b.id, {
    kind: 'record',
    body: { kind: 'command.order', side: 'B', orderId: pack.orders[0]!.id, formationId: lev!.formations[0]!.id, reach: { relay: [], links: [6] } },
  });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'gambit', side: 'A', gambitId: pack.gambits.find((g) => g.id !== 'overcharge')!.id } });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'mutant.kill', objective: 0, side: 'A', count: 2 } });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'record.vp', side: 'B', amount: 3, source: 'relic' } });
  while (state(b).phase === 'activations') {
    b = await act(api, b.id, { kind: 'draw' });
    const turn = BagActivation.turn(state(b).activation as BagState);
    if (turn.kind === 'choose') b = await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: turn.eligible[0]! } });
  }
  b = await act(api, b.id, { kind: 'end-round', holders: [null, null, null] });
  // round 2: Mission 3's cryptid arrives, acts, and takes more Wounds than it has
  b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
  b = await act(api, b.id, { kind: 'resolve-event' });
  b = await act(api, b.id, { kind: 'cryptid-act', engaged: false });
  const left = state(b).cryptid!.remaining;
  b = await act(api, b.id, {
    kind: 'record',
    body: { kind: 'cryptid.wound', side: 'A', formationId: kit!.formations[0]!.id, attack: 'ranged', amount: left + 2 },
  });

  const keys = internalKeyPattern(pack);
  const problems: string[] = [];
  const check = (where: string, text: string) => {
    const found = firstInternalKey(keys, text);
    if (found) problems.push(`${where}: ${found}`);
    if (/DIGEST/.test(text)) problems.push(`${where}: cites the digest: ${/[^\n]*DIGEST[^\n]*/.exec(text)![0].trim()}`);
  };
  await openApp(page, `/play/battle/${b.id}`);
  const record = page.getByRole('region', { name: 'Battle record' });
  await expect(record).toContainText('Scenario chosen (province: ');
  await expect(record).toContainText(`Deployment roll-off (Kit words `);
  await expect(record).toContainText(`Kit words declares Iron Edict`);
  await expect(record).toContainText(`Lev words: ${pack.orders[0]!.name} to Line 1`);
  await expect(record).toContainText(`only ${left} left to take`);
  check('battle page', await page.locator('main').innerText());
  check('battle report', pdfToText(((await api.call('print.battleReport', { battleId: b.id })) as { base64: string }).base64));
  expect(problems).toEqual([]);
  expect(pageErrors).toEqual([]);
});
