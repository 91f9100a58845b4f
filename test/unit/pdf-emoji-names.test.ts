// Issue 33, item 3: "⚔️ (U+2694 U+FE0F) prints as a box on the army sheet". Every name prints: an emoji is a
// grapheme cluster (a base with U+FE0F, a ZWJ sequence, a pair of regional indicators) and reaches the emoji font
// whole; a character no registered font has prints as U+FFFD, never as a font's missing-glyph box (glyph 0).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderArmySheet } from '../../src-main/backend/documents/army-sheet';
import { rosterViolations } from '../../src-shared/roster/validate';
import { buildArmySheet } from '../../templates/army-sheet';
import { REPLACEMENT, SCRIPT_FONTS, scriptRuns, type GlyphCoverage } from '../../templates/pdf/script-fonts';
import { pdfText, renderFirstPage } from '../helpers/pdf';
import { formation, minimalRoster, TEST_PACK } from '../fixtures/roster-pack';

const emoji = SCRIPT_FONTS.emoji;

describe('an emoji is a cluster, cut whole into the emoji font', () => {
  it.each<[string, { text: string; font?: string }[]]>([
    // U+2694 is text by default (no Emoji_Presentation): with U+FE0F it is an emoji all the same
    ['⚔️ Blades', [{ text: '⚔️', font: emoji }, { text: ' Blades' }]],
    ['⚔ Blades', [{ text: '⚔', font: emoji }, { text: ' Blades' }]],
    ['👩‍🚀 Astra', [{ text: '👩‍🚀', font: emoji }, { text: ' Astra' }]],
    ['🇫🇷 Marie', [{ text: '🇫🇷', font: emoji }, { text: ' Marie' }]],
    ['👍🏽 ok', [{ text: '👍🏽', font: emoji }, { text: ' ok' }]],
    ['No 1️⃣', [{ text: 'No ' }, { text: '1️⃣', font: emoji }]],
    ['❤ Love', [{ text: '❤', font: emoji }, { text: ' Love' }]],
    // the body font draws these itself
    ['Ash™ ©', [{ text: 'Ash™ ©' }]],
  ])('%s', (text, runs) => {
    expect(scriptRuns(text)).toEqual(runs);
  });

  it('with the fonts’ coverage, a character no font has becomes U+FFFD and an unmappable joiner is left out', () => {
    const has: Record<string, (cp: number) => boolean> = {
      body: (cp) => cp < 0x0e00 || cp === 0xfffd,
      [emoji]: (cp) => cp === 0x2694 || cp === 0x1f469 || cp === 0x1f680,
    };
    const coverage: GlyphCoverage = { has: (font, cp) => (has[font ?? 'body'] ?? (() => false))(cp) };
    expect(scriptRuns('⚔️ x', coverage)).toEqual([{ text: '⚔', font: emoji }, { text: ' x' }]);
    expect(scriptRuns('👩‍🚀', coverage)).toEqual([{ text: '👩🚀', font: emoji }]);
    expect(scriptRuns('สม x', coverage)).toEqual([{ text: `${REPLACEMENT}${REPLACEMENT} x` }]);
  });
});

const NAMES = {
  swords: '⚔️ Blades of Ash',
  astronaut: '👩‍🚀 Astra',
  flag: '🇫🇷 Marie',
  arabic: 'محمد الفارس',
  hebrew: 'דוד המלך',
  cjk: '李小龍',
  thumbs: '👍🏽 Good Lads',
};

/** Every glyph id each Tj/TJ string of the page's content streams draws (pdfkit writes 4 hex digits per glyph). */
function drawnGlyphIds(pdf: Buffer): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-qdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    const raw = readFileSync(join(dir, 'out.pdf'), 'latin1');
    const ids: number[] = [];
    for (const m of raw.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const strings = m[1] !== undefined ? [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]!) : [m[2]!];
      for (const hex of strings) for (let i = 0; i + 4 <= hex.length; i += 4) ids.push(parseInt(hex.slice(i, i + 4), 16));
    }
    return ids;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('an army sheet with emoji, Arabic, Hebrew and CJK names', () => {
  it('prints every name: pdftotext finds each base character, and no glyph drawn is .notdef (glyph 0)', async () => {
    const r = minimalRoster({ name: NAMES.swords });
    r.captain!.name = NAMES.astronaut;
    // Thai is in none of the registered fonts: it prints as U+FFFD, visibly, not as boxes
    r.formations = [NAMES.flag, NAMES.arabic, NAMES.hebrew, NAMES.cjk, NAMES.thumbs, 'สมชาย Thai'].map((n) => formation('core', 3, n));
    const built = buildArmySheet({
      roster: r,
      pack: TEST_PACK,
      validation: rosterViolations(r, TEST_PACK, { allowance: 2000 }),
      playerName: '👩‍🚀 Astra Flag 🇫🇷',
      campaign: { name: '⚔️ Ash League', mission: 1 },
      allowanceSource: 'campaign allowance',
      draft: false,
    });
    const pdf = await renderArmySheet(
      {
        rosterId: r.id,
        name: r.name,
        playerName: 'x',
        draft: false,
        body: built.body,
        provisional: built.provisional,
        nonStandard: false,
        rulesetLabel: 'test',
      },
      { paperSize: 'A4', author: '⚔️ Club' },
    );
    const ids = drawnGlyphIds(pdf);
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id) => id === 0)).toEqual([]);

    // pdftotext gives each glyph's characters from the ToUnicode map. The monochrome emoji font has one glyph for
    // ⚔️, for 👩‍🚀 (a ligature) and for 🇫🇷, so they extract whole; a skin tone has no glyph of its own there
    // (👍🏽 draws as 👍). Acceptable: the base characters in order, with U+FE0F, U+200D and the skin tone optional.
    const text = pdfText(pdf)
      .replace(/[\u200E\u200F\u202A-\u202E]|\uFE0F|\u200D|\p{Emoji_Modifier}/gu, '')
      .replace(/\s+/g, '');
    expect(text).toContain(`${REPLACEMENT.repeat(5)}Thai`);
    expect(text).not.toMatch(/\p{Script=Thai}/u);
    const base = (name: string) => name.replace(/\uFE0F|\u200D|\p{Emoji_Modifier}|\s/gu, '');
    for (const [what, name] of Object.entries(NAMES)) expect(text, what).toContain(base(name));
    renderFirstPage(pdf, 'army-sheet-emoji-names');
  });
});
