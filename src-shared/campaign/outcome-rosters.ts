import type { BattleOutcome } from '../battle/outcome';
import type { TableFormation } from '../battle/roster-formations';

/** A side's army as the post-battle form lists it: its player, and its formations as they take the table (tableFormations). */
export interface SideArmy {
  playerId: string;
  name: string;
  formations: TableFormation[];
}

export interface OutcomeRefusal {
  message: string;
  /** Where the form shows it: under `outcome`, as the request names its fields. */
  path: (string | number)[];
}

/**
 * Why a post-battle outcome cannot be recorded against the armies it names,
 * or null. A side that names its roster must be that player's army, and
 * every formation and trophy holder it lists must be one of that army's
 * formations: the ledger keeps one line per roster formation (service marks,
 * ranks, Veteran Sixes), so a formation that is not in the army would open a
 * line nobody can field. A side without a roster (a paper game before the
 * Builder had one) is taken as written.
 */
export function outcomeRosterRefusal(outcome: Pick<BattleOutcome, 'sides'>, armies: readonly (SideArmy | null)[]): OutcomeRefusal | null {
  for (const [i, side] of outcome.sides.entries()) {
    const army = armies[i];
    if (!army) continue;
    if (army.playerId !== side.playerId) return { message: `${army.name} is another player’s army.`, path: ['outcome', 'sides', i, 'rosterId'] };
    const ids = new Set(army.formations.map((f) => f.id));
    const j = side.formations.findIndex((f) => !ids.has(f.formationId));
    if (j >= 0)
      return {
        message: `“${side.formations[j]!.name}” is not a formation of ${army.name}: list the army’s own formations (${army.formations.map((f) => f.name).join(', ')}).`,
        path: ['outcome', 'sides', i, 'formations', j, 'formationId'],
      };
    const listed = new Set(side.formations.map((f) => f.formationId));
    const t = side.trophies.findIndex((x) => !listed.has(x.formationId));
    if (t >= 0)
      return {
        message: `The ${side.trophies[t]!.trophyName} trophy goes to a formation that did not fight in this battle.`,
        path: ['outcome', 'sides', i, 'trophies', t, 'formationId'],
      };
  }
  return null;
}
