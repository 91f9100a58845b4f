import { describe, expect, it } from 'vitest';
import { withBackend } from '../helpers/backend';
import { abilitiesAndReserveBattle } from '../helpers/battle-seed';
import { playFiveRounds } from '../helpers/crash-harness-seeds';
import { useTempDirs } from '../helpers/tmp';
import { ledgerPlace } from '../helpers/dialects';

const tempDir = useTempDirs();

/** Issue 15: Play Mode's Finish panel headed a standalone game's reward cards with the players' ids. */
describe('the finish preview of a game outside a campaign', () => {
  it('names both players, never their ids', async () => {
    await withBackend(await ledgerPlace('sqlite', tempDir()), async ({ api }) => {
      const { pack } = await api.call('rulesets.get', {});
      const { battle } = await abilitiesAndReserveBattle(api, pack, 'names');
      const b = await playFiveRounds(api, battle, pack);
      const { preview } = await api.call('battles.previewFinish', { battleId: b.id, result: 'draw' });
      expect(preview.recordsToCampaign).toBe(false);
      expect(preview.players.map((p) => p.playerName)).toEqual(['Kit names', 'Lev names']);
    });
  });
});
