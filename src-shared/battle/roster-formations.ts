import { newRosterId, type Roster } from '../roster/schema';
import { addFormation, recruitCommandGroup } from '../roster/edit';
import type { RulesetPack } from '../ruleset/schema';

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

/**
 * The formations of a faction's starting set under a pack (its recruitment's smallest army: the Captain and the pack's
 * Officers as the command group, and its least number of Core squads at their smallest size, each of the faction's
 * first unit of the slot), built as the Builder builds a new army (`recruitCommandGroup`, `addFormation`) and listed as
 * Play Mode lists a roster's (`tableFormations`): the command group under the Captain's id, each squad under its own.
 * The post-battle form starts from these for a player without a saved roster (issue 41), so the ledger's lines are a
 * roster's kind of ids, made afresh, never ids written into the page.
 */
export function startingSetFormations(pack: RulesetPack, factionId: string): TableFormation[] {
  let roster: Roster = {
    id: newRosterId(),
    name: 'Starting set',
    playerId: 'starting-set',
    campaignId: null,
    mode: 'standalone',
    factionId,
    startingCity: '',
    rulesetVersionId: 1,
    captain: null,
    officers: [],
    formations: [],
    notes: '',
  };
  roster = recruitCommandGroup(roster, pack);
  for (let i = 0; i < pack.recruitment.core.min; i++) roster = addFormation(roster, pack, 'core');
  return tableFormations(roster);
}
