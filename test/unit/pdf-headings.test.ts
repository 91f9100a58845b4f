// Issue 15: 'the campaign summary has an orphaned "Timeline" heading at a page foot'. No document leaves a heading
// alone at the foot of a page: whatever precedes it, the heading and the first thing under it share a page.
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../src-main/backend/pdf';
import { headed, heading, simpleTable } from '../../templates/pdf/pieces';
import { pdfInfo, pdfPagesText } from '../helpers/pdf';
import type { PdfContent } from '../../templates/pdf/types';

const footer = { rulesetLabel: 'test', provisional: false, nonStandard: false };

/** Each page's text of the rendered content (one pdftotext run per document: these tests render dozens). */
const pagesOf = async (content: PdfContent[]) => pdfPagesText(await renderPdf({ content }, { paperSize: 'A4', title: 't', author: 'a', footer }));

describe('headings stay with their content', () => {
  it('for every amount of text before it, "Timeline" is on the page of its first entry', async () => {
    const pagesSeen = new Set<number>();
    for (let lines = 44; lines <= 64; lines++) {
      const pages = await pagesOf([
        ...Array.from({ length: lines }, (_, i) => ({ text: `Filler line ${i + 1} of the standings and missions above.` })),
        heading('Timeline', 2),
        { text: 'First entry: the campaign starts at 400 RP each.' },
        { text: 'Second entry: Mission 1 finished.' },
      ]);
      pagesSeen.add(pages.length);
      for (const [i, text] of pages.entries()) if (text.includes('Timeline')) expect(text, `${lines} lines before it, page ${i + 1}`).toContain('First entry');
    }
    // the range crosses the page foot: some layouts need one page, some two
    expect([...pagesSeen].sort()).toEqual([1, 2]);
  });

  it('a short table stays on the page of its heading, wherever the page foot falls (a battle report’s ratings)', async () => {
    const orphaned: number[] = [];
    const pagesSeen = new Set<number>();
    for (let lines = 40; lines <= 64; lines++) {
      const pages = await pagesOf([
        ...Array.from({ length: lines }, (_, i) => ({ text: `Filler line ${i + 1} of the rounds above.` })),
        headed(
          'Players’ ratings',
          2,
          simpleTable(
            ['Player', 'Fun'],
            [
              ['Ana', 4],
              ['Bo', 5],
            ],
          ),
        ),
      ]);
      pagesSeen.add(pages.length);
      for (const text of pages) if (text.includes('Players’ ratings') && !(text.includes('Ana') && text.includes('Bo'))) orphaned.push(lines);
    }
    // with a bare heading and table, 60 to 62 lines left the heading and the header row alone at the foot of page 1
    expect(orphaned).toEqual([]);
    expect([...pagesSeen].sort()).toEqual([1, 2]);
  });

  it('a document’s pages as pdftotext gives them are the pages pdfinfo counts', async () => {
    // the page count above comes from pdftotext's form feeds: checked once against poppler's own count
    const content = Array.from({ length: 120 }, (_, i) => ({ text: `Line ${i + 1}` }));
    const pdf = await renderPdf({ content }, { paperSize: 'A4', title: 't', author: 'a', footer });
    const pages = pdfPagesText(pdf);
    expect(pages.length).toBe(pdfInfo(pdf).pages);
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, text] of pages.entries()) expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
  });
});
