import { describe, expect, it } from 'vitest';
import { withBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { useTempDirs } from '../helpers/tmp';

const tempDir = useTempDirs();

/**
 * Equipment end to end on a real ledger file: bought in a saved roster
 * (costed, checked per slot [000 §13 step 4]), exported and read back, and
 * carried into the battle's army snapshot as storm-protected models
 * [000 §10 storm step 2; DIGEST AMB-19f].
 */
describe('roster equipment through the channels', () => {
  it('saves, exports, and fills the battle snapshot’s protected models; a wrong item blocks the battle', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const { pack, campaign, rosters } = await seedCampaign(api);
      const cloak = pack.equipment.find((e) => e.radProtection && e.slots.includes('core'))!;
      const officerOnly = pack.equipment.find((e) => e.slots.length === 1 && e.slots[0] === 'officer')!;
      expect(cloak).toBeDefined();
      expect(officerOnly).toBeDefined();

      const base = await api.call('rosters.get', { id: rosters[0]!.id });
      const r = structuredClone(base.roster);
      r.captain!.equipment = [cloak.id];
      r.formations[1]!.fighters[0]!.equipment = [cloak.id];
      r.formations[1]!.fighters[1]!.equipment = [cloak.id];
      const saved = await api.call('rosters.save', { roster: r });
      expect(saved.validation.violations).toEqual([]);
      expect(saved.validation.points.spent).toBe(base.validation.points.spent + 3 * cloak.cost);
      expect(saved.roster.formations[1]!.fighters[0]!.equipment).toEqual([cloak.id]);

      // the exported file carries the equipment
      const file = await api.call('rosters.export', { id: rosters[0]!.id });
      expect((JSON.parse(file.text) as { roster: typeof r }).roster.captain!.equipment).toEqual([cloak.id]);

      const b = await api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
      const side = b.setup.sides.find((s) => s.rosterId === rosters[0]!.id)!;
      const protectedBy = Object.fromEntries(side.formations.map((f) => [f.id, f.radProtectedModels]));
      expect(protectedBy).toEqual({ [r.captain!.id]: 1, [r.formations[0]!.id]: 0, [r.formations[1]!.id]: 2 });
      const other = b.setup.sides.find((s) => s.rosterId === rosters[1]!.id)!;
      expect(other.formations.every((f) => f.radProtectedModels === 0)).toBe(true);
      await api.call('battles.abandon', { battleId: b.id, confirm: true });

      // a Core fighter with an Officer-only item: saved as a draft, but not taken to the table
      r.formations[0]!.fighters[0]!.equipment = [officerOnly.id];
      const draft = await api.call('rosters.save', { roster: r });
      expect(draft.validation.violations.map((v) => v.code)).toEqual(['EQUIPMENT_NOT_ALLOWED']);
      expect(draft.validation.violations[0]!.path).toEqual(['formations', 0, 'fighters', 0, 'equipment', 0]);
      await expect(api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] })).rejects.toMatchObject(
        {
          code: 'RULE_VIOLATION',
        },
      );
    });
  });
});
