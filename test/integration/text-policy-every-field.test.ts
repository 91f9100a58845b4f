import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src-main/backend/backend';
import { campaignFileSchema } from '../../src-shared/campaign/portable-file';
import { appContract, type Channel } from '../../src-shared/contract';
import type { ApiClient } from '../../src-shared/contract/client';
import type { AppErrorPayload } from '../../src-shared/errors';
import { generateBattles } from '../../src-shared/reports';
import { rosterFileSchema, type Roster } from '../../src-shared/roster/schema';
import { MAX_PACK_BYTES } from '../../src-shared/ruleset/parse';
import { rulesetPackSchema, type RulesetPack } from '../../src-shared/ruleset/schema';
import type { TextKind } from '../../src-shared/text-policy';
import { DIGEST_PROBABILITIES } from '../fixtures/digest-probabilities';
import { testBackend, dumpLedger } from '../helpers/backend';
import { act, minimalArmy, playSetup, seedCampaign, twoMinimalArmies } from '../helpers/battle-seed';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { outcome } from '../helpers/ledger-seed';
import { locateFields, textFields, withTextsAt, type Segment } from '../helpers/text-fields';

/**
 * Issue 33 acceptance, table-driven: every name and note field of every
 * request channel of the contract and of every file format (campaign file,
 * roster file, ruleset pack) gets each hostile text, and each is refused
 * with the field's path or stored NFC-normalised: the same answer on every
 * door, on SQLite and on PostgreSQL (where a refusal is the policy's
 * VALIDATION, never the driver's error). The fields are found by walking the
 * zod schemas (`textFields`), so a new channel's name field fails the
 * coverage test below until it has a sample request here. League push has
 * its own test (pg-league-text-policy.test.ts): its rows come from a ledger
 * file, not a schema.
 */

const refused = (message: RegExp) => ({ refused: message });
type Expect = string | { refused: RegExp };
/** The texts, and what a name and a note make of each. */
const TEXTS: { what: string; text: string; name: Expect; note: Expect }[] = [
  { what: 'NUL', text: 'Ada\u0000Byron', name: refused(/U\+0000/), note: refused(/U\+0000/) },
  { what: 'BEL', text: 'Ada\u0007', name: refused(/U\+0007/), note: refused(/U\+0007/) },
  { what: 'ESC sequences', text: '\u001b[2J\u001b]0;owned\u0007Ada', name: refused(/U\+001B/), note: refused(/U\+001B/) },
  { what: 'U+202E', text: 'Ada\u202Egnp.exe', name: refused(/U\+202E/), note: 'Ada\u202Egnp.exe' },
  { what: 'a lone surrogate', text: 'Ada\ud800', name: refused(/lone U\+D800/), note: refused(/lone U\+D800/) },
  {
    what: 'a 1 MB string',
    text: 'x'.repeat(1_000_000),
    name: refused(/Keep|under|at most|too (long|large)/i),
    note: refused(/Keep|under|at most|too (long|large)/i),
  },
  { what: 'a decomposed é', text: 'Zoe\u0301 Ferr', name: 'Zo\u00e9 Ferr', note: 'Zo\u00e9 Ferr' },
  { what: 'emoji with a variation selector', text: '\u2694\ufe0f Host', name: '\u2694\ufe0f Host', note: '\u2694\ufe0f Host' },
  {
    what: 'a ZWJ sequence and a flag',
    text: '\u{1F469}\u200d\u{1F680}\u{1F1EB}\u{1F1F7}',
    name: '\u{1F469}\u200d\u{1F680}\u{1F1EB}\u{1F1F7}',
    note: '\u{1F469}\u200d\u{1F680}\u{1F1EB}\u{1F1F7}',
  },
];

/** What an accepted text is checked against: the ledger (stored), the reply (a check that stores nothing), or only that the policy let it through (the request is refused later for reasons of its own, e.g. a trophy not banked). */
type Check = 'stored' | 'reply' | 'parse';

interface Club {
  backend: Backend;
  api: ApiClient;
  pack: RulesetPack;
  versionId: number;
  seeded: Awaited<ReturnType<typeof seedCampaign>>;
  standalone: Roster[];
  /** A battle at round 1's Command Phase. */
  battleId: string;
  /** A finished battle (the seeded campaign's mission 1, recorded on the post-battle form): what battles.rate rates. */
  finishedBattleId: string;
  campaignFile: string;
  rosterFile: string;
  packFile: string;
}

let counter = 0;
const uniq = (what = 'T') => `${what} ${++counter}`;

/** A sample request (or file) holding some of the fields; `make` is called afresh for every text. */
interface Sample {
  make: (c: Club) => Promise<unknown>;
  check: Check | ((field: string) => Check);
  /** Only these fields from this sample (others are left to later samples). */
  only?: string[];
  /** Where the stored text is read back (default: every table of the ledger but the packs' JSON). */
  readBack?: (c: Club, reply: unknown) => Promise<unknown>;
}

interface Door {
  /** The request the sample goes out as: the sample itself (a channel), or a file inside a request. */
  channel: Channel;
  schema: unknown;
  send: (sample: unknown) => unknown;
  samples: Sample[];
  sqliteOnly?: Check;
  /**
   * The most text the door takes in one request (its own limit on the file it carries): texts every field refuses
   * go together only as many as fit, so the refusal is each field's, not the door's size limit's (the default, about
   * 10 MB, is far below any other door's limit).
   */
  maxRequestText?: number;
}

const fresh = async (c: Club) => {
  const a = await c.api.call('players.create', { name: uniq('Left') });
  const b = await c.api.call('players.create', { name: uniq('Right') });
  const campaign = await c.api.call('campaigns.create', {
    rulesetVersionId: c.versionId,
    seats: [
      { playerId: a.id, factionId: c.pack.factions[0]!.id },
      { playerId: b.id, factionId: c.pack.factions[1]!.id },
    ],
  });
  return { a, b, campaign };
};

const finishInput = async (c: Club) => {
  const { a, b, campaign } = await fresh(c);
  return {
    battleId: randomUUID(),
    outcome: outcome(campaign.id, 1, a.id, b.id, {
      aFormations: [{ formationId: 'a-core-1', name: 'Line', slot: 'core', startingModels: 5, survivors: 5, retreated: 0, cryptidWounds: 0 }],
    }),
    // the players' ratings, each side naming the rule that confused them
    ratings: { A: { fun: 4, confusingRule: 'Steady Fire' }, B: { clarity: 2, confusingRule: 'Uncloak' } },
  };
};
const withTrophy = async (c: Club) => {
  const input = await finishInput(c);
  for (const side of input.outcome.sides)
    side.trophies = [{ cryptidId: 'x', trophyId: 'x', trophyName: 'Horn', formationId: 'a-core-1', disposition: 'banked' }];
  return input;
};

const battleOf = async (c: Club) =>
  (await c.api.call('battles.start', { mode: 'standalone', rosterIds: [c.standalone[0]!.id, c.standalone[1]!.id], mission: 1 })).id;
const record = (c: Club, body: Record<string, unknown>) => ({ battleId: c.battleId, clientEventId: randomUUID(), intent: { kind: 'record', body } });
const spec = DIGEST_PROBABILITIES[0]!.spec;
const lastEventId = (b: unknown) => {
  const ev = (b as { log: { id: string }[] }).log;
  return ev[ev.length - 1]!.id;
};

const CHANNEL_SAMPLES: Partial<Record<Channel, Sample[]>> = {
  'players.create': [{ check: 'stored', make: async () => ({ name: uniq('P'), contact: 'c', notes: 'n' }) }],
  'players.update': [
    { check: 'stored', make: async (c) => ({ id: (await c.api.call('players.create', { name: uniq('U') })).id, name: uniq('U'), contact: 'c', notes: 'n' }) },
  ],
  'players.list': [{ check: 'parse', make: async () => ({ search: 'a' }) }],
  'campaigns.list': [{ check: 'parse', make: async () => ({ search: 'a' }) }],
  'campaigns.dashboard': [{ check: 'parse', make: async () => ({ search: 'a' }) }],
  'rosters.list': [{ check: 'parse', make: async () => ({ search: 'a' }) }],
  'campaigns.create': [
    {
      check: 'stored',
      make: async (c) => {
        const a = await c.api.call('players.create', { name: uniq('A') });
        const b = await c.api.call('players.create', { name: uniq('B') });
        return {
          rulesetVersionId: c.versionId,
          seats: [
            { playerId: a.id, factionId: c.pack.factions[0]!.id },
            { playerId: b.id, factionId: c.pack.factions[1]!.id },
          ],
          name: uniq('C'),
          notes: 'n',
        };
      },
    },
  ],
  'campaigns.crossoverCheck': [
    {
      check: 'reply',
      make: async () => {
        const side = { name: 'S', campaignMission: 1, fieldedPoints: 400, veteranSixesHeld: 0, veteranSixesUsed: 0 };
        return { a: side, b: { ...side } };
      },
    },
  ],
  'campaigns.finishMission': [
    { check: 'stored', make: finishInput },
    // a trophy of a cryptid the mission had not: refused by the ledger's own rules once the policy has let its name through
    { check: 'parse', make: withTrophy },
  ],
  'campaigns.previewFinish': [
    { check: 'reply', make: finishInput },
    { check: 'parse', make: withTrophy },
  ],
  'ledger.correct': [
    {
      check: 'stored',
      make: async (c) => ({ campaignId: c.seeded.campaign.id, playerId: c.seeded.players[0].id, amount: 1, reason: 'Because', requestId: randomUUID() }),
    },
  ],
  'ledger.correctItem': [
    {
      check: 'stored',
      make: async (c) => ({
        campaignId: c.seeded.campaign.id,
        playerId: c.seeded.players[0].id,
        change: { kind: 'service-mark', formationId: c.seeded.rosters[0]!.formations[0]!.id, amount: 1 },
        reason: 'Because',
        requestId: randomUUID(),
      }),
    },
  ],
  'ledger.undo': [
    {
      check: 'stored',
      make: async (c) => {
        await c.api.call('ledger.correct', { campaignId: c.seeded.campaign.id, playerId: c.seeded.players[1].id, amount: 2, reason: 'To undo' });
        return { campaignId: c.seeded.campaign.id, reason: 'Undo it', requestId: randomUUID() };
      },
    },
  ],
  'ledger.redo': [
    {
      check: 'stored',
      make: async (c) => {
        await c.api.call('ledger.correct', { campaignId: c.seeded.campaign.id, playerId: c.seeded.players[1].id, amount: 3, reason: 'To redo' });
        await c.api.call('ledger.undo', { campaignId: c.seeded.campaign.id });
        return { campaignId: c.seeded.campaign.id, reason: 'Redo it', requestId: randomUUID() };
      },
    },
  ],
  'reports.importBattles': [
    {
      check: 'stored',
      make: async () => {
        const [battle] = generateBattles({ count: 1, seed: ++counter });
        const sides = battle!.sides.map((s) => ({ ...s, ratings: { fun: 3, clarity: 3, confusingRule: 'Relic' } }));
        return { battles: [{ ...battle!, id: `every-field-${counter}`, sides, disputes: [{ ruleRef: 'AMB-1', note: 'n', round: null }] }] };
      },
    },
  ],
  // a finished battle rated later; the battle at Finish is refused (it is in its first round) once the policy has let the rule through
  'battles.rate': [{ check: 'stored', make: async (c) => ({ battleId: c.finishedBattleId, side: 'A', rating: { fun: 4, confusingRule: 'R' } }) }],
  'battles.finish': [
    { check: 'parse', make: async (c) => ({ battleId: c.battleId, result: 'win', ratings: { A: { confusingRule: 'R' }, B: { confusingRule: 'R' } } }) },
  ],
  // a phone's confirmation at a club night table, with that side's rating: kept with the vote (no other side has voted)
  'table.confirmFinish': [{ check: 'stored', make: async (c) => ({ battleId: c.battleId, side: 'A', result: 'win', rating: { fun: 4, confusingRule: 'R' } }) }],
  'reports.trace': [{ check: 'parse', make: async () => ({ filter: {}, trace: { kind: 'dispute', ruleRef: 'AMB-1' } }) }],
  'playtest.exportPreview': [{ check: 'parse', make: async () => ({ clubName: 'Club' }) }],
  'playtest.export': [{ check: 'parse', make: async () => ({ clubName: 'Club' }) }],
  'desk.import': [{ check: 'parse', make: async () => ({ files: [{ name: 'bundle.json', base64: 'e30=' }] }) }],
  'rosters.create': [
    {
      check: 'stored',
      make: async (c) => ({
        name: uniq('R'),
        playerId: c.seeded.players[0].id,
        factionId: c.pack.factions[0]!.id,
        mode: 'standalone',
        campaignId: null,
        startingCity: 'c',
      }),
    },
  ],
  'rosters.rename': [{ check: 'stored', make: async (c) => ({ id: c.standalone[0]!.id, name: uniq('Renamed') }) }],
  'rosters.duplicate': [{ check: 'stored', make: async (c) => ({ id: c.standalone[0]!.id, name: uniq('Dup') }) }],
  'rosters.clone': [{ check: 'stored', make: async (c) => ({ id: c.standalone[0]!.id, campaignId: null, name: uniq('Clone') }) }],
  'rosters.save': [
    {
      check: 'stored',
      make: async (c) => {
        const created = await c.api.call('rosters.create', {
          name: uniq('Saved'),
          playerId: c.seeded.players[0].id,
          factionId: c.pack.factions[0]!.id,
          mode: 'standalone',
          campaignId: null,
        });
        const army = minimalArmy(created.roster, c.pack);
        army.formations[0]!.fighters[0]!.name = 'F';
        return { roster: { ...army, notes: 'n', startingCity: 'c' } };
      },
    },
  ],
  'rosters.validate': [{ check: 'reply', make: async (c) => ({ roster: { ...structuredClone(c.standalone[0]!), notes: 'n', startingCity: 'c' } }) }],
  'rulesets.createVersion': [
    {
      check: 'stored',
      make: async (c) => ({ baseVersionId: c.versionId, pack: { ...c.pack, meta: { ...c.pack.meta, dataVersion: uniq('d').replace(' ', '.') } }, note: 'n' }),
    },
  ],
  'rulesets.import': [{ check: 'stored', make: async (c) => ({ text: packWithDataVersion(c.packFile, uniq('i').replace(' ', '.')), note: 'n' }) }],
  'settings.update': [{ check: 'stored', make: async () => ({ clubName: 'Club' }) }],
  'backups.create': [{ check: 'reply', make: async () => ({ label: 'L' }) }],
  'odds.evaluate': [{ check: 'reply', make: async () => ({ ...spec, label: 'L' }) }],
  'odds.roll': [{ check: 'reply', make: async () => ({ spec: { ...spec, label: 'L' }, seed: 1 }) }],
  // a batch named by the request, of a campaign the ledger has not: refused as NOT_FOUND once the policy has let the
  // name through, before any print worker starts (a batch of the seeded campaign's rosters rendered a PDF in a worker
  // of its own for every name let through, a third of this file's CPU, for an answer no check reads)
  'print.startBatch': [{ check: 'parse', make: async () => ({ scope: { kind: 'campaigns', campaignIds: [randomUUID()] }, fileName: 'batch' }) }],
  'battles.act': [
    {
      check: 'stored',
      make: async (c) => ({
        battleId: await battleOf(c),
        clientEventId: randomUUID(),
        intent: { kind: 'record', body: { kind: 'setup.scenario', provinceId: c.pack.provinces[0]!.id, campaignGame: null, secondary: 'S' } },
      }),
    },
    { check: 'stored', make: async (c) => record(c, { kind: 'record.vp', side: 'A', source: 'other', amount: 1, note: 'n' }) },
    { check: 'stored', make: async (c) => record(c, { kind: 'record.ruling', ruling: 'disputed', ruleRef: 'FM 4', text: 't' }) },
    { check: 'stored', make: async (c) => record(c, { kind: 'record.note', text: 't' }) },
    {
      check: 'stored',
      make: async (c) => {
        const b = await act(c.api, c.battleId, { kind: 'record', body: { kind: 'record.note', text: 'to strike' } });
        return { battleId: c.battleId, clientEventId: randomUUID(), intent: { kind: 'strike', eventId: lastEventId(b), reason: 'r' } };
      },
    },
    // no trophy banked, a rule-of-cool or a strike recorded as they are rather than asked for: refused by the battle's rules after the policy
    { check: 'parse', make: async (c) => record(c, { kind: 'record.trophyUsed', side: 'A', trophyId: 'x', trophyName: 'T' }) },
    {
      check: 'parse',
      make: async (c) => record(c, { kind: 'rule.cool', side: 'A', officerId: null, category: 'dramatic', agreed: 'a', d20: 10, outcome: 'success' }),
    },
    { check: 'parse', make: async (c) => record(c, { kind: 'correction.strike', targetEventId: 'x', reason: 'r' }) },
    {
      check: 'parse',
      make: async (c) => ({
        battleId: c.battleId,
        clientEventId: randomUUID(),
        intent: { kind: 'rule-of-cool', side: 'A', officerId: null, category: 'dramatic', agreed: 'a', d20: 10 },
      }),
    },
  ],
};

function packWithDataVersion(text: string, dataVersion: string): string {
  const pack = JSON.parse(text) as { meta: { dataVersion: string } };
  pack.meta.dataVersion = dataVersion;
  return JSON.stringify(pack);
}

/** The campaign file with every id made new (consistently) and its players renamed: another club's campaign. */
function freshCampaignFile(json: string): Record<string, unknown> {
  const map = new Map<string, string>();
  const file = JSON.parse(
    json.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => map.get(id) ?? (map.set(id, randomUUID()), map.get(id)!)),
  ) as { players: { name: string }[] };
  for (const p of file.players) p.name = uniq('Filed');
  return file as unknown as Record<string, unknown>;
}

let rosterPlayer = '';

const FILE_DOORS: Record<string, Door> = {
  'campaign file (campaigns.import)': {
    channel: 'campaigns.import',
    schema: campaignFileSchema,
    send: (file) => ({ json: JSON.stringify(file) }),
    samples: [
      {
        // a version's name and note describe content the ledger already holds: kept once, under the ledger's own name
        check: (f) => (f.startsWith('rulesetVersions') ? 'parse' : 'stored'),
        make: async (c) => freshCampaignFile(c.campaignFile),
      },
    ],
  },
  'campaign file (campaigns.importPreview)': {
    channel: 'campaigns.importPreview',
    schema: campaignFileSchema,
    send: (file) => ({ json: JSON.stringify(file) }),
    samples: [{ check: 'parse', make: async (c) => freshCampaignFile(c.campaignFile) }],
  },
  'roster file (rosters.import)': {
    channel: 'rosters.import',
    schema: rosterFileSchema,
    // imported for the seeded campaign's second player
    send: (file) => ({ text: JSON.stringify(file), playerId: rosterPlayer }),
    maxRequestText: (appContract['rosters.import'].input.shape.text.maxLength ?? 0) - 100_000,
    // the file's player name is the exporting club's, not stored: the importing organiser chooses the player
    samples: [{ check: (f) => (f === 'playerName' ? 'parse' : 'stored'), make: async (c) => JSON.parse(c.rosterFile) as unknown }],
  },
  'ruleset pack (rulesets.import)': {
    channel: 'rulesets.import',
    schema: rulesetPackSchema,
    send: (pack) => ({ text: JSON.stringify(pack) }),
    // five 1 MB names and the 53 KB pack under MAX_PACK_BYTES (ten at once were refused as too large a file, then
    // sent again field by field)
    maxRequestText: MAX_PACK_BYTES - 200_000,
    samples: [
      {
        check: 'stored',
        make: async (c) => JSON.parse(packWithDataVersion(c.packFile, uniq('f').replace(' ', '.'))) as unknown,
        readBack: async (c, reply) => (await c.api.call('rulesets.export', { versionId: (reply as { id: number }).id })).text,
      },
    ],
  },
};

function channelDoors(): Record<string, Door> {
  const out: Record<string, Door> = {};
  for (const [channel, samples] of Object.entries(CHANNEL_SAMPLES)) {
    out[channel] = { channel: channel as Channel, schema: appContract[channel as Channel].input, send: (s) => s, samples: samples! };
  }
  return out;
}

/** Fields that read like names but are not the policy's, each with why. */
const NOT_TEXT: Record<string, string> = {
  'rosters.import text': 'the roster file itself: its fields are the roster file door below',
  'rulesets.import text': 'the ruleset pack itself: its fields are the ruleset pack door below',
};

describe('every name and note field is found and covered (issue 33)', () => {
  it('every channel field that reads like a name or a note is the text policy’s, or says why not', () => {
    const loose: string[] = [];
    for (const [channel, def] of Object.entries(appContract))
      for (const f of textFields(def.input)) if (!f.kind && !NOT_TEXT[`${channel} ${f.field}`]) loose.push(`${channel} ${f.field}`);
    for (const [name, schema] of [
      ['campaign file', campaignFileSchema],
      ['roster file', rosterFileSchema],
      ['ruleset pack', rulesetPackSchema],
    ] as const)
      for (const f of textFields(schema)) if (!f.kind) loose.push(`${name} ${f.field}`);
    expect(loose, 'name-like strings outside the text policy (use nameText/noteText, or add to NOT_TEXT with the reason)').toEqual([]);
  });

  it('every channel with a name or note field has a sample request here', () => {
    const missing = Object.entries(appContract)
      .filter(([, def]) => textFields(def.input).some((f) => f.kind))
      .map(([channel]) => channel)
      .filter((channel) => !CHANNEL_SAMPLES[channel as Channel]);
    expect(missing, 'channels with name/note fields and no sample in CHANNEL_SAMPLES').toEqual([]);
  });
});

async function ledgerText(c: Club): Promise<string> {
  const dump = await dumpLedger(c.backend);
  // the packs' own text is read back by the pack door itself
  if (Array.isArray(dump.ruleset_versions))
    dump.ruleset_versions = dump.ruleset_versions.map((r) =>
      typeof r === 'string' ? r.replace(/"pack_json":"(?:[^"\\]|\\.)*"/, '') : { ...(r as object), pack_json: '' },
    );
  return JSON.stringify(dump);
}

/** Whether path `p` ends with `at` (a file's fields are named inside the request that carries it). */
const endsWith = (p: Segment[], at: Segment[]) => p.length >= at.length && at.every((seg, i) => String(p[p.length - at.length + i]) === String(seg));

/** Whether a JSON text holds `s` (as JSON.stringify writes it inside a string). */
const holds = (text: string, s: string) => text.includes(JSON.stringify(s).slice(1, -1));

describe.each(DIALECTS)('one text policy on every field of every door (%s)', (dialect) => {
  // one ledger for the whole table (useTempDirs would remove its folder after the first test)
  const dataDir = mkdtempSync(join(tmpdir(), 'aoa-test-'));
  let club: Club;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const t = await testBackend(await ledgerPlace(dialect, dataDir));
    close = t.close;
    const seeded = await seedCampaign(t.api);
    const { version, pack } = await t.api.call('rulesets.get', {});
    const standalone = await twoMinimalArmies(t.api, pack, ['Kai', 'Lu']);
    let battle = await t.api.call('battles.start', { mode: 'standalone', rosterIds: [standalone[0]!.id, standalone[1]!.id], mission: 1 });
    battle = await playSetup(t.api, battle, pack);
    const finishedBattleId = randomUUID();
    await t.api.call('campaigns.finishMission', {
      battleId: finishedBattleId,
      outcome: outcome(seeded.campaign.id, 1, seeded.players[0].id, seeded.players[1].id, {
        aFormations: [
          { formationId: seeded.rosters[0]!.formations[0]!.id, name: 'Line 1', slot: 'core', startingModels: 5, survivors: 5, retreated: 0, cryptidWounds: 0 },
        ],
      }),
    });
    await t.api.call('ledger.correct', { campaignId: seeded.campaign.id, playerId: seeded.players[0].id, amount: 5, reason: 'Seed' });
    rosterPlayer = seeded.players[1].id;
    club = {
      backend: t.backend,
      api: t.api,
      pack,
      versionId: version.id,
      seeded,
      standalone,
      battleId: battle.id,
      finishedBattleId,
      campaignFile: (await t.api.call('campaigns.export', { ids: [seeded.campaign.id] })).json,
      rosterFile: (await t.api.call('rosters.export', { id: seeded.rosters[0]!.id })).text,
      packFile: (await t.api.call('rulesets.export', {})).text,
    };
  }, 120_000);
  afterAll(async () => {
    await close?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const doors = { ...channelDoors(), ...FILE_DOORS };
  it.each(Object.keys(doors))(
    '%s',
    async (doorName) => {
      const door = doors[doorName]!;
      const fields = textFields(door.schema).filter((f) => f.kind);
      const kindOf = new Map(fields.map((f) => [f.field, f.kind as TextKind]));
      const todo = new Set(kindOf.keys());
      const failures: string[] = [];
      for (const sample of door.samples) {
        const located = locateFields(door.schema, await sample.make(club), new Set([...todo].filter((f) => !sample.only || sample.only.includes(f))));
        const plan = [...located].map(([field, at]) => {
          todo.delete(field);
          let check = typeof sample.check === 'function' ? sample.check(field) : sample.check;
          if (door.sqliteOnly && dialect !== 'sqlite') check = door.sqliteOnly;
          if (door.channel === 'backups.create' && dialect !== 'sqlite') check = 'parse';
          return { field, at, kind: kindOf.get(field)!, check };
        });
        type Planned = (typeof plan)[number];
        // the tags of refused texts, looked for in the ledger once the sample's requests are all made
        const refusedTags: { where: string; tag: string }[] = [];
        const send = async (texts: { p: Planned; text: string }[]) => {
          const input = await sample.make(club);
          return club.backend.dispatch(
            door.channel,
            door.send(
              withTextsAt(
                input,
                texts.map(({ p, text }) => ({ at: p.at, text })),
              ),
            ),
          );
        };

        /** One field with a text: refused at that field, or let through by the policy (a 'parse' check). */
        const oneByOne = async (t: (typeof TEXTS)[number], p: Planned) => {
          const tag = ` #${++counter}#`;
          const expected = t[p.kind];
          const reply = await send([{ p, text: t.text + tag }]);
          const where = `${p.field} (${p.at.join('.')}) with ${t.what}`;
          const error = reply.ok ? null : (reply.error as AppErrorPayload);
          if (typeof expected !== 'string') {
            if (!error) return void failures.push(`${where}: accepted, should be refused`);
            const paths = [error.path, ...(error.issues ?? []).map((i) => i.path)].filter((x) => x !== undefined);
            if (error.code !== 'VALIDATION' || !expected.refused.test(error.message + (error.issues ?? []).map((i) => i.message).join(' ')))
              failures.push(`${where}: refused with ${error.code} "${error.message.slice(0, 200)}", expected the policy's VALIDATION`);
            else if (!paths.some((x) => endsWith(x, p.at))) failures.push(`${where}: refused at ${JSON.stringify(paths)}, not at the field`);
            if (p.check === 'stored') refusedTags.push({ where, tag: tag.trim() });
            return;
          }
          if (error && error.code === 'VALIDATION' && [error.path, ...(error.issues ?? []).map((i) => i.path)].some((x) => x && endsWith(x, p.at)))
            failures.push(`${where}: refused by the policy (${error.message.slice(0, 200)})`);
          if (error && (error.code === 'INTERNAL' || error.code === 'UNAVAILABLE')) failures.push(`${where}: ${error.code} ${error.message.slice(0, 200)}`);
        };

        /**
         * A text every field of `batch` refuses: all of them in one request, each with its own tag (a campaign file
         * of a megabyte or more is checked in a worker thread started for it, one per request, and a request per
         * field made this the suite's slowest file). It passes only if the refusal is the policy's VALIDATION with
         * an issue at every field, each with the policy's message; anything else (a field let through, refused
         * elsewhere or otherwise, a refusal that stops at its first problem) is tried field by field, so a failure
         * still names its field and what went wrong.
         */
        const refusedAtOnce = async (t: (typeof TEXTS)[number], batch: Planned[]): Promise<void> => {
          if (batch.length === 1) return oneByOne(t, batch[0]!);
          const tags = batch.map(() => ` #${++counter}#`);
          const reply = await send(batch.map((p, i) => ({ p, text: t.text + tags[i] })));
          const error = reply.ok ? null : (reply.error as AppErrorPayload);
          const issues = error?.code === 'VALIDATION' ? [{ path: error.path, message: error.message }, ...(error.issues ?? [])] : [];
          const refusedAt = (p: Planned) => {
            const expected = t[p.kind] as { refused: RegExp };
            return issues.some((i) => i.path && endsWith(i.path, p.at) && expected.refused.test(i.message));
          };
          if (!batch.every(refusedAt)) {
            for (const p of batch) await oneByOne(t, p);
            return;
          }
          for (const [i, p] of batch.entries())
            if (p.check === 'stored') refusedTags.push({ where: `${p.field} (${p.at.join('.')}) with ${t.what}`, tag: tags[i]!.trim() });
        };

        /**
         * A text every field of `batch` stores: all of them at once, each with its own tag, read back once (a pack
         * import or a ledger dump per field made this file the suite's slowest). A refused batch is tried field by
         * field, so a failure still names its field.
         */
        const storedAtOnce = async (t: (typeof TEXTS)[number], batch: Planned[]): Promise<void> => {
          const tags = batch.map(() => ` #${++counter}#`);
          const reply = await send(batch.map((p, i) => ({ p, text: t.text + tags[i] })));
          if (!reply.ok) {
            if (batch.length > 1) for (const p of batch) await storedAtOnce(t, [p]);
            else
              failures.push(
                `${batch[0]!.field} (${batch[0]!.at.join('.')}) with ${t.what}: refused (${reply.error.code} ${reply.error.message.slice(0, 200)} at ${JSON.stringify(reply.error.path)})`,
              );
            return;
          }
          const readings = new Map<Check, Promise<string>>();
          const seenBy = (check: Check) => {
            if (!readings.has(check))
              readings.set(
                check,
                check === 'reply'
                  ? Promise.resolve(JSON.stringify(reply.value))
                  : sample.readBack
                    ? sample.readBack(club, reply.value).then((v) => JSON.stringify(v))
                    : ledgerText(club),
              );
            return readings.get(check)!;
          };
          for (const [i, p] of batch.entries()) {
            const where = `${p.field} (${p.at.join('.')}) with ${t.what}`;
            const seen = await seenBy(p.check);
            const normalised = (t[p.kind] as string) + tags[i];
            if (p.check === 'stored' && !holds(seen, normalised)) failures.push(`${where}: not stored as ${JSON.stringify(normalised)}`);
            if (t.text !== t[p.kind] && holds(seen, t.text + tags[i])) failures.push(`${where}: kept un-normalised`);
          }
        };

        for (const t of TEXTS) {
          const refusing: Planned[] = [];
          const storing: Planned[] = [];
          for (const p of plan) {
            if (typeof t[p.kind] !== 'string') refusing.push(p);
            else if (p.check === 'parse') await oneByOne(t, p);
            else storing.push(p);
          }
          // at most about 10 MB of text a request, or as much as the door's own size limit lets through
          const perRequest = Math.max(1, Math.floor((door.maxRequestText ?? 10_000_000) / t.text.length));
          for (let i = 0; i < refusing.length; i += perRequest) await refusedAtOnce(t, refusing.slice(i, i + perRequest));
          if (storing.length) await storedAtOnce(t, storing);
        }
        if (refusedTags.length) {
          const stored = await ledgerText(club);
          for (const r of refusedTags) if (stored.includes(r.tag)) failures.push(`${r.where}: refused but stored`);
        }
      }
      expect([...todo], `fields of ${doorName} no sample holds: give a sample one`).toEqual([]);
      expect(failures).toEqual([]);
    },
    600_000,
  );
});
