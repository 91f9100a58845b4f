// Issue 15: 'army sheet headings are numbered by list position ("Elite squad 3: Elite squad 1") and its campaign
// record leaves out the command group's service mark'.
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../src-main/backend/pdf';
import { rosterViolations } from '../../src-shared/roster/validate';
import { buildArmySheet, formationTitle } from '../../templates/army-sheet';
import { pdfText } from '../helpers/pdf';
import { formation, minimalRoster, TEST_PACK } from '../fixtures/roster-pack';

describe('formation headings', () => {
  it.each([
    ['Elite squad', 2, 'Elite squad 1', 'Elite squad 1'],
    ['Elite squad', 0, 'The Ash Wardens', 'Elite squad 1: The Ash Wardens'],
    ['Heavy', 0, 'heavy one', 'heavy one'],
  ])('%s at position %i named %j → %j', (label, index, name, title) => expect(formationTitle(label, index, name)).toBe(title));
});

describe('the campaign record on an army sheet', () => {
  it.each([
    ['Play Mode (the Captain’s id)', (captainId: string) => captainId],
    ['the paper form', () => 'command'],
  ])('carries the command group’s service marks as recorded by %s', async (_how, idOf) => {
    const r = minimalRoster({ name: 'Lantern Vigil' });
    r.formations = [formation('elite', 2, 'Elite squad 2'), formation('elite', 2, 'Elite squad 1')];
    const built = buildArmySheet({
      roster: r,
      pack: TEST_PACK,
      validation: rosterViolations(r, TEST_PACK, { allowance: 1000 }),
      playerName: 'Ana',
      campaign: { name: 'Autumn', mission: 2 },
      allowanceSource: 'campaign allowance',
      draft: false,
      campaignState: {
        formations: {
          [idOf(r.captain!.id)]: { marks: 1, rank: 'I', veteranSixes: 1, cryptidVeteran: false },
          [r.formations[1]!.id]: { marks: 2, rank: 'I', veteranSixes: 1, cryptidVeteran: true },
        },
        cryptidDice: 0,
        trophies: [],
      },
    });
    const text = pdfText(
      await renderPdf(built.body, { paperSize: 'A4', title: 't', author: 'a', footer: { rulesetLabel: 'test', provisional: false, nonStandard: false } }),
    ).replace(/\s+/g, ' ');
    expect(text).toMatch(/Command group 1 I 1 —/);
    expect(text).toMatch(/Elite squad 1 2 I 1 Yes/);
    expect(text).not.toMatch(/Elite squad \d: Elite squad/);
  });
});
