// Builder figures (issue 4): validating a maximal roster, rendering its army
// sheet, and printing 50 rosters into one PDF. Numbers come from the roster
// test pack so the figures do not move with the default pack's provisional costs.
import pdfmake from '../../src-main/backend/pdf/pdfmake-loader';
import { renderPdf } from '../../src-main/backend/pdf';
import type { Roster } from '../../src-shared/roster/schema';
import { rosterPoints } from '../../src-shared/roster/points';
import { rosterViolations } from '../../src-shared/roster/validate';
import { buildArmySheet } from '../../templates/army-sheet';
import { maximalRoster, TEST_PACK } from '../fixtures/roster-pack';
import type { BenchCase } from './types';

const FOOTER = { rulesetLabel: 'Roster test pack · rules 2.4 · data test-1 · ruleset version 1', provisional: true, nonStandard: false };

function named(r: Roster, i: number): Roster {
  return {
    ...r,
    name: `Warband ${i} of the Ash Gate`,
    captain: r.captain ? { ...r.captain, name: `Captain Ysolde ${i}` } : null,
    formations: r.formations.map((f, k) => ({ ...f, fighters: f.fighters.map((x, j) => ({ ...x, name: `Fighter ${i}-${k}-${j}` })) })),
  };
}

function sheetBody(r: Roster) {
  const validation = rosterViolations(r, TEST_PACK, { allowance: 1000 });
  return buildArmySheet({
    roster: r,
    pack: TEST_PACK,
    validation,
    playerName: 'Ana Ferreira',
    campaign: { name: 'Ashford Autumn', mission: 2 },
    allowanceSource: 'campaign allowance',
    draft: false,
  });
}

export const benches: BenchCase<Roster>[] = [
  {
    name: 'validate a maximal roster (37 models)',
    targetMs: 0.5,
    bound: "rosterViolations walking the roster's 37 models against the pack's rules, a few microseconds each",
    setup: () => maximalRoster(),
    fn: (r) => rosterViolations(r, TEST_PACK, { allowance: 1000 }),
    // the least any validator must do: add up the points
    baseline: { name: 'points only', fn: (r) => rosterPoints(r, TEST_PACK) },
    iterations: 2000,
  },
  {
    name: 'army sheet PDF for a maximal roster',
    targetMs: 150,
    bound: "pdfmake's layout of the sheet's tables and pdfkit writing the page, with the fonts already parsed",
    setup: () => named(maximalRoster(), 1),
    fn: async (r) => {
      const built = sheetBody(r);
      return renderPdf(built.body, { paperSize: 'A4', title: r.name, author: 'Bench club', footer: FOOTER });
    },
    // the same content straight through pdfmake: no footer, page numbers or metadata
    baseline: {
      name: 'bare pdfmake document of the same content',
      fn: async (r) => {
        const built = sheetBody(r);
        return pdfmake
          .createPdf({ pageSize: 'A4', content: built.body.content, styles: built.body.styles, defaultStyle: { font: 'Roboto', fontSize: 9 } } as never)
          .getBuffer();
      },
    },
    iterations: 20,
  },
  {
    name: '50 maximal rosters printed into one PDF',
    targetMs: 5000,
    bound: 'pdfmake laying out 50 sheets one after another in one document, on one thread',
    stat: 'total',
    setup: () => maximalRoster(),
    fn: async (base) => {
      const content = [];
      for (let i = 0; i < 50; i++) {
        const body = sheetBody(named(base, i)).body.content;
        // each warband starts on a new page
        content.push(i === 0 ? body : [{ text: '', pageBreak: 'before' }, body]);
      }
      return renderPdf({ content }, { paperSize: 'A4', title: 'Club army sheets', author: 'Bench club', footer: FOOTER });
    },
  },
];
