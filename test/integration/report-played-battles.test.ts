import { describe, expect, it } from 'vitest';
import { foldEvents } from '../../src-shared/battle/reducer';
import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { battleRules } from '../../src-main/backend/battles/rules';
import { withBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { useTempDirs } from '../helpers/tmp';
import { pdfText } from '../helpers/pdf';
import { act, playFiveRounds, playRounds, seedClub, startCampaignBattle } from '../helpers/crash-harness-seeds';
import { minimalArmy } from '../helpers/battle-seed';
import { activationStrategy } from '../../src-shared/battle/strategies';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { generateBattles } from '../../src-shared/reports';

const tempDir = useTempDirs();

/** A battle of a new club's campaign played through five rounds and finished with `result` for side A. */
async function finishedBattle(api: ApiClient, result: 'win' | 'draw' | 'loss') {
  const club = await seedClub(api);
  const b = await playFiveRounds(api, await startCampaignBattle(api, club), club.pack);
  await api.call('battles.finish', { battleId: b.id, result });
  return { club, b };
}

describe('the playtest report reads battles played in Play Mode [issue 7; 000 §12]', () => {
  it('a finished battle appears with its factions, result, objective VP, wounds by source and the disputed ruling', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const { pack, campaign, rosters } = await seedCampaign(api);
      let b = await api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
      const rules = battleRules(pack, b.options);
      const state = (d: BattleDetail) => foldEvents(d.setup, rules, d.log);
      b = await act(api, b.id, {
        kind: 'record',
        body: { kind: 'record.ruling', ruling: 'disputed', ruleRef: 'Field Manual §4', text: 'Does a fled patrol still guard its marker?' },
      });
      // side A clears objective 1 so it can hold it; in round 1 every activated fighter deals 2 ranged Wounds
      b = await playFiveRounds(api, b, pack, (d, { round, owner, formationId }) =>
        round === 1 && owner !== 'neutral'
          ? act(api, d.id, { kind: 'record', body: { kind: 'record.wounds', side: owner === 0 ? 'A' : 'B', formationId, attack: 'ranged', amount: 2 } })
          : Promise.resolve(d),
      );
      await api.call('battles.finish', { battleId: b.id, result: 'win' });

      const { report, names } = await api.call('reports.run', {});
      expect(report.games).toBe(1);
      expect(report.battleIds).toEqual([b.id]);
      const [fa, fb] = [b.setup.sides[0].factionId, b.setup.sides[1].factionId];
      expect(report.byFaction.find((f) => f.factionId === fa)).toMatchObject({ games: 1, wins: 1 });
      expect(report.byFaction.find((f) => f.factionId === fb)).toMatchObject({ games: 1, losses: 1 });
      // [000 §4 L56]: one held objective scores in rounds 2–5
      expect(report.vpBySource.find((v) => v.source === 'objectives')!.total).toBe(4);
      const activations = state(b).rounds[0]!.wounds.length;
      expect(report.woundTotals).toEqual({ ranged: 2 * activations, melee: 0 });
      expect(report.disputes).toEqual([
        { ruleRef: 'Field Manual §4', count: 1, notes: ['disputed: Does a fled patrol still guard its marker?'], battleIds: [b.id] },
      ]);
      expect(report.sequences).toEqual({ bag: 1, alternating: 0 });
      expect(names[fa]).toBeTruthy();
      const pdf = await api.call('reports.pdf', {});
      expect(pdfText(Buffer.from(pdf.base64, 'base64'))).toContain('Field Manual §4');
    });
  });
});

/** Plays a battle under the alternating module: every formation activates in turn, nobody passes [DIGEST §23]. */
function playAlternatingRounds(
  api: ApiClient,
  b: BattleDetail,
  pack: RulesetPack,
  perRound: (b: BattleDetail, round: number) => Promise<BattleDetail>,
): Promise<BattleDetail> {
  const alternating = activationStrategy('alternating')!;
  return playRounds(api, b, pack, 'B', async (b, round, state) => {
    b = await perRound(b, round);
    for (let guard = 0; state(b).phase === 'activations' && guard < 50; guard++) {
      const turn = alternating.turn(state(b).activation);
      if (turn.kind !== 'choose') break;
      b = await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: turn.eligible[0]! } });
    }
    return b;
  });
}

describe('a battle finished through Play Mode reaches the playtest records [issue 7; 000 §12]', () => {
  it('reports.run counts it and reports.battles returns it with factions, round times, wounds by source, rulings and its activation sequence', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const { club, b } = await finishedBattle(api, 'draw');

      const { report } = await api.call('reports.run', {});
      expect(report.battleIds).toEqual([b.id]);
      const [record] = await api.call('reports.battles', { ids: [b.id] });
      expect(record).toBeDefined();
      expect(record!.sequence).toBe('bag');
      expect(record!.sides.map((s) => [s.factionId, s.result])).toEqual([
        [club.rosters[0]!.factionId, 'draw'],
        [club.rosters[1]!.factionId, 'draw'],
      ]);
      // five rounds, each timed from its start to its end
      expect(record!.roundSeconds).toHaveLength(5);
      expect(report.roundTimes.map((r) => r.battles)).toEqual([1, 1, 1, 1, 1]);
    });
  });

  it('an alternating-module campaign battle keeps its sequence, melee and ranged wounds per unit type, orders and round rulings; filters by campaign, faction and mission find it', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const { version, pack } = await api.call('rulesets.get', {});
      const [fa, fb] = [pack.factions[2]!.id, pack.factions[3]!.id];
      const ana = await api.call('players.create', { name: 'Cas' });
      const bo = await api.call('players.create', { name: 'Dee' });
      const campaign = await api.call('campaigns.create', {
        rulesetVersionId: version.id,
        seats: [
          { playerId: ana.id, factionId: fa },
          { playerId: bo.id, factionId: fb },
        ],
        altActivationModule: true,
      });
      const rosters = [];
      for (const [p, f] of [
        [ana.id, fa],
        [bo.id, fb],
      ] as const) {
        const created = await api.call('rosters.create', { name: `Army ${f}`, playerId: p, factionId: f, mode: 'campaign', campaignId: campaign.id });
        const saved = await api.call('rosters.save', { roster: minimalArmy(created.roster, pack) });
        expect(saved.validation.valid).toBe(true);
        rosters.push(saved.roster);
      }
      let b = await api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
      expect(b.setup.activation).toBe('alternating');
      const coreA = rosters[0]!.formations[0]!.id;
      const coreB = rosters[1]!.formations[1]!.id;
      b = await playAlternatingRounds(api, b, pack, async (d, r) => {
        if (r === 2) {
          d = await act(api, d.id, { kind: 'record', body: { kind: 'record.wounds', side: 'A', formationId: coreA, attack: 'melee', amount: 3 } });
          d = await act(api, d.id, { kind: 'record', body: { kind: 'record.wounds', side: 'B', formationId: coreB, attack: 'ranged', amount: 2 } });
          d = await act(api, d.id, { kind: 'record', body: { kind: 'record.wounds', side: 'B', formationId: coreB, attack: 'ranged', amount: 1 } });
          d = await act(api, d.id, {
            kind: 'record',
            body: { kind: 'record.ruling', ruling: 'confusing', ruleRef: 'DIGEST §23 T7', text: 'May a side pass twice in a row?' },
          });
        }
        return d;
      });
      await api.call('battles.finish', { battleId: b.id, result: 'loss' });

      const { report } = await api.call('reports.run', { campaignIds: [campaign.id], factionIds: [fb], missions: [1] });
      expect(report.battleIds).toEqual([b.id]);
      expect(report.sequences).toEqual({ bag: 0, alternating: 1 });
      expect(report.byFaction.find((f) => f.factionId === fb)).toMatchObject({ games: 1, wins: 1, battleIds: [b.id] });
      // wounds are credited to the side whose formation dealt them, by attack type [000 §12]
      expect(report.wounds).toEqual(
        expect.arrayContaining([
          { factionId: fa, unitType: 'core', ranged: 0, melee: 3, battleIds: [b.id] },
          { factionId: fb, unitType: 'core', ranged: 3, melee: 0, battleIds: [b.id] },
        ]),
      );
      expect(report.wounds).toHaveLength(2);
      expect(report.woundTotals).toEqual({ ranged: 3, melee: 3 });
      expect(report.disputes).toEqual([{ ruleRef: 'DIGEST §23 T7', count: 1, notes: ['confusing: May a side pass twice in a row?'], battleIds: [b.id] }]);
      expect(report.roundTimes).toHaveLength(5);

      const [record] = await api.call('reports.battles', { ids: [b.id] });
      expect(record).toMatchObject({ id: b.id, campaignId: campaign.id, mission: 1, sequence: 'alternating' });
      expect(record!.disputes).toEqual([{ ruleRef: 'DIGEST §23 T7', note: 'confusing: May a side pass twice in a row?', round: 2 }]);
      expect(record!.roundSeconds).toHaveLength(5);

      // a filter that excludes it: another mission, another campaign
      expect((await api.call('reports.run', { missions: [2] })).report.games).toBe(0);
      expect((await api.call('reports.run', { campaignIds: ['no-such-campaign'] })).report.games).toBe(0);
    });
  });
});

describe('reports.battles reads exactly the battles asked for', () => {
  it('returns played and imported records by id, ignores unknown ids, and shows a re-imported record as it now is', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const { b } = await finishedBattle(api, 'win');
      const [paper] = generateBattles({ count: 1, seed: 7 });
      await api.call('reports.importBattles', { battles: [paper!] });

      const both = await api.call('reports.battles', { ids: [paper!.id, b.id, 'no-such-battle', b.id] });
      expect(both.map((x) => x.id).sort()).toEqual([paper!.id, b.id].sort());
      expect(await api.call('reports.battles', { ids: ['no-such-battle'] })).toEqual([]);

      // a corrected file re-imported under the same id replaces the record everywhere
      const corrected = { ...paper!, disputes: [{ ruleRef: '000 §9', note: 'added later', round: 3 }] };
      await api.call('reports.importBattles', { battles: [corrected] });
      const [again] = await api.call('reports.battles', { ids: [paper!.id] });
      expect(again!.disputes).toEqual([{ ruleRef: '000 §9', note: 'added later', round: 3 }]);
      expect((await api.call('reports.run', {})).report.disputes.find((d) => d.ruleRef === '000 §9')?.battleIds).toEqual([paper!.id]);
    });
  });
});
