import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Backend } from '../../src-main/backend/backend';
import type { ApiClient } from '../../src-shared/contract/client';
import { AppError } from '../../src-shared/errors';
import { generateBattles } from '../../src-shared/reports';
import { testBackend } from '../helpers/backend';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

/**
 * Issue 33 acceptance: every name and note field, on every door a text comes
 * in by (requests, campaign files, roster files, playtest records), gets the
 * same answer for the same text: refused at the field's path, or stored in
 * its normalised form. On PostgreSQL a refusal is the policy's VALIDATION,
 * never the driver's error.
 */

type Kind = 'name' | 'note';
const refused = (message: RegExp) => ({ refused: message });
/** The texts, and what a name and a note make of each. */
const TEXTS: { what: string; text: string; name: string | { refused: RegExp }; note: string | { refused: RegExp } }[] = [
  { what: 'NUL', text: 'Ada\u0000Byron', name: refused(/U\+0000/), note: refused(/U\+0000/) },
  { what: 'BEL', text: 'Ada\u0007', name: refused(/U\+0007/), note: refused(/U\+0007/) },
  { what: 'ESC sequences', text: '\u001b[2J\u001b]0;owned\u0007Ada', name: refused(/U\+001B/), note: refused(/U\+001B/) },
  { what: 'U+202E', text: 'Ada\u202Egnp.exe', name: refused(/U\+202E/), note: 'Ada\u202Egnp.exe' },
  { what: 'a lone surrogate', text: 'Ada\ud800', name: refused(/lone U\+D800/), note: refused(/lone U\+D800/) },
  { what: 'a 1 MB string', text: 'x'.repeat(1_000_000), name: refused(/Keep/), note: refused(/Keep/) },
  { what: 'a decomposed é', text: 'Zoe\u0301 Ferr', name: 'Zo\u00e9 Ferr', note: 'Zo\u00e9 Ferr' },
  { what: 'emoji with a variation selector', text: '\u2694\ufe0f Iron Host', name: '\u2694\ufe0f Iron Host', note: '\u2694\ufe0f Iron Host' },
  {
    what: 'a ZWJ sequence and a flag',
    text: '\u{1F469}\u200d\u{1F680} \u{1F1EB}\u{1F1F7}',
    name: '\u{1F469}\u200d\u{1F680} \u{1F1EB}\u{1F1F7}',
    note: '\u{1F469}\u200d\u{1F680} \u{1F1EB}\u{1F1F7}',
  },
];

interface Club {
  backend: Backend;
  api: ApiClient;
  v: number;
  a: { id: string };
  campaignId: string;
  campaignFile: string;
  rosterFile: string;
}

/** A door: sends `text` as field `path` (tagged `n` so each accepted text makes a distinct row) and returns the stored value. */
interface Door {
  door: string;
  kind: Kind;
  /** The path a refusal names. */
  path: (string | number)[];
  send(club: Club, text: string, n: number): Promise<string>;
}

const stored = async (b: Backend, table: 'players' | 'campaigns' | 'rosters', column: 'name' | 'notes', id: string): Promise<string> => {
  const row = await b.ctx.db.selectFrom(table).select(column).where('id', '=', id).executeTakeFirstOrThrow();
  return (row as Record<string, string>)[column]!;
};

/** The campaign file with every id made new (consistently), so it imports as another club's campaign. */
function freshIds(json: string): string {
  const map = new Map<string, string>();
  return json.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => map.get(id) ?? (map.set(id, randomUUID()), map.get(id)!));
}

const DOORS: Door[] = [
  {
    door: 'players.create name',
    kind: 'name',
    path: ['name'],
    send: async ({ api, backend }, text) => stored(backend, 'players', 'name', (await api.call('players.create', { name: text })).id),
  },
  {
    door: 'players.create notes',
    kind: 'note',
    path: ['notes'],
    send: async ({ api, backend }, text, n) => stored(backend, 'players', 'notes', (await api.call('players.create', { name: `Noted ${n}`, notes: text })).id),
  },
  {
    door: 'campaigns.create notes',
    kind: 'note',
    path: ['notes'],
    send: async ({ api, backend, v }, text, n) => {
      const a = await api.call('players.create', { name: `Left ${n}` });
      const b = await api.call('players.create', { name: `Right ${n}` });
      const c = await api.call('campaigns.create', {
        rulesetVersionId: v,
        seats: [
          { playerId: a.id, factionId: 'penitent-concord' },
          { playerId: b.id, factionId: 'scattered' },
        ],
        notes: text,
      });
      return stored(backend, 'campaigns', 'notes', c.id);
    },
  },
  {
    door: 'rosters.create name',
    kind: 'name',
    path: ['name'],
    send: async ({ api, backend, a, v }, text) =>
      stored(
        backend,
        'rosters',
        'name',
        (await api.call('rosters.create', { name: text, playerId: a.id, factionId: 'penitent-concord', rulesetVersionId: v })).roster.id,
      ),
  },
  {
    door: 'campaign file: a player’s name',
    kind: 'name',
    path: ['players', 0, 'name'],
    send: async ({ api, backend, campaignFile }, text, n) => {
      const file = JSON.parse(freshIds(campaignFile)) as { players: { id: string; name: string }[] };
      file.players[0]!.name = text;
      file.players[1]!.name = `Opponent ${n}`;
      await api.call('campaigns.import', { json: JSON.stringify(file) });
      return stored(backend, 'players', 'name', file.players[0]!.id);
    },
  },
  {
    door: 'campaign file: a campaign’s notes',
    kind: 'note',
    path: ['campaigns', 0, 'campaign', 'notes'],
    send: async ({ api, backend, campaignFile }, text, n) => {
      const file = JSON.parse(freshIds(campaignFile)) as { players: { name: string }[]; campaigns: { campaign: { id: string; notes: string } }[] };
      file.players.forEach((p, i) => (p.name = `Filed ${n}.${i}`));
      file.campaigns[0]!.campaign.notes = text;
      await api.call('campaigns.import', { json: JSON.stringify(file) });
      return stored(backend, 'campaigns', 'notes', file.campaigns[0]!.campaign.id);
    },
  },
  {
    door: 'roster file: the warband’s name',
    kind: 'name',
    path: ['roster', 'name'],
    send: async ({ api, backend, a, rosterFile }, text) => {
      const file = JSON.parse(rosterFile) as { roster: { name: string } };
      file.roster.name = text;
      const r = await api.call('rosters.import', { text: JSON.stringify(file), playerId: a.id });
      return stored(backend, 'rosters', 'name', r.roster.id);
    },
  },
  {
    door: 'playtest record: a dispute’s note',
    kind: 'note',
    path: ['battles', 0, 'disputes', 0, 'note'],
    send: async ({ api, backend }, text, n) => {
      const [battle] = generateBattles({ count: 1, seed: n + 1 });
      const record = { ...battle!, id: `text-policy-${n}`, disputes: [{ ruleRef: 'AMB-1', note: text, round: null }] };
      await api.call('reports.importBattles', { battles: [record] });
      const row = await backend.ctx.db.selectFrom('playtest_battles').select('record_json').where('id', '=', record.id).executeTakeFirstOrThrow();
      return (JSON.parse(row.record_json) as { disputes: { note: string }[] }).disputes[0]!.note;
    },
  },
];

describe.each(DIALECTS)('one text policy on every door (%s)', (dialect) => {
  const tmp = useTempDirs();

  it.each(DOORS)('$door', async ({ kind, path, send }) => {
    const { backend, api, close } = await testBackend(await ledgerPlace(dialect, tmp()));
    try {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, campaign } = await seedCampaignViaApi(api, v);
      const roster = await api.call('rosters.create', { name: 'Export me', playerId: a.id, factionId: 'penitent-concord', rulesetVersionId: v });
      const club: Club = {
        backend,
        api,
        v,
        a,
        campaignId: campaign.id,
        campaignFile: (await api.call('campaigns.export', { ids: [campaign.id] })).json,
        rosterFile: (await api.call('rosters.export', { id: roster.roster.id })).text,
      };
      for (const [n, t] of TEXTS.entries()) {
        const expected = t[kind];
        const outcome = await send(club, t.text, n).then(
          (value) => ({ value }),
          (e: unknown) => ({ error: e }),
        );
        if (typeof expected === 'string') {
          expect(outcome, `${t.what} is stored normalised`).toEqual({ value: expected });
        } else {
          expect('error' in outcome, `${t.what} is refused`).toBe(true);
          const e = (outcome as { error: AppError }).error;
          expect(e, `${t.what}: ${String(e)}`).toBeInstanceOf(AppError);
          // the policy's refusal, never the database driver's (UNAVAILABLE, INTERNAL)
          expect(e.code, `${t.what}: ${e.message}`).toBe('VALIDATION');
          expect(e.path, `${t.what}: ${e.message}`).toEqual(path);
          expect(e.message, t.what).toMatch(expected.refused);
        }
      }
    } finally {
      await close();
    }
  });
});
