import { attackerChoicesFromPack, targetChoicesFromPack, type AttackerChoice, type TargetChoice } from '../odds/pack-choices';
import type { Roster } from '../roster/schema';
import type { RulesetPack } from '../ruleset/schema';
import type { Side } from './setup';
import type { BattleState } from './state';
import { counted } from '../naming';
import { modelsLeft } from './bag';
import { formationMayAct, type LifeReadable } from './formation-life';

/**
 * The odds panel's attackers and targets for one battle: the formations of
 * the two armies on the table (with each loadout that changes a profile or
 * weapon offered on its own), and the cryptid while it is on the table. Each
 * choice remembers whose formation it is, so a rolled result can be recorded
 * against the right formation in one click.
 */

export interface BattleAttacker extends AttackerChoice {
  /** Null for the cryptid. */
  side: Side | null;
  formationId: string | null;
  /** The Captain or an Officer (HQ, DIGEST AMB-13), wherever it is posted; false for squad fighters and the cryptid. */
  hq?: boolean;
  /** Fighters of this choice attacking together: those of the formation with this loadout, no more than it has left; 1 for the Captain, an Officer and the cryptid. */
  fighters?: number;
}
export interface BattleTarget extends TargetChoice {
  side: Side | null;
  formationId: string | null;
}

/** The pack choice ids a group of models uses: the unit, or unit:loadout for a loadout the pack lists separately. */
function variantIds(unitId: string, loadoutIds: (string | null)[]): string[] {
  return [...new Set(loadoutIds.map((l) => (l ? `${unitId}:${l}` : unitId)))];
}

interface Group {
  side: Side;
  formationId: string;
  name: string;
  unitId: string;
  loadoutIds: (string | null)[];
  /** The Captain or an Officer. */
  hq: boolean;
  /** The Officer's id; absent for the Captain and squads. */
  officerId?: string;
}

function groupsOf(roster: Roster, side: Side): Group[] {
  const out: Group[] = [];
  if (roster.captain)
    out.push({
      side,
      formationId: roster.captain.id,
      name: roster.captain.name || 'Captain',
      unitId: roster.captain.unitId,
      loadoutIds: [roster.captain.loadoutId],
      hq: true,
    });
  for (const [i, o] of roster.officers.entries())
    out.push({
      side,
      formationId: o.postedTo ?? roster.captain?.id ?? o.id,
      name: o.name || `Officer ${i + 1}`,
      unitId: o.unitId,
      loadoutIds: [o.loadoutId],
      hq: true,
      officerId: o.id,
    });
  for (const f of roster.formations)
    out.push({ side, formationId: f.id, name: f.name, unitId: f.unitId, loadoutIds: f.fighters.map((x) => x.loadoutId), hq: false });
  return out;
}

function pick<T extends { id: string; label: string }>(
  all: T[],
  g: Group,
  playerName: string,
  left = Infinity,
): (T & { side: Side; formationId: string; hq: boolean; fighters: number })[] {
  const ids = variantIds(g.unitId, g.loadoutIds);
  // the choice a fighter's loadout is offered as: its own when the pack lists it apart, else the plain unit's
  const choiceOf = (l: string | null) => all.find((x) => x.id === (l ? `${g.unitId}:${l}` : g.unitId)) ?? all.find((x) => x.id === g.unitId);
  return ids.flatMap((vid) => {
    // a loadout that changes nothing is not listed separately: fall back to the plain unit
    const c = all.find((x) => x.id === vid) ?? all.find((x) => x.id === g.unitId);
    if (!c) return [];
    const variant = c.label.includes('(') && vid.includes(':') ? ` ${c.label.slice(c.label.indexOf('('), c.label.indexOf(')') + 1)}` : '';
    return [
      {
        ...c,
        id: `${g.formationId}|${c.id}|${g.name}`,
        label: `${g.name}${variant} (${playerName})`,
        side: g.side,
        formationId: g.formationId,
        hq: g.hq,
        // the fighters of this loadout (a loadout not listed apart counts with the plain unit), never more than are left
        fighters: g.hq ? 1 : Math.max(1, Math.min(left, g.loadoutIds.filter((l) => choiceOf(l)?.id === c.id).length)),
      },
    ];
  });
}

/** Deduplicated by id, keeping the first: a loadout shared by many fighters appears once. */
function unique<T extends { id: string }>(xs: T[]): T[] {
  const seen = new Set<string>();
  return xs.filter((x) => (seen.has(x.id) ? false : (seen.add(x.id), true)));
}

export function battleOddsChoices(
  pack: RulesetPack,
  armies: readonly { roster: Roster | null; playerName: string }[],
  state: Pick<BattleState, 'cryptid'> & Partial<LifeReadable>,
): { attackers: BattleAttacker[]; targets: BattleTarget[] } {
  // with the battle's state, only formations that may deal Wounds attack (formation-life.ts), with the fighters they have left
  const life = state.sides && state.setup && state.round !== undefined && state.phase !== undefined ? (state as LifeReadable) : null;
  const mayAttack = (g: Group) => {
    if (!life) return true;
    const side = life.sides[g.side];
    if (life.phase === 'over') return false;
    // the Captain and each Officer attack while alive, wherever posted; a squad while its life cycle lets it deal Wounds
    if (g.hq) return g.officerId ? !side.officers.find((o) => o.id === g.officerId)?.lost : !side.captainLost;
    return formationMayAct(life, g.side, g.formationId, 'deal-wounds');
  };
  const leftOf = (g: Group) => {
    const f = life?.sides[g.side].formations.find((x) => x.id === g.formationId);
    return f ? modelsLeft(f) : Infinity;
  };
  const allAttackers = attackerChoicesFromPack(pack);
  const allTargets = targetChoicesFromPack(pack);
  const attackers: BattleAttacker[] = [];
  const targets: BattleTarget[] = [];
  armies.forEach((a, i) => {
    if (!a.roster) return;
    for (const g of groupsOf(a.roster, i === 0 ? 'A' : 'B')) {
      if (mayAttack(g)) attackers.push(...pick(allAttackers, g, a.playerName, leftOf(g)));
      targets.push(...pick(allTargets, g, a.playerName));
    }
  });
  const c = state.cryptid;
  if (c && !c.defeated) {
    const at = allAttackers.find((x) => x.id === `cryptid:${c.cryptidId}`);
    const tg = allTargets.find((x) => x.id === `cryptid:${c.cryptidId}`);
    if (at) attackers.push({ ...at, label: `${c.name} (cryptid)`, side: null, formationId: null, fighters: 1 });
    // the Wounds it has left, so the odds of finishing it off are right
    if (tg)
      targets.push({
        ...tg,
        label: `${c.name} (cryptid, ${counted(c.remaining, 'Wound')} left)`,
        target: { ...tg.target, woundsRemaining: c.remaining },
        side: null,
        formationId: null,
      });
  }
  return { attackers: unique(attackers), targets: unique(targets) };
}
