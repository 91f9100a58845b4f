import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { renderPdf, footerLabel, profileTable, heading, title, PROVISIONAL_MARK, dieTarget } from '../../src-main/backend/pdf';
import { fontFileReads } from '../../src-main/backend/pdf/render';
import { fontFileStore, isAllowedLocalPath, robotoFolder } from '../../src-main/backend/pdf/fonts';
import { fontCacheInstalled, fontHashes, fontParses, wordsShaped } from '../../src-main/backend/pdf/font-cache';
import { pdfInfo, pdfPageText, pdfText, qpdfCheck, renderFirstPage } from '../helpers/pdf';

const footer = { rulesetLabel: 'Age of Ash · rules 2.4 · data test-1', provisional: false, nonStandard: false };

/** Enough paragraphs to run onto a third page. */
function longBody(): { content: unknown[] } {
  const content: unknown[] = [...title('Shared PDF test', 'Ünïcödé · Кириллица · Ærøskøbing'), heading('Profiles')];
  content.push(
    profileTable(
      [
        { name: 'Ash Warden', profile: { M: 6, W: 2, Hit: 4, T: 3, Save: 5, A: 1, D: 1, Resolve: 4 }, provisional: ['T'] },
        { name: 'Sniper', profile: { M: 6, W: 1, Hit: 3, T: 3, Save: 7, A: 1, D: 1, Resolve: 4 } },
      ],
      'Pts',
    ),
  );
  for (let i = 1; i <= 160; i++) content.push({ text: `Paragraph ${i}: the quick brown fox jumps over the lazy dog.` });
  return { content: content as never[] };
}

describe('renderPdf: the shared frame of every printout [issue 7, point 6]', () => {
  it('numbers every page and prints the ruleset label in every footer', async () => {
    const pdf = await renderPdf(longBody() as never, { paperSize: 'A4', title: 'Frame test', author: 'Club Ærø', footer });
    const info = pdfInfo(pdf);
    expect(info.pages).toBeGreaterThanOrEqual(3);
    for (let p = 1; p <= info.pages; p++) {
      const text = pdfPageText(pdf, p);
      expect(text).toContain(`Page ${p} of ${info.pages}`);
      expect(text).toContain('rules 2.4 · data test-1');
    }
    expect(qpdfCheck(pdf)).toMatch(/No syntax or stream encoding errors/);
    renderFirstPage(pdf, 'pdf-frame');
  });

  it('parses each font once per process: later documents reuse it and still embed their own glyphs', async () => {
    expect(fontCacheInstalled).toBe(true);
    const first = await renderPdf({ content: [{ text: 'Ærøskøbing watch', bold: true }, { text: 'Кириллица' }] } as never, {
      paperSize: 'A4',
      title: 'One',
      author: 'x',
      footer,
    });
    const parsesAfterFirst = fontParses();
    const second = await renderPdf({ content: [{ text: 'Zygmunt’s lancers', bold: true }, { text: 'Ünïcödé' }] } as never, {
      paperSize: 'A4',
      title: 'Two',
      author: 'x',
      footer,
    });
    expect(fontParses()).toBe(parsesAfterFirst);
    // each document's subset holds the glyphs it printed, not the other's
    expect(pdfText(first)).toMatch(/Ærøskøbing watch[\s\S]*Кириллица/);
    expect(pdfText(second)).toMatch(/Zygmunt’s lancers[\s\S]*Ünïcödé/);
    expect(qpdfCheck(second)).toMatch(/No syntax or stream encoding errors/);
  });

  it('a letter first drawn inside an accented one (E in É) is still text in the next document', async () => {
    // Roboto draws É as E plus an accent: the first document meets E only as that part, with no character of its own
    await renderPdf({ content: [{ text: 'Élan Éclair ÈÊË' }] } as never, { paperSize: 'A4', title: 'Accents', author: 'x', footer });
    const next = await renderPdf({ content: [{ text: 'Elite squad Every' }] } as never, { paperSize: 'A4', title: 'Plain', author: 'x', footer });
    expect(pdfText(next)).toContain('Elite squad Every');
  });

  it('shapes each word once per process: a later document reuses the runs and prints the same text', async () => {
    const body = { content: [{ text: 'Veteran Sixes: Hit 4+, Save 5+ · Ærø Кириллица', bold: true }, { text: 'Storm protection holds.' }] };
    const opts = { paperSize: 'A4' as const, title: 'Words', author: 'x', footer };
    const first = await renderPdf(body as never, opts);
    const shapedAfterFirst = wordsShaped();
    const second = await renderPdf(body as never, opts);
    expect(wordsShaped()).toBe(shapedAfterFirst);
    expect(pdfText(second)).toBe(pdfText(first));
    expect(pdfText(second)).toMatch(/Veteran Sixes: Hit 4\+, Save 5\+ · Ærø Кириллица[\s\S]*Storm protection holds\./);
    // a new word is still shaped, beside the known ones
    await renderPdf({ content: [{ text: 'Storm shelters.' }] } as never, opts);
    expect(wordsShaped()).toBeGreaterThan(shapedAfterFirst);
  });

  it('reads and hashes each font file once per process, the large CJK faces included', async () => {
    const opts = { paperSize: 'A4' as const, title: 'Names', author: 'x', footer };
    const first = await renderPdf({ content: [{ text: 'Warband of 김민준 and 王小明', bold: true }] } as never, opts);
    const [reads, hashes] = [fontFileReads(), fontHashes()];
    expect(reads).toBeGreaterThan(0);
    // the same faces (bold Roboto, Korean and Chinese), other names
    const second = await renderPdf({ content: [{ text: 'Warband of 이서연 and 李华', bold: true }] } as never, opts);
    expect([fontFileReads(), fontHashes()]).toEqual([reads, hashes]);
    expect(pdfText(first)).toContain('Warband of 김민준 and 王小明');
    expect(pdfText(second)).toContain('Warband of 이서연 and 李华');
  });

  it('the font files pdfmake reads are those of the font folders only', () => {
    const store = fontFileStore([robotoFolder()]);
    const roboto = `${robotoFolder()}/Roboto-Regular.ttf`;
    expect(store.existsSync(roboto)).toBe(true);
    expect(store.readFileSync(roboto)).toBe(store.readFileSync(roboto));
    expect(store.reads()).toBe(1);
    expect(store.existsSync('/etc/passwd')).toBe(false);
    expect(store.existsSync(`${robotoFolder()}/../../package.json`)).toBe(false);
    expect(() => store.readFileSync('/etc/passwd')).toThrow(/Only font files/);
    expect(() => store.writeFileSync('https://example.com/x.png')).toThrow(/fetches nothing/);
  });

  it('embeds Roboto so accents and Cyrillic print as text', async () => {
    const pdf = await renderPdf(longBody() as never, { paperSize: 'A4', title: 'Fonts', author: 'x', footer });
    expect(pdfInfo(pdf).fonts).toMatch(/Roboto/);
    // every font line of pdffonts says "yes" in the emb column
    const fontLines = pdfInfo(pdf)
      .fonts.split('\n')
      .filter((l) => /Roboto/.test(l));
    for (const l of fontLines) expect(l).toMatch(/\byes\b/);
    const text = pdfText(pdf);
    expect(text).toContain('Кириллица');
    expect(text).toContain('Ærøskøbing');
  });

  it.each([
    { paperSize: 'A4' as const, size: /595\.28 x 841\.89/ },
    { paperSize: 'LETTER' as const, size: /612 x 792/ },
  ])('uses the paper size from Settings ($paperSize)', async ({ paperSize, size }) => {
    const pdf = await renderPdf({ content: ['x'] }, { paperSize, title: 't', author: 'a', footer });
    expect(pdfInfo(pdf).pageSize).toMatch(size);
  });

  it('writes title and author (the club name) into the metadata; an empty club name falls back to the product', async () => {
    const a = pdfInfo(await renderPdf({ content: ['x'] }, { paperSize: 'A4', title: 'Crib sheet', author: 'Ash Hollow Wargamers', footer }));
    expect(a.title).toBe('Crib sheet');
    expect(a.author).toBe('Ash Hollow Wargamers');
    const b = pdfInfo(await renderPdf({ content: ['x'] }, { paperSize: 'A4', title: 'T', author: '  ', footer }));
    expect(b.author).toBe('Age of Ash Campaign Manager');
  });

  // Issue 34: the club's name from Settings is on every printed page, beside the ruleset; none when it is not set
  it('the footer of every page names the club, in its own script', async () => {
    const body = { content: ['one', { text: 'two', pageBreak: 'before' as const }] };
    for (const club of ['Ash Hollow Wargamers', 'نادي الرماد']) {
      const pdf = await renderPdf(body, { paperSize: 'A4', title: 't', author: `  ${club} `, footer });
      for (const page of [1, 2]) {
        const text = pdfPageText(pdf, page);
        expect(text).toContain(footer.rulesetLabel);
        if (club.startsWith('Ash')) expect(text).toMatch(new RegExp(`${club} · .*Page ${page} of 2`));
        else for (const word of club.split(' ')) expect(text).toContain(word);
      }
      if (!club.startsWith('Ash')) expect(pdfInfo(pdf).fonts).toMatch(/Noto\w*Arabic/);
    }
    const none = pdfPageText(await renderPdf(body, { paperSize: 'A4', title: 't', author: ' ', footer }), 1);
    expect(none).not.toContain(' · ' + footer.rulesetLabel);
    expect(none).toContain(footer.rulesetLabel);
  });

  it.each([
    { provisional: false, nonStandard: false, has: [], hasNot: ['provisional', 'non-standard'] },
    { provisional: true, nonStandard: false, has: ['provisional'], hasNot: ['non-standard'] },
    { provisional: false, nonStandard: true, has: ['non-standard'], hasNot: ['provisional'] },
    { provisional: true, nonStandard: true, has: ['provisional', 'non-standard'], hasNot: [] },
  ])('footer marks provisional=$provisional (DIGEST §22) and non-standard=$nonStandard (DIGEST §23)', async (c) => {
    const f = { ...footer, provisional: c.provisional, nonStandard: c.nonStandard };
    const label = footerLabel(f);
    const text = pdfText(await renderPdf({ content: ['body'] }, { paperSize: 'A4', title: 't', author: 'a', footer: f }));
    for (const w of c.has) {
      expect(label).toContain(w);
      expect(text).toContain(w);
    }
    for (const w of c.hasNot) expect(text).not.toContain(w);
  });
});

describe('shared pieces', () => {
  it.each([
    [4, '4+'],
    [2, '2+'],
    [7, '6 only'],
  ])('dieTarget(%i) = %s', (n, s) => expect(dieTarget(n)).toBe(s));

  it('the profile table marks provisional fields only', async () => {
    const pdf = await renderPdf(
      { content: [profileTable([{ name: 'Ward', profile: { M: 5, W: 3, Hit: 4, T: 4, Save: 4, A: 2, D: 1, Resolve: 3 }, provisional: ['T'] }])] },
      {
        paperSize: 'A4',
        title: 't',
        author: 'a',
        footer,
      },
    );
    const line = pdfText(pdf)
      .split('\n')
      .find((l) => l.includes('Ward'))!;
    expect(line).toMatch(new RegExp(`5"\\s+3\\s+4\\+\\s+4${PROVISIONAL_MARK}\\s+4\\+\\s+2\\s+1\\s+3\\+`));
  });

  it('allows local reads only inside the font folder', () => {
    const folder = robotoFolder();
    expect(existsSync(`${folder}/Roboto-Regular.ttf`)).toBe(true);
    expect(isAllowedLocalPath(folder, `${folder}/Roboto-Regular.ttf`)).toBe(true);
    expect(isAllowedLocalPath(folder, `${folder}/../../package.json`)).toBe(false);
    expect(isAllowedLocalPath(folder, '/etc/passwd')).toBe(false);
  });
});
