import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOORS, GATES, type DoorName, type GateName } from '../../src-main/backend/doors';
import { buildProgram, runCli } from '../../src-main/cli/program';
import { missionRecordedNotice } from '../../src-shared/campaign/mission-once';
import { appContract } from '../../src-shared/contract';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { writtenDomains } from '../../src-shared/contract/effects';
import { dumpLedger, withBackend, type LedgerPlace } from '../helpers/backend';
import { bigPlayersFile } from '../helpers/big-campaign-file';
import { everyoneSurvives, playSetup, seedCampaign } from '../helpers/battle-seed';
import { captureIo } from '../helpers/cli-io';
import { clubNightOn, lanInvoke, send, startClubServer, tokenOfUrl, type ClubServer } from '../helpers/club-night';
import { DIALECTS, ledgerPlace, type TestDialect } from '../helpers/dialects';
import { bundleBytes, bundleOf, generatedRecords } from '../helpers/playtest-bundles';
import { useTempDirs } from '../helpers/tmp';

/**
 * Issue 40: every door through the same gates. The door inventory (`src-main/backend/doors.ts`) says which gates each
 * way in passes; this walks it. First, that nothing takes a file, a battle step or a mission without being a door of
 * the inventory, and that every door's every gate has probes here, so a door added without its gates fails. Then the
 * matrix: one hostile corpus (control codes, bidi controls, lone surrogates, NFD and case twins, a 1 MB name,
 * /dev/zero, a folder, a gzip bomb, the same pack twice, a step by a formation its status forbids, a mission recorded
 * elsewhere) through each door, on SQLite and PostgreSQL: each refused with the code its kind of refusal always has
 * and a sentence naming the field, the ledger as it was, and other requests answered within 200 ms meanwhile.
 */

const tmp = useTempDirs();

/** The hostile names of the corpus: every door refuses each with VALIDATION, naming what is wrong. */
const HOSTILE_NAMES = [
  { what: 'a control code', text: 'Ada\u0007', says: /U\+0007/ },
  { what: 'a bidi override', text: 'Ada\u202Egnp.exe', says: /U\+202E/ },
  { what: 'a lone surrogate', text: 'Ada\ud800', says: /lone U\+D800/ },
  { what: 'a 1 MB name', text: 'x'.repeat(1_000_000), says: /Keep|at most/ },
] as const;
/** The ledger holds a "Zoë"; to people these are the same name, and every door refuses a second one with CONFLICT. */
const TWINS = ['ZOË', 'Zoe\u0308'] as const;

interface Reply {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string; path?: (string | number)[] };
}

interface Fixture {
  dialect: TestDialect;
  place: LedgerPlace;
  dataDir: string;
  database?: string;
  c: ClubServer;
  club: Awaited<ReturnType<typeof seedCampaign>>;
  /** The campaign's Mission 2, being played, with a phone on its link; and a battle that link does not reach. */
  battle: BattleDetail;
  other: BattleDetail;
  /** A request over browser mode's HTTP door (the same dispatcher as the window's IPC). */
  http(channel: string, input: unknown): Promise<Reply>;
  /** A request over the phone's club night link. */
  phone(channel: string, input: unknown): Promise<Reply>;
  /** The CLI, in this process, on the fixture's data folder (and league). */
  cli(args: string[]): Promise<Reply>;
}

/** What a probe must see: a refusal with this code naming the field, the ledger as it was, or a table's rows as they were. */
type Expectation = { refused: string; field: RegExp } | { unchanged: 'ledger' } | { sameRows: 'ruleset_versions' };
interface Probe {
  what: string;
  /** League push and pull move to and from PostgreSQL: only where a league exists. */
  only?: TestDialect;
  /** Runs before the "before" dump: what the refused step needs (a mission recorded on paper). */
  prepare?(f: Fixture): Promise<void>;
  run(f: Fixture): Promise<Reply>;
  expect: Expectation;
}

const refused = (code: string, field: RegExp): Expectation => ({ refused: code, field });
const SAME_PACKS: Expectation = { sameRows: 'ruleset_versions' };

/** A folder and a device given where a file belongs: refused in plain words before a byte is read. */
function fileProbes(args: (f: Fixture, path: string) => string[], exit: 'VALIDATION' | 'USAGE' = 'VALIDATION', only?: TestDialect): Probe[] {
  return [
    { what: '/dev/zero', only, run: (f) => f.cli(args(f, '/dev/zero')), expect: refused(exit, /dev\/zero: it is a device, not a file/) },
    { what: 'a folder', only, run: (f) => f.cli(args(f, f.dataDir)), expect: refused(exit, /it is a folder, not a file/) },
  ];
}

/** A fresh club ledger file (SQLite) with one player of this name, written as an older app could have stored it. */
async function clubLedgerWith(name: string): Promise<string> {
  const dir = tmp();
  await withBackend(dir, async ({ api }) => {
    await api.call('players.create', { name: 'Placeholder' });
  });
  const file = join(dir, 'ledger.sqlite');
  const raw = new Database(file);
  raw.prepare('update players set name = ?, name_key = ?').run(name, name.normalize('NFC').toLowerCase());
  raw.close();
  return file;
}

/** The pack this ledger exports, with a field changed: the text of a pack file. */
async function packText(f: Fixture, edit: (pack: { meta: { name: string }; factions: { name: string }[] }) => void = () => {}): Promise<string> {
  const { text } = (await f.http('rulesets.export', {})).value as { text: string };
  const pack = JSON.parse(text);
  edit(pack);
  return JSON.stringify(pack);
}

/** Ana's army as a roster file, with a field changed. */
async function rosterText(f: Fixture, edit: (file: { roster: { name: string } }) => void = () => {}): Promise<string> {
  const { text } = (await f.http('rosters.export', { id: f.club.rosters[0]!.id })).value as { text: string };
  const file = JSON.parse(text);
  edit(file);
  return JSON.stringify(file);
}

const base64 = (b: Buffer) => b.toString('base64');
let bombText: string | undefined;
/** 300 MB of zeros, gzipped (about 300 KB), as base64. */
const bomb = () => (bombText ??= base64(gzipSync(Buffer.alloc(300 * 1024 * 1024))));
const note = (text: string) => ({ kind: 'record', body: { kind: 'record.note', text } });

const PROBES: Partial<Record<`${DoorName}:${GateName}`, Probe[]>> = {
  'player name:text-policy': [
    ...HOSTILE_NAMES.map((h) => ({ what: h.what, run: (f: Fixture) => f.http('players.create', { name: h.text }), expect: refused('VALIDATION', /name/) })),
    ...TWINS.map((t) => ({
      what: `the twin ${JSON.stringify(t)}`,
      run: (f: Fixture) => f.http('players.create', { name: t }),
      expect: refused('CONFLICT', /name/),
    })),
  ],

  'ruleset pack:bounded-read': fileProbes((_f, p) => ['ruleset', 'import', p]),
  'ruleset pack:text-policy': HOSTILE_NAMES.map((h) => ({
    what: `a faction named with ${h.what}`,
    run: async (f: Fixture) => f.http('rulesets.import', { text: await packText(f, (p) => (p.factions[0]!.name = h.text)), note: '' }),
    expect: refused('VALIDATION', /factions/),
  })),
  'ruleset pack:pack-identity': [
    { what: 'the same pack again', run: async (f) => f.http('rulesets.import', { text: await packText(f), note: 'again' }), expect: SAME_PACKS },
    {
      // on SQLite the running app holds the data folder, so the CLI beside it only reads: the league shares its database
      what: 'the same pack through the CLI',
      only: 'postgres',
      run: async (f) => {
        const file = join(tmp(), 'pack.json');
        writeFileSync(file, await packText(f));
        return f.cli(['ruleset', 'import', file]);
      },
      expect: SAME_PACKS,
    },
  ],

  'roster file:bounded-read': fileProbes((_f, p) => ['roster', 'validate', p], 'USAGE'),
  'roster file:text-policy': HOSTILE_NAMES.map((h) => ({
    what: `an army named with ${h.what}`,
    run: async (f: Fixture) => f.http('rosters.import', { text: await rosterText(f, (r) => (r.roster.name = h.text)), playerId: f.club.players[0].id }),
    expect: refused('VALIDATION', /name/),
  })),
  'roster file:pack-identity': [
    {
      what: 'an army file naming its pack by digest',
      run: async (f) => f.http('rosters.import', { text: await rosterText(f), playerId: f.club.players[0].id }),
      expect: SAME_PACKS,
    },
  ],

  'campaign file:bounded-read': fileProbes((_f, p) => ['campaign', 'import', p]),
  'campaign file:worker-for-large': [
    {
      what: 'a file for the worker (6,000 players) whose last player is a twin',
      run: (f) => f.http('campaigns.import', { json: bigPlayersFile(6_000, { names: { 5_999: 'ZOË' } }) }),
      expect: refused('CONFLICT', /players\.5999\.name|ZOË/),
    },
  ],
  'campaign file:text-policy': [
    ...HOSTILE_NAMES.map((h) => ({
      what: `a player named with ${h.what}`,
      run: (f: Fixture) => f.http('campaigns.import', { json: bigPlayersFile(3, { names: { 1: h.text } }) }),
      expect: refused('VALIDATION', /players\.1\.name|name/),
    })),
    ...TWINS.map((t) => ({
      what: `the twin ${JSON.stringify(t)}`,
      run: (f: Fixture) => f.http('campaigns.import', { json: bigPlayersFile(3, { names: { 1: t } }) }),
      expect: refused('CONFLICT', /players\.1\.name|name/),
    })),
  ],
  'campaign file:pack-identity': [
    {
      what: 'the ledger’s own pack under another id and label',
      run: async (f) => {
        const { json } = (await f.http('campaigns.export', { ids: [f.club.campaign.id] })).value as { json: string };
        const file = JSON.parse(json);
        for (const v of file.rulesetVersions) v.name = `${v.name} (relabelled)`;
        return f.http('campaigns.import', { json: JSON.stringify(file) });
      },
      expect: SAME_PACKS,
    },
  ],

  'playtest bundle:bounded-read': fileProbes((_f, p) => ['designer', 'import', p]),
  'playtest bundle:worker-for-large': [
    {
      what: 'a gzip bomb (300 MB of zeros)',
      // made before the other requests are timed: gzipping 300 MB here would hold this test's own thread, not the backend's
      prepare: async () => void bomb(),
      run: (f) => f.http('desk.import', { files: [{ name: 'bomb.json.gz', base64: bomb() }] }),
      expect: refused('VALIDATION', /bomb\.json\.gz: unzips to more than a bundle may hold/),
    },
  ],
  'playtest bundle:text-policy': HOSTILE_NAMES.slice(0, 3).map((h) => ({
    what: `a club named with ${h.what}`,
    run: (f: Fixture) =>
      f.http('desk.import', { files: [{ name: 'club.json', base64: base64(bundleBytes(bundleOf(generatedRecords(2, 3), { clubName: h.text }))) }] }),
    expect: refused('VALIDATION', /club\.json/),
  })),

  'attack file:bounded-read': fileProbes((_f, p) => ['odds', p], 'USAGE'),

  'battle step:formation-guard': [
    {
      what: 'a formation that is not in reserve told to Uncloak',
      run: (f) => {
        const formation = f.battle.setup.sides[0].formations[0]!;
        return f.phone('battles.act', {
          battleId: f.battle.id,
          clientEventId: crypto.randomUUID(),
          intent: { kind: 'record', body: { kind: 'uncloak', side: 'A', formationId: formation.id } },
        });
      },
      expect: refused('RULE_VIOLATION', /Uncloak/),
    },
  ],
  'battle step:scope': [
    {
      what: 'a step on a battle the link does not reach',
      run: (f) => f.phone('battles.act', { battleId: f.other.id, clientEventId: crypto.randomUUID(), intent: note('not my table') }),
      expect: refused('FORBIDDEN', /another battle/),
    },
  ],
  'mission record:text-policy': HOSTILE_NAMES.slice(0, 3).map((h) => ({
    what: `a confusing rule named with ${h.what}`,
    run: (f: Fixture) => f.http('battles.finish', { battleId: f.battle.id, result: 'win', ratings: { A: { fun: 3, clarity: 3, confusingRule: h.text } } }),
    expect: refused('VALIDATION', /confusingRule/),
  })),
  'mission record:scope': [
    {
      what: 'a confirmation for a battle the link does not reach',
      run: (f) => f.phone('table.confirmFinish', { battleId: f.other.id, side: 'A', result: 'win' }),
      expect: refused('FORBIDDEN', /another battle/),
    },
  ],

  'league push:bounded-read': fileProbes((f, p) => ['league', 'push', '--from', p, f.database!], 'VALIDATION', 'postgres'),
  'league push:text-policy': [
    ...HOSTILE_NAMES.slice(0, 3).map((h) => ({
      what: `a club ledger whose player an older version named with ${h.what}`,
      only: 'postgres' as const,
      run: async (f: Fixture) => f.cli(['league', 'push', '--from', await clubLedgerWith(h.text), f.database!]),
      expect: refused('VALIDATION', /players .*name/),
    })),
    ...TWINS.map((t) => ({
      what: `a club ledger holding the twin ${JSON.stringify(t)}`,
      only: 'postgres' as const,
      run: async (f: Fixture) => f.cli(['league', 'push', '--from', await clubLedgerWith(t), f.database!]),
      expect: refused('CONFLICT', /players .*name .*Zoë/),
    })),
  ],
  'league push:pack-identity': [
    {
      what: 'a club whose ledger holds the same pack under its own id',
      only: 'postgres',
      run: async (f) => f.cli(['league', 'push', '--from', await clubLedgerWith('Someone new'), f.database!]),
      expect: SAME_PACKS,
    },
  ],
  'league pull:text-policy': TWINS.map((t) => ({
    what: `a ledger file holding the twin ${JSON.stringify(t)} of the league’s Zoë`,
    only: 'postgres' as const,
    run: async (f: Fixture) => f.cli(['league', 'pull', '--to', await clubLedgerWith(t), f.database!]),
    expect: refused('CONFLICT', /players .*name .*Zoë/),
  })),
  'league pull:pack-identity': [
    {
      what: 'a copy into a ledger file holding the same pack under its own id',
      only: 'postgres',
      run: async (f) => {
        const to = await clubLedgerWith('Someone else');
        const r = await f.cli(['league', 'pull', '--to', to, f.database!]);
        const raw = new Database(to, { readonly: true });
        const digests = raw.prepare('select content_digest from ruleset_versions').all() as { content_digest: string }[];
        raw.close();
        expect(new Set(digests.map((d) => d.content_digest)).size, 'one version per pack content in the copy').toBe(digests.length);
        return r;
      },
      expect: SAME_PACKS,
    },
  ],

  'restore:bounded-read': fileProbes((_f, p) => ['restore', p], 'VALIDATION', 'sqlite'),

  // last: these record a mission, which the probes above do not expect
  'battle step:mission-once': [
    {
      what: 'a phone’s step after its mission was recorded on paper',
      prepare: async (f) => {
        await f.http('campaigns.finishMission', { battleId: `paper-${crypto.randomUUID()}`, outcome: everyoneSurvives(f.club, 2) });
      },
      run: (f) => f.phone('battles.act', { battleId: f.battle.id, clientEventId: crypto.randomUUID(), intent: note('still playing') }),
      expect: refused('FORBIDDEN', new RegExp(missionRecordedNotice(2).replace('.', '\\.'))),
    },
  ],
  'mission record:mission-once': [
    {
      what: 'Play Mode’s Finish of a battle whose mission was recorded on paper',
      run: (f) => f.http('battles.finish', { battleId: f.battle.id, result: 'win' }),
      expect: refused('CONFLICT', new RegExp(missionRecordedNotice(2).replace('.', '\\.'))),
    },
    {
      what: 'the paper form recording that mission a second time',
      run: (f) => f.http('campaigns.finishMission', { battleId: `paper-${crypto.randomUUID()}`, outcome: everyoneSurvives(f.club, 2) }),
      expect: refused('CONFLICT', /Mission 2 of this campaign is already recorded/),
    },
  ],
};

/** The doors' (door, gate) pairs in the inventory's order, the mission-once ones last (they record a mission). */
const PAIRS = (Object.entries(DOORS) as [DoorName, (typeof DOORS)[DoorName]][])
  .flatMap(([door, d]) => d.gates.map((gate) => [door, gate] as const))
  .sort((a, b) => Number(a[1] === 'mission-once') - Number(b[1] === 'mission-once'));

/** Which input fields make a channel a door: a file's text, a pack, a step, an outcome. */
const WRITTEN_FILE_OPTIONS = new Set(['--out', '--csv', '--pdf']);
const DOOR_FIELDS = new Set(['text', 'json', 'files', 'file', 'pack', 'intent', 'outcome', 'result']);
const inputKeys = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> }).shape ?? (schema as { def?: { innerType?: { shape?: object } } }).def?.innerType?.shape;
  return shape ? Object.keys(shape) : [];
};

describe('the door inventory', () => {
  it('lists every channel and every command that takes a file, a step or a mission, and only real ones', () => {
    const listed = new Set<string>(Object.values(DOORS).flatMap((d) => d.channels));
    const takers = Object.entries(appContract)
      .filter(([, def]) => writtenDomains(def.effects).length > 0 && inputKeys(def.input).some((k) => DOOR_FIELDS.has(k)))
      .map(([name]) => name);
    expect(takers.length).toBeGreaterThan(8);
    expect(
      takers.filter((c) => !listed.has(c)),
      'channels that take data but are no door',
    ).toEqual([]);
    for (const c of listed) expect(appContract, c).toHaveProperty([c]);

    const commands = new Map<string, { args: string[]; fileOptions: string[] }>();
    const walk = (cmd: ReturnType<typeof buildProgram>, prefix: string[]) => {
      for (const s of cmd.commands) {
        const path = [...prefix, s.name()];
        commands.set(path.join(' '), {
          args: s.registeredArguments.map((a) => a.name()),
          // options naming a file the command reads (`--from <file>`, and `--to <file>`, which a pull merges into); --out, --csv
          // and --pdf name files it writes
          fileOptions: s.options.filter((o) => /<(file|files)>/.test(o.flags) && !WRITTEN_FILE_OPTIONS.has(o.long ?? '')).map((o) => o.long ?? ''),
        });
        walk(s, path);
      }
    };
    walk(buildProgram(captureIo().io), []);
    const listedCommands = new Set<string>(Object.values(DOORS).flatMap((d) => d.commands));
    const fileCommands = [...commands].filter(([, c]) => c.args.some((a) => a === 'file' || a === 'files') || c.fileOptions.length).map(([n]) => n);
    expect(fileCommands.length).toBeGreaterThan(5);
    expect(
      fileCommands.filter((c) => !listedCommands.has(c)),
      'commands that read a file but are no door',
    ).toEqual([]);
    for (const c of listedCommands) expect(commands.has(c), c).toBe(true);
  });

  it('names one function for each gate, and every gate guards a door', () => {
    for (const [gate, g] of Object.entries(GATES)) {
      expect(g.keptBy.length, gate).toBeGreaterThan(0);
      for (const fn of g.keptBy) expect(typeof fn, gate).toBe('function');
      expect(
        PAIRS.some(([, used]) => used === gate),
        `${gate} guards no door`,
      ).toBe(true);
    }
  });

  it('is the table docs/ARCHITECTURE.md shows, door by door and gate by gate', () => {
    const doc = readFileSync(join(process.cwd(), 'docs', 'ARCHITECTURE.md'), 'utf8');
    const columns: GateName[] = ['text-policy', 'bounded-read', 'worker-for-large', 'pack-identity', 'formation-guard', 'mission-once', 'scope'];
    const shown = new Map<string, GateName[]>();
    for (const line of doc.split('\n')) {
      const cells = /^\| ([a-z ]+) \((.*)\)\s*\|(.*)\|$/.exec(line);
      // the header row names its columns, not a door
      if (!cells || cells[1] === 'door') continue;
      const marks = cells[3]!.split('|').map((c) => c.trim() === '✓');
      shown.set(
        cells[1]!,
        columns.filter((_, i) => marks[i]),
      );
    }
    expect(Object.fromEntries(shown)).toEqual(
      Object.fromEntries(Object.entries(DOORS).map(([door, d]) => [door, [...d.gates].sort((a, b) => columns.indexOf(a) - columns.indexOf(b))])),
    );
  });

  it('has probes for every gate of every door, and none for a gate a door does not list', () => {
    const pairs = new Set(PAIRS.map(([d, g]) => `${d}:${g}`));
    expect(
      [...pairs].filter((p) => !PROBES[p as keyof typeof PROBES]?.length),
      'gates without probes',
    ).toEqual([]);
    expect(
      Object.keys(PROBES).filter((p) => !pairs.has(p)),
      'probes of gates the inventory does not list',
    ).toEqual([]);
  });
});

/** Runs a door while another request is asked every few milliseconds: the door's reply, and the longest that request waited. */
async function whileAsking(f: Fixture, run: () => Promise<Reply>): Promise<{ reply: Reply; longest: number }> {
  let done = false;
  let longest = 0;
  const asking = (async () => {
    while (!done) {
      const t0 = performance.now();
      await f.c.api.call('settings.get', {});
      longest = Math.max(longest, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const reply = await run().finally(() => (done = true));
  await asking;
  return { reply, longest };
}

describe.each(DIALECTS)('every door through the same gates (%s)', (dialect) => {
  let f: Fixture;
  let cliRan = false;
  // the fixture's folders live as long as its describe (useTempDirs removes its folders after each test)
  const kept: string[] = [];
  const keptDir = () => (kept.push(mkdtempSync(join(tmpdir(), 'aoa-doors-'))), kept[kept.length - 1]!);
  beforeAll(async () => {
    const dataDir = keptDir();
    const place = await ledgerPlace(dialect, dataDir);
    const database = typeof place === 'string' ? undefined : place.database;
    const c = await startClubServer(place, keptDir());
    const club = await seedCampaign(c.api);
    await c.api.call('players.create', { name: 'Zoë' });
    // Mission 1 is in the ledger; Mission 2 is being played, a phone on its link; a standalone game the link does not reach
    await c.api.call('campaigns.finishMission', { battleId: `paper-${crypto.randomUUID()}`, outcome: everyoneSurvives(club, 1) });
    const started = await c.api.call('battles.start', {
      mode: 'campaign',
      campaignId: club.campaign.id,
      rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id],
    });
    const battle = await playSetup(c.api, started, club.pack);
    const other = await c.api.call('battles.start', { mode: 'standalone', rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id] });
    const port = await clubNightOn(c);
    const token = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: battle.id })).url);
    const json = async (r: { body: string }) => JSON.parse(r.body) as Reply;
    f = {
      dialect,
      place,
      dataDir,
      database,
      c,
      club,
      battle,
      other,
      http: async (channel, input) =>
        json(
          await send('127.0.0.1', c.server.port, {
            method: 'POST',
            path: '/api/invoke',
            headers: { 'content-type': 'application/json', 'x-aoa-token': c.server.token },
            body: JSON.stringify({ channel, input }),
          }),
        ),
      phone: async (channel, input) => json(await lanInvoke(port, token, channel, input)),
      // with --json a refusal's code is printed as a request's would be (exit 2, a usage refusal, prints none)
      cli: async (args) => {
        cliRan = true;
        const { io, out, err } = captureIo();
        const code = await runCli(['--data-dir', dataDir, '--json', ...(database && args[0] !== 'league' ? ['--database', database] : []), ...args], io);
        const printed = [...out, ...err].join('\n');
        if (code === 0) return { ok: true };
        const json = out.map((l) => /^\{"ok":false/.test(l) && (JSON.parse(l) as { code: string })).find(Boolean);
        return { ok: false, error: { code: code === 2 ? 'USAGE' : json ? json.code : 'REFUSED', message: printed } };
      },
    };
  }, 120_000);
  afterAll(async () => {
    await f?.c.close();
    for (const d of kept) rmSync(d, { recursive: true, force: true });
  });

  const rows = async (table: 'ruleset_versions') => f.c.backend.ctx.db.selectFrom(table).selectAll().execute();

  for (const [door, gate] of PAIRS)
    for (const p of PROBES[`${door}:${gate}`] ?? [])
      it.skipIf(p.only !== undefined && p.only !== dialect)(
        `${door} · ${gate}: ${p.what}`,
        async () => {
          await p.prepare?.(f);
          const before = 'sameRows' in p.expect ? await rows(p.expect.sameRows) : await dumpLedger(f.c.backend);
          // another request is asked all the while: none may wait 200 ms. A CLI door runs in a process of its own beside
          // the app, so only the app's own doors (HTTP, a link) are timed: run in this process, the CLI's synchronous
          // reads would be counted against the backend it does not share.
          cliRan = false;
          let { reply, longest } = await whileAsking(f, () => p.run(f));
          // every probe's door changes nothing (what each expects below), so it can be asked again, its set-up not
          // repeated: on a machine the suite keeps busy the OS holds any thread now and then (CI saw 218 ms twice
          // running for a 1 MB name that takes 10 ms alone, and 207 ms once beside a gzip bomb in the worker), and a
          // door that really blocks the backend blocks it every time
          for (let again = 0; !cliRan && longest >= 200 && again < 3; again++) {
            const next = await whileAsking(f, () => p.run(f));
            reply = next.reply;
            longest = Math.min(longest, next.longest);
          }
          if ('refused' in p.expect) {
            expect(reply.ok, JSON.stringify(reply).slice(0, 300)).toBe(false);
            expect(reply.error!.code).toBe(p.expect.refused);
            expect(`${reply.error!.message} ${(reply.error!.path ?? []).join('.')}`).toMatch(p.expect.field);
            expect(await dumpLedger(f.c.backend), 'the ledger as it was').toEqual(before);
          } else if ('sameRows' in p.expect) {
            expect(reply.ok, JSON.stringify(reply).slice(0, 300)).toBe(true);
            expect(await rows(p.expect.sameRows), 'no second version of the same pack').toEqual(before);
          } else expect(await dumpLedger(f.c.backend)).toEqual(before);
          if (!cliRan) expect(longest, 'the longest wait of another request (ms)').toBeLessThan(200);
        },
        120_000,
      );
});
