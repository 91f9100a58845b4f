import { type Loadout, type RulesetPack, type SpecialRule, type Unit } from '../ruleset/schema';
import { isProvisional } from '../ruleset/pack-facts';
import type { AttackerSide, ProfilesInput, TargetSide } from './from-profiles';

/**
 * Attackers and targets offered by the odds panel, built from a ruleset pack:
 * each unit (and each loadout that changes its weapons or profile, such as
 * the Deadshot Sniper) and each cryptid. Play Mode can pass its own lists,
 * built the same way from the two rosters on the table.
 */
export interface AttackerChoice {
  id: string;
  label: string;
  attacker: AttackerSide;
  /** Its profile rests on a provisional value (the pack's own markers). */
  provisional?: boolean;
  weapons: {
    id: string;
    label: string;
    weapon: ProfilesInput['weapon'];
    rules?: SpecialRule[];
    provisional?: boolean;
  }[];
}

export interface TargetChoice {
  id: string;
  label: string;
  target: TargetSide;
  /** Its profile rests on a provisional value (the pack's own markers). */
  provisional?: boolean;
}

/** Whether any value of an entity's profile is marked provisional: the whole entity, the profile, or one of its stats. */
export function profileIsProvisional(...entities: ({ provisional?: string[] } | undefined)[]): boolean {
  return entities.some((e) => !!e && (isProvisional(e, 'profile') || (e.provisional ?? []).some((f) => f.startsWith('profile.'))));
}

function rules(pack: RulesetPack, ids: string[]): SpecialRule[] {
  return ids.map((id) => pack.specialRules.find((r) => r.id === id)).filter((r): r is SpecialRule => !!r);
}

function variants(unit: Unit): { id: string; label: string; loadout?: Loadout }[] {
  const special = unit.loadouts.filter((l) => l.weapons?.length || (l.profile && Object.keys(l.profile).length) || l.specialRules.length);
  return [
    { id: unit.id, label: unit.name },
    ...special.map((l) => ({
      id: `${unit.id}:${l.id}`,
      label: `${unit.name} (${l.name})`,
      loadout: l,
    })),
  ];
}

function factionName(pack: RulesetPack, id: string): string {
  return pack.factions.find((f) => f.id === id)?.name ?? id;
}

export function attackerChoicesFromPack(pack: RulesetPack): AttackerChoice[] {
  const out: AttackerChoice[] = [];
  for (const unit of pack.units) {
    for (const v of variants(unit)) {
      const profile = { ...unit.profile, ...(v.loadout?.profile ?? {}) };
      const weaponIds = v.loadout?.weapons ?? unit.weapons;
      out.push({
        id: v.id,
        label: `${v.label} · ${factionName(pack, unit.factionId)}`,
        provisional: profileIsProvisional(unit, v.loadout),
        attacker: {
          name: v.label,
          profile,
          specialRules: rules(pack, [...unit.specialRules, ...(v.loadout?.specialRules ?? [])]),
        },
        weapons: weaponIds
          .map((id) => pack.weapons.find((w) => w.id === id))
          .filter((w) => !!w)
          .map((w) => ({
            id: w.id,
            label: `${w.name} (${w.kind})`,
            weapon: w,
            rules: rules(pack, w.specialRules),
            provisional: isProvisional(w),
          })),
      });
    }
  }
  for (const c of pack.cryptids) {
    out.push({
      id: `cryptid:${c.id}`,
      label: `${c.name} · cryptid`,
      provisional: profileIsProvisional(c),
      attacker: {
        name: c.name,
        profile: { Hit: c.profile.Hit, A: c.profile.A, D: c.profile.D },
        specialRules: [],
        isCryptid: true,
      },
      weapons: [
        {
          id: 'attacks',
          label: 'Claws and teeth (melee)',
          weapon: {
            name: 'claws and teeth',
            kind: 'melee',
            force: c.profile.F,
          },
          provisional: isProvisional(c, 'profile.F'),
        },
      ],
    });
  }
  return out;
}

export function targetChoicesFromPack(pack: RulesetPack): TargetChoice[] {
  const out: TargetChoice[] = [];
  for (const unit of pack.units) {
    for (const v of variants(unit)) {
      const profile = { ...unit.profile, ...(v.loadout?.profile ?? {}) };
      out.push({
        id: v.id,
        label: `${v.label} · ${factionName(pack, unit.factionId)}`,
        provisional: profileIsProvisional(unit, v.loadout),
        target: {
          name: v.label,
          profile,
          specialRules: rules(pack, [...unit.specialRules, ...(v.loadout?.specialRules ?? [])]),
          traits: unit.traits,
        },
      });
    }
  }
  for (const c of pack.cryptids) {
    const W = c.class === 'boss' ? pack.cryptidRules.bossWounds : pack.cryptidRules.standardWounds;
    out.push({
      id: `cryptid:${c.id}`,
      label: `${c.name} · cryptid`,
      provisional: profileIsProvisional(c),
      target: {
        name: c.name,
        profile: { T: c.profile.T, Save: c.profile.Save, W },
        specialRules: [],
        isCryptid: true,
      },
    });
  }
  return out;
}
