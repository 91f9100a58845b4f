import type { Kysely } from 'kysely';
import type { Database } from '../../src-main/backend/db/schema';
import type { Backend } from '../../src-main/backend/backend';
import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleOutcome, FormationOutcome } from '../../src-shared/battle/outcome';
import { cloneBundledPack } from '../../src-shared/ruleset/bundled';
import { FIELD_MANUAL_ECONOMY, WOUNDS_PER_CRYPTID_DIE } from '../fixtures/campaign-rules';
import { withBackend, type LedgerPlace } from './backend';
import { seedPackVersion } from './roster-seed';
import { addFormation, recruitCommandGroup } from '../../src-shared/roster/edit';
import type { Roster } from '../../src-shared/roster/schema';
import type { RulesetPack } from '../../src-shared/ruleset/schema';

/** The bundled pack with the economy taken from the transcribed Field Manual numbers. */
export function ledgerTestPack() {
  const pack = cloneBundledPack();
  pack.meta.id = 'ledger-test';
  pack.economy = structuredClone(FIELD_MANUAL_ECONOMY);
  pack.cryptidRules.woundsPerCryptidDie = WOUNDS_PER_CRYPTID_DIE;
  return pack;
}

export async function seedLedgerPack(db: Kysely<Database>, patch?: (p: ReturnType<typeof ledgerTestPack>) => void): Promise<number> {
  const pack = ledgerTestPack();
  patch?.(pack);
  const last = await db
    .selectFrom('ruleset_versions')
    .select((eb) => eb.fn.max<number>('version').as('v'))
    .where('pack_id', '=', pack.meta.id)
    .executeTakeFirst();
  return seedPackVersion(db, pack, { version: Number(last?.v ?? 0) + 1, name: 'Ledger test pack' });
}

/** Two players and a campaign between them, through the real channels. */
export async function seedCampaignViaApi(api: ApiClient, rulesetVersionId: number, names: [string, string] = ['Ada', 'Bram'], alt = false) {
  const a = await api.call('players.create', { name: names[0] });
  const b = await api.call('players.create', { name: names[1] });
  const c = await api.call('campaigns.create', {
    rulesetVersionId,
    seats: [
      { playerId: a.id, factionId: 'penitent-concord' },
      { playerId: b.id, factionId: 'scattered' },
    ],
    altActivationModule: alt,
  });
  return { a, b, campaign: c };
}

/**
 * A backend on a fresh ledger in `dataDir` with the ledger pack (`v`) and a
 * campaign between Ada and Bram (with the alternating-activation module when
 * `alt`), handed to `fn` and closed after it.
 */
export async function withLedgerCampaign<T>(
  dataDir: LedgerPlace,
  fn: (s: { backend: Backend; api: ApiClient; v: number } & Awaited<ReturnType<typeof seedCampaignViaApi>>) => Promise<T>,
  { alt = false }: { alt?: boolean } = {},
): Promise<T> {
  return withBackend(dataDir, async ({ backend, api }) => {
    const v = await seedLedgerPack(backend.ctx.db);
    return fn({ backend, api, v, ...(await seedCampaignViaApi(api, v, ['Ada', 'Bram'], alt)) });
  });
}

export function formation(id: string, over: Partial<FormationOutcome> = {}): FormationOutcome {
  return { formationId: id, name: id, slot: 'core', startingModels: 5, survivors: 3, retreated: 0, cryptidWounds: 0, ...over };
}

/** A campaign battle outcome: side A wins unless told otherwise. */
export function outcome(
  campaignId: string,
  mission: number,
  aId: string,
  bId: string,
  o: {
    aResult?: 'win' | 'draw' | 'loss';
    aKills?: number;
    bKills?: number;
    aFormations?: FormationOutcome[];
    bFormations?: FormationOutcome[];
    cryptid?: boolean;
    aDiceSpent?: string[];
    mutants?: number;
  } = {},
): BattleOutcome {
  const aResult = o.aResult ?? 'win';
  const bResult = aResult === 'win' ? 'loss' : aResult === 'loss' ? 'win' : 'draw';
  return {
    mode: 'campaign',
    campaignId,
    mission,
    mutantsInScenario: o.mutants ?? 9,
    cryptid: o.cryptid ? { cryptidId: 'nuckelavee', startingWounds: 20, defeated: false } : null,
    sides: [
      seat(aId, aResult, 3, o.aFormations ?? [formation('a-core-1')], o.aKills, o.aDiceSpent),
      seat(bId, bResult, 1, o.bFormations ?? [formation('b-core-1')], o.bKills),
    ],
  };
}

/** One side of an outcome: no roster, trophies or Veteran Sixes spent. */
function seat(
  playerId: string,
  result: 'win' | 'draw' | 'loss',
  victoryPoints: number,
  formations: FormationOutcome[],
  mutantKills = 0,
  cryptidDiceSpent: string[] = [],
): BattleOutcome['sides'][number] {
  return {
    playerId,
    rosterId: null,
    result,
    mutantKills,
    victoryPoints,
    formations,
    trophies: [],
    veteranSixesSpent: 0,
    cryptidDiceSpent,
    bankedTrophiesUsed: [],
  };
}

/** "Lantern Vigil": a saved campaign roster of the player's with a command group and `cores` Core squads. */
export async function lanternVigil(
  api: ApiClient,
  s: { v: number; playerId: string; campaignId: string; cores: number },
): Promise<{ roster: Roster; pack: RulesetPack }> {
  const { pack } = await api.call('rulesets.get', { versionId: s.v });
  const made = await api.call('rosters.create', {
    name: 'Lantern Vigil',
    playerId: s.playerId,
    factionId: 'penitent-concord',
    mode: 'campaign',
    campaignId: s.campaignId,
  });
  let roster: Roster = recruitCommandGroup(made.roster, pack);
  for (let i = 0; i < s.cores; i++) roster = addFormation(roster, pack, 'core');
  await api.call('rosters.save', { roster });
  return { roster, pack };
}
