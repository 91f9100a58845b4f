// Issue 17: 'Every value the DIGEST marks provisional … carries its flag in … Play Mode (formation cards, odds
// drawer) … from the pack's own provisional markers, never a list in the UI.' The markers in the test pack:
// the Captain '*', Core 'cost' and 'profile', the Sacristan only 'cost'; blade '*', hunting rifle none.
import { describe, expect, it } from 'vitest';
import { sideFromRoster } from '../../src-main/backend/battles/from-roster';
import { attackerChoicesFromPack, profileIsProvisional, targetChoicesFromPack } from '../../src-shared/odds/pack-choices';
import { formation, minimalRoster, TEST_PACK } from '../fixtures/roster-pack';

describe('profileIsProvisional: any stat of the profile marked, or the whole entity', () => {
  it.each([
    [['*'], true],
    [['profile'], true],
    [['profile.T'], true],
    [['cost'], false],
    [['weapons', 'traits'], false],
    [[], false],
  ])('markers %j → %s', (markers, expected) => expect(profileIsProvisional({ provisional: markers })).toBe(expected));
  it('a loadout that changes the profile counts with its unit', () => {
    expect(profileIsProvisional({ provisional: ['cost'] }, { provisional: ['profile.D'] })).toBe(true);
    expect(profileIsProvisional({ provisional: ['cost'] }, undefined)).toBe(false);
  });
});

describe('the odds drawer’s choices carry the pack’s markers', () => {
  const attackers = attackerChoicesFromPack(TEST_PACK);
  const targets = targetChoicesFromPack(TEST_PACK);
  it.each([
    ['pc-captain', true],
    ['pc-core', true],
    ['black-sacristan', false],
    ['iron-lancer', false],
  ])('%s: profile provisional %s, as attacker and as target', (id, expected) => {
    expect(attackers.find((a) => a.id === id)!.provisional).toBe(expected);
    expect(targets.find((t) => t.id === id)!.provisional).toBe(expected);
  });
  it.each([
    ['blade', true],
    ['hunting-rifle', false],
  ])('weapon %s provisional %s', (weaponId, expected) => {
    const w = attackers.flatMap((a) => a.weapons).find((x) => x.id === weaponId)!;
    expect(w.provisional).toBe(expected);
  });
});

describe('sideFromRoster: the activation card’s stats that rest on provisional values', () => {
  it('the command group under a wholly provisional Captain flags Move, Save and Resolve; a cost-only marker flags none', () => {
    const r = minimalRoster();
    r.formations = [formation('core', 3), formation('elite', 2)];
    const side = sideFromRoster(r, TEST_PACK, 'Ada');
    const bySlot = (slot: string) => side.formations.find((f) => f.slot === slot)!;
    expect(bySlot('command').provisionalStats).toEqual(['move', 'save', 'resolve']);
    expect(bySlot('core').provisionalStats).toEqual(['move', 'save', 'resolve']);
    // the Black Sacristan's marker is 'cost' only
    expect(bySlot('elite').provisionalStats).toEqual([]);
  });
});
