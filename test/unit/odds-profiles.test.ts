import { describe, expect, it } from 'vitest';
import { computeOdds } from '../../src-shared/odds/exact';
import { fracToString } from '../../src-shared/odds/fraction';
import { attackSpecFromProfiles, type TargetSide } from '../../src-shared/odds/from-profiles';
import type { SpecialRule } from '../../src-shared/ruleset/schema';

// Profiles from the Field Manual's unit table [000 L174–L219] (DIGEST §15); effects as the pack encodes them.
const rule = (id: string, name: string, effects: SpecialRule['effects']): SpecialRule => ({ id, name, text: '', effects, provisional: [] });
const bulky = rule('bulky-target', 'Bulky Target', [
  {
    kind: 'incoming-hit-modifier',
    value: 1,
    attackKinds: ['melee', 'ranged'],
    bestTarget: 2,
  },
]);
const chargeOfIron = rule('charge-of-iron', 'Charge of Iron', [
  {
    kind: 'charge-damage-bonus',
    value: 1,
    minChargeInches: 4,
    firstAttackOnly: true,
  },
]);
const expertHider = rule('expert-hider', 'Expert Hider', [{ kind: 'incoming-hit-modifier', value: -1, attackKinds: ['ranged'] }]);
const stationary = rule('stationary', 'Hunting rifle', [{ kind: 'stationary-hit-bonus', value: 1 }]);
const shieldLine = rule('shield-line', 'Shield Line', [{ kind: 'incoming-melee-damage-reduction', value: 1, floor: 1, per: 'round' }]);
const payload = rule('consecrated-payload', 'Consecrated Payload', [
  {
    kind: 'wound-bonus-against',
    value: 1,
    against: ['cryptid', 'awakened'],
    attackKinds: ['ranged'],
  },
]);

const ironLancer: TargetSide = {
  name: 'Iron Lancer',
  profile: { T: 4, Save: 2, W: 4 },
  specialRules: [bulky, chargeOfIron],
};
const sniper: TargetSide = {
  name: 'Deadshot Sniper',
  profile: { T: 3, Save: 6, W: 1 },
  specialRules: [expertHider],
};
const sacristan: TargetSide = {
  name: 'Black Sacristan',
  profile: { T: 4, Save: 3, W: 4 },
  specialRules: [],
};

describe('attackSpecFromProfiles: the resolver filled from pack data', () => {
  it('PROB-03 from profiles: a Hit 3+ F4 D1 gun against an Iron Lancer applies Bulky Target', () => {
    const { spec } = attackSpecFromProfiles({
      attacker: {
        name: 'Core fighter',
        profile: { Hit: 3, A: 1, D: 1 },
        specialRules: [],
      },
      weapon: {
        name: 'rifle',
        kind: 'ranged',
        attacks: 1,
        force: 4,
        damage: 1,
      },
      target: ironLancer,
    });
    expect(spec.modifiers?.bulkyTarget).toBe(true);
    const r = computeOdds({ ...spec, woundsRemaining: undefined });
    expect([fracToString(r.pAny), fracToString(r.expected)]).toEqual(['5/72', '1/12']);
  });

  it('PROB-05 from profiles: the stationary hunting rifle against a Black Sacristan', () => {
    const { spec, notes } = attackSpecFromProfiles({
      attacker: {
        name: 'Deadshot Sniper',
        profile: { Hit: 4, A: 1, D: 1 },
        specialRules: [],
      },
      weapon: {
        name: 'Hunting rifle',
        kind: 'ranged',
        attacks: 1,
        force: 3,
        damage: 2,
      },
      weaponRules: [stationary],
      target: sacristan,
      situation: { stationaryRifle: true },
    });
    expect(notes.join(' ')).toMatch(/did not move/);
    const r = computeOdds(spec);
    expect([fracToString(r.pAny), fracToString(r.expected)]).toEqual(['2/27', '1/6']);
  });

  it('PROB-04 from profiles: Expert Hider only against ranged attacks', () => {
    const gun = {
      name: 'rifle',
      kind: 'ranged' as const,
      attacks: 1,
      force: 4,
      damage: 1,
    };
    const blade = { name: 'blade', kind: 'melee' as const, force: 4 };
    const attacker = {
      name: 'Skirmisher',
      profile: { Hit: 4, A: 1, D: 1 },
      specialRules: [],
    };
    const ranged = attackSpecFromProfiles({
      attacker,
      weapon: gun,
      target: sniper,
    });
    expect(fracToString(computeOdds(ranged.spec).pAny)).toBe('5/27');
    expect(attackSpecFromProfiles({ attacker, weapon: blade, target: sniper }).spec.modifiers?.expertHider).toBeUndefined();
  });

  it('melee uses the fighter’s A and D with the weapon’s Force (DIGEST 6.6); Charge of Iron after a 4" charge; Shield Line on the target', () => {
    const { spec } = attackSpecFromProfiles({
      attacker: {
        name: 'Iron Lancer',
        profile: { Hit: 3, A: 2, D: 2 },
        specialRules: [chargeOfIron],
      },
      weapon: { name: 'lance', kind: 'melee', force: 5 },
      target: {
        name: 'Ash Guard',
        profile: { T: 5, Save: 3, W: 4 },
        specialRules: [shieldLine],
      },
      situation: { charged: true, chargeInches: 4 },
    });
    expect(spec).toMatchObject({
      attacks: 2,
      damage: 2,
      force: 5,
      toughness: 5,
      save: 3,
      woundsRemaining: 4,
    });
    expect(spec.modifiers).toMatchObject({
      chargeOfIron: true,
      shieldLine: true,
    });
    expect(() => computeOdds(spec)).not.toThrow();
  });

  it('Consecrated Payload only against a cryptid or an Awakened model', () => {
    const bombardier = {
      name: 'Reliquary Bombardier',
      profile: { Hit: 4, A: 1, D: 2 },
      specialRules: [payload],
    };
    const gun = {
      name: 'bombard',
      kind: 'ranged' as const,
      attacks: 1,
      force: 6,
      damage: 2,
    };
    const vsCryptid = attackSpecFromProfiles({
      attacker: bombardier,
      weapon: gun,
      target: { ...sacristan, name: 'cryptid', isCryptid: true },
    });
    const vsSoldier = attackSpecFromProfiles({
      attacker: bombardier,
      weapon: gun,
      target: sacristan,
    });
    expect(vsCryptid.spec.modifiers?.consecratedPayload).toBe(true);
    expect(vsSoldier.spec.modifiers?.consecratedPayload).toBeUndefined();
  });
});

describe('attacker and target choices from the bundled pack', () => {
  it('offer every unit, the Sniper loadout with its own profile and Expert Hider, and the cryptids', async () => {
    const { getBundledPack } = await import('../../src-shared/ruleset/bundled');
    const { attackerChoicesFromPack, targetChoicesFromPack } = await import('../../src-shared/odds/pack-choices');
    const pack = getBundledPack();
    const attackers = attackerChoicesFromPack(pack);
    const targets = targetChoicesFromPack(pack);
    expect(attackers.length).toBeGreaterThanOrEqual(pack.units.length + pack.cryptids.length);
    const sniperTarget = targets.find((t) => t.id === 'border-reiter:deadshot-sniper')!;
    expect(sniperTarget.target.profile).toMatchObject({ W: 1, Save: 6 });
    const sniper = attackers.find((a) => a.id === 'border-reiter:deadshot-sniper')!;
    const rifle = sniper.weapons.find((w) => w.id === 'hunting-rifle')!;
    // PROB-04 shape: the Sniper shoots another Sniper; Expert Hider comes from the target's loadout
    const built = attackSpecFromProfiles({
      attacker: sniper.attacker,
      weapon: rifle.weapon,
      weaponRules: rifle.rules,
      target: sniperTarget.target,
      situation: { stationaryRifle: true },
    });
    expect(built.spec.modifiers).toMatchObject({
      expertHider: true,
      stationaryRifle: true,
    });
    expect(computeOdds(built.spec).targets.hit).toBe(4); // 4+ −1 Expert Hider +1 stationary
    const lancer = targets.find((t) => t.id === 'iron-lancer')!;
    expect(lancer.target.specialRules.map((r) => r.id)).toContain('bulky-target');
    expect(targets.some((t) => t.target.isCryptid && t.target.profile.W === pack.cryptidRules.standardWounds)).toBe(true);
  });
});

describe('rules the resolver cannot decide alone are named for the players', () => {
  it('Clockwork Overdrive is offered as a switch with its numbers [000 L189]; Boarding Rush needs the charge [000 L192]', () => {
    const overdrive = rule('clockwork-overdrive', 'Clockwork Overdrive', [
      { kind: 'extra-ranged-attacks', value: 1, per: 'battle', selfWoundsOnNaturalOne: 1 },
    ]);
    const rush = rule('boarding-rush', 'Boarding Rush', [{ kind: 'charge-extra-attacks', value: 1 }]);
    const gun = attackSpecFromProfiles({
      attacker: { name: 'Clockwork Gunner', profile: { Hit: 3, A: 1, D: 2 }, specialRules: [overdrive] },
      weapon: { name: 'clockwork gun', kind: 'ranged', attacks: 3, force: 5, damage: 2 },
      target: sacristan,
    });
    expect(gun.notes.join(' ')).toMatch(/Clockwork Overdrive: switch it on to add 1 attack \(once per battle\); a natural 1 .* costs the shooter 1 Wound/);
    expect(gun.spec.modifiers?.overdrive).toBeUndefined();
    expect(gun.spec.values).toMatchObject({ overdriveAttacks: 1, overdriveWounds: 1 });
    const declared = attackSpecFromProfiles({
      attacker: { name: 'Clockwork Gunner', profile: { Hit: 3, A: 1, D: 2 }, specialRules: [overdrive] },
      weapon: { name: 'clockwork gun', kind: 'ranged', attacks: 3, force: 5, damage: 2 },
      target: sacristan,
      situation: { overdrive: true },
    });
    // three shots of the gun plus the Overdrive one: the same damage as four plain shots
    expect(computeOdds(declared.spec).damage).toEqual(computeOdds({ ...gun.spec, attacks: 4 }).damage);
    const reaver = { name: 'Boarding Reaver', profile: { Hit: 3, A: 3, D: 2 }, specialRules: [rush] };
    const axe = { name: 'boarding axe', kind: 'melee' as const, force: 4 };
    const still = attackSpecFromProfiles({ attacker: reaver, weapon: axe, target: sacristan });
    expect(still.spec.modifiers?.boardingRush).toBeUndefined();
    expect(still.notes.join(' ')).toMatch(/Boarding Rush: \+1 Attack after charging/);
    const charged = attackSpecFromProfiles({ attacker: reaver, weapon: axe, target: sacristan, situation: { charged: true } });
    expect(charged.spec).toMatchObject({ attacks: 3, modifiers: { boardingRush: true }, values: { boardingRush: 1 } });
    expect(computeOdds(charged.spec).damage).toEqual(computeOdds({ ...still.spec, attacks: 4 }).damage);
  });
});
