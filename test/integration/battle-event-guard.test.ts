import { describe, expect, it } from 'vitest';
import { battleEvents, insertBattleEvents, markBattleAbandoned } from '../../src-main/backend/db/tables/battles.table';
import { withBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/**
 * A battle event is one INSERT (on a league server without a transaction:
 * singleStatementWrite), so the battle being open is checked by that
 * statement itself: between the head read and the write another organiser
 * may close the battle, and then nothing is written.
 */
describe.each(DIALECTS)('battle events are written only while the battle is in progress (%s)', (dialect) => {
  it('writes every event of the statement while it runs, none once the battle is closed', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api, backend }) => {
      const { pack, rosters } = await seedCampaign(api);
      const b = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], altActivationModule: false });
      const db = backend.ctx.db;
      const at = new Date().toISOString();
      const scenario = { kind: 'setup.scenario' as const, provinceId: pack.provinces[0]!.id, campaignGame: 1, secondary: null };
      const two = [
        { id: 'g-1', body: scenario, correctsEventId: null },
        { id: 'g-2', body: { kind: 'setup.terrain' as const, objectives: pack.missions[0]!.objectives }, correctsEventId: null },
      ];
      expect(await insertBattleEvents(db, b.id, 1, 0, two, at, { whileInProgress: true })).toBe(2);
      expect((await battleEvents(db, b.id)).map((e) => [e.id, e.seq])).toEqual([
        ['g-1', 1],
        ['g-2', 2],
      ]);

      await markBattleAbandoned(db, b.id, at);
      expect(await insertBattleEvents(db, b.id, 3, 0, [{ id: 'g-3', body: scenario, correctsEventId: null }], at, { whileInProgress: true })).toBe(0);
      expect((await battleEvents(db, b.id)).map((e) => e.id)).toEqual(['g-1', 'g-2']);
      // and through the channel: refused, nothing written
      await expect(
        api.call('battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: { kind: 'record', body: scenario } }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await battleEvents(db, b.id)).toHaveLength(2);
    });
  });

  it('an event written from what the backend last knew (its cached head) still answers repeats, refusals and a closed battle as the head read does', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api, backend }) => {
      const { pack, rosters } = await seedCampaign(api);
      const b = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], altActivationModule: false });
      const scenario = { kind: 'record' as const, body: { kind: 'setup.scenario' as const, provinceId: pack.provinces[0]!.id, campaignGame: 1 } };
      const id = crypto.randomUUID();
      expect((await api.call('battles.act', { battleId: b.id, clientEventId: id, intent: scenario })).recorded).toBe(true);
      // the same request again: recorded once, answered "not recorded", not refused by the rules
      expect((await api.call('battles.act', { battleId: b.id, clientEventId: id, intent: scenario })).recorded).toBe(false);
      // a step out of order: the rule's own refusal, nothing written
      await expect(api.call('battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: { kind: 'draw' } })).rejects.toMatchObject({
        code: 'RULE_VIOLATION',
      });
      const terrain = { kind: 'record' as const, body: { kind: 'setup.terrain' as const, objectives: pack.missions[0]!.objectives } };
      expect((await api.call('battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: terrain })).recorded).toBe(true);
      // closed behind the backend's back (another organiser): the event is refused as the head read would refuse it
      await markBattleAbandoned(backend.ctx.db, b.id, new Date().toISOString());
      await expect(api.call('battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: scenario })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/abandoned; its record is closed/),
      });
      expect((await battleEvents(backend.ctx.db, b.id)).map((e) => e.seq)).toEqual([1, 2]);
    });
  });
});
