// Issue 17 point 6 (DIGEST product decision 2): the playtest report lists every ruling its battles were played
// under that differs from the default, with how many battles.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src-shared/contract/client';
import { withBackend } from '../helpers/backend';
import { seedCampaign, twoMinimalArmies } from '../helpers/battle-seed';
import { playFiveRounds, startCampaignBattle } from '../helpers/crash-harness-seeds';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { pdfText } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';

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
      expect(await text()).toContain('Rule options differing from the default: Trophies in crossover games: Spent (1 of 2 battles).');
    });
  });
});
