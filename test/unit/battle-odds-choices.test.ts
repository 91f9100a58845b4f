import { describe, expect, it } from 'vitest';
import { battleOddsChoices } from '../../src-shared/battle/odds-choices';
import type { CryptidState } from '../../src-shared/battle/state';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { formation, minimalRoster, TEST_PACK } from '../fixtures/roster-pack';

describe('the odds drawer offers the battle’s own formations and cryptid', () => {
  it('lists each army’s command models and formations with their player, one choice per loadout that changes the profile, tagged with side and formation', () => {
    const a = minimalRoster();
    a.formations.push(formation('core', 3, 'Flamers'));
    a.formations[2]!.fighters[0]!.loadoutId = 'flamer';
    const b = minimalRoster({ id: 'r-b', playerId: 'player-2' });
    const { attackers, targets } = battleOddsChoices(
      TEST_PACK,
      [
        { roster: a, playerName: 'Ana' },
        { roster: b, playerName: 'Bo' },
      ],
      { cryptid: null },
    );
    const labels = attackers.map((x) => x.label);
    expect(labels).toContain('First Core (Ana)');
    expect(labels).toContain('Second Core (Bo)');
    expect(labels).toContain('Captain (Ana)');
    // the Flamers squad offers its plain muskets and its flamer separately
    const flamers = attackers.filter((x) => x.formationId === a.formations[2]!.id);
    expect(flamers.map((x) => x.weapons.map((w) => w.id).join(',')).sort()).toEqual(['flamer', 'musket']);
    expect(attackers.find((x) => x.label === 'First Core (Ana)')).toMatchObject({ side: 'A', formationId: a.formations[0]!.id });
    expect(targets.find((x) => x.label === 'First Core (Bo)')).toMatchObject({ side: 'B', formationId: b.formations[0]!.id });
    expect(targets.some((x) => x.formationId === null)).toBe(false); // no cryptid on the table
  });

  it('adds the cryptid on the table, as a target with the Wounds it has left, and drops it once defeated', () => {
    const pack = getBundledPack();
    const c = pack.cryptids[0]!;
    const cryptid = { cryptidId: c.id, name: c.name, remaining: 7, defeated: false } as CryptidState;
    const { attackers, targets } = battleOddsChoices(pack, [], { cryptid });
    expect(targets).toHaveLength(1);
    expect(targets[0]!).toMatchObject({ side: null, formationId: null, label: `${c.name} (cryptid, 7 Wounds left)` });
    expect(targets[0]!.target.woundsRemaining).toBe(7);
    expect(attackers[0]!.attacker.isCryptid).toBe(true);
    expect(battleOddsChoices(pack, [], { cryptid: { ...cryptid, defeated: true } }).targets).toHaveLength(0);
  });
});

describe('the odds drawer’s attackers follow the battle [issue 32]', () => {
  it('a formation that may not deal Wounds is no attacker; each choice carries the fighters it has left', () => {
    const a = minimalRoster();
    a.formations.push(formation('core', 3, 'Flamers'));
    a.formations[2]!.fighters[0]!.loadoutId = 'flamer';
    const b = minimalRoster({ id: 'r-b', playerId: 'player-2' });
    const f = (id: string, startingModels: number, killed: number) => ({
      id,
      name: id,
      slot: 'core',
      startingModels,
      killed,
      retreated: 0,
      inReserve: false,
      uncloakedRound: null,
    });
    const state = {
      cryptid: null,
      round: 1,
      phase: 'activations',
      setup: { sides: [{ playerName: 'Ana' }, { playerName: 'Bo' }] },
      sides: {
        // Ana's first Core squad wiped out, one of the Flamers (a musket) killed
        A: {
          captainLost: false,
          officers: [],
          formations: [f(a.formations[0]!.id, a.formations[0]!.fighters.length, a.formations[0]!.fighters.length), f(a.formations[2]!.id, 3, 1)],
        },
        B: { captainLost: true, officers: [], formations: [] },
      },
    } as never;
    const { attackers } = battleOddsChoices(
      TEST_PACK,
      [
        { roster: a, playerName: 'Ana' },
        { roster: b, playerName: 'Bo' },
      ],
      state,
    );
    const labels = attackers.map((x) => x.label);
    expect(labels).not.toContain('First Core (Ana)');
    expect(labels).toContain('Captain (Ana)');
    expect(labels).not.toContain('Captain (Bo)'); // fallen
    const flamers = attackers.filter((x) => x.formationId === a.formations[2]!.id);
    // two muskets (never more than the 2 left) and the flamer
    expect(flamers.map((x) => [x.weapons[0]!.id, x.fighters]).sort()).toEqual([
      ['flamer', 1],
      ['musket', 2],
    ]);
  });
});
