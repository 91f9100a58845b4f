import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { foldEvents } from '../../src-shared/battle/reducer';
import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { battleRules } from '../../src-main/backend/battles/rules';
import { act, playSetup, seedCampaign } from './battle-seed';
import { formation, outcome } from './ledger-seed';

export { act, playSetup };

/**
 * Realistic state for the fault, crash and seeded-fuzz runs, built through
 * the channels a club organiser's clicks reach: two players, a campaign
 * between them on the default pack, a legal army each, and battles.
 */
export type SeededClub = Awaited<ReturnType<typeof seedCampaign>>;
export { seedCampaign as seedClub };

/** The campaign's next battle between the two seeded armies. */
export function startCampaignBattle(api: ApiClient, club: SeededClub): Promise<BattleDetail> {
  return api.call('battles.start', { mode: 'campaign', campaignId: club.campaign.id, rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id] });
}

/** A formation just activated from the bag, for a test that records what it did. */
export interface Activated {
  round: number;
  owner: Extract<ReturnType<typeof BagActivation.turn>, { kind: 'choose' }>['owner'];
  formationId: string;
}

/** The battle's state as the record folds it. */
export type BattleStateOf = (d: BattleDetail) => ReturnType<typeof foldEvents>;

/**
 * Plays a battle through all five rounds [000 §13: the battle ends after
 * round five]: setup, two Mutants killed at objective 1 by `side`, then each
 * round its command, event and Cryptid phases, `activations` for the
 * activation phase, and objective 1 held by `side` at its end.
 */
export async function playRounds(
  api: ApiClient,
  b: BattleDetail,
  pack: RulesetPack,
  side: 'A' | 'B',
  activations: (b: BattleDetail, round: number, state: BattleStateOf) => Promise<BattleDetail>,
): Promise<BattleDetail> {
  const rules = battleRules(pack, b.options);
  const state: BattleStateOf = (d) => foldEvents(d.setup, rules, d.log);
  b = await playSetup(api, b, pack);
  b = await act(api, b.id, { kind: 'record', body: { kind: 'mutant.kill', objective: 0, side, count: 2 } });
  for (let r = 1; r <= 5; r++) {
    b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
    if (state(b).phase === 'event') b = await act(api, b.id, { kind: 'resolve-event' });
    if (state(b).phase === 'cryptid') b = await act(api, b.id, { kind: 'cryptid-act', engaged: false });
    b = await activations(b, r, state);
    b = await act(api, b.id, { kind: 'end-round', holders: [side, ...Array(state(b).objectives! - 1).fill(null)] });
  }
  return b;
}

/**
 * Plays a battle through all five rounds (every token drawn, objective 1
 * held by side A), so it can be finished [000 §13: the battle ends after round five].
 * `afterActivation` may record more after each formation activates.
 */
export function playFiveRounds(
  api: ApiClient,
  b: BattleDetail,
  pack: RulesetPack,
  afterActivation?: (b: BattleDetail, activated: Activated) => Promise<BattleDetail>,
): Promise<BattleDetail> {
  return playRounds(api, b, pack, 'A', async (b, round, state) => {
    while (state(b).phase === 'activations') {
      b = await act(api, b.id, { kind: 'draw' });
      const turn = BagActivation.turn(state(b).activation as BagState);
      if (turn.kind !== 'choose') continue;
      const formationId = turn.eligible[0]!;
      b = await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId } });
      if (afterActivation) b = await afterActivation(b, { round, owner: turn.owner, formationId });
    }
    return b;
  });
}

/** A post-battle form's outcome for the campaign's current mission, naming the seeded armies' real formations. */
export function seededOutcome(club: SeededClub, mission: number, aResult: 'win' | 'draw' | 'loss' = 'win') {
  const [ra, rb] = club.rosters;
  return outcome(club.campaign.id, mission, club.players[0].id, club.players[1].id, {
    aResult,
    aKills: 2,
    bKills: 1,
    aFormations: ra!.formations.map((f, i) =>
      formation(f.id, { name: f.name, startingModels: f.fighters.length, survivors: Math.max(0, f.fighters.length - 1 - i) }),
    ),
    bFormations: rb!.formations.map((f) => formation(f.id, { name: f.name, startingModels: f.fighters.length, survivors: 1 })),
  });
}

/** The default pack with one unit's cost changed: an organiser's edit in the Armoury. */
export function editedPack(pack: RulesetPack, cost: number): RulesetPack {
  const p = structuredClone(pack);
  p.units[0]!.cost = cost;
  return p;
}
