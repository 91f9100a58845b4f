import { describe, expect, it } from 'vitest';
import type { Roster } from '../../src-shared/roster/schema';
import { buildReport } from '../../src-shared/reports';
import { withBackend } from '../helpers/backend';
import { minimalArmyWithHeavy } from '../helpers/battle-seed';
import { act, playFiveRounds } from '../helpers/crash-harness-seeds';
import { pdfText } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';

const tempDir = useTempDirs();

/**
 * Issue 16's new records in the reports [000 §12: "Record … Captain abilities used"; §5 Heavy explosions; §8 Rule of Cool]:
 * a played battle's Heavy explosion (by cause), limited unit ability use and Rule of Cool success reach the playtest
 * report's SQL figures, its oracle, its PDF, and the battle report.
 */
describe('explosions, unit abilities and Rule of Cool outcomes in the reports', () => {
  it('counted by cause, by ability and by D20 band with the successes, in the SQL report, its oracle and both PDFs', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const { pack } = await api.call('rulesets.get', {});
      const rosters: Roster[] = [];
      for (const [i, name] of ['Aki', 'Bea'].entries()) {
        const player = await api.call('players.create', { name });
        const factionId = ['scattered', 'crowned-marches'][i]!;
        const created = await api.call('rosters.create', { name: `${name} band`, playerId: player.id, factionId, mode: 'standalone', campaignId: null });
        const army = minimalArmyWithHeavy(created.roster, pack, `Heavy ${'AB'[i]}`);
        const saved = await api.call('rosters.save', { roster: army });
        expect(saved.validation.valid).toBe(true);
        rosters.push(saved.roster);
      }
      const [heavyA, heavyB] = rosters.map((r) => r.formations.find((f) => f.slot === 'heavy')!.id);
      let first = true;
      let b = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id] });
      b = await playFiveRounds(api, b, pack, async (d, { round, formationId }) => {
        if (round === 1 && first) {
          first = false;
          // a damage stunt of 14 (+3, a success); Heavy A destroyed and exploding onto Bea's Line 1
          d = await act(api, d.id, { kind: 'rule-of-cool', side: 'A', officerId: null, category: 'damage', agreed: 'topples the chimney', d20: 14 });
          d = await act(api, d.id, { kind: 'record', body: { kind: 'record.casualties', side: 'A', formationId: heavyA!, killed: 1, retreated: 0 } });
          d = await act(api, d.id, {
            kind: 'explode',
            side: 'A',
            formationId: heavyA!,
            cause: 'wounds',
            targets: [{ target: { kind: 'formation', side: 'B', formationId: rosters[1]!.formations[0]!.id }, models: 1, rolls: [2] }],
          });
        }
        if (formationId === heavyB && round === 1)
          d = await act(api, d.id, { kind: 'use-ability', side: 'B', formationId: heavyB, abilityId: 'clockwork-overdrive' });
        return d;
      });
      await api.call('battles.finish', { battleId: b.id, result: 'draw' });

      const { report } = await api.call('reports.run', {});
      const usage = (kind: string) => report.usage.filter((u) => u.kind === kind).map((u) => ({ id: u.id, uses: u.uses, battles: u.battles }));
      expect(usage('explosion')).toEqual([{ id: 'wounds', uses: 1, battles: 1 }]);
      expect(usage('unit-ability')).toEqual([{ id: 'clockwork-overdrive', uses: 1, battles: 1 }]);
      expect(usage('rule-of-cool')).toEqual([{ id: '11–15', uses: 1, battles: 1 }]);
      expect(usage('rule-of-cool-success')).toEqual([{ id: '11–15', uses: 1, battles: 1 }]);
      // the SQL report agrees with its oracle over the same records
      const records = await api.call('reports.battles', { ids: [b.id] });
      expect(records[0]!.sides.map((s) => [s.explosions, s.unitAbilities, s.rulesOfCoolSucceeded])).toEqual([
        [{ wounds: 1 }, {}, { '11–15': 1 }],
        [{}, { 'clockwork-overdrive': 1 }, {}],
      ]);
      expect(buildReport(records).usage).toEqual(report.usage);

      const pdf = pdfText(Buffer.from((await api.call('reports.pdf', {})).base64, 'base64'));
      expect(pdf).toMatch(/Heavy explosions\s+Destroyed by\s+Explosions\s+Battles\s+Wounds from an attack\s+1\s+1/);
      expect(pdf).toMatch(/Unit abilities used\s+Ability\s+Uses\s+Battles\s+Clockwork Overdrive\s+1\s+1/);
      expect(pdf).toMatch(/11–15\s+1\s+1\s+1/);
      expect(pdf).toMatch(/All attempts\s+1\s+1/);

      const battleReport = pdfText(Buffer.from((await api.call('print.battleReport', { battleId: b.id })).base64, 'base64'));
      expect(battleReport).toMatch(/Heavy explosions[\s\S]*Heavy A/);
      expect(battleReport).toContain('Clockwork Overdrive');
      expect(battleReport).toContain('topples the chimney');
    });
  });
});
