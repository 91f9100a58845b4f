// Issue 15: 'reports say "cryptidHunt", "1 uses", "these 1 battles"' and 'the playtest report has a near-empty page'.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateBattles } from '../../src-shared/reports';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { withBackend } from '../helpers/backend';
import { pdfInfo, pdfPageText } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
/** Every id of the pack that no English text would contain ("penitent-concord", "hold-fast"), as whole words. */
const PACK_IDS = [
  ...new Set(
    JSON.stringify(getBundledPack())
      .match(/"id":"([a-z0-9]+(?:-[a-z0-9]+)+)"/g)!
      .map((m) => m.slice(6, -1)),
  ),
];
/** An app key in printed text: camelCase, a snake_case word, a UUID, or one of the pack's kebab-case ids. */
const INTERNAL_KEY = new RegExp(
  [
    String.raw`\b[a-z]+[A-Z][a-zA-Z]*\b`,
    String.raw`\b[a-z]+(?:_[a-z]+)+\b`,
    String.raw`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`,
    ...PACK_IDS.map((id) => String.raw`\b${id}\b`),
  ].join('|'),
);

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
        expect(figures.match(INTERNAL_KEY)?.[0], `page ${p}`).toBeUndefined();
        if (p < pages) expect(text.split('\n').filter((l) => l.trim()).length, `page ${p} of ${pages}`).toBeGreaterThan(12);
      }
      const all = Array.from({ length: pages }, (_, i) => pdfPageText(pdf, i + 1)).join('\n');
      expect(all).not.toMatch(/\b1 uses\b|these 1 battles/);
      if (count === 1) expect(all).toContain('computed from this battle');
    });
  });
});
