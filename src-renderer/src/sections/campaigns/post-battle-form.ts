import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { BattleOutcome } from '../../../../src-shared/battle/outcome';
import { startingSetFormations, tableFormations, type TableFormation } from '../../../../src-shared/battle/roster-formations';
import type { ChannelOutput } from '../../../../src-shared/contract';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { api } from '../../api/transport';

/** A game played on paper as the form holds it, how it starts, and the battle outcome it becomes. */

interface FormationRow {
  formationId: string;
  name: string;
  slot: 'command' | 'core' | 'elite' | 'skirmisher' | 'heavy';
  startingModels: number;
  survivors: number;
  retreated: number;
  cryptidWounds: number;
}
interface SideForm {
  playerId: string;
  playerName: string;
  rosterId: string | null;
  mutantKills: number;
  victoryPoints: number;
  formations: FormationRow[];
  /** The defeated cryptid's trophy (from the pack) was claimed by this side. */
  trophyClaimed: boolean;
  trophyFormationId: string;
  trophyDisposition: 'used' | 'banked';
}
export interface PostBattleForm {
  result: 'a' | 'draw' | 'b';
  mutantsInScenario: number;
  cryptid: boolean;
  /** Which of the pack's cryptids appeared. */
  cryptidId: string;
  cryptidWounds: number;
  cryptidDefeated: boolean;
  sides: [SideForm, SideForm];
}

export type PackCryptid = RulesetPack['cryptids'][number];

/** A formation's line of the form: everyone came back until the players say otherwise (the command group too). */
const formationRow = (f: TableFormation): FormationRow => ({
  formationId: f.id,
  name: f.name,
  slot: f.slot,
  startingModels: f.models,
  survivors: f.models,
  retreated: 0,
  cryptidWounds: 0,
});

/**
 * Formations from the player's campaign roster, when the Builder has one; otherwise the starting set of the seat's
 * faction under the campaign's pinned pack, listed as Play Mode lists a roster's (`startingSetFormations`), to edit.
 */
async function formationsFor(
  campaignId: string,
  playerId: string,
  starting: { rulesetVersionId: number; factionId: string },
): Promise<{ rosterId: string | null; rows: FormationRow[] }> {
  try {
    const rosters = await api.call('rosters.list', { campaignId, playerId });
    const r = rosters[0];
    if (r) {
      const d = await api.call('rosters.get', { id: r.id });
      // the same formations, ids and model counts Play Mode sets up (one line per formation in the ledger)
      return { rosterId: r.id, rows: tableFormations(d.roster).map(formationRow) };
    }
  } catch {
    // no roster yet: fall through to the starting set
  }
  const { pack } = await api.call('rulesets.get', { versionId: starting.rulesetVersionId });
  return {
    rosterId: null,
    rows: startingSetFormations(pack, starting.factionId).map(formationRow),
  };
}

export function toOutcome(v: PostBattleForm, campaignId: string, mission: number, cryptids: readonly PackCryptid[]): BattleOutcome {
  const creature = cryptids.find((x) => x.id === v.cryptidId);
  const results = v.result === 'draw' ? (['draw', 'draw'] as const) : v.result === 'a' ? (['win', 'loss'] as const) : (['loss', 'win'] as const);
  return {
    mode: 'campaign',
    campaignId,
    mission,
    mutantsInScenario: v.mutantsInScenario,
    cryptid: v.cryptid ? { cryptidId: v.cryptidId, startingWounds: v.cryptidWounds, defeated: v.cryptidDefeated } : null,
    sides: v.sides.map((s, i) => ({
      playerId: s.playerId,
      rosterId: s.rosterId,
      result: results[i]!,
      mutantKills: s.mutantKills,
      victoryPoints: s.victoryPoints,
      formations: s.formations.map((f) => ({ ...f, cryptidWounds: v.cryptid ? f.cryptidWounds : 0 })),
      // the trophy is the defeated creature's own, from the pack (Field Manual §10), never a name typed in
      trophies:
        v.cryptid && v.cryptidDefeated && creature && s.trophyClaimed
          ? [
              {
                cryptidId: creature.id,
                trophyId: creature.trophy.id,
                trophyName: creature.trophy.name,
                formationId: s.trophyFormationId || s.formations[0]!.formationId,
                disposition: s.trophyDisposition,
              },
            ]
          : [],
      veteranSixesSpent: 0,
      cryptidDiceSpent: [],
    })) as unknown as BattleOutcome['sides'],
  };
}

/** The record's starting values: each seat's formations (from its roster or its starting set), nothing scored yet. */
async function initialRecord(c: ChannelOutput<'campaigns.get'>): Promise<PostBattleForm> {
  const sides = await Promise.all(
    c.seats.map(async (s) => {
      const f = await formationsFor(c.id, s.playerId, { rulesetVersionId: c.rulesetVersionId, factionId: s.factionId });
      return {
        playerId: s.playerId,
        playerName: s.playerName,
        rosterId: f.rosterId,
        mutantKills: 0,
        victoryPoints: 0,
        formations: f.rows,
        trophyClaimed: false,
        trophyFormationId: '',
        trophyDisposition: 'banked' as const,
      };
    }),
  );
  return {
    result: 'a',
    mutantsInScenario: 9,
    cryptid: false,
    cryptidId: '',
    cryptidWounds: 15,
    cryptidDefeated: false,
    sides: sides as [SideForm, SideForm],
  };
}

/**
 * The paper record's form, filled once the campaign has loaded (`ready`), and told of every change so that a shown
 * preview can be dropped as stale.
 */
export function usePostBattleForm(campaign: ChannelOutput<'campaigns.get'> | undefined, onChange: () => void) {
  const form = useForm<PostBattleForm>();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!campaign || ready) return;
    void (async () => {
      form.reset(await initialRecord(campaign));
      setReady(true);
    })();
  }, [campaign, ready, form]);
  useEffect(() => {
    const sub = form.watch(() => onChange());
    return () => sub.unsubscribe();
  }, [form, onChange]);
  return { form, ready };
}
