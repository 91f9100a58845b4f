// Issue 17 point 6 (DIGEST product decision 2): the playtest report lists every ruling its battles were played
// under that differs from the default, with how many battles.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src-shared/contract/client';
import { withBackend } from '../helpers/backend';
import { seedCampaign, twoMinimalArmies } from '../helpers/battle-seed';
import { playFiveRounds, startCampaignBattle } from '../helpers/crash-harness-seeds';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { pdfText } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';
import { expectFailedStepLeavesFile } from '../helpers/failed-migration';
import { ledgerBeforeStep } from '../helpers/ledger-before-step';

const tmp = useTempDirs();

/** The Rulings panel's edit: a new version of the default pack, which the next standalone game plays by. */
async function setRuling(api: ApiClient, crossoverConsumesTrophies: boolean) {
  const base = await api.call('rulesets.get', {});
  base.pack.options.crossoverConsumesTrophies = crossoverConsumesTrophies;
  await api.call('rulesets.createVersion', { baseVersionId: base.version.id, pack: base.pack, note: 'Trophies in crossover games' });
}

describe.each(DIALECTS)('the playtest report names the rulings its battles used (%s)', (dialect) => {
  it('a ruling changed for one battle of two: named with its count; none changed: none named', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      const text = async () => pdfText(Buffer.from((await api.call('reports.pdf', {})).base64, 'base64')).replace(/\s+/g, ' ');
      const club = await seedCampaign(api);
      const first = await playFiveRounds(api, await startCampaignBattle(api, club), club.pack);
      await api.call('battles.finish', { battleId: first.id, result: 'win' });
      expect(await text()).not.toContain('differing from the default');

      await setRuling(api, true);
      const { pack } = await api.call('rulesets.get', {});
      const armies = await twoMinimalArmies(api, pack, ['Eve', 'Fay']);
      const second = await api.call('battles.start', { mode: 'standalone', rosterIds: [armies[0]!.id, armies[1]!.id], mission: 1 });
      await api.call('battles.finish', { battleId: (await playFiveRounds(api, second, pack)).id, result: 'win' });
      // one report of the two battles, read for both its sections (each PDF is rendered with its charts in the worker)
      const pdf = await text();
      expect(pdf).toContain('Rule options differing from the default: Trophies in crossover games: Spent (1 of 2 battles).');

      // results grouped by the ruling: the battle under it beside the one at the default (issue 17 point 6)
      const { report } = await api.call('reports.run', {});
      expect(report.byRuling).toEqual([expect.objectContaining({ ruling: 'crossoverConsumesTrophies=true', battles: 1, battleIds: [second.id] })]);
      const factions = report.byRuling[0]!.factions;
      expect(factions.reduce((t, f) => t + f.games, 0)).toBe(2);
      expect(factions.reduce((t, f) => t + f.wins, 0)).toBe(1);
      expect(pdf).toContain('Results by ruling');
      expect(pdf).toMatch(
        /Trophies in crossover games: Spent \(1 of 2 battles\) Faction Games under it Win rate under it Games at the default Win rate at the default/,
      );
    });
  });
});

describe('migration 0012: the report learns the rulings of battles played before it', () => {
  it('a ledger from before the step reports its played battles by ruling once opened; a failed step leaves the file as it was', async () => {
    const dir = tmp();
    const battleId = await withBackend(dir, async ({ api }) => {
      await setRuling(api, true);
      const { pack } = await api.call('rulesets.get', {});
      const armies = await twoMinimalArmies(api, pack, ['Eve', 'Fay']);
      const started = await api.call('battles.start', { mode: 'standalone', rosterIds: [armies[0]!.id, armies[1]!.id], mission: 1 });
      await api.call('battles.finish', { battleId: (await playFiveRounds(api, started, pack)).id, result: 'win' });
      return started.id;
    });
    // as the release before step 0012 left it: facts without rulings, no step 0012 or later
    const file = join(dir, 'ledger.sqlite');
    await ledgerBeforeStep(file, '0012_report_rulings');

    await expectFailedStepLeavesFile(file, '0012_report_rulings');

    await withBackend(dir, async ({ api }) => {
      const { report } = await api.call('reports.run', {});
      expect(report.games).toBe(1);
      expect(report.byRuling).toEqual([expect.objectContaining({ ruling: 'crossoverConsumesTrophies=true', battles: 1, battleIds: [battleId] })]);
    });
  });
});
