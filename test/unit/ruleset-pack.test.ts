import { describe, expect, it } from 'vitest';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { checkReferences } from '../../src-shared/ruleset/references';
import { rulesetPackSchema } from '../../src-shared/ruleset/schema';
import { DEFAULT_RULE_OPTIONS } from '../../src-shared/ruleset/options';
import { findRule, unitsOf } from '../../src-shared/ruleset/lookup';
import { CRYPTID_WOUNDS, DEADSHOT_SNIPER, FIELD_MANUAL_PROFILES, SPECIAL_RULE_NUMBERS } from '../fixtures/field-manual-profiles';
import { CAMPAIGN, CAPTAIN_ABILITIES, EVENT_TABLE, GAMBITS, ORDERS, RECRUITMENT, RULE_OF_COOL, STORM } from '../fixtures/field-manual-tables';
import { BEHAVIOUR_TABLE, ENTRY_TABLE } from '../fixtures/bestiary-tables';

const pack = getBundledPack();

describe('the default Age of Ash 2.4 pack', () => {
  it('validates against the schema and has no dangling references', () => {
    expect(rulesetPackSchema.safeParse(pack).success).toBe(true);
    expect(checkReferences(pack)).toEqual([]);
    expect(pack.meta).toMatchObject({ name: 'Age of Ash 2.4', rulesVersion: '2.4' });
    expect(pack.options).toEqual(DEFAULT_RULE_OPTIONS);
  });

  describe('holds the eighteen Field Manual profiles exactly [000 unit profiles]', () => {
    it.each(FIELD_MANUAL_PROFILES)('$faction $unit ($section)', (row) => {
      const faction = pack.factions.find((f) => f.name === row.faction);
      expect(faction, row.faction).toBeDefined();
      const unit = pack.units.find((u) => u.name === row.unit && u.factionId === faction!.id);
      expect(unit, row.unit).toBeDefined();
      expect(unit!.slot).toBe(row.slot);
      expect(unit!.profile).toEqual({ M: row.M, W: row.W, Hit: row.Hit, T: row.T, Save: row.Save, A: row.A, D: row.D, Resolve: row.Resolve });
      // the documents' numbers are never marked provisional
      expect(unit!.provisional).not.toContain('*');
      expect(unit!.provisional.filter((p) => p.startsWith('profile'))).toEqual([]);
      const ruleNames = unit!.specialRules.map((id) => findRule(pack, id)!.name);
      for (const r of row.specialRules) expect(ruleNames).toContain(r);
    });
  });

  it('has exactly one such profile per faction and slot (18 in all)', () => {
    const documented = pack.units.filter((u) => ['elite', 'skirmisher', 'heavy'].includes(u.slot));
    expect(documented).toHaveLength(18);
  });

  describe('machine-readable special rules carry the documented numbers [000 unit profiles]', () => {
    const effect = (id: string) => findRule(pack, id)!.effects[0] as Record<string, unknown>;
    const n = SPECIAL_RULE_NUMBERS;
    it.each([
      ['bulky-target', { kind: 'incoming-hit-modifier', value: n.bulkyTarget.hitBonusForAttacker, bestTarget: n.bulkyTarget.bestTarget }],
      ['charge-of-iron', { kind: 'charge-damage-bonus', value: n.chargeOfIron.damage, minChargeInches: n.chargeOfIron.minChargeInches, firstAttackOnly: true }],
      ['boarding-rush', { kind: 'charge-extra-attacks', value: n.boardingRush.attacks }],
      ['shield-line', { kind: 'incoming-melee-damage-reduction', value: n.shieldLine.reduction, floor: n.shieldLine.floor, per: 'round' }],
      ['last-wall', { kind: 'incoming-wound-reduction', value: n.lastWall.reduction, floor: n.lastWall.floor, per: 'battle' }],
      [
        'consecrated-payload',
        { kind: 'wound-bonus-against', value: n.consecratedPayload.woundBonus, against: ['cryptid', 'awakened'], attackKinds: ['ranged'] },
      ],
      [
        'clockwork-overdrive',
        { kind: 'extra-ranged-attacks', value: n.clockworkOverdrive.extraAttacks, per: 'battle', selfWoundsOnNaturalOne: n.clockworkOverdrive.selfWounds },
      ],
      ['unreliable-powder', { kind: 'self-wound-on-natural-one', wounds: n.unreliablePowder.selfWounds, attackKinds: ['ranged'] }],
      ['cinder-suppression', { kind: 'movement-penalty-on-wound', inches: n.cinderSuppression.inches, minimum: n.cinderSuppression.minimum }],
      ['expert-hider', { kind: 'incoming-hit-modifier', value: DEADSHOT_SNIPER.expertHiderModifier, attackKinds: ['ranged'] }],
    ])('%s', (id, expected) => {
      expect(effect(id)).toMatchObject(expected);
    });
    it('chaotic-instability: D20 bands 1 → 2 Wounds, 2–14 → 1, 15–20 → 0', () => {
      const bands = (effect('chaotic-instability') as { bands: { min: number; max: number; wounds: number }[] }).bands;
      expect(bands.map((b) => [b.min, b.max, b.wounds])).toEqual(n.chaoticInstability);
    });
  });

  it('gives every Skirmisher the Deadshot Sniper loadout at +14, one per patrol, with W1 Save 6+ A1 [000 §7]', () => {
    expect(pack.sniper).toEqual({ unitLoadoutId: 'deadshot-sniper', cost: DEADSHOT_SNIPER.cost, maxPerPatrol: DEADSHOT_SNIPER.perPatrol });
    const skirmishers = pack.units.filter((u) => u.slot === 'skirmisher');
    expect(skirmishers).toHaveLength(6);
    for (const s of skirmishers) {
      const l = s.loadouts.find((x) => x.id === pack.sniper.unitLoadoutId)!;
      expect(l, s.name).toBeDefined();
      expect(l.cost).toBe(DEADSHOT_SNIPER.cost);
      expect(l.maxPerFormation).toBe(DEADSHOT_SNIPER.perPatrol);
      expect(l.profile).toEqual({ W: DEADSHOT_SNIPER.W, Save: DEADSHOT_SNIPER.Save, A: DEADSHOT_SNIPER.A });
      expect(l.specialRules.map((id) => findRule(pack, id)!.name)).toEqual(DEADSHOT_SNIPER.rules);
      const rifle = pack.weapons.find((w) => w.id === l.weapons![0])!;
      expect(rifle).toMatchObject({
        kind: 'ranged',
        range: DEADSHOT_SNIPER.rifle.range,
        force: DEADSHOT_SNIPER.rifle.force,
        attacks: DEADSHOT_SNIPER.rifle.attacks,
        damage: DEADSHOT_SNIPER.rifle.damage,
      });
      expect(rifle.provisional).toEqual([]);
      const aim = rifle.specialRules.map((id) => findRule(pack, id)!).flatMap((r) => r.effects);
      expect(aim).toContainEqual({ kind: 'stationary-hit-bonus', value: DEADSHOT_SNIPER.rifle.stationaryHitBonus });
    }
  });

  it('gives cryptids 15 Wounds and the Boss-class Nuckelavee and Tarasque 20 [000 §10; 001 step 06]', () => {
    expect(pack.cryptidRules.standardWounds).toBe(CRYPTID_WOUNDS.standard);
    expect(pack.cryptidRules.bossWounds).toBe(CRYPTID_WOUNDS.boss);
    expect(pack.cryptidRules.enragedExtraAttacks).toBe(CRYPTID_WOUNDS.enragedExtraAttacks);
    expect(pack.cryptidRules.woundsPerCryptidDie).toBe(CRYPTID_WOUNDS.woundsPerCryptidDie);
    expect(pack.cryptids).toHaveLength(CRYPTID_WOUNDS.totalCreatures);
    for (const c of pack.cryptids) {
      const boss = CRYPTID_WOUNDS.bossNames.includes(c.name);
      expect(c.class, c.name).toBe(boss ? 'boss' : 'standard');
      expect(c.profile.W, c.name).toBe(boss ? CRYPTID_WOUNDS.boss : CRYPTID_WOUNDS.standard);
    }
    for (const name of CRYPTID_WOUNDS.bossNames) expect(pack.cryptids.map((c) => c.name)).toContain(name);
  });

  it('has every province table of three known cryptids, all eleven creatures appearing somewhere [001 §03; DIGEST M-05]', () => {
    const used = new Set(pack.provinces.flatMap((p) => p.cryptids));
    expect(used.size).toBe(CRYPTID_WOUNDS.totalCreatures);
    for (const p of pack.provinces) expect(p.provisional).toContain('*');
  });

  it('holds the event, Rule of Cool, storm, behaviour and entry tables exactly', () => {
    expect(pack.environmentEvent).toEqual({ round: EVENT_TABLE.round, die: EVENT_TABLE.die, cryptid: { min: 1, max: 10 }, storm: { min: 11, max: 20 } });
    expect(pack.ruleOfCool.damageBands.map((b) => [b.min, b.max, b.bonus])).toEqual(RULE_OF_COOL.damageBands);
    expect(pack.ruleOfCool).toMatchObject({
      criticalFailureWounds: RULE_OF_COOL.criticalFailureWounds,
      dramaticSuccess: RULE_OF_COOL.dramaticSuccess,
      exceptionalSuccess: RULE_OF_COOL.exceptionalSuccess,
    });
    expect(pack.storm).toEqual({
      templateDiameter: STORM.templateInches,
      scatterDie: STORM.scatterDie,
      endOfRoundWounds: STORM.endOfRoundWounds,
      protectionRoll: STORM.protectionRoll,
      hitModifier: STORM.hitModifier,
      damageReductionFromOutside: STORM.damageReductionFromOutside,
      moveCost: STORM.moveCost,
    });
    expect(pack.cryptidRules.behaviour.map((b) => [b.min, b.max, b.name, b.move])).toEqual(BEHAVIOUR_TABLE.rows);
    expect(pack.cryptidRules.entry.map((b) => [b.min, b.max, b.name])).toEqual(ENTRY_TABLE.rows);
  });

  it('holds the campaign economy, ranks and recruitment limits [000 §2, §11, §13]', () => {
    const e = pack.economy;
    expect([e.startingAllowance, e.cap, e.standaloneLimit]).toEqual([CAMPAIGN.startingAllowance, CAMPAIGN.cap, CAMPAIGN.standaloneLimit]);
    expect(e.rewards).toMatchObject(CAMPAIGN.rewards);
    expect(e.rewardMissions).toEqual(CAMPAIGN.rewardMissions);
    expect(e.ranks.map((r) => [r.marks, r.veteranSixes])).toEqual(CAMPAIGN.ranks);
    const r = pack.recruitment;
    expect([r.captains, r.officers]).toEqual([RECRUITMENT.captains, RECRUITMENT.officers]);
    for (const slot of ['core', 'elite', 'skirmisher', 'heavy'] as const) {
      expect([r[slot].min, r[slot].max, r[slot].size.min, r[slot].size.max], slot).toEqual([
        RECRUITMENT[slot].min,
        RECRUITMENT[slot].max,
        ...RECRUITMENT[slot].size,
      ]);
    }
    expect(r.officerHostSlots).toEqual(['core', 'elite']);
    expect(r.officersPerHost).toBe(1);
  });

  it('has missions 1–5 with Mission 3’s guaranteed cryptid, a Cryptid Hunt, a 5 VP Relic Recovery and the finale without RP [000 §3, §13]', () => {
    const m = pack.missions;
    expect(m.map((x) => x.number)).toEqual([1, 2, 3, 4, 5]);
    expect(m.filter((x) => x.guaranteedCryptid).map((x) => x.number)).toEqual([CAMPAIGN.guaranteedCryptidMission]);
    expect(m.filter((x) => x.kind === 'cryptid-hunt')).toHaveLength(1);
    const relic = m.filter((x) => x.kind === 'relic-recovery');
    expect(relic).toHaveLength(1);
    expect(relic[0]!.relicVp).toBe(CAMPAIGN.relicRecoveryVp);
    for (const x of m.filter((y) => y.kind !== 'relic-recovery')) expect(x.relicVp).toBe(CAMPAIGN.relicVp);
    for (const x of m) expect(x.secondaryVp).toBe(CAMPAIGN.secondaryVp);
    expect(m.filter((x) => x.awardsRp).map((x) => x.number)).toEqual(CAMPAIGN.rewardMissions);
  });

  it('names the orders, Field Gambits and the six Captain abilities [000 §6, §8, §9]', () => {
    expect(pack.orders.map((o) => o.name)).toEqual(ORDERS.names);
    expect(pack.gambits.map((g) => g.name)).toEqual(GAMBITS.names);
    for (const f of pack.factions) {
      const ability = pack.captainAbilities.find((a) => a.id === f.captainAbility)!;
      expect(ability.name, f.name).toBe(CAPTAIN_ABILITIES.byFaction[f.name]);
    }
    // the three gambits without rules text in the documents are provisional
    for (const g of pack.gambits) expect(g.provisional.includes('*'), g.name).toBe(['Brace', 'Last Hurrah', 'Breakthrough'].includes(g.name));
  });

  it('has at least one piece of equipment that protects against the storm [DIGEST AMB-19f]', () => {
    expect(pack.equipment.some((e) => e.radProtection)).toBe(true);
  });

  describe('every faction can field a full army [000 §2; DIGEST product decision 1]', () => {
    it.each(pack.factions.map((f) => [f.name, f.id] as const))('%s', (_name, fid) => {
      for (const slot of ['captain', 'officer', 'elite', 'skirmisher', 'heavy'] as const)
        expect(unitsOf(pack, fid, slot).length, slot).toBeGreaterThanOrEqual(1);
      expect(unitsOf(pack, fid, 'core').length).toBeGreaterThanOrEqual(2);
      expect(pack.units.filter((u) => u.factionId === fid).some((u) => u.loadouts.some((l) => l.cost > 0 && l.id !== pack.sniper.unitLoadoutId))).toBe(true);
    });
  });
});
