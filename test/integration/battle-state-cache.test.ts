import { describe, expect, it } from 'vitest';
import { actOnBattle } from '../../src-main/backend/battles/battles';
import { battleState } from '../../src-main/backend/battles/battle-state';
import { ledgerChanged } from '../../src-main/backend/ledger-caches';
import { testBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { useTempDirs } from '../helpers/tmp';

const tempDir = useTempDirs();

/**
 * Recording an event changes the kept folded state in place instead of
 * replaying the record. These check that what is kept is always what the
 * ledger holds: the state read back equals a fresh replay of the stored
 * events, also after a write that failed inside its transaction.
 */
describe('the folded battle state kept between events', () => {
  it('matches a replay of the ledger after recorded, refused and rolled-back writes', async () => {
    const t = await testBackend(tempDir());
    try {
      const { pack, campaign, rosters } = await seedCampaign(t.api);
      const db = t.backend.ctx.db;
      const b = await t.api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
      const act = (intent: Parameters<typeof actOnBattle>[3]) => actOnBattle(db, b.id, crypto.randomUUID(), intent);
      await act({ kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: 1, secondary: null } });
      await act({ kind: 'record', body: { kind: 'setup.terrain', objectives: pack.missions[0]!.objectives } });
      await act({ kind: 'deployment-rolloff' });
      await act({ kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
      const formationId = rosters[0]!.formations[0]!.id;
      const wound = { kind: 'record', body: { kind: 'record.wounds', side: 'A', formationId, attack: 'ranged', amount: 1 } } as const;
      for (let i = 0; i < 5; i++) await act(wound);

      // refused by the rules: nothing written
      await expect(act({ kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } })).rejects.toMatchObject({ code: 'RULE_VIOLATION' });
      await act(wound);

      // accepted by the rules, then refused by the database inside the same transaction
      t.backend.ctx.sqlite.exec(`create trigger refuse_events before insert on battle_events begin select raise(abort, 'disk says no'); end`);
      await expect(act(wound)).rejects.toThrow(/disk says no/);
      t.backend.ctx.sqlite.exec('drop trigger refuse_events');
      await act(wound);

      const kept = await battleState(db, b.id);
      expect(kept.events).toHaveLength(11);
      ledgerChanged(); // drops every cache: the next read replays the stored record
      const replayed = await battleState(db, b.id);
      expect(kept.state).toEqual(replayed.state);
    } finally {
      await t.close();
    }
  });
});
