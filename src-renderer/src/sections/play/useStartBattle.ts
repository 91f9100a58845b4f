import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ChannelOutput } from '../../../../src-shared/contract';
import { AppError } from '../../../../src-shared/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';

export type Mode = 'campaign' | 'standalone' | 'crossover';
type Rosters = ChannelOutput<'rosters.list'>;
type Campaign = ChannelOutput<'campaigns.list'>[number];

/** The armies the kind of game may field: the campaign's own, standalone armies, or (a crossover) any. */
function armyPool(rosters: Rosters, mode: Mode, campaignId: string | null): Rosters {
  return rosters.filter((r) => (mode === 'campaign' ? r.campaignId === campaignId : mode === 'standalone' ? r.mode === 'standalone' : true));
}

/** A campaign mission: each player's only legal army is chosen for them (both can still be changed). */
function onlyLegalArmies(mode: Mode, campaign: Campaign | undefined, pool: Rosters): (string | null)[] {
  if (mode !== 'campaign' || !campaign) return [null, null];
  return campaign.seats.map((seat) => {
    const legal = pool.filter((r) => r.playerId === seat.playerId && r.valid);
    return legal.length === 1 ? legal[0]!.id : null;
  });
}

/** The refusal's message when it concerns this field of the start request. */
export function errorAt(error: unknown, field: string): string | undefined {
  return error instanceof AppError && error.path?.[0] === field ? error.message : undefined;
}

/** The refusal's message when it concerns the i-th army (or both). */
function armyError(error: unknown, i: number): string | undefined {
  return error instanceof AppError && error.path?.[0] === 'rosterIds' && (error.path[1] === i || error.path.length === 1) ? error.message : undefined;
}

/** The ledger's crossover check names each failing condition. */
function crossoverIssues(error: unknown): { message: string }[] | null {
  return error instanceof AppError && error.path?.[0] === 'crossover' ? (error.issues ?? [{ path: [], message: error.message }]) : null;
}

/** A refusal that no field shows beside itself. */
function generalError(error: unknown): unknown {
  return error && !(error instanceof AppError && error.path?.length) ? error : null;
}

/** The start form's choices, what they allow, and the request that starts the battle. */
export function useStartBattle(presetCampaignId: string | undefined, onStarted: ((battleId: string) => void) | undefined) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('campaign');
  const [campaignId, setCampaignId] = useState<string | null>(presetCampaignId ?? null);
  // the armies chosen by hand; until then each player's only legal army (below) stands in
  const [pickedA, setRosterA] = useState<string | null>(null);
  const [pickedB, setRosterB] = useState<string | null>(null);
  const [alt, setAlt] = useState(false);
  const [veteranSixes, setVeteranSixes] = useState<number>(0);
  // standalone and crossover games pick their mission at set-up too; its scenario, briefing and VP come from the pack
  const [mission, setMission] = useState<string | null>('1');
  const pack = useApiQuery('rulesets.get', {}, { enabled: mode !== 'campaign', staleTime: Infinity });
  const missionOptions = (pack.data?.pack.missions ?? []).map((m) => ({ value: String(m.number), label: `Mission ${m.number}: ${m.name}` }));
  const campaigns = useApiQuery('campaigns.list', {
    status: 'active',
    sort: 'last-played',
  });
  const rosters = useApiQuery('rosters.list', mode === 'campaign' && campaignId ? { campaignId } : {});
  const start = useApiMutation('battles.start');
  const campaign = campaigns.data?.find((c) => c.id === campaignId);
  const pool = armyPool(rosters.data ?? [], mode, campaignId);
  const onlyLegal = onlyLegalArmies(mode, campaign, pool);
  const rosterA = pickedA ?? onlyLegal[0] ?? null;
  const rosterB = pickedB ?? onlyLegal[1] ?? null;
  const options = pool.map((r) => ({
    value: r.id,
    label: `${r.name} (${r.playerName}, ${r.points} pts${r.valid ? '' : ', not legal yet'})`,
  }));

  const submit = () =>
    start.mutate(
      {
        mode,
        campaignId: mode === 'campaign' ? campaignId : null,
        rosterIds: [rosterA ?? '', rosterB ?? ''],
        mission: mode === 'campaign' || mission === null ? null : Number(mission),
        altActivationModule: mode === 'standalone' ? alt : false,
        veteranSixes: mode === 'crossover' ? veteranSixes : 0,
      },
      {
        onSuccess: (b) => {
          onStarted?.(b.id);
          navigate(`/play/battle/${b.id}`);
        },
      },
    );

  return {
    mode,
    pickMode: (m: Mode) => {
      setMode(m);
      setMission(m === 'standalone' ? (mission ?? '1') : null);
    },
    campaigns: campaigns.data,
    campaign,
    campaignId,
    pickCampaign: (id: string | null) => {
      setCampaignId(id);
      // another campaign's armies: its players' only legal armies are chosen afresh
      setRosterA(null);
      setRosterB(null);
    },
    armies: { options, rosterA, rosterB, setRosterA, setRosterB, errorA: armyError(start.error, 0), errorB: armyError(start.error, 1) },
    mission,
    setMission,
    missionOptions,
    alt,
    setAlt,
    veteranSixes,
    setVeteranSixes,
    start,
    crossoverRefusal: crossoverIssues(start.error),
    generalError: generalError(start.error),
    canStart: !!rosterA && !!rosterB && !(mode === 'campaign' && !campaignId),
    submit,
  };
}
