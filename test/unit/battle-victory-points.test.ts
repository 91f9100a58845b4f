// Issue 17 point 3, 'Victory points from the pack': Field Manual §3 [000 L57], transcribed in DIGEST 4.7–4.8:
//   "Players may agree an optional secondary objective worth 2 VP."
//   "Standard relic extraction is worth 3 VP. In Relic Recovery it is worth 5 VP."
// A Relic Recovery mission once scored 3 VP for the relic; and the playtest report counted relic VP twice.
import { describe, expect, it } from 'vitest';
import { vpBySource, missionVp } from '../../src-shared/battle/victory-points';
import { playtestFromPlayed } from '../../src-shared/reports/from-battle';
import { DEFAULT_RULE_OPTIONS } from '../../src-shared/ruleset/options';
import type { BattleOutcome } from '../../src-shared/battle/outcome';
import { victoryPoints } from '../../src-shared/battle/reducer';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, setupOf, Table, twoCores } from '../helpers/battle';
import { battleTotals } from '../../src-shared/battle/summary';
import { buildBattleReport } from '../../templates/battle-report';
import { renderPdf } from '../../src-main/backend/pdf';
import { pdfText, renderFirstPage } from '../helpers/pdf';

/** The test rules with Mission 4 as Relic Recovery (5 VP) and Mission 5 with no relic, as a pack may say. */
const RULES = {
  ...BATTLE_RULES,
  missions: BATTLE_RULES.missions.map((m) =>
    m.number === 4 ? { ...m, kind: 'relic-recovery' as const, relicVp: 5 } : m.number === 5 ? { ...m, kind: 'cryptid-hunt' as const, relicVp: 0 } : m,
  ),
};

function battle(mission: number | null, secondary: string | null = null) {
  const t = new Table(setupOf(army('A', twoCores), army('B', twoCores), mission), RULES);
  t.record({ kind: 'setup.scenario', provinceId: 'marsh', campaignGame: mission, secondary });
  t.record({ kind: 'setup.terrain', objectives: 3 });
  t.act({ kind: 'deployment-rolloff' }, [6, 1]);
  t.record({ kind: 'setup.deployed', reserves: { A: [], B: [] } });
  return t;
}
const relic = (amount: number) => ({ kind: 'record' as const, body: { kind: 'record.vp' as const, side: 'A' as const, source: 'relic' as const, amount } });
const secondary = (side: 'A' | 'B', amount = 2) => ({
  kind: 'record' as const,
  body: { kind: 'record.vp' as const, side, source: 'secondary' as const, amount },
});

describe('the relic is worth what the mission says [000 L57; DIGEST 4.8]', () => {
  it.each([
    { mission: 1, worth: 3 },
    { mission: 4, worth: 5 },
    { mission: null, worth: 3 }, // a game with no mission plays the standard extraction
  ])('mission $mission: the relic scores $worth VP, and another amount is refused', ({ mission, worth }) => {
    expect(missionVp(battle(mission).state, RULES).relic).toBe(worth);
    const wrong = worth === 3 ? 5 : 3;
    expect(() => battle(mission).act(relic(wrong))).toThrow(new RegExp(`worth ${worth} VP`));
    const t = battle(mission);
    t.act(relic(worth));
    expect(victoryPoints(t.state, RULES).A).toBe(worth);
    expect(vpBySource(t.state, RULES).A).toMatchObject({ relic: worth, objectives: 0 });
  });
  it('a mission without a relic refuses relic VP, saying so', () => {
    expect(() => battle(5).act(relic(3))).toThrow(/Mission 5 has no relic to extract/);
  });
});

describe('the secondary objective: agreed at set-up, 2 VP, once per side [000 L57; DIGEST 4.7]', () => {
  it('is refused when none was agreed', () => {
    expect(() => battle(1).act(secondary('A'))).toThrow(/No secondary objective was agreed at set-up/);
  });
  it('scores its 2 VP once per side when agreed; another amount or a second time is refused', () => {
    const t = battle(2, 'Hold the chapel at the end of round 5');
    expect(t.state.secondaryObjective).toBe('Hold the chapel at the end of round 5');
    expect(() => t.act(secondary('A', 3))).toThrow(/worth 2 VP/);
    t.act(secondary('A'));
    expect(() => t.act(secondary('A'))).toThrow(/already scored the secondary objective/);
    t.act(secondary('B'));
    expect(vpBySource(t.state, RULES)).toMatchObject({ A: { secondary: 2 }, B: { secondary: 2 } });
  });
});

describe('VP by source add up to the total, each counted once', () => {
  it('objectives held, the relic and the secondary objective', () => {
    const t = battle(4, 'Burn the banner');
    t.record({ kind: 'command.done' });
    t.act(relic(5));
    t.act(secondary('A'));
    const s = t.state;
    const by = vpBySource(s, RULES);
    const total = victoryPoints(s, RULES);
    for (const k of ['A', 'B'] as const) expect(by[k].objectives + by[k].relic + by[k].secondary + by[k].cryptidHunt + by[k].other).toBe(total[k]);
    expect(by.A).toEqual({ objectives: 0, relic: 5, secondary: 2, cryptidHunt: 0, other: 0 });

    // the playtest report's sides: the relic once, not again among objectives
    const outcome = { sides: [{ result: 'win' }, { result: 'loss' }] } as unknown as BattleOutcome;
    const played = playtestFromPlayed({
      id: 'b',
      campaignId: null,
      mission: 4,
      finishedAt: '2026-12-02T10:00:00Z',
      activation: 'bag',
      state: s,
      outcome,
      vpBySource: by,
      options: { ...DEFAULT_RULE_OPTIONS, explosionSaves: 'saves-allowed' },
    });
    expect(played.sides[0]!.vp).toEqual({ objectives: 0, relic: 5, secondary: 2, cryptidHunt: 0 });
    // and the ruling it was played under, for the report's results by ruling
    expect(played.rulings).toEqual(['explosionSaves=saves-allowed']);
  });
});

describe('the battle report shows VP by source and the agreed secondary objective', () => {
  it('a Relic Recovery game: objectives, the 5 VP relic and the secondary objective on their own rows', async () => {
    const t = battle(4, 'Burn the banner');
    t.record({ kind: 'command.done' });
    t.act(relic(5));
    t.act(secondary('B'));
    const doc = buildBattleReport({
      battleId: 'b',
      setup: t.setup,
      state: t.state,
      totals: battleTotals(t.state, RULES),
      status: 'in_progress',
      result: null,
      startedAt: '2026-12-02T09:00:00Z',
      cryptidName: null,
      provinceName: 'The Marsh',
      factionNames: ['A', 'B'],
    });
    const pdf = await renderPdf(doc.body, {
      paperSize: 'A4',
      title: 't',
      author: 'a',
      footer: { rulesetLabel: 'test', provisional: false, nonStandard: false },
    });
    renderFirstPage(pdf, 'battle-report-vp-by-source');
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Campaign mission 4');
    expect(text).toMatch(/Victory points 5 2 – Objectives held 0 0 – Relic extracted 5 0 – Secondary objective 0 2 /);
    expect(text).toContain('Secondary objective: Burn the banner.');
  });
});
