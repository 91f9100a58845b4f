// Issue 14: "Names in Arabic, Hebrew, CJK or with emoji print as empty boxes on army sheets and reports (and CJK names
// vanish from the PDF's text)". Every name prints: each is present in pdftotext's output, in a font that has it.
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../src-main/backend/pdf';
import { rosterViolations } from '../../src-shared/roster/validate';
import { buildArmySheet } from '../../templates/army-sheet';
import { scriptRuns, withScriptFonts, SCRIPT_FONTS } from '../../templates/pdf/script-fonts';
import { pdfInfo, pdfText, renderFirstPage } from '../helpers/pdf';
import { formation, minimalRoster, TEST_PACK } from '../fixtures/roster-pack';

const NAMES = {
  latin: 'Sœur Élodie',
  greek: 'Δέσποινα',
  cyrillic: 'Владимир',
  arabic: 'محمد',
  arabicTwoWords: 'محمد الفارس',
  hebrew: 'דוד המלך',
  chinese: '李小龍',
  japanese: 'やまだ タロウ',
  korean: '김민준',
  emoji: '🔥🐺',
};

describe('runs by script', () => {
  it.each<[string, { text: string; font?: string }[]]>([
    ['Ash Wolves', [{ text: 'Ash Wolves' }]],
    ['Δέσποινα Владимир', [{ text: 'Δέσποινα Владимир' }]],
    ['Kim 김민준', [{ text: 'Kim ' }, { text: '김민준', font: SCRIPT_FONTS.hangul }]],
    ['李小龍 and やまだ', [{ text: '李小龍', font: SCRIPT_FONTS.han }, { text: ' and ' }, { text: 'やまだ', font: SCRIPT_FONTS.han }]],
    // a right-to-left run's words in the order the eye meets them from the left; each word is shaped by the font
    [
      'Sir محمد الفارس',
      [{ text: 'Sir ' }, { text: 'الفارس', font: SCRIPT_FONTS.arabic }, { text: ' ', font: SCRIPT_FONTS.arabic }, { text: 'محمد', font: SCRIPT_FONTS.arabic }],
    ],
    ['🔥 Wolves', [{ text: '🔥', font: SCRIPT_FONTS.emoji }, { text: ' Wolves' }]],
  ])('%s', (text, runs) => {
    expect(scriptRuns(text)).toEqual(runs);
  });

  it('a content tree is left as it is when every string prints in the body font, and is never changed in place', () => {
    const latin = { content: [{ text: 'Ash' }, { table: { body: [['a', { text: 'b' }]] } }] };
    expect(withScriptFonts(latin)).toBe(latin);
    const mixed = { stack: ['李', { text: ['x ', { text: 'דוד', bold: true }] }] };
    const frozen = JSON.stringify(mixed);
    const out = withScriptFonts(mixed);
    expect(JSON.stringify(mixed)).toBe(frozen);
    expect(JSON.stringify(out)).toContain(SCRIPT_FONTS.han);
    expect(JSON.stringify(out)).toContain(SCRIPT_FONTS.hebrew);
  });
});

describe('an army sheet with names in every script', () => {
  it('each name is in the PDF’s text, and the fonts that have them are embedded as subsets', async () => {
    const names = Object.values(NAMES);
    const r = minimalRoster({ name: `${NAMES.chinese} ${NAMES.emoji}` });
    r.captain!.name = NAMES.arabicTwoWords;
    r.formations = names.map((n) => formation('core', 3, n));
    const built = buildArmySheet({
      roster: r,
      pack: TEST_PACK,
      validation: rosterViolations(r, TEST_PACK, { allowance: 2000 }),
      playerName: NAMES.hebrew,
      campaign: { name: NAMES.korean, mission: 1 },
      allowanceSource: 'campaign allowance',
      draft: false,
    });
    const pdf = await renderPdf(built.body, {
      paperSize: 'A4',
      title: 'scripts',
      author: 'Test club',
      footer: { rulesetLabel: 'test', provisional: false, nonStandard: false },
    });
    // pdftotext gives right-to-left text in reading order; spaces between glyph runs may be dropped
    const text = pdfText(pdf).replace(/[\u200E\u200F\u202A-\u202E]/g, '');
    const squeezed = text.replace(/\s+/g, '');
    for (const [script, name] of Object.entries(NAMES)) expect(squeezed, script).toContain(name.replace(/\s+/g, ''));
    const fonts = pdfInfo(pdf).fonts;
    for (const family of ['NotoNaskhArabic', 'NotoSansHebrew', 'NotoSansHans', 'NotoSansKR', 'NotoEmoji']) {
      expect(fonts, family).toMatch(new RegExp(`[A-Z]{6}\\+${family}`));
    }
    // subset-embedded: a sheet with a handful of CJK glyphs stays small although the CJK fonts are megabytes
    expect(pdf.length).toBeLessThan(400_000);
    renderFirstPage(pdf, 'army-sheet-scripts');
  });
});
