import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addFormation, recruitCommandGroup } from '../../src-shared/roster/edit';
import type { Roster } from '../../src-shared/roster/schema';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { firstInternalKey, internalKeyPattern } from '../helpers/internal-keys';
import type { BattleOutcome } from '../../src-shared/battle/outcome';
import { tableFormations } from '../../src-shared/battle/roster-formations';
import { openApp, pageApi, test, expect } from './fixtures';

function pdfToText(base64: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'aoa-words-')), 'doc.pdf');
  writeFileSync(file, Buffer.from(base64, 'base64'));
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
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
  const { pack } = (await api.call('rulesets.get', {})) as { pack: RulesetPack };
  const a = await api.call('players.create', { name: 'Ada Lovell' });
  const b = await api.call('players.create', { name: 'Bram Stoke' });
  const campaign = await api.call('campaigns.create', {
    rulesetVersionId: 1,
    seats: [
      { playerId: a.id, factionId: 'penitent-concord' },
      { playerId: b.id, factionId: 'scattered' },
    ],
  } as never);
  const c = campaign as unknown as { id: string; name: string };
  const created = (await api.call('rosters.create', {
    name: 'Lantern Vigil',
    playerId: a.id,
    factionId: 'penitent-concord',
    mode: 'campaign',
    campaignId: c.id,
  })) as {
    roster: Roster;
  };
  let roster = recruitCommandGroup(created.roster, pack);
  // a third Elite squad breaks a rule, so the Builder and the draft army sheet have a violation to word
  roster = addFormation(addFormation(roster, pack, 'core'), pack, 'core');
  for (let i = 0; i < 3; i++) roster = addFormation(roster, pack, 'elite');
  await api.call('rosters.save', { roster });
  const [core] = roster.formations;
  const side = (playerId: string, result: 'win' | 'loss', formations: BattleOutcome['sides'][number]['formations']) => ({
    playerId,
    rosterId: null as string | null,
    result,
    mutantKills: 2,
    victoryPoints: 3,
    formations,
    trophies: [] as BattleOutcome['sides'][number]['trophies'],
    veteranSixesSpent: 0,
    cryptidDiceSpent: [],
    bankedTrophiesUsed: [],
  });
  const o: BattleOutcome = {
    mode: 'campaign',
    campaignId: c.id,
    mission: 1,
    mutantsInScenario: 9,
    cryptid: { cryptidId: 'nuckelavee', startingWounds: 20, defeated: true },
    sides: [
      side(
        a.id,
        'win',
        tableFormations(roster).map((f) => ({
          formationId: f.id,
          name: f.name,
          slot: f.slot,
          startingModels: f.models,
          survivors: f.models,
          retreated: 0,
          cryptidWounds: f.id === core!.id ? 11 : 0,
        })),
      ),
      side(b.id, 'loss', [{ formationId: 'b-core-1', name: 'Core squad 1', slot: 'core', startingModels: 3, survivors: 1, retreated: 0, cryptidWounds: 0 }]),
    ],
  };
  o.sides[0]!.rosterId = roster.id;
  o.sides[0]!.trophies = [
    { cryptidId: 'nuckelavee', trophyId: 'nuckelavee-trophy', trophyName: 'Salt-crusted Heart', formationId: core!.id, disposition: 'banked' },
  ];
  await api.call('campaigns.finishMission', { battleId: 'words-m1', outcome: o });

  const keys = internalKeyPattern(pack);
  const problems: string[] = [];
  const check = (where: string, text: string) => {
    // a folder path (Settings shows the data folder, a random temporary name here) is the organiser's, not a key
    const found = firstInternalKey(keys, text.replace(/(?:\/[\w.-]+){2,}/g, '<path>'));
    if (found) problems.push(`${where}: ${found}`);
  };

  for (const route of [
    '/',
    '/campaigns',
    `/campaigns/${c.id}/record`,
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
