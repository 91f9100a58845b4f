// Issue 17: 'Existing ledgers whose command group marks were split are merged by a migration (frozen, tested on a
// ledger file made by the old code), and the Journal shows the merge as an entry.' Before tableFormations, the
// paper post-battle form recorded the command group as "command" and Play Mode under the Captain's id.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sideFromRoster } from '../../src-main/backend/battles/from-roster';
import { finishMission } from '../../src-main/backend/campaigns/finish-mission';
import { battleOutcomeSchema } from '../../src-shared/battle/outcome';
import { withBackend } from '../helpers/backend';
import { formation, lanternVigil, outcome, withLedgerCampaign } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';
import { expectFailedStepLeavesFile } from '../helpers/failed-migration';
import { ledgerBeforeStep } from '../helpers/ledger-before-step';

const tmp = useTempDirs();

/**
 * A data folder whose ledger holds a campaign recorded as the old code did:
 * Mission 1 in Play Mode (command group under the Captain's id), Mission 2 and
 * 3 on the paper form (under "command"), with the schema before migration 0011.
 */
async function splitLedger(dir: string) {
  return withLedgerCampaign(dir, async ({ backend, api, a, b, v, campaign }) => {
    const { roster, pack } = await lanternVigil(api, { v, playerId: a.id, campaignId: campaign.id, cores: 1 });
    const [command, core] = sideFromRoster(roster, pack, 'Ada').formations;
    const played = [
      formation(command!.id, { name: command!.name, slot: 'command', startingModels: command!.models, survivors: 1 }),
      formation(core!.id, { name: core!.name, startingModels: core!.models, survivors: 1 }),
    ];
    const m1 = outcome(campaign.id, 1, a.id, b.id, { aFormations: played });
    m1.sides[0]!.rosterId = roster.id;
    await api.call('campaigns.finishMission', { battleId: 'play-m1', outcome: m1 });
    for (const mission of [2, 3]) {
      // the old paper form's command row
      const paper = [
        formation('command', { name: 'Command group', slot: 'command', startingModels: 1, survivors: 1 }),
        formation(core!.id, { name: core!.name, startingModels: core!.models, survivors: 1 }),
      ];
      const m = outcome(campaign.id, mission, a.id, b.id, { aFormations: paper });
      m.sides[0]!.rosterId = roster.id;
      // as the old code recorded it: today the form refuses a formation the army lacks (checkOutcomeArmies), so straight to Finish
      await finishMission(backend.ctx.db, { battleId: `paper-m${mission}`, outcome: battleOutcomeSchema.parse(m) });
    }
    const { inventory } = await api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id });
    return { campaignId: campaign.id, playerId: a.id, captainId: roster.captain!.id, coreId: core!.id, before: inventory };
  });
}

/** Marks the ledger as written before migration 0011, the way a file from the previous release is. */
function asBeforeMerge(file: string): Promise<void> {
  return ledgerBeforeStep(file, '0011_merge_command_marks');
}

describe('migration 0011: the command group’s split marks merged onto one line', () => {
  it('an old ledger with marks under "command" and under the Captain ends with one line, and the Journal says why', async () => {
    const dir = tmp();
    const s = await splitLedger(dir);
    // the old code's ledger: two command group lines, 1 mark under the Captain, 2 under "command"
    expect(s.before.formations.map((f) => [f.formationId, f.serviceMarks]).sort()).toEqual(
      [
        [s.captainId, 1],
        ['command', 2],
        [s.coreId, 3],
      ].sort(),
    );
    await asBeforeMerge(join(dir, 'ledger.sqlite'));

    await withBackend(dir, async ({ api }) => {
      const { inventory } = await api.call('ledger.inventory', { campaignId: s.campaignId, playerId: s.playerId });
      expect(inventory.formations.map((f) => [f.formationId, f.serviceMarks]).sort()).toEqual(
        [
          [s.captainId, 3],
          [s.coreId, 3],
        ].sort(),
      );
      expect(inventory.formations.filter((f) => /command group/i.test(f.name))).toHaveLength(1);
      // the Captain's line is now Rank I with its Veteran Six, as three marks give (its rank was the 1 mark's before)
      expect(inventory.formations.find((f) => f.formationId === s.captainId)!.rank).toBe(s.before.formations.find((f) => f.formationId === s.coreId)!.rank);

      const journal = await api.call('ledger.journal', { campaignId: s.campaignId });
      const merge = journal.events.filter((e) => e.summary === 'Command group records merged onto one line');
      expect(merge).toHaveLength(1);
      expect(merge[0]!.kind).toBe('correction');
      const entries = merge[0]!.entries.map((e) => [e.kind, e.amount, e.item.formationId]);
      expect(entries).toEqual([
        ['service-mark', -2, 'command'],
        ['service-mark', 2, s.captainId],
      ]);
      expect(merge[0]!.entries[0]!.reason).toMatch(/paper form/);
    });
  });

  it('runs once: a second start adds no second merge', async () => {
    const dir = tmp();
    const s = await splitLedger(dir);
    await asBeforeMerge(join(dir, 'ledger.sqlite'));
    for (let i = 0; i < 2; i++) await withBackend(dir, async () => undefined);
    await withBackend(dir, async ({ api }) => {
      const journal = await api.call('ledger.journal', { campaignId: s.campaignId });
      expect(journal.events.filter((e) => e.summary === 'Command group records merged onto one line')).toHaveLength(1);
    });
  });

  it('a ledger written wholly by the paper form moves its marks onto the Captain of the campaign roster', async () => {
    const dir = tmp();
    const s = await splitLedger(dir);
    // drop the Play Mode mission's command line: only "command" holds the command group's marks
    const file = join(dir, 'ledger.sqlite');
    const db = new Database(file);
    db.prepare("delete from ledger_entries where kind = 'service-mark' and item_json like ?").run(`%"formationId":"${s.captainId}"%`);
    db.close();
    await asBeforeMerge(file);
    await withBackend(dir, async ({ api }) => {
      const { inventory } = await api.call('ledger.inventory', { campaignId: s.campaignId, playerId: s.playerId });
      expect(inventory.formations.find((f) => f.formationId === s.captainId)?.serviceMarks).toBe(2);
      expect(inventory.formations.some((f) => f.formationId === 'command')).toBe(false);
    });
  });

  it('a failed migration leaves the file as it was', async () => {
    const dir = tmp();
    await splitLedger(dir);
    const file = join(dir, 'ledger.sqlite');
    await asBeforeMerge(file);
    await expectFailedStepLeavesFile(file, '0011_merge_command_marks');
  });
});
