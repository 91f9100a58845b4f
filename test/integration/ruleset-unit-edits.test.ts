import { describe, expect, it } from 'vitest';
import type { RosterInput } from '../../src-shared/roster/schema';
import { testBackend } from '../helpers/backend';
import { refusal } from '../helpers/expect-error';
import { useTempDirs } from '../helpers/tmp';

const tempDir = useTempDirs();

describe('Armoury unit edits on a real ledger', () => {
  it('rulesets.unitUsage lists the rosters on a version that field a unit, with their loadouts; deleted rosters and other units do not count', async () => {
    const { api, close } = await testBackend(tempDir());
    try {
      const { version } = await api.call('rulesets.get', {});
      const ana = await api.call('players.create', { name: 'Ana' });
      const made = await api.call('rosters.create', {
        name: 'Pike Wall',
        playerId: ana.id,
        factionId: 'crowned-marches',
        mode: 'standalone',
        rulesetVersionId: version.id,
      });
      const roster: RosterInput = {
        ...made.roster,
        formations: [
          {
            id: 'f1',
            slot: 'core',
            unitId: 'marches-pikemen',
            name: 'First Pikes',
            fighters: [
              { id: 'a', name: '', loadoutId: null },
              { id: 'b', name: '', loadoutId: 'veteran-kit' },
            ],
          },
        ],
      };
      await api.call('rosters.save', { roster: roster as never });
      const other = await api.call('rosters.create', {
        name: 'Gone',
        playerId: ana.id,
        factionId: 'crowned-marches',
        mode: 'standalone',
        rulesetVersionId: version.id,
      });
      await api.call('rosters.save', { roster: { ...roster, id: other.roster.id, name: 'Gone' } as never });
      await api.call('rosters.delete', { id: other.roster.id });

      expect(await api.call('rulesets.unitUsage', { versionId: version.id, unitId: 'marches-pikemen' })).toEqual({
        rosters: [{ id: made.roster.id, name: 'Pike Wall', loadoutIds: ['veteran-kit'] }],
      });
      expect(await api.call('rulesets.unitUsage', { versionId: version.id, unitId: 'iron-lancer' })).toEqual({ rosters: [] });
    } finally {
      await close();
    }
  });

  it('a unit added to a faction is stored in a new version; a second one of the same name is refused at its name field', async () => {
    const { api, close } = await testBackend(tempDir());
    try {
      const { version, pack } = await api.call('rulesets.get', {});
      const fusilier = { ...structuredClone(pack.units.find((u) => u.id === 'marches-pikemen')!), id: 'test-fusilier', name: 'Test Fusilier', loadouts: [] };
      const v2 = await api.call('rulesets.createVersion', {
        baseVersionId: version.id,
        pack: { ...pack, units: [...pack.units, fusilier] },
        note: 'Test Fusilier added',
      });
      const diff = await api.call('rulesets.diff', { a: version.id, b: v2.id });
      expect(
        diff.changes
          .filter((c) => c.kind === 'added')
          .map((c) => c.label)
          .join(' '),
      ).toContain('Test Fusilier');
      expect((await api.call('rulesets.get', { versionId: version.id })).pack.units.some((u) => u.id === 'test-fusilier')).toBe(false);

      const twin = { ...fusilier, id: 'test-fusilier-2' };
      const units = [...pack.units, fusilier, twin];
      const e = await refusal(api.call('rulesets.createVersion', { baseVersionId: v2.id, pack: { ...pack, units }, note: '' }));
      expect(e.code).toBe('VALIDATION');
      expect(e.issues).toEqual([
        expect.objectContaining({ path: ['units', units.length - 1, 'name'], message: expect.stringContaining('already has a unit called "Test Fusilier"') }),
      ]);
      expect((await api.call('rulesets.list', {})).length).toBe(2);
    } finally {
      await close();
    }
  });
});
