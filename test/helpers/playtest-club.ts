import type { ApiClient } from '../../src-shared/contract/client';
import { generateBattles, type PlaytestBattle } from '../../src-shared/reports';
import { act, playFiveRounds, seedClub, startCampaignBattle } from './crash-harness-seeds';

/**
 * A club's ledger for the playtest bundle tests (issue 36), built through the
 * backend as an organiser's clicks would: two players who play a campaign
 * battle in Play Mode with a disputed ruling whose note names one of them, and
 * `imported` more playtest records (games played on paper) between the club's
 * other players, stored with `reports.importBattles`.
 */
export interface PlaytestClub {
  /** Every player of the club's ledger: what a bundle without names must not carry. */
  players: { id: string; name: string }[];
  playedBattleId: string;
  /** Every battle id of the club, played and imported. */
  battleIds: string[];
}

export async function buildPlaytestClub(api: ApiClient, o: { prefix: string; imported: number; seed: number }): Promise<PlaytestClub> {
  const club = await seedClub(api);
  // seedClub names them Ana and Bo: names too short to search a file's bytes for
  const [a, b] = await Promise.all([
    api.call('players.update', { id: club.players[0].id, name: `Anastasia ${o.prefix} Quill` }),
    api.call('players.update', { id: club.players[1].id, name: `Borislav ${o.prefix} Wren` }),
  ]);
  let battle = await startCampaignBattle(api, club);
  battle = await act(api, battle.id, {
    kind: 'record',
    body: { kind: 'record.ruling', ruling: 'disputed', ruleRef: 'Field Manual §4', text: `${a.name} asked whether a fled patrol still guards its marker` },
  });
  battle = await playFiveRounds(api, battle, club.pack);
  await api.call('battles.finish', { battleId: battle.id, result: 'win' });

  const others: { id: string; name: string }[] = [];
  for (const name of [`Cordelia ${o.prefix} Vane`, `Dmitri ${o.prefix} Osk`, `Eun-ji ${o.prefix} Park`, `Farrukh ${o.prefix} Ul`])
    others.push(await api.call('players.create', { name }));
  const factions = club.pack.factions.slice(0, 4).map((f) => f.id);
  const records: PlaytestBattle[] = generateBattles({ count: o.imported, seed: o.seed, factions }).map((r, i) => ({
    ...r,
    id: `${o.prefix}-paper-${i}`,
    campaignId: null,
    sides: [
      { ...r.sides[0], playerId: others[i % others.length]!.id },
      { ...r.sides[1], playerId: others[(i + 1) % others.length]!.id },
    ],
  }));
  if (records.length) await api.call('reports.importBattles', { battles: records });
  return {
    players: [a, b, ...others].map((p) => ({ id: p.id, name: p.name })),
    playedBattleId: battle.id,
    battleIds: [battle.id, ...records.map((r) => r.id)],
  };
}
