import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../src-main/backend/pdf';
import { rosterViolations } from '../../src-shared/roster/validate';
import type { Roster } from '../../src-shared/roster/schema';
import { buildArmySheet } from '../../templates/army-sheet';
import { pdfInfo, pdfText, renderFirstPage } from '../helpers/pdf';
import { formation, minimalRoster, TEST_PACK } from '../fixtures/roster-pack';

/** Exactly 30 characters: some with spaces, one a single unbroken word, some with accents and Cyrillic. */
const N30 = [
  'Brother Anselm of the Ash Gate', // spaces
  'Sœur Élodie Marguerite-Dufresn', // accents
  'Владимир Святославович Ростова', // Cyrillic
  'Unbreakablenamewithoutanyspace', // no break opportunity at all
];
for (const n of N30) if ([...n].length !== 30) throw new Error(`fixture name is ${[...n].length} characters: ${n}`);

function longRoster(): Roster {
  const name = (i: number) => N30[i % N30.length]!;
  const r = minimalRoster({ name: name(0), startingCity: name(1), notes: name(2) });
  r.captain!.name = name(1);
  r.officers.forEach((o, i) => (o.name = name(i + 2)));
  // four full Core squads [000 §2 step 2: up to four, 3–5 fighters]
  r.formations = [0, 1, 2, 3].map((k) => {
    const f = formation('core', 5, name(k + 3));
    f.fighters.forEach((x, j) => (x.name = name(j + k)));
    return f;
  });
  r.formations.push(formation('elite', 2, name(3)), formation('skirmisher', 3, name(0)), formation('heavy', 1, name(2)));
  r.formations[5]!.fighters[0]!.loadoutId = 'deadshot-sniper';
  r.formations[5]!.inReserve = true;
  r.formations[0]!.fighters[0]!.loadoutId = 'flamer';
  r.officers.forEach((o, i) => (o.postedTo = r.formations[i]!.id));
  return r;
}

async function sheet(r: Roster, paperSize: 'A4' | 'LETTER', draft = false) {
  const validation = rosterViolations(r, TEST_PACK, { allowance: 1000 });
  const built = buildArmySheet({
    roster: r,
    pack: TEST_PACK,
    validation,
    playerName: N30[2]!,
    campaign: { name: N30[1]!, mission: 3 },
    allowanceSource: 'campaign allowance',
    draft,
    campaignState: {
      formations: { [r.formations[0]!.id]: { marks: 3, rank: 'II', veteranSixes: 2, cryptidVeteran: true } },
      cryptidDice: 1,
      trophies: [{ name: N30[0]!, status: 'banked' }],
    },
  });
  const pdf = await renderPdf(built.body, {
    paperSize,
    title: `Army sheet: ${r.name}`,
    author: 'Test club',
    footer: { rulesetLabel: 'Roster test pack · rules 2.4 · data test-1 · ruleset version 1', provisional: built.provisional, nonStandard: false },
  });
  return { pdf, validation, provisional: built.provisional };
}

interface Box {
  page: number;
  word: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  width: number;
  height: number;
}

/** Every word's box on every page, from `pdftotext -bbox`. */
function wordBoxes(pdf: Buffer): Box[] {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-bbox-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const boxes: Box[] = [];
    let page = 0;
    let width = 0;
    let height = 0;
    for (const line of html.split('\n')) {
      const p = line.match(/<page width="([\d.]+)" height="([\d.]+)">/);
      if (p) {
        page += 1;
        width = Number(p[1]);
        height = Number(p[2]);
        continue;
      }
      const w = line.match(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*)<\/word>/);
      if (w) boxes.push({ page, word: w[5]!, xMin: +w[1]!, yMin: +w[2]!, xMax: +w[3]!, yMax: +w[4]!, width, height });
    }
    return boxes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('army sheet [issue 4, acceptance 3]', () => {
  for (const paper of ['A4', 'LETTER'] as const) {
    it(`30-character names in every field and four full Core squads stay inside the page (${paper})`, async () => {
      const r = longRoster();
      const { pdf, validation } = await sheet(r, paper);
      expect(validation.violations).toEqual([]);
      const boxes = wordBoxes(pdf);
      expect(boxes.length).toBeGreaterThan(300);
      const pages = new Set(boxes.map((b) => b.page)).size;
      expect(pages).toBeGreaterThanOrEqual(2); // long enough to paginate
      const outside = boxes.filter((b) => b.xMin < 0 || b.yMin < 0 || b.xMax > b.width || b.yMax > b.height);
      expect(outside).toEqual([]);
      // stronger: nothing crosses the 40-pt side margins (a cell that overflowed would)
      const crossing = boxes.filter((b) => b.xMin < 39 || b.xMax > b.width - 39);
      expect(crossing).toEqual([]);
      const size = pdfInfo(pdf).pageSize;
      expect(size).toMatch(paper === 'A4' ? /595\.\d* x 841\.\d*/ : /612 x 792/);
      // every name printed, none lost to clipping: the unbroken word may wrap, so compare without spaces and line breaks
      const flat = pdfText(pdf).replace(/\s+/g, '');
      for (const n of N30) expect(flat).toContain(n.replace(/\s+/g, ''));
      if (paper === 'A4') renderFirstPage(pdf, 'army-sheet-long-names');
    });
  }

  it('prints what the table needs: points, postings, reserves, profiles, weapons, rules in full, campaign state, provisional marks', async () => {
    const r = longRoster();
    const { pdf, validation, provisional } = await sheet(r, 'A4');
    const text = pdfText(pdf);
    expect(text).toContain(`Points spent`);
    expect(text).toContain(`${validation.points.spent} pts`);
    expect(text).toMatch(/Allowance\s+1000 pts \(campaign allowance\)/);
    expect(text).toMatch(/Mission 3/);
    expect(text).toMatch(/Starts in reserve/);
    expect(text).toMatch(/Deadshot Sniper/);
    expect(text).toMatch(/Hunting rifle/);
    expect(text).toMatch(/Expert Hider\. Test text: harder to hit at range\./); // the rule in full
    expect(text).toMatch(/Intercession\. Test text/);
    expect(text).toMatch(/Consecrated Payload\. Test text/); // the Heavy's rule
    expect(text).toMatch(/Officer posted: Владимир Святославович Ростова/);
    expect(text).toMatch(/Service marks 3 · Rank II · Veteran Sixes 2 · Cryptid Veteran/);
    expect(text).toMatch(/Cryptid Dice held: 1/);
    expect(provisional).toBe(true);
    expect(text).toMatch(/provisional values marked †/);
  });

  it('prints a profile and weapon table once for identical formations and points back to it', async () => {
    const r = longRoster(); // Core 1 carries a Flamer; Cores 2–4 are plain Penitent Line
    const text = pdfText((await sheet(r, 'A4')).pdf).replace(/\u200B/g, '');
    const flat = text.replace(/\s+/g, ' ');
    const core2 = `Core squad 2 (${r.formations[1]!.name})`;
    // Core 1's tables (with the Flamer line) differ, so Core 2 prints its own; Cores 3 and 4 refer to Core 2
    expect(flat.match(/Profile and weapons: as Core squad 2 \(/g)?.length).toBe(2);
    expect(flat).toContain(`Profile and weapons: as ${core2} above.`.replace(/\s+/g, ' '));
    expect(flat).not.toMatch(/as Core squad 1 \(/);
    expect(flat.match(/Penitent Line \(Flamer\)/g)?.length).toBe(1);
  });

  it('lists only the special rules this roster uses', async () => {
    const r = minimalRoster();
    const text = pdfText((await sheet(r, 'A4')).pdf);
    expect(text).not.toMatch(/Consecrated Payload/);
    expect(text).not.toMatch(/Expert Hider/);
    r.formations.push(formation('heavy', 1, 'Bombard'));
    expect(pdfText((await sheet(r, 'A4')).pdf)).toMatch(/Consecrated Payload\. Test text/);
  });
});
