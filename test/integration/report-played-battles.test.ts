import { describe, expect, it } from 'vitest';
import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { foldEvents } from '../../src-shared/battle/reducer';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { battleRules } from '../../src-main/backend/battles/rules';
import { testBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { useTempDirs } from '../helpers/tmp';
import { pdfText } from '../helpers/pdf';

const tempDir = useTempDirs();

async function act(api: ApiClient, battleId: string, intent: BattleIntentInput) {
  return (await api.call('battles.act', { battleId, clientEventId: crypto.randomUUID(), intent })).battle;
}

describe('the playtest report reads battles played in Play Mode [issue 7; 000 §12]', () => {
  it('a finished battle appears with its factions, result, objective VP, wounds by source and the disputed ruling', async () => {
    const t = await testBackend(tempDir());
    try {
      const { api } = t;
      const { pack, campaign, rosters } = await seedCampaign(api);
      let b = await api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
      const rules = battleRules(pack, b.options);
      const state = (d: BattleDetail) => foldEvents(d.setup, rules, d.log);
      b = await act(api, b.id, { kind: 'record', body: { kind: 'record.ruling', ruling: 'disputed', ruleRef: 'Field Manual §4', text: 'Does a fled patrol still guard its marker?' } });
      b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: b.mission } });
      b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: pack.missions[0]!.objectives } });
      b = await act(api, b.id, { kind: 'deployment-rolloff' });
      b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
      // side A clears objective 1 so it can hold it
      b = await act(api, b.id, { kind: 'record', body: { kind: 'mutant.kill', objective: 0, side: 'A', count: 2 } });
      for (let r = 1; r <= 5; r++) {
        b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
        if (state(b).phase === 'event') b = await act(api, b.id, { kind: 'resolve-event' });
        if (state(b).phase === 'cryptid') b = await act(api, b.id, { kind: 'cryptid-act', engaged: false });
        while (state(b).phase === 'activations') {
          b = await act(api, b.id, { kind: 'draw' });
          const turn = BagActivation.turn(state(b).activation as BagState);
          if (turn.kind === 'choose') {
            const formationId = turn.eligible[0]!;
            b = await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId } });
            if (r === 1 && turn.owner !== 'neutral') b = await act(api, b.id, { kind: 'record', body: { kind: 'record.wounds', side: turn.owner === 0 ? 'A' : 'B', formationId, attack: 'ranged', amount: 2 } });
          }
        }
        b = await act(api, b.id, { kind: 'end-round', holders: ['A', ...Array(state(b).objectives! - 1).fill(null)] });
      }
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
      expect(report.disputes).toEqual([{ ruleRef: 'Field Manual §4', count: 1, notes: ['disputed: Does a fled patrol still guard its marker?'], battleIds: [b.id] }]);
      expect(report.sequences).toEqual({ bag: 1, alternating: 0 });
      expect(names[fa]).toBeTruthy();
      const pdf = await api.call('reports.pdf', {});
      expect(pdfText(Buffer.from(pdf.base64, 'base64'))).toContain('Field Manual §4');
    } finally {
      await t.close();
    }
  });
});
