// Issue 17 point 2: standalone and crossover games pick a mission, 1–5 or a province's variant of it, at set-up; the
// briefing, the victory conditions and the VP values come from that mission in the pack. Here the bundled pack's
// Saltmarsh Coast plays Mission 1 as "Wreck Salvage", whose relic is worth 5 VP, through the API on a real ledger.
import { describe, expect, it } from 'vitest';
import { act, twoMinimalArmies } from '../helpers/battle-seed';
import { withBackend } from '../helpers/backend';
import { pdfText } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('a province’s variant of a mission, chosen at set-up (real SQLite ledger, bundled pack)', () => {
  it('the battle plays the variant: its relic value, its name in the battle report and its briefing', async () => {
    await withBackend(tmp(), async ({ api }) => {
      const { pack } = await api.call('rulesets.get', {});
      const coast = pack.provinces.find((p) => p.missionVariants.some((v) => v.mission === 1))!;
      const variant = coast.missionVariants.find((v) => v.mission === 1)!;
      expect(variant.relicVp).toBe(5);
      const armies = await twoMinimalArmies(api, pack, ['Eve', 'Fay']);
      let b = await api.call('battles.start', { mode: 'standalone', rosterIds: [armies[0]!.id, armies[1]!.id], mission: 1 });

      // a variant the province does not have for this mission is refused on its field, and nothing is written
      const other = pack.provinces.flatMap((p) => p.missionVariants).find((v) => v.mission !== 1)!;
      await expect(
        act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: coast.id, campaignGame: 1, variantId: other.id } }),
      ).rejects.toMatchObject({ code: 'RULE_VIOLATION', path: ['variantId'] });
      expect((await api.call('battles.get', { battleId: b.id })).log).toEqual([]);

      b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: coast.id, campaignGame: 1, variantId: variant.id } });
      b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: 3 } });
      b = await act(api, b.id, { kind: 'deployment-rolloff' });
      b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
      const relic = (amount: number) => act(api, b.id, { kind: 'record', body: { kind: 'record.vp', side: 'A', source: 'relic', amount } });
      await expect(relic(3)).rejects.toMatchObject({
        code: 'RULE_VIOLATION',
        message: expect.stringContaining(`worth 5 VP in ${pack.missions[0]!.name} (${variant.name})`),
      });
      await relic(5);

      const report = pdfText(Buffer.from((await api.call('print.battleReport', { battleId: b.id })).base64, 'base64')).replace(/\s+/g, ' ');
      expect(report).toContain(`Standalone game, mission 1 (${variant.name}, the province’s variant)`);
      // the variant and the province are provisional in the bundled pack: marked where their values stand
      expect(report).toMatch(/Relic extracted† 5 0/);
      expect(report).toContain(`Province: ${coast.name}†.`);

      const briefing = await api.call('print.briefing', { mission: 1, provinceId: coast.id, variantId: variant.id });
      const text = pdfText(Buffer.from(briefing.base64, 'base64')).replace(/\s+/g, ' ');
      expect(text).toContain(`${variant.name}, ${coast.name}’s variant`);
      expect(text).toContain('Relic extraction: 5 VP.');
      expect(text).toContain(variant.briefing);
      await expect(api.call('print.briefing', { mission: 2, provinceId: coast.id, variantId: variant.id })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        path: ['variantId'],
      });
    });
  });
});
