// Issue 15: 'the campaign summary has an orphaned "Timeline" heading at a page foot'. No document leaves a heading
// alone at the foot of a page: whatever precedes it, the heading and the first thing under it share a page.
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../src-main/backend/pdf';
import { headed, heading, simpleTable } from '../../templates/pdf/pieces';
import { pdfInfo, pdfPageText } from '../helpers/pdf';

const footer = { rulesetLabel: 'test', provisional: false, nonStandard: false };

describe('headings stay with their content', () => {
  it('for every amount of text before it, "Timeline" is on the page of its first entry', async () => {
    const pagesSeen = new Set<number>();
    for (let lines = 44; lines <= 64; lines++) {
      const content = [
        ...Array.from({ length: lines }, (_, i) => ({ text: `Filler line ${i + 1} of the standings and missions above.` })),
        heading('Timeline', 2),
        { text: 'First entry: the campaign starts at 400 RP each.' },
        { text: 'Second entry: Mission 1 finished.' },
      ];
      const pdf = await renderPdf({ content }, { paperSize: 'A4', title: 't', author: 'a', footer });
      const pages = pdfInfo(pdf).pages;
      pagesSeen.add(pages);
      for (let p = 1; p <= pages; p++) {
        const text = pdfPageText(pdf, p);
        if (text.includes('Timeline')) expect(text, `${lines} lines before it, page ${p}`).toContain('First entry');
      }
    }
    // the range crosses the page foot: some layouts need one page, some two
    expect([...pagesSeen].sort()).toEqual([1, 2]);
  });

  it('a short table stays on the page of its heading, wherever the page foot falls (a battle report’s ratings)', async () => {
    const orphaned: number[] = [];
    const pagesSeen = new Set<number>();
    for (let lines = 40; lines <= 64; lines++) {
      const content = [
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
      ];
      const pdf = await renderPdf({ content }, { paperSize: 'A4', title: 't', author: 'a', footer });
      pagesSeen.add(pdfInfo(pdf).pages);
      for (let p = 1; p <= pdfInfo(pdf).pages; p++) {
        const text = pdfPageText(pdf, p);
        if (text.includes('Players’ ratings') && !(text.includes('Ana') && text.includes('Bo'))) orphaned.push(lines);
      }
    }
    // with a bare heading and table, 60 to 62 lines left the heading and the header row alone at the foot of page 1
    expect(orphaned).toEqual([]);
    expect([...pagesSeen].sort()).toEqual([1, 2]);
  });
});
