// Issue 15: 'reports say "cryptidHunt", "1 uses", "these 1 battles"' and 'the playtest report has a near-empty page'.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateBattles } from '../../src-shared/reports';
import { firstInternalKey, internalKeyPattern } from '../helpers/internal-keys';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { withBackend } from '../helpers/backend';
import { pdfInfo, pdfPageText } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const KEYS = internalKeyPattern(getBundledPack());
describe('the playtest report PDF in the players’ words', () => {
  it.each([1, 60])('over %i battles: no internal key on any page, and no page but the last is near-empty', async (count) => {
    await withBackend(tmp(), async ({ api }) => {
      await api.call('reports.importBattles', { battles: generateBattles({ count, seed: 5 }).map((b) => ({ ...b, id: randomUUID() })) });
      const pdf = Buffer.from((await api.call('reports.pdf', {})).base64, 'base64');
      const pages = pdfInfo(pdf).pages;
      for (let p = 1; p <= pages; p++) {
        const text = pdfPageText(pdf, p);
        // the appendix lists battle ids (short, on purpose); the figures above it may not show keys
        const figures = text.split('Appendix: battles in this report')[0]!;
        expect(firstInternalKey(KEYS, figures), `page ${p}`).toBeUndefined();
        if (p < pages) expect(text.split('\n').filter((l) => l.trim()).length, `page ${p} of ${pages}`).toBeGreaterThan(12);
      }
      const all = Array.from({ length: pages }, (_, i) => pdfPageText(pdf, i + 1)).join('\n');
      expect(all).not.toMatch(/\b1 uses\b|these 1 battles/);
      if (count === 1) expect(all).toContain('computed from this battle');
    });
  });
});
