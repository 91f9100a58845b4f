import type { Roster } from '../roster/schema';

/** One formation as it takes the table: what Play Mode sets up and what the paper post-battle form lists. */
export interface TableFormation {
  id: string;
  name: string;
  slot: 'command' | 'core' | 'elite' | 'skirmisher' | 'heavy';
  /** Models at the start: the command group counts the Captain and its unattached Officers, a squad its fighters and the Officers posted to it (DIGEST 2.1, 3.4–3.5). */
  models: number;
}

/**
 * The formations of a saved roster as the ledger knows them: the command group
 * under the Captain's id, then every squad under its own id. Play Mode's set-up
 * and the paper post-battle form both start here, so a campaign's service
 * marks, ranks and Veteran Sixes stay on one line per formation however each
 * mission was recorded.
 */
export function tableFormations(roster: Roster, captainName?: string): TableFormation[] {
  const squads = new Set(roster.formations.map((f) => f.id));
  const postedHere = (to: string | null) => to !== null && squads.has(to);
  const command: TableFormation[] = roster.captain
    ? [
        {
          id: roster.captain.id,
          name: captainName ? `${captainName}’s command group` : 'Command group',
          slot: 'command',
          models: 1 + roster.officers.filter((o) => !postedHere(o.postedTo)).length,
        },
      ]
    : [];
  // an Officer posted to a Core or Elite squad fights with it and is one of its models, not the command group's (issue 32)
  const postedTo = (id: string) => roster.officers.filter((o) => o.postedTo === id).length;
  return [...command, ...roster.formations.map((f) => ({ id: f.id, name: f.name, slot: f.slot, models: Math.max(1, f.fighters.length) + postedTo(f.id) }))];
}
