import { describe, expect, it } from 'vitest';
import { buildCribSheet, enragedAtOrBelow, rosterSpecialRuleIds, type CribRoster } from '../../templates/crib-sheet';
import { renderPdf } from '../../src-main/backend/pdf';
import { printTestPack } from '../fixtures/print-pack';
import { pdfInfo, pdfPageText, pdfText, qpdfCheck, renderFirstPage } from '../helpers/pdf';

async function render(doc: ReturnType<typeof buildCribSheet>, paperSize: 'A4' | 'LETTER' = 'A4') {
  return renderPdf(doc.body, {
    paperSize,
    title: doc.title,
    author: 'Ash Hollow',
    footer: { rulesetLabel: 'Age of Ash · rules 2.4 · data test-1', provisional: doc.provisional, nonStandard: false },
  });
}

const lancerRoster: CribRoster = {
  name: 'Iron Host',
  captain: null,
  officers: [],
  formations: [
    { unitId: 'iron-lancer', fighters: [{ loadoutId: null }] },
    { unitId: 'border-reiter', fighters: [{ loadoutId: 'deadshot-sniper' }, { loadoutId: null }, { loadoutId: null }] },
  ],
};
const guardRoster: CribRoster = {
  name: 'Cinder Wall',
  captain: null,
  officers: [],
  formations: [{ unitId: 'ash-guard', fighters: [{ loadoutId: null }, { loadoutId: null }] }],
};

describe('Enraged threshold from the rule option (DIGEST 13.11, AMB-05)', () => {
  it.each([
    { start: 15, option: 'half-or-below' as const, at: 7 },
    { start: 20, option: 'half-or-below' as const, at: 10 },
    { start: 15, option: 'half-rounded-up' as const, at: 8 },
    { start: 20, option: 'half-rounded-up' as const, at: 10 },
  ])('$start Wounds, $option: Enraged at $at or fewer', ({ start, option, at }) => expect(enragedAtOrBelow(start, option)).toBe(at));
});

describe('Field Manual crib sheet [issue 7, point 1]', () => {
  it('fits two pages and carries every section with the pack’s numbers', async () => {
    for (const paper of ['A4', 'LETTER'] as const) {
      const pdf = await render(buildCribSheet({ pack: printTestPack() }), paper);
      expect(pdfInfo(pdf).pages).toBeLessThanOrEqual(2);
      qpdfCheck(pdf);
    }
    const pdf = await render(buildCribSheet({ pack: printTestPack() }));
    const text = pdfText(pdf);
    for (const s of [
      'Each round',
      'Force vs Toughness',
      'Orders',
      'Field Gambits',
      'Captain abilities',
      'Rule of Cool',
      'Round 2 event',
      'Cryptids',
      'Radiation storm',
      'Retreat and Veteran Sixes',
      'Bring to the table',
    ])
      expect(text).toContain(s);
    // [000 §5 L83] F>T 3+, F=T 4+, F<T 5+
    expect(text).toMatch(/Force higher\s+3\+/);
    expect(text).toMatch(/Force equal\s+4\+/);
    expect(text).toMatch(/Force lower\s+5\+/);
    // DIGEST 9.3: 16–19 → +4, 20 → +6; natural 1 costs 2 Wounds
    expect(text).toMatch(/16–19\s+\+4/);
    expect(text).toMatch(/20\s+\+6/);
    expect(text).toContain('2 Wounds to the one trying it');
    // DIGEST 12.2 and 12.4
    expect(text).toMatch(/1–10\s+A cryptid appears/);
    expect(text).toMatch(/11–20\s+A radiation storm appears/);
    expect(text).toContain('Mission 3 (The Hunt): a cryptid always appears');
    // DIGEST 14.2–14.4
    expect(text).toContain('Shots through it -2 to Hit');
    expect(text).toContain('Rank II, 2 Veteran Sixes');
    for (const o of ['Steady Fire', 'Hold Fast', 'Forced March', 'Second Chance', 'Overcharge', 'Iron Edict', 'Sins of Greed']) expect(text).toContain(o);
    // provisional gambits are marked and the footer says so
    expect(text).toContain('Brace (defensive)†');
    expect(text).toContain('provisional values marked');
    renderFirstPage(pdf, 'crib-sheet');
  });

  it('adds what players look up at the table (issue 17): VP by mission, mutants, Uncloak, cryptid entry, dice, trophies, explosions, the Captain’s fall', async () => {
    const pack = printTestPack();
    const text = pdfText(await render(buildCribSheet({ pack })));
    for (const s of ['Victory points', 'Mutant patrols', 'Uncloak', 'It enters', 'Cryptid Dice and trophies', 'Heavy explosions', 'When the Captain falls'])
      expect(text).toContain(s);
    // [000 L57]: relic extraction 3 VP, 5 in Relic Recovery; the secondary objective 2 VP
    for (const m of pack.missions) expect(text).toMatch(new RegExp(`${m.number}\\. ${m.name}\\s+${m.objectives}†?\\s+${m.relicVp}†?\\s+${m.secondaryVp}`));
    expect(text).toMatch(/2 RP per mutant killed, for at most 20 kills/);
    expect(text).toContain('1 VP for every full 5 Wounds');
    expect(text).toMatch(/no more orders/);
    // the subtitle names the rules version once
    expect(text).not.toMatch(/2\.4 2\.4/);
  });

  it('says what the explosion and Cryptid Die rulings of its pack are', async () => {
    const base = printTestPack();
    const text = (options: Partial<typeof base.options>) =>
      render(buildCribSheet({ pack: { ...base, options: { ...base.options, ...options } } })).then(pdfText);
    const defaults = await text({ explosionSaves: 'automatic', explosionCredit: 'credited', cryptidDieUse: 'any-formation' });
    const other = await text({ explosionSaves: 'saves-allowed', explosionCredit: 'uncredited', cryptidDieUse: 'earning-formation' });
    expect(defaults).toContain('no save');
    expect(other).toContain('saves allowed');
    expect(defaults).toMatch(/count for the exploding\s+Heavy/);
    expect(other).toMatch(/count for no one/);
    expect(defaults).toMatch(/by any formation of its\s+owner/);
    expect(other).toMatch(/by the squad that earned\s+it/);
    for (const t of [defaults, other]) expect(t.match(/Page \d of (\d)/)?.[1]).toBe('2');
  });

  it('follows the Enraged option of the pack it is given (acceptance 4)', async () => {
    const below = pdfText(await render(buildCribSheet({ pack: printTestPack({ enragedThreshold: 'half-or-below' }) })));
    const up = pdfText(await render(buildCribSheet({ pack: printTestPack({ enragedThreshold: 'half-rounded-up' }) })));
    expect(below).toMatch(/at 7 Wounds or fewer left \(of 15\)/);
    expect(up).toMatch(/at 8 Wounds or fewer left \(of 15\)/);
    expect(up).toContain('half rounded up');
  });

  it('adds a page with only the special rules the two rosters use', async () => {
    const pack = printTestPack();
    expect(rosterSpecialRuleIds(pack, lancerRoster).sort()).toEqual(['bulky-target', 'charge-of-iron', 'deadshot', 'expert-hider']);
    const pdf = await render(buildCribSheet({ pack, rosters: [lancerRoster, guardRoster] }));
    const plainPages = pdfInfo(await render(buildCribSheet({ pack }))).pages;
    // the roster rules start on their own page after the crib sheet itself
    expect(pdfInfo(pdf).pages).toBe(plainPages + 1);
    expect(pdfPageText(pdf, plainPages)).not.toContain('Special rules on the table');
    const page3 = pdfPageText(pdf, plainPages + 1);
    expect(page3).toContain('Special rules on the table');
    for (const r of ['Bulky Target', 'Charge of Iron', 'Deadshot', 'Expert Hider', 'Shield Line']) expect(page3).toContain(r);
    expect(page3).toContain('(Cinder Wall)');
    expect(page3).not.toContain('Unused Rule');
  });
});
