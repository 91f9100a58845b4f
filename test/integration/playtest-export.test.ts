import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { readBundle, type PlaytestBundle } from '../../src-shared/playtest/bundle';
import { withBackend } from '../helpers/backend';
import { ledgerChanged } from '../../src-main/backend/ledger-caches';
import { captureIo, cliOn } from '../helpers/cli-io';
import { buildPlaytestClub, type PlaytestClub } from '../helpers/playtest-club';
import { generateBattles, type PlaytestBattle } from '../../src-shared/reports';
import { sha256Hex } from '../helpers/playtest-bundles';
import { useTempDirs } from '../helpers/tmp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const tempDir = useTempDirs();
const decode = (base64: string) => Buffer.from(base64, 'base64');
const bundleIn = (bytes: Buffer): PlaytestBundle => readBundle(JSON.parse(bytes.toString('utf8')), sha256Hex);

describe('sending playtest results: the club’s bundle [issue 36]', () => {
  it('with names off, the file holds no player name or player id, and the same player keeps one pseudonym', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const club = await buildPlaytestClub(api, { prefix: 'Ostrava', imported: 12, seed: 3 });
      const preview = await api.call('playtest.exportPreview', {});
      const first = await api.call('playtest.export', {});
      const bytes = decode(first.base64);
      const text = bytes.toString('utf8');
      for (const p of club.players) {
        expect(text, p.name).not.toContain(p.name);
        expect(text.toLowerCase(), p.name).not.toContain(p.name.split(' ')[0]!.toLowerCase());
        expect(text, p.id).not.toContain(p.id);
        // nor any byte sequence of them (a name in another encoding would be a different file, but check the raw bytes too)
        expect(bytes.includes(Buffer.from(p.id))).toBe(false);
      }
      const bundle = bundleIn(bytes);
      expect(bundle.records.map((r) => r.battleId).sort()).toEqual([...club.battleIds].sort());
      expect(bundle.namesIncluded).toBe(false);
      expect(bundle.club.name).toBeNull();
      expect(bundle.players.every((p) => p.name === null)).toBe(true);
      // the disputed ruling's note named a player: it carries their pseudonym instead
      const played = bundle.records.find((r) => r.battleId === club.playedBattleId)!;
      expect(played.disputes![0]!.note).toMatch(/^disputed: p-[0-9a-f]{16} asked whether/);
      expect(played.disputes![0]!.note).toContain(played.sides[0].player);
      expect(played.rulesVersion).toBeTruthy();
      // the pack itself travels, by its digest (issue 40): the desk tells packs apart by it, not by their label
      expect(played.packDigest).toMatch(/^[0-9a-f]{64}$/);
      expect(played.firstMover).not.toBeNull();
      expect(preview).toMatchObject({ records: first.records, players: first.players, namesIncluded: false, club: { name: null } });
      expect(preview.sample).toEqual(bundle.records[0]);

      const again = bundleIn(decode((await api.call('playtest.export', { clubName: 'Ostrava Wargamers' })).base64));
      expect(again.club).toEqual({ id: bundle.club.id, name: 'Ostrava Wargamers' });
      expect(again.records.map((r) => r.sides.map((s) => s.player))).toEqual(bundle.records.map((r) => r.sides.map((s) => s.player)));
    });
  });

  it('names are in only when asked; a filter narrows it; gzip is gzip', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const club = await buildPlaytestClub(api, { prefix: 'Brno', imported: 6, seed: 5 });
      const named = await api.call('playtest.export', { includeNames: true, gzip: true });
      const bytes = decode(named.base64);
      expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      expect(named.fileName).toMatch(/\.json\.gz$/);
      const bundle = bundleIn(gunzipSync(bytes));
      expect(bundle.namesIncluded).toBe(true);
      expect(bundle.players.map((p) => p.name).sort()).toEqual(club.players.map((p) => p.name).sort());
      const narrowed = await api.call('playtest.exportPreview', { filter: { missions: [1] } });
      expect(narrowed.records).toBe(bundle.records.filter((r) => r.mission === 1).length);
    });
  });

  it("each side's points and the players' ratings travel in the bundle; null where a side has no army or did not rate", async () => {
    await withBackend(tempDir(), async ({ backend, api }) => {
      const club = await buildPlaytestClub(api, { prefix: 'Olomouc', imported: 2, seed: 11 });
      const battle = await api.call('battles.get', { battleId: club.playedBattleId });
      const spent = await Promise.all(battle.setup.sides.map(async (s) => (await api.call('rosters.get', { id: s.rosterId! })).summary.points));
      // rated after the finish: A says what confused them, naming B (a name, scrubbed with names off); B did not rate
      const b = club.players[1]!;
      await api.call('battles.rate', { battleId: battle.id, side: 'A', rating: { fun: 4, clarity: 2, confusingRule: `${b.name} relays` } });
      const recordOf = async (includeNames: boolean) =>
        bundleIn(decode((await api.call('playtest.export', { includeNames })).base64)).records.find((r) => r.battleId === battle.id)!;

      const anonymous = await recordOf(false);
      expect(spent.every((p) => p > 0)).toBe(true);
      expect(anonymous.sides.map((s) => s.points)).toEqual(spent);
      expect(anonymous.sides[0].ratings).toEqual({ fun: 4, clarity: 2, confusingRule: `${anonymous.sides[1].player} relays` });
      expect(anonymous.sides[1].ratings).toBeNull();
      expect((await recordOf(true)).sides[0].ratings).toEqual({ fun: 4, clarity: 2, confusingRule: `${b.name} relays` });
      // the imported records (games played on paper) know no army and were not rated
      const all = bundleIn(decode((await api.call('playtest.export', {})).base64)).records;
      for (const r of all.filter((x) => x.battleId !== battle.id))
        expect(r.sides.map((s) => [s.points, s.ratings])).toEqual([
          [null, null],
          [null, null],
        ]);

      // a battle started before the set-up kept its points: its roster's, while the roster is as the battle found it
      const row = await backend.ctx.db.selectFrom('battles').select('setup_json').where('id', '=', battle.id).executeTakeFirstOrThrow();
      const setup = JSON.parse(row.setup_json) as { sides: Record<string, unknown>[] };
      for (const side of setup.sides) delete side.points;
      await backend.ctx.db
        .updateTable('battles')
        .set({ setup_json: JSON.stringify(setup) })
        .where('id', '=', battle.id)
        .execute();
      // the backend keeps each battle's parsed set-up: read the edited row again, as a ledger opened afresh would
      ledgerChanged();
      expect((await recordOf(false)).sides.map((s) => s.points)).toEqual(spent);
      // once a roster is saved again (upgraded after the mission) it is not the army that played: unknown
      const ros = await api.call('rosters.get', { id: battle.setup.sides[0].rosterId! });
      await api.call('rosters.save', { roster: { ...ros.roster, notes: 'upgraded' }, baseUpdatedAt: ros.summary.updatedAt });
      expect((await recordOf(false)).sides.map((s) => s.points)).toEqual([null, spent[1]]);
    });
  });

  it('the preview lists every note that leaves with its replacements marked; a note left out is not in the file, the others are [issue 41]', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const club = await buildPlaytestClub(api, { prefix: 'Zlin', imported: 2, seed: 13 });
      const [anastasia, borislav, cordelia] = club.players as [
        PlaytestClub['players'][number],
        PlaytestClub['players'][number],
        PlaytestClub['players'][number],
      ];
      // a paper record with two disputes, the first naming a player by her first name, the second no one
      const [base] = generateBattles({ count: 1, seed: 3 });
      const notes = {
        ...base!,
        id: 'zlin-notes',
        campaignId: null,
        sides: [
          { ...base!.sides[0], playerId: cordelia.id },
          { ...base!.sides[1], playerId: anastasia.id },
        ] as PlaytestBattle['sides'],
        disputes: [
          { ruleRef: 'Field Manual §5', note: `${cordelia.name.split(' ')[0]!} thought about cover`, round: 2 },
          { ruleRef: 'Field Manual §6', note: 'nobody agreed about line of sight', round: 3 },
        ],
      };
      await api.call('reports.importBattles', { battles: [notes] });
      await api.call('battles.rate', { battleId: club.playedBattleId, side: 'A', rating: { fun: 5, clarity: 3, confusingRule: `${borislav.name} relays` } });

      const preview = await api.call('playtest.exportPreview', {});
      const ids = preview.notes.map((n) => n.id);
      expect(ids).toEqual(
        expect.arrayContaining(['dispute:0:zlin-notes', 'dispute:1:zlin-notes', `dispute:0:${club.playedBattleId}`, `rating:0:${club.playedBattleId}`]),
      );
      expect(new Set(ids).size).toBe(ids.length);
      const first = preview.notes.find((n) => n.id === 'dispute:0:zlin-notes')!;
      // the replacement is marked where it stands in the text as it will be written, with the name it replaced
      expect(first.note!.marks).toHaveLength(1);
      const [mark] = first.note!.marks;
      expect(mark!.was).toBe('Cordelia');
      expect(first.note!.text.slice(mark!.start, mark!.end)).toMatch(/^p-[0-9a-f]{16}$/);
      expect(first.note!.text).toBe(`${first.note!.text.slice(mark!.start, mark!.end)} thought about cover`);
      expect(preview.notes.find((n) => n.id === 'dispute:1:zlin-notes')!.note).toEqual({ text: 'nobody agreed about line of sight', marks: [] });
      const rating = preview.notes.find((n) => n.id === `rating:0:${club.playedBattleId}`)!;
      expect(rating.rule.marks.map((m) => [rating.rule.text.slice(m.start, m.end).startsWith('p-'), m.was])).toEqual([[true, borislav.name]]);
      expect(preview.notes.every((n) => !n.excluded)).toBe(true);

      const excludedNoteIds = ['dispute:0:zlin-notes', `rating:0:${club.playedBattleId}`];
      const left = await api.call('playtest.exportPreview', { excludedNoteIds });
      expect(
        left.notes
          .filter((n) => n.excluded)
          .map((n) => n.id)
          .sort(),
      ).toEqual([...excludedNoteIds].sort());
      const bundle = bundleIn(decode((await api.call('playtest.export', { excludedNoteIds })).base64));
      const zlin = bundle.records.find((r) => r.battleId === 'zlin-notes')!;
      expect(zlin.disputes).toEqual([{ ruleRef: 'Field Manual §6', note: 'nobody agreed about line of sight', round: 3 }]);
      const played = bundle.records.find((r) => r.battleId === club.playedBattleId)!;
      // the other notes leave as the preview showed them; the rating left out keeps its numbers, not its words
      expect(played.disputes!.map((d) => d.note)).toEqual([preview.notes.find((n) => n.id === `dispute:0:${club.playedBattleId}`)!.note!.text]);
      expect(played.sides[0].ratings).toEqual({ fun: 5, clarity: 3, confusingRule: null });
      expect(JSON.stringify(bundle)).not.toContain('thought about cover');
      // the whole file otherwise as without exclusions
      const whole = bundleIn(decode((await api.call('playtest.export', {})).base64));
      expect(whole.records.find((r) => r.battleId === 'zlin-notes')!.disputes).toHaveLength(2);
      expect(whole.records.map((r) => r.battleId)).toEqual(bundle.records.map((r) => r.battleId));

      // an id that is not a note's is refused at the boundary, naming the field
      const e = (await api.call('playtest.export', { excludedNoteIds: ['zlin-notes'] }).then(
        () => null,
        (err: unknown) => err,
      )) as { code: string; path?: unknown[] };
      expect(e?.code).toBe('VALIDATION');
      expect(e.path).toEqual(['excludedNoteIds', 0]);
    });
  });

  it('aoa playtest export --out FILE writes the bundle and refuses to overwrite a file', async () => {
    const dir = tempDir();
    await withBackend(dir, (t) => buildPlaytestClub(t.api, { prefix: 'Plzen', imported: 3, seed: 7 }));
    const cli = cliOn(dir);
    const file = join(dir, 'bundle.json');
    const ok = captureIo();
    expect(await cli(['playtest', 'export', '--out', file, '--club-name', 'Plzeň Club', '--json'], ok.io)).toBe(0);
    const summary = JSON.parse(ok.out.join('')) as { records: number; club: string };
    expect(summary).toMatchObject({ records: 4, club: 'Plzeň Club' });
    expect(bundleIn(readFileSync(file)).records).toHaveLength(4);
    const twice = captureIo();
    expect(await cli(['playtest', 'export', '--out', file], twice.io)).toBe(1);
    expect(twice.err.join('')).toMatch(/already exists/);
    expect(await cli(['playtest', 'export', '--out', join(dir, 'x.json'), '--from', 'yesterday'], captureIo().io)).toBe(2);
  });

  it('an older version’s control character in a player’s name: --include-names is a VALIDATION refusal naming the row and saying how to mend it [issue 40]', async () => {
    const dir = tempDir();
    const club = await withBackend(dir, (t) => buildPlaytestClub(t.api, { prefix: 'Opava', imported: 3, seed: 9 }));
    const player = club.players[0]!;
    // as an app before the text policy could have stored it
    const raw = new Database(join(dir, 'ledger.sqlite'));
    raw.prepare('update players set name = ? where id = ?').run('Opava\u001b[31m Red', player.id);
    raw.close();
    await withBackend(dir, async ({ api }) => {
      const e = (await api.call('playtest.export', { includeNames: true }).then(
        () => null,
        (err: unknown) => err,
      )) as { code: string; message: string; path?: unknown[] };
      expect(e?.code, e?.message).toBe('VALIDATION');
      expect(e.message).toContain(`players ${player.id}: its name holds a control character (U+001B)`);
      expect(e.message).toMatch(/stored by an older version of the app.*rename or edit it in the app/s);
      expect(e.message).not.toMatch(/"code":|invalid_type|custom/);
      expect(e.path).toEqual(['players', player.id, 'name']);
      // names off, the name never leaves: the export works
      expect((await api.call('playtest.export', {})).records).toBeGreaterThan(0);
    });
    const io = captureIo();
    expect(await cliOn(dir)(['playtest', 'export', '--out', join(dir, 'named.json'), '--include-names'], io.io)).not.toBe(0);
    expect(io.err.join('')).toContain(`players ${player.id}: its name holds a control character (U+001B)`);
    expect(io.err.join('')).not.toMatch(/INTERNAL|invalid_type/);
  });
});
