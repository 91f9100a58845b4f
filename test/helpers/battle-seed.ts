import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import type { BattleOutcomeInput } from '../../src-shared/battle/outcome';
import type { Roster } from '../../src-shared/roster/schema';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import type { BattleState } from '../../src-shared/battle/state';
import type { Side } from '../../src-shared/battle/setup';
import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { foldEvents } from '../../src-shared/battle/reducer';
import { battleRules } from '../../src-shared/battle/rules-of-pack';

/** The smallest legal army of a faction from the pack: Captain, 4 Officers, 2 Core squads of the minimum size [000 §2]. */
export function minimalArmy(r: Roster, pack: RulesetPack, officerPostings: (number | null)[] = [null, null, null, null]): Roster {
  const unit = (slot: string) => {
    const u = pack.units.find((x) => x.factionId === r.factionId && x.slot === slot);
    if (!u) throw new Error(`no ${slot} unit for ${r.factionId}`);
    return u.id;
  };
  const size = pack.recruitment.core.size.min;
  const formations = [1, 2].map((n) => ({
    id: `${r.id}-core-${n}`,
    slot: 'core' as const,
    unitId: unit('core'),
    name: `Line ${n}`,
    fighters: Array.from({ length: size }, (_, i) => ({ id: `${r.id}-core-${n}-${i}`, name: '', loadoutId: null, equipment: [] })),
    inReserve: false,
  }));
  return {
    ...r,
    captain: { id: `${r.id}-captain`, name: 'Captain', unitId: unit('captain'), loadoutId: null, equipment: [] },
    officers: officerPostings.map((p, i) => ({
      id: `${r.id}-officer-${i}`,
      name: `Officer ${i + 1}`,
      unitId: unit('officer'),
      loadoutId: null,
      equipment: [],
      postedTo: p === null ? null : formations[p]!.id,
    })),
    formations,
  };
}

/** The smallest legal army plus one Heavy of its faction, the Heavy named `name` ("Heavy A"). */
export function minimalArmyWithHeavy(r: Roster, pack: RulesetPack, name: string): Roster {
  const army = minimalArmy(r, pack);
  const heavy = pack.units.find((u) => u.factionId === r.factionId && u.slot === 'heavy');
  if (!heavy) throw new Error(`no heavy unit for ${r.factionId}`);
  army.formations.push({
    id: `${army.id}-heavy`,
    slot: 'heavy',
    unitId: heavy.id,
    name,
    fighters: [{ id: `${army.id}-heavy-0`, name: '', loadoutId: null, equipment: [] }],
    inReserve: false,
  });
  return army;
}

/** Two players, a campaign between them on the default pack, and a legal 400-point army each. */
export async function seedCampaign(api: ApiClient) {
  const { version, pack } = await api.call('rulesets.get', {});
  const ana = await api.call('players.create', { name: 'Ana' });
  const bo = await api.call('players.create', { name: 'Bo' });
  const [fa, fb] = [pack.factions[0]!.id, pack.factions[1]!.id];
  const campaign = await api.call('campaigns.create', {
    rulesetVersionId: version.id,
    seats: [
      { playerId: ana.id, factionId: fa },
      { playerId: bo.id, factionId: fb },
    ],
  });
  const rosters: Roster[] = [];
  for (const [p, f, name] of [
    [ana.id, fa, 'Ash Wolves'],
    [bo.id, fb, 'Iron Crows'],
  ] as const) {
    const created = await api.call('rosters.create', { name, playerId: p, factionId: f, mode: 'campaign', campaignId: campaign.id });
    const saved = await api.call('rosters.save', { roster: minimalArmy(created.roster, pack) });
    if (!saved.validation.valid) throw new Error(`seed roster invalid: ${saved.validation.violations.map((v) => v.message).join('; ')}`);
    rosters.push(saved.roster);
  }
  return { pack, campaign, players: [ana, bo] as const, rosters };
}

/** A second campaign whose first seat plays the same faction as Ana, so the two minimal armies field matched points. */
export async function crossoverRival(api: ApiClient, factions: [string, string]) {
  const { version, pack } = await api.call('rulesets.get', {});
  const cy = await api.call('players.create', { name: 'Cy' });
  const di = await api.call('players.create', { name: 'Di' });
  const campaign = await api.call('campaigns.create', {
    rulesetVersionId: version.id,
    seats: [
      { playerId: cy.id, factionId: factions[0] },
      { playerId: di.id, factionId: factions[1] },
    ],
  });
  const created = await api.call('rosters.create', {
    name: 'Cy’s Wardens',
    playerId: cy.id,
    factionId: factions[0],
    mode: 'campaign',
    campaignId: campaign.id,
  });
  const saved = await api.call('rosters.save', { roster: minimalArmy(created.roster, pack) });
  return { campaign, roster: saved.roster as Roster };
}

/** Records one step of a battle through the real channel (a fresh event id unless one is given). */
export async function act(api: ApiClient, battleId: string, intent: BattleIntentInput, clientEventId: string = crypto.randomUUID()): Promise<BattleDetail> {
  return (await api.call('battles.act', { battleId, clientEventId, intent })).battle;
}

/** Scenario, terrain, deployment roll-off and deployment: the battle stands at round 1's Command Phase. */
export async function playSetup(api: ApiClient, b: BattleDetail, pack: RulesetPack): Promise<BattleDetail> {
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: b.mission } });
  b = await act(api, b.id, { kind: 'record', body: { kind: 'setup.terrain', objectives: pack.missions[0]!.objectives } });
  b = await act(api, b.id, { kind: 'deployment-rolloff' });
  return act(api, b.id, { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
}

/**
 * Plays a battle on through the backend, as a table that does the least each step asks: Command Phase done, the
 * event resolved, the cryptid acting as it stands, every token drawn and the first formation offered activated, each
 * round ended with objective 1 held by `holder` (none unless told). Stops before a step when `until` says so of the
 * state (at the latest, when the battle is over).
 */
export async function playOn(
  api: ApiClient,
  b: BattleDetail,
  pack: RulesetPack,
  until: (s: BattleState) => boolean,
  holder: Side | null = null,
): Promise<BattleDetail> {
  const state = (d: BattleDetail) => foldEvents(d.setup, battleRules(pack, d.options), d.log);
  for (let s = state(b); s.phase !== 'over' && !until(s); s = state(b)) {
    if (s.phase === 'command') b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
    else if (s.phase === 'event') b = await act(api, b.id, { kind: 'resolve-event' });
    else if (s.phase === 'cryptid') b = await act(api, b.id, { kind: 'cryptid-act', engaged: s.cryptid?.engaged ?? false });
    else if (s.phase === 'end-of-round') b = await act(api, b.id, { kind: 'end-round', holders: [holder, ...Array<null>(s.objectives! - 1).fill(null)] });
    else if (s.phase === 'activations') {
      const turn = BagActivation.turn(s.activation as BagState);
      b =
        turn.kind === 'choose'
          ? await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: turn.eligible[0]! } })
          : await act(api, b.id, { kind: 'draw' });
    } else throw new Error(`playOn: unexpected phase ${s.phase}`);
  }
  return b;
}

/** A seeded campaign's mission recorded on paper: every formation of both armies survives whole (each gains a service mark), side A wins. */
export function everyoneSurvives(club: Awaited<ReturnType<typeof seedCampaign>>, mission = 1): BattleOutcomeInput {
  const side = (i: 0 | 1, result: 'win' | 'loss') => ({
    playerId: club.players[i].id,
    rosterId: club.rosters[i]!.id,
    result,
    mutantKills: 0,
    victoryPoints: 0,
    formations: club.rosters[i]!.formations.map((f) => ({
      formationId: f.id,
      name: f.name,
      slot: f.slot,
      startingModels: f.fighters.length,
      survivors: f.fighters.length,
      retreated: 0,
      cryptidWounds: 0,
    })),
  });
  return { mode: 'campaign', campaignId: club.campaign.id, mission, mutantsInScenario: 9, cryptid: null, sides: [side(0, 'win'), side(1, 'loss')] };
}

/** Two standalone armies of Mission 3's scenario (its round-two event is always a cryptid): Iron Edict against Sins of Greed, Kit's reserve patrol. */
export async function abilitiesAndReserveBattle(api: ApiClient, pack: RulesetPack, suffix: string) {
  const rosters: Roster[] = [];
  for (const [i, [name, factionId]] of (
    [
      [`Kit ${suffix}`, 'crowned-marches'],
      [`Lev ${suffix}`, 'cinder-porte'],
    ] as const
  ).entries()) {
    const player = await api.call('players.create', { name });
    const created = await api.call('rosters.create', { name: `${name}’s army`, playerId: player.id, factionId, mode: 'standalone', campaignId: null });
    const army = minimalArmy(created.roster, pack);
    if (i === 0) addReservePatrol(army, pack, 'Border Patrol');
    const saved = await api.call('rosters.save', { roster: army });
    if (!saved.validation.valid) throw new Error(saved.validation.violations.map((v) => v.message).join('; '));
    rosters.push(saved.roster);
  }
  const battle = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], mission: 3 });
  return { rosters, battle, patrolId: `${rosters[0]!.id}-patrol` };
}

/**
 * Two new players (`names`, each with ` ${suffix}` when given) with a minimal standalone army each, of the pack's
 * first two factions; `adjust` may change each army before it is saved, which must leave it legal.
 */
export async function twoMinimalArmies(
  api: ApiClient,
  pack: RulesetPack,
  names: [string, string],
  suffix?: string,
  adjust?: (army: Roster, i: number) => void,
): Promise<Roster[]> {
  const rosters: Roster[] = [];
  for (const [i, name] of names.map((n) => (suffix ? `${n} ${suffix}` : n)).entries()) {
    const player = await api.call('players.create', { name });
    const created = await api.call('rosters.create', {
      name: `${name} band`,
      playerId: player.id,
      factionId: pack.factions[i]!.id,
      mode: 'standalone',
      campaignId: null,
    });
    const army = minimalArmy(created.roster, pack);
    adjust?.(army, i);
    const saved = await api.call('rosters.save', { roster: army });
    if (!saved.validation.valid) throw new Error(saved.validation.violations.map((v) => v.message).join('; '));
    rosters.push(saved.roster);
  }
  return rosters;
}

/** A 3-model Skirmisher patrol of the army's faction added and held in reserve to Uncloak [000 §7 step 1]. */
export function addReservePatrol(army: Roster, pack: RulesetPack, name: string): Roster {
  const skirmisher = pack.units.find((u) => u.factionId === army.factionId && u.slot === 'skirmisher')!;
  army.formations.push({
    id: `${army.id}-patrol`,
    slot: 'skirmisher',
    unitId: skirmisher.id,
    name,
    fighters: [0, 1, 2].map((k) => ({ id: `${army.id}-patrol-${k}`, name: '', loadoutId: null, equipment: [] })),
    inReserve: true,
  });
  return army;
}
