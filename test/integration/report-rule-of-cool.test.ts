import { describe, expect, it } from 'vitest';
import { buildReport } from '../../src-shared/reports';
import { withBackend } from '../helpers/backend';
import { act, playFiveRounds, seedClub, startCampaignBattle } from '../helpers/crash-harness-seeds';
import { pdfText } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';

const tempDir = useTempDirs();

describe('Rule of Cool in the playtest report: attempts and outcomes by D20 band [000 §8, §12]', () => {
  it('a played battle’s two attempts are counted by band, in the SQL report, its oracle, the battle report and the PDF', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const club = await seedClub(api);
      let cooled = false;
      let b = await playFiveRounds(api, await startCampaignBattle(api, club), club.pack, async (d, { round }) => {
        if (round !== 1 || cooled) return d;
        cooled = true;
        // entered rolls: A's Captain rolls 14 on a damage stunt (+3), B's first Officer a natural 1 in response
        d = await act(api, d.id, { kind: 'rule-of-cool', side: 'A', officerId: null, category: 'damage', agreed: 'drops the bell on them', d20: 14 });
        const officer = d.setup.sides[1].officers[0]!.id;
        return act(api, d.id, {
          kind: 'rule-of-cool',
          side: 'B',
          officerId: officer,
          category: 'dramatic',
          agreed: 'cuts the rope bridge',
          response: true,
          d20: 1,
        });
      });
      await api.call('battles.finish', { battleId: b.id, result: 'win' });
      b = await api.call('battles.get', { battleId: b.id });

      const { report } = await api.call('reports.run', {});
      const cool = report.usage.filter((u) => u.kind === 'rule-of-cool').map((u) => ({ id: u.id, uses: u.uses, battles: u.battles }));
      expect(cool).toEqual(
        expect.arrayContaining([
          { id: '11–15', uses: 1, battles: 1 },
          { id: '1', uses: 1, battles: 1 },
        ]),
      );
      expect(cool).toHaveLength(2);
      // the SQL report agrees with its oracle over the same records
      const records = await api.call('reports.battles', { ids: [b.id] });
      expect(records[0]!.sides.map((s) => s.rulesOfCool)).toEqual([{ '11–15': 1 }, { '1': 1 }]);
      expect(buildReport(records).usage.filter((u) => u.kind === 'rule-of-cool')).toEqual(report.usage.filter((u) => u.kind === 'rule-of-cool'));

      const pdf = pdfText(Buffer.from((await api.call('reports.pdf', {})).base64, 'base64'));
      expect(pdf).toContain('Rule of Cool attempts by D20 band');
      expect(pdf).toMatch(/1 \(critical failure\)\s+1\s+1/);
      expect(pdf).toMatch(/All attempts\s+2/);

      const battleReport = pdfText(Buffer.from((await api.call('print.battleReport', { battleId: b.id })).base64, 'base64'));
      expect(battleReport).toContain('drops the bell on them');
      expect(battleReport).toContain('+3 Damage');
      expect(battleReport).toContain('critical failure: 2 Wounds to Officer 1');
    });
  });
});
