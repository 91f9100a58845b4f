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
    const gone = destroyedCreditRefusal(side, i);
    if (gone) return gone;
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

/**
 * The life cycle's rule on paper (issue 32, formation-life.ts): a formation
 * recorded destroyed (no survivors) earns no cryptid credit and claims no
 * trophy, as Play Mode refuses crediting one once it is destroyed.
 */
function destroyedCreditRefusal(side: BattleOutcome['sides'][number], i: number): OutcomeRefusal | null {
  const j = side.formations.findIndex((f) => f.survivors === 0 && f.cryptidWounds > 0);
  if (j >= 0)
    return {
      message: `${side.formations[j]!.name} is recorded destroyed: a destroyed formation earns no cryptid credit (Field Manual §10). Give its survivors, or no Wounds.`,
      path: ['outcome', 'sides', i, 'formations', j, 'cryptidWounds'],
    };
  const t = side.trophies.findIndex((x) => side.formations.some((f) => f.formationId === x.formationId && f.survivors === 0));
  if (t >= 0)
    return {
      message: `The ${side.trophies[t]!.trophyName} trophy goes to a formation recorded destroyed: a destroyed formation claims no trophy (Field Manual §10).`,
      path: ['outcome', 'sides', i, 'trophies', t, 'formationId'],
    };
  return null;
}
