// Issue 34, item 4: "A name written right to left reorders the lines it stands in: «ليلى حداد 8 – 5 王小明» shows as
// «Score: 5 – 8 ليلى حداد 王小明»". Every user-given name in a PDF line is isolated (U+2068…U+2069) and the line is laid
// out by the Unicode Bidirectional Algorithm: a name keeps its own order and never pulls the numbers beside it into it.
// pdftotext -bbox gives each word's place on the page; the lines below are the words in the order the eye meets them
// from the left, each right-to-left word spelled as typed (so «حداد ليلى» is the name ليلى حداد read from the right).
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../src-main/backend/pdf';
import { battleTotals } from '../../src-shared/battle/summary';
import { rosterViolations } from '../../src-shared/roster/validate';
import { buildArmySheet } from '../../templates/army-sheet';
import { buildBattleReport } from '../../templates/battle-report';
import { scriptRuns } from '../../templates/pdf/script-fonts';
import { withBackend } from '../helpers/backend';
import { army, setupOf, Table, twoCores } from '../helpers/battle';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { formation as rosterFormation, minimalRoster, TEST_PACK } from '../fixtures/roster-pack';
import { formation, outcome, seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { pdfInfo, pdfVisualLines, renderFirstPage } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const LAYLA = 'ليلى حداد';
const DAVID = 'דוד המלך';
const FOOTER = { rulesetLabel: 'test', provisional: false, nonStandard: false };

describe('a line with a right-to-left run, laid out by the bidi algorithm (rule L2)', () => {
  it.each<[string, string, string[]]>([
    // a name alone in a left-to-right line: its words from the right, each shaped by the font
    ['an Arabic name after Latin', `Player: ${LAYLA}`, ['Player: ', 'حداد', ' ', 'ليلى']],
    // the line, unisolated: the numbers after an Arabic name join its run and swap round (W2, N1)
    ['numbers after a bare Arabic name are drawn into it', `Score: ${LAYLA} 8 – 5`, ['Score: 5 – 8 ', 'حداد', ' ', 'ليلى']],
    // isolated (FSI…PDI), the name keeps to itself and the score reads as written
    [
      'an isolated name leaves the score as written',
      `Score: \u2068${LAYLA}\u2069 8 – 5 \u2068王小明\u2069`,
      ['Score: ', 'حداد', ' ', 'ليلى', ' 8 – 5 ', '王小明'],
    ],
    // a name's own number belongs to it: in a right-to-left name it stands at the name's left
    ['a Hebrew name with its own number', `\u2068${DAVID} 2\u2069: +2 VP`, ['2 ', 'המלך', ' ', 'דוד', ': +2 VP']],
    // brackets inside a right-to-left run are mirrored (BD16, L4)
    ['brackets in a Hebrew run', 'דוד (המלך)', ['(', 'המלך', ') ', 'דוד']],
    // Arabic-Indic digits read left to right; the font engine turns an Arabic run round, so they are handed over turned
    ['Arabic-Indic digits', 'محمد ١٢٣', ['٣٢١', ' ', 'محمد']],
    // isolates in a line with nothing right to left print as nothing
    ['a Latin name isolated', 'Player: \u2068Bob\u2069', ['Player: Bob']],
  ])('%s', (_what, text, runs) => {
    expect(scriptRuns(text).map((r) => r.text)).toEqual(runs);
  });
});

describe('names in either direction keep the numbers and words around them in their places on every PDF', () => {
  it('the battle report: the title, the players’ columns and the formations', async () => {
    const a = army(LAYLA, twoCores);
    const b = army(`${DAVID} 2`, twoCores);
    const t = new Table(setupOf(a, b, 1), BATTLE_RULES).toRoundOne();
    const doc = buildBattleReport({
      battleId: 'b',
      setup: t.setup,
      state: t.state,
      totals: battleTotals(t.state, t.rules),
      status: 'in_progress',
      result: null,
      startedAt: '2026-12-02T09:00:00Z',
      cryptidName: null,
      provinceName: null,
      factionNames: ['Concord', 'Scattered'],
    });
    const pdf = await renderPdf(doc.body, { paperSize: 'A4', author: '', title: doc.title, footer: FOOTER });
    const lines = pdfVisualLines(pdf);
    expect(lines).toContain('Battle report: حداد ليلى v 2 המלך דוד');
    expect(lines).toContain('A: حداد ليلى B: 2 המלך דוד');
    // a formation named after its player ("ليلى حداد-cmd"): the name reads from the right with its Latin tail at its
    // left end, and the figures stay in their columns after it
    expect(lines).toContain('A cmd-حداد ليلى 5 0 0 0 0 0');
    expect(lines).toContain('B cmd-2 המלך דוד 5 0 0 0 0 0');
    // the file's own title carries no isolates: a file manager shows the names as typed
    expect(pdfInfo(pdf).title).toBe(`Battle report: ${LAYLA} v ${DAVID} 2`);
    renderFirstPage(pdf, 'bidi-battle-report');
  });

  it('the army sheet: the player beside the faction, the campaign beside its mission, fighters and formations', async () => {
    const r = minimalRoster({ name: 'Lantern Vigil' });
    r.formations = [rosterFormation('core', 3, `${DAVID} 7`)];
    r.formations[0]!.fighters[0]!.name = LAYLA;
    const built = buildArmySheet({
      roster: r,
      pack: TEST_PACK,
      validation: rosterViolations(r, TEST_PACK, { allowance: 2000 }),
      playerName: LAYLA,
      campaign: { name: `${LAYLA} vs Bob`, mission: 3 },
      allowanceSource: 'campaign allowance',
      draft: false,
    });
    const pdf = await renderPdf(built.body, { paperSize: 'A4', author: '', title: 'sheet', footer: FOOTER });
    const lines = pdfVisualLines(pdf);
    expect(lines.find((l) => l.startsWith('Player:'))).toMatch(/^Player: حداد ليلى · /);
    // the campaign's name begins in Arabic, so the whole name reads from the right ("vs Bob" at its left end); the mission
    // stays after it, outside the name
    expect(lines.find((l) => l.includes('Mission 3'))).toMatch(/^Game Standalone game Campaign vs Bob حداد ليلى · Mission 3$/);
    // a Core squad named in Hebrew with a number: the number is the name's, the slot and the count stay outside it
    expect(lines.find((l) => l.includes('המלך'))).toMatch(/^Core squad 1: 7 המלך דוד · /);
    expect(lines.some((l) => /^1 حداد ليلى /.test(l))).toBe(true);
    renderFirstPage(pdf, 'bidi-army-sheet');
  });

  it('the campaign summary: “name: 444 RP” keeps its number after the name, on SQLite', async () => {
    await withBackend(tmp(), async ({ api, backend }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(api, v, [LAYLA, DAVID]);
      await api.call('campaigns.finishMission', {
        battleId: 'm1',
        outcome: outcome(campaign.id, 1, a.id, b.id, { aKills: 3, aFormations: [formation('a-core-1', { name: 'الحرس 3' })] }),
      });
      const journal = await api.call('ledger.journal', { campaignId: campaign.id });
      const [layla, david] = [a.id, b.id].map((id) => journal.players.find((p) => p.playerId === id)!);
      const { base64 } = await api.call('print.campaignSummary', { campaignId: campaign.id, paperSize: 'A4' });
      const pdf = Buffer.from(base64, 'base64');
      const lines = [1, 2].flatMap((n) => (n <= pdfInfo(pdf).pages ? pdfVisualLines(pdf, n) : []));
      // unisolated, the Arabic letters would turn the allowance into an Arabic number and draw it in: "444 :حداد ليلى RP"
      expect(lines).toContain(`حداد ليلى: ${layla!.allowance} RP`);
      expect(lines).toContain(`המלך דוד: ${david!.allowance} RP`);
      expect(lines).toContain('Player Allowance Won Drawn Lost VP');
      expect(lines).toContain(`حداد ليلى ${layla!.allowance} RP 1 0 0 3`);
      expect(lines).toContain('Mission Recorded حداد ليلى המלך דוד');
      // a veteran formation named with a number: the number stays inside its name's cell, the marks after it
      expect(lines.some((l) => /^3 الحرس 1 /.test(l))).toBe(true);
      renderFirstPage(pdf, 'bidi-campaign-summary');
    });
  });
});
