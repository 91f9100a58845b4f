// Issue 41, point 1: the post-battle form, for a player without a saved roster, starts from the pinned pack's
// starting set listed as Play Mode lists a roster's formations (tableFormations), not from ids written into the page.
import { describe, expect, it } from 'vitest';
import { startingSetFormations, tableFormations } from '../../src-shared/battle/roster-formations';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { addFormation, recruitCommandGroup } from '../../src-shared/roster/edit';
import type { RulesetPack } from '../../src-shared/ruleset/schema';

const pack = getBundledPack();

describe('the starting set a rosterless post-battle form lists [issue 41]', () => {
  it.each(pack.factions.map((f) => [f.name, f.id] as const))(
    '%s: the command group and the pack’s least Core squads, as Play Mode lists them',
    (_, factionId) => {
      const set = startingSetFormations(pack, factionId);
      const r = pack.recruitment;
      // the Captain and every Officer in the command group, then core.min squads at their smallest size
      expect(set.map((f) => [f.slot, f.models])).toEqual([
        ['command', 1 + r.officers],
        ...Array.from({ length: r.core.min }, () => ['core', Math.max(1, r.core.size.min)]),
      ]);
      // a roster's kind of ids, each its own, never the page's old fixed ones
      const ids = set.map((f) => f.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids).not.toContain('command');
      // made afresh for each form
      expect(startingSetFormations(pack, factionId).map((f) => f.id)).not.toEqual(ids);
    },
  );

  it('follows the pinned pack: a pack asking for more Officers and Core squads gives a larger starting set', () => {
    const bigger: RulesetPack = structuredClone(pack);
    bigger.recruitment.officers = pack.recruitment.officers + 1;
    bigger.recruitment.core.min = pack.recruitment.core.min + 1;
    const set = startingSetFormations(bigger, pack.factions[0]!.id);
    expect(set[0]).toMatchObject({ slot: 'command', models: 2 + pack.recruitment.officers });
    expect(set.filter((f) => f.slot === 'core')).toHaveLength(pack.recruitment.core.min + 1);
  });

  it('is what tableFormations lists for the same army built in the Builder', () => {
    const factionId = pack.factions[1]!.id;
    const set = startingSetFormations(pack, factionId);
    let roster = recruitCommandGroup(
      {
        id: 'r',
        name: 'x',
        playerId: 'p',
        campaignId: null,
        mode: 'standalone',
        factionId,
        startingCity: '',
        rulesetVersionId: 1,
        captain: null,
        officers: [],
        formations: [],
        notes: '',
      },
      pack,
    );
    for (let i = 0; i < pack.recruitment.core.min; i++) roster = addFormation(roster, pack, 'core');
    const strip = (fs: { id: string; name: string; slot: string; models: number }[]) => fs.map(({ name, slot, models }) => ({ name, slot, models }));
    expect(strip(set)).toEqual(strip(tableFormations(roster)));
  });
});
