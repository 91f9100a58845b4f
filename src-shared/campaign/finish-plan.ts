import type { BattleOutcome } from '../battle/outcome';
import { AppError } from '../errors';
import type { RuleOptions } from '../ruleset/options';
import { bankedTrophyUse, type DraftEntry, type Inventory } from './entries';
import { ceilingCut, missionReward, type Economy, type RewardLine } from './rewards';
import { formationAward, rankFor } from './veterans';
import type { FinishPreview } from './finish-plan.schema';

export type { FinishPreview } from './finish-plan.schema';

export interface FinishCampaignState {
  id: string;
  currentMission: number;
  status: 'active' | 'finished' | 'abandoned';
  players: { playerId: string; name: string }[];
  allowances: Map<string, number>;
  inventories: Map<string, Inventory>;
}

export interface FinishPlan {
  preview: FinishPreview;
  /** Reward and ceiling entries, written first. */
  rewardEntries: DraftEntry[];
  /** Marks, dice, badges, trophies, spent dice, unlocks: written after the rewards. */
  campaignEntries: DraftEntry[];
}

/** The finale: the campaign is complete once it is recorded. */
export const LAST_MISSION = 5;

type Side = BattleOutcome['sides'][number];
type PlayerFinish = FinishPreview['players'][number];
type FormationChange = PlayerFinish['formations'][number];

/** One side of a campaign battle being planned: who, in which mission, what it held, and where its entries go. */
interface SidePlan {
  side: Side;
  /** Its place in the outcome's sides (for the path of a refusal). */
  index: number;
  name: string;
  mission: number;
  inv: Inventory | undefined;
  campaignEntries: DraftEntry[];
}

const woundsOf = (s: Side) => s.formations.reduce((n, f) => n + f.cryptidWounds, 0);

/** A patrol's third mutant usually flees: more than two kills per patrol is worth a second look. */
function mutantKillWarnings(outcome: BattleOutcome): string[] {
  if (outcome.mutantsInScenario <= 0) return [];
  const patrols = Math.ceil(outcome.mutantsInScenario / 3);
  return outcome.sides
    .filter((s) => s.mutantKills > patrols * 2)
    .map((s) => `${s.mutantKills} mutant kills is more than two per patrol; a patrol's third mutant usually flees.`);
}

/** A standalone or crossover game (or one without its campaign): shown, and nothing recorded. */
function unrecordedPlan(outcome: BattleOutcome, warnings: string[]): FinishPlan {
  const note = outcome.mode === 'standalone' ? 'A standalone battle earns no campaign requisition.' : 'A crossover game advances no campaign.';
  return {
    preview: {
      campaignId: outcome.campaignId,
      mode: outcome.mode,
      mission: outcome.mission,
      recordsToCampaign: false,
      players: outcome.sides.map((s) => ({
        playerId: s.playerId,
        playerName: s.playerId,
        result: s.result,
        lines: [],
        rewardTotal: 0,
        ceilingCut: 0,
        allowanceBefore: 0,
        allowanceAfter: 0,
        noRewardReason: note,
        formations: [],
        trophies: [],
        cryptidDiceSpent: [],
      })),
      nextMission: null,
      campaignFinished: false,
      warnings,
    },
    rewardEntries: [],
    campaignEntries: [],
  };
}

/** Refuses a battle of another campaign, of a campaign no longer active, of another mission or between other players. */
function checkBattleBelongs(outcome: BattleOutcome, campaign: FinishCampaignState): void {
  if (outcome.campaignId !== campaign.id) throw new AppError('VALIDATION', 'This battle belongs to another campaign.', { path: ['outcome', 'campaignId'] });
  if (campaign.status !== 'active')
    throw new AppError('CONFLICT', `This campaign is ${campaign.status}; no further missions can be recorded.`, { path: ['outcome', 'mission'] });
  if (outcome.mission !== campaign.currentMission)
    throw new AppError(
      'CONFLICT',
      outcome.mission !== null && outcome.mission < campaign.currentMission
        ? `Mission ${outcome.mission} of this campaign is already recorded; the campaign is on mission ${campaign.currentMission}. Undo it in the Journal to record it again.`
        : `This campaign is on mission ${campaign.currentMission}, not mission ${outcome.mission}.`,
      { path: ['outcome', 'mission'] },
    );
  const seatIds = campaign.players.map((p) => p.playerId).sort();
  const sideIds = outcome.sides.map((s) => s.playerId).sort();
  if (seatIds.join('|') !== sideIds.join('|'))
    throw new AppError('VALIDATION', "The battle's players are not this campaign's two players.", { path: ['outcome', 'sides'] });
}

/** A formation's mark, Cryptid Dice and veteran status: its entries pushed, its line of the preview returned. */
function formationChange(p: SidePlan, f: Side['formations'][number], economy: Economy, woundsPerDie: number): FormationChange {
  const { side, mission, inv, campaignEntries } = p;
  const award = formationAward(f, woundsPerDie);
  const marksBefore = inv?.formations.find((x) => x.formationId === f.formationId)?.serviceMarks ?? 0;
  const marksAfter = marksBefore + (award.serviceMark ? 1 : 0);
  const rb = rankFor(marksBefore, economy);
  const ra = rankFor(marksAfter, economy);
  const item = { formationId: f.formationId, formationName: f.name };
  if (award.serviceMark)
    campaignEntries.push({
      playerId: side.playerId,
      mission,
      kind: 'service-mark',
      amount: 1,
      item,
      reason: `${f.name}: ${f.survivors} survivor${f.survivors === 1 ? '' : 's'} at battle end${f.retreated ? ` (${f.retreated} retreated)` : ''}`,
    });
  for (let d = 0; d < award.cryptidDice; d++)
    campaignEntries.push({
      playerId: side.playerId,
      mission,
      kind: 'cryptid-die',
      amount: 1,
      item,
      reason: `${f.name}: ${f.cryptidWounds} actual Wounds to the cryptid (one die per full ${woundsPerDie})`,
    });
  if (award.cryptidVeteran && !inv?.formations.find((x) => x.formationId === f.formationId)?.cryptidVeteran)
    campaignEntries.push({ playerId: side.playerId, mission, kind: 'cryptid-veteran', amount: 1, item, reason: `${f.name} wounded a cryptid` });
  const note = award.serviceMark
    ? `${f.survivors} survivor${f.survivors === 1 ? '' : 's'}${f.retreated ? `, ${f.retreated} retreated` : ''}: one service mark`
    : 'Wiped out: no service mark';
  return {
    formationId: f.formationId,
    name: f.name,
    serviceMark: award.serviceMark,
    marksBefore,
    marksAfter,
    rankBefore: rb.rank,
    rankAfter: ra.rank,
    veteranSixesAfter: ra.veteranSixes,
    cryptidDice: award.cryptidDice,
    cryptidVeteran: award.cryptidVeteran,
    note,
  };
}

/** Each trophy claimed in the battle, then used or banked. */
function trophyEntries({ side, mission, campaignEntries }: SidePlan): void {
  for (const t of side.trophies) {
    const holder = side.formations.find((f) => f.formationId === t.formationId);
    const item = {
      trophyId: t.trophyId,
      trophyName: t.trophyName,
      formationId: t.formationId,
      ...(holder ? { formationName: holder.name } : {}),
      cryptidId: t.cryptidId,
    };
    campaignEntries.push({ playerId: side.playerId, mission, kind: 'trophy-claimed', amount: 1, item, reason: `${t.trophyName} claimed` });
    campaignEntries.push({
      playerId: side.playerId,
      mission,
      kind: t.disposition === 'banked' ? 'trophy-banked' : 'trophy-used',
      amount: 1,
      item,
      reason: t.disposition === 'banked' ? `${t.trophyName} banked for the campaign` : `${t.trophyName} used in the battle`,
    });
  }
}

/** The Cryptid Dice spent in the battle, each one the player held; refuses one it does not. */
function spentDiceEntries({ side, index, name, mission, inv, campaignEntries }: SidePlan): void {
  const held = new Set((inv?.cryptidDice ?? []).map((d) => d.id));
  side.cryptidDiceSpent.forEach((dieId, j) => {
    if (!held.has(dieId))
      throw new AppError('RULE_VIOLATION', `${name} does not hold the Cryptid Die ${dieId}; it was spent already or never earned.`, {
        path: ['outcome', 'sides', index, 'cryptidDiceSpent', j],
      });
    const die = inv!.cryptidDice.find((d) => d.id === dieId)!;
    campaignEntries.push({
      playerId: side.playerId,
      mission,
      kind: 'cryptid-die-spent',
      amount: 1,
      item: { dieId, formationId: die.formationId, formationName: die.formationName },
      reason: `Cryptid Die earned by ${die.formationName} spent`,
    });
  });
}

/** A trophy banked in an earlier mission and used in this battle leaves the bank (Field Manual §10). */
function bankedTrophyEntries({ side, index, name, mission, inv, campaignEntries }: SidePlan): void {
  side.bankedTrophiesUsed.forEach((trophyId, j) => {
    const t = inv?.trophies.find((x) => x.trophyId === trophyId && x.status === 'banked');
    if (!t)
      throw new AppError('RULE_VIOLATION', `${name} has no banked trophy ${trophyId} to use; it was used already or never banked.`, {
        path: ['outcome', 'sides', index, 'bankedTrophiesUsed', j],
      });
    campaignEntries.push(...bankedTrophyUse({ playerId: side.playerId, mission }, t, `${t.name} used in mission ${mission}`));
  });
}

/** The entries that unlock the next mission, or finish the campaign after the finale. */
function missionEndEntry(mission: number): { entry: DraftEntry; nextMission: number | null; finished: boolean } {
  const finished = mission >= LAST_MISSION;
  const nextMission = finished ? null : mission + 1;
  const entry: DraftEntry = finished
    ? { playerId: null, mission, kind: 'campaign-finished', amount: 1, item: {}, reason: 'The finale is recorded; the campaign is complete' }
    : { playerId: null, mission: nextMission, kind: 'mission-unlocked', amount: 1, item: {}, reason: `Mission ${nextMission} unlocked` };
  return { entry, nextMission, finished };
}

/** Plans a finish; refuses (AppError) a battle that does not belong to this campaign's current mission. */
export function planFinish(
  outcome: BattleOutcome,
  campaign: FinishCampaignState | null,
  economy: Economy,
  options: RuleOptions,
  woundsPerDie: number,
): FinishPlan {
  const warnings = mutantKillWarnings(outcome);
  if (outcome.mode !== 'campaign' || !campaign) return unrecordedPlan(outcome, warnings);
  checkBattleBelongs(outcome, campaign);

  // the battle's mission, which the check above made the campaign's current one
  const mission = campaign.currentMission;
  const rewardEntries: DraftEntry[] = [];
  const campaignEntries: DraftEntry[] = [];
  const cryptidPresent = outcome.cryptid !== null;

  const players = outcome.sides.map((side, i): PlayerFinish => {
    const other = outcome.sides[1 - i]!;
    const name = campaign.players.find((p) => p.playerId === side.playerId)?.name ?? side.playerId;
    const reward = missionReward(
      {
        mode: 'campaign',
        mission,
        result: side.result,
        mutantKills: side.mutantKills,
        ownCryptidWounds: woundsOf(side),
        opponentCryptidWounds: woundsOf(other),
        cryptidPresent,
      },
      economy,
      // the 'rolloff' tie ruling reads the winner recorded in Play Mode (or on the post-battle form)
      { ...options, rolloffWinner: outcome.cryptid?.tieRolloffWinner === i },
    );
    const before = campaign.allowances.get(side.playerId) ?? economy.startingAllowance;
    const cut = ceilingCut(before, reward.total, economy.cap);
    for (const l of reward.lines) rewardEntries.push({ playerId: side.playerId, mission, kind: l.kind, amount: l.amount, item: {}, reason: l.reason });
    if (cut > 0)
      rewardEntries.push({
        playerId: side.playerId,
        mission,
        kind: 'ceiling',
        amount: -cut,
        item: {},
        reason: `The allowance cannot exceed ${economy.cap}: ${cut} RP not added`,
      });

    const plan: SidePlan = { side, index: i, name, mission, inv: campaign.inventories.get(side.playerId), campaignEntries };
    const formations = side.formations.map((f) => formationChange(plan, f, economy, woundsPerDie));
    trophyEntries(plan);
    spentDiceEntries(plan);
    bankedTrophyEntries(plan);

    return {
      playerId: side.playerId,
      playerName: name,
      result: side.result,
      lines: reward.lines as RewardLine[],
      rewardTotal: reward.total,
      ceilingCut: cut,
      allowanceBefore: before,
      allowanceAfter: before + reward.total - cut,
      noRewardReason: reward.noRewardReason ?? null,
      formations,
      trophies: side.trophies.map((t) => ({ trophyId: t.trophyId, name: t.trophyName, formationId: t.formationId, disposition: t.disposition })),
      cryptidDiceSpent: side.cryptidDiceSpent,
    };
  });

  const { entry, nextMission, finished } = missionEndEntry(mission);
  campaignEntries.push(entry);

  return {
    preview: { campaignId: campaign.id, mode: 'campaign', mission, recordsToCampaign: true, players, nextMission, campaignFinished: finished, warnings },
    rewardEntries,
    campaignEntries,
  };
}
