import { describe, expect, it } from 'vitest';
import type { Roster } from '../../src-shared/roster/schema';
import { copyName } from '../../src-shared/roster/clone';
import { withBackend } from '../helpers/backend';
import { seedPlayer, seedTestPack } from '../helpers/roster-seed';
import { expectError } from '../helpers/expect-error';
import { useTempDirs } from '../helpers/tmp';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { formation, maximalRoster } from '../fixtures/roster-pack';

const tempDir = useTempDirs();

/** Every id a roster holds, its own included. */
function idsOf(r: Roster): string[] {
  return [r.id, ...(r.captain ? [r.captain.id] : []), ...r.officers.map((o) => o.id), ...r.formations.flatMap((f) => [f.id, ...f.fighters.map((x) => x.id)])];
}

describe('copyName: "<name> (copy)" within the roster name policy', () => {
  it('appends the suffix, shortens a long name by whole characters, and normalises', () => {
    expect(copyName('Ash Wolves')).toBe('Ash Wolves (copy)');
    const long = 'x'.repeat(79) + '😀';
    expect(copyName(long)).toBe('x'.repeat(73) + ' (copy)');
    expect(copyName('x'.repeat(72) + '😀😀')).toBe('x'.repeat(72) + ' (copy)'); // never half an emoji
    expect(copyName('Zoe\u0308')).toBe('Zoë (copy)');
    expect(copyName('a'.repeat(80)).length).toBe(80);
  });
});

describe.each(DIALECTS)('rosters.clone on a real ledger (%s)', (dialect) => {
  it('copies with new ids throughout, postings followed; editing the clone leaves the original', async () =>
    withBackend(await ledgerPlace(dialect, tempDir()), async ({ backend, api }) => {
      const db = backend.ctx.db;
      const versionId = await seedTestPack(db);
      await seedPlayer(db, 'p-ana', 'Ana');
      await seedPlayer(db, 'p-bo', 'Bo');
      const created = await api.call('rosters.create', { name: 'Ash Wolves', playerId: 'p-ana', factionId: 'penitent-concord', rulesetVersionId: versionId });
      const m = maximalRoster();
      const source: Roster = {
        ...created.roster,
        captain: m.captain,
        officers: m.officers.map((o, i) => ({ ...o, postedTo: i === 0 ? 'f-1' : null })),
        formations: [
          { ...formation('core', 3, 'Ashen Line'), id: 'f-1' },
          { ...formation('core', 3, 'Second Line'), id: 'f-2' },
        ],
      };
      const original = (await api.call('rosters.save', { roster: source })).roster;

      const clone = await api.call('rosters.clone', { id: original.id });
      expect(clone.roster.name).toBe('Ash Wolves (copy)');
      expect(clone.roster).toMatchObject({ mode: 'standalone', campaignId: null, playerId: 'p-ana', factionId: 'penitent-concord' });
      // no id of the original survives, and none repeats inside the copy
      const ids = idsOf(clone.roster);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.filter((id) => idsOf(original).includes(id))).toEqual([]);
      // the Officer stays posted to the same formation, under its new id
      const posted = clone.roster.officers[0]!.postedTo;
      expect(clone.roster.formations.findIndex((f) => f.id === posted)).toBe(0);
      // the same army, part for part
      expect(clone.roster.formations.map((f) => [f.name, f.unitId, f.fighters.length])).toEqual(
        original.formations.map((f) => [f.name, f.unitId, f.fighters.length]),
      );
      expect(clone.validation.points.spent).toBe((await api.call('rosters.get', { id: original.id })).validation.points.spent);

      // an independent copy: editing the clone leaves the original as it was
      await api.call('rosters.save', { roster: { ...clone.roster, name: 'Grey Wolves', formations: clone.roster.formations.slice(0, 1) } });
      const again = await api.call('rosters.get', { id: original.id });
      expect(again.roster).toEqual(original);
      expect((await api.call('rosters.get', { id: clone.roster.id })).roster.formations).toHaveLength(1);
      expect((await api.call('rosters.list', {})).map((r) => r.name).sort()).toEqual(['Ash Wolves', 'Grey Wolves']);
    }));

  it('clones into a campaign seat of the same faction, names through the text policy, refuses another faction', async () =>
    withBackend(await ledgerPlace(dialect, tempDir()), async ({ backend, api }) => {
      const db = backend.ctx.db;
      const versionId = await seedTestPack(db);
      await seedPlayer(db, 'p-ana', 'Ana');
      await seedPlayer(db, 'p-bo', 'Bo');
      const standalone = await api.call('rosters.create', {
        name: 'Ash Wolves',
        playerId: 'p-ana',
        factionId: 'penitent-concord',
        rulesetVersionId: versionId,
      });
      const campaign = await api.call('campaigns.create', {
        rulesetVersionId: versionId,
        seats: [
          { playerId: 'p-ana', factionId: 'penitent-concord' },
          { playerId: 'p-bo', factionId: 'crowned-marches' },
        ],
      });
      const named = await api.call('rosters.clone', { id: standalone.roster.id, campaignId: campaign.id, name: '  Zoe\u0308’s band ' });
      expect(named.roster).toMatchObject({ name: 'Zoë’s band', mode: 'campaign', campaignId: campaign.id, rulesetVersionId: versionId });
      expect(named.allowance).toBe(400); // the campaign's allowance, from its ledger
      expect(named.summary.campaignName).toBe(campaign.name);

      // Bo plays another faction there: refused at the campaign, nothing written
      const before = (await api.call('rosters.list', {})).length;
      const e = await expectError(api.call('rosters.clone', { id: standalone.roster.id, campaignId: campaign.id, playerId: 'p-bo' }), 'RULE_VIOLATION');
      expect(e.path).toEqual(['campaignId']);
      // a name the text policy refuses is refused at the door
      const bad = await expectError(api.call('rosters.clone', { id: standalone.roster.id, name: 'Evil\u202Ename' }), 'VALIDATION');
      expect(bad.path).toEqual(['name']);
      await expectError(api.call('rosters.clone', { id: 'no-such-roster' }), 'NOT_FOUND');
      expect((await api.call('rosters.list', {})).length).toBe(before);
    }));
});
