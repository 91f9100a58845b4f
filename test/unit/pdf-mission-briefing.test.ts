import { describe, expect, it } from 'vitest';
import { buildMissionBriefing } from '../../templates/mission-briefing';
import { renderPdf } from '../../src-main/backend/pdf';
import { printTestPack } from '../fixtures/print-pack';
import { pdfText, qpdfCheck, renderFirstPage } from '../helpers/pdf';

const render = (mission: number, options = {}) => {
  const doc = buildMissionBriefing({ pack: printTestPack(options), mission });
  return renderPdf(doc.body, {
    paperSize: 'A4',
    title: doc.title,
    author: 'Club',
    footer: { rulesetLabel: 'Age of Ash · rules 2.4', provisional: doc.provisional, nonStandard: false },
  });
};

describe('mission briefing [issue 7, point 3]', () => {
  it.each([1, 2, 3, 4, 5])('mission %i prints and passes qpdf', async (m) => {
    const pdf = await render(m);
    qpdfCheck(pdf);
    const text = pdfText(pdf);
    expect(text).toContain(`Mission ${m}`);
    // [000 §4 L54]: 3 objectives, 3 mutants each
    expect(text).toContain('3 objective markers, each guarded by a patrol of 3 mutants (9 in all)');
    expect(text).toContain('Cryptids of Grey Marsh');
    if (m === 1) renderFirstPage(pdf, 'mission-briefing-1');
  });

  it('Mission 3 has its guaranteed cryptid instead of the event roll [000 §13 L263, DIGEST 12.4]', async () => {
    const three = pdfText(await render(3));
    expect(three).toContain('a cryptid always appears at the start of round 2');
    expect(three).not.toContain('A radiation storm appears');
    expect(pdfText(await render(2))).toMatch(/11–20\s+A radiation storm appears/);
  });

  it('rewards at stake for Missions 1–4, none carried over from Mission 5 [DIGEST 17.8, 17.9]', async () => {
    const one = pdfText(await render(1));
    expect(one).toMatch(/Taking part, whatever the result\s+\+18 RP/);
    expect(one).toMatch(/Winning\s+\+10 RP/);
    expect(one).toMatch(/at most 20 counted\)\s+\+2 RP/);
    expect(one).toMatch(/\+10 RP/);
    expect(one).toMatch(/Second-most damage to the cryptid\s+\+4 RP/);
    const five = pdfText(await render(5));
    expect(five).toContain('no requisition carries over');
    expect(five).not.toContain('+18 RP');
  });

  it('the province table uses the Enraged option (boss 20 W → 10; standard 15 W → 7 or 8)', async () => {
    expect(pdfText(await render(1))).toMatch(/Ash Wight.*≤7 W/);
    expect(pdfText(await render(1, { enragedThreshold: 'half-rounded-up' }))).toMatch(/Ash Wight.*≤8 W/);
  });

  it('refuses a mission the pack does not have', () => {
    expect(() => buildMissionBriefing({ pack: printTestPack(), mission: 6 })).toThrow(/no mission 6/);
  });
});
