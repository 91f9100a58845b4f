// Issue 36, acceptance: two clubs' ledgers, built through the backend, export bundles; the desk imports both, one of
// them twice; every battle counts once, and the figures equal those of the club report's oracle (buildReport) over
// the union of the two clubs' battles wherever the two show the same thing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, type PlaytestBattle } from '../../src-shared/reports';
import { wilsonInterval } from '../../src-shared/stats';
import type { ApiClient } from '../../src-shared/contract/client';
import { withBackend } from '../helpers/backend';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { buildPlaytestClub } from '../helpers/playtest-club';
import { useTempDirs } from '../helpers/tmp';
import { pdfText } from '../helpers/pdf';
import { captureIo, cliOn } from '../helpers/cli-io';

const tmp = useTempDirs();

/** A club's bundle (gzipped or not) and its battles as the club's own report reads them. */
async function clubBundle(api: ApiClient, o: { prefix: string; imported: number; seed: number; gzip: boolean }) {
  await buildPlaytestClub(api, o);
  const { report } = await api.call('reports.run', {});
  const battles: PlaytestBattle[] = await api.call('reports.battles', { ids: report.battleIds });
  const file = await api.call('playtest.export', { gzip: o.gzip, clubName: `${o.prefix} club` });
  return { battles, file: { name: file.fileName, base64: file.base64 }, clubName: `${o.prefix} club` };
}

describe.each(DIALECTS)('the desk over two clubs’ bundles (%s)', (dialect) => {
  it('counts every battle once and agrees with the club report over the union', { timeout: 60_000 }, async () => {
    const one = await withBackend(await ledgerPlace(dialect, tmp()), ({ api }) => clubBundle(api, { prefix: 'Olomouc', imported: 30, seed: 21, gzip: true }));
    const two = await withBackend(await ledgerPlace(dialect, tmp()), ({ api }) => clubBundle(api, { prefix: 'Zlin', imported: 14, seed: 22, gzip: false }));
    const union = [...one.battles, ...two.battles];
    const oracle = buildReport(union);

    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      expect(await api.call('desk.import', { files: [one.file, two.file] })).toMatchObject({ newBundles: 2, added: union.length });
      expect(await api.call('desk.import', { files: [one.file] })).toMatchObject({ newBundles: 0, added: 0, alreadyHeld: one.battles.length });
      const clubs = await api.call('desk.clubs', {});
      expect(clubs.map((c) => c.name).sort()).toEqual([one.clubName, two.clubName].sort());
      const idOf = new Map(clubs.map((c) => [c.name, c.clubId]));

      const { figures: f } = await api.call('desk.report', { withKeys: true });
      expect(f.battles).toBe(union.length);
      expect(f.clubs).toBe(2);
      // each faction's results as the club report counts them over the games against other factions, and the battles
      // behind them; its mirror matches counted apart, once per battle, in no other column (issue 41, point 5)
      const isMirror = (b: PlaytestBattle) => b.sides[0].factionId === b.sides[1].factionId;
      const unmirrored = buildReport(union.filter((b) => !isMirror(b)));
      expect(f.factions.map((x) => [x.factionId, x.games, x.wins, x.draws, x.losses, x.mirrors])).toEqual(
        oracle.byFaction.map((o) => {
          const x = unmirrored.byFaction.find((u) => u.factionId === o.factionId);
          return [
            o.factionId,
            x?.games ?? 0,
            x?.wins ?? 0,
            x?.draws ?? 0,
            x?.losses ?? 0,
            union.filter((b) => isMirror(b) && b.sides[0].factionId === o.factionId).length,
          ];
        }),
      );
      const battleIds = (keys: string[] | undefined) => (keys ?? []).map((k) => k.slice(k.indexOf('/') + 1)).sort();
      for (const x of f.factions)
        expect(battleIds(x.keys), x.factionId).toEqual([...(unmirrored.byFaction.find((o) => o.factionId === x.factionId)?.battleIds ?? [])].sort());
      expect(f.pairs.map((x) => [x.factionA, x.factionB, x.games, x.winsA, x.winsB, x.draws])).toEqual(
        oracle.matchups.map((x) => [x.factionA, x.factionB, x.games, x.winsA, x.winsB, x.draws]),
      );
      expect(f.disputes.map((x) => [x.ruleRef, x.count])).toEqual(oracle.disputes.map((x) => [x.ruleRef, x.count]));
      expect(f.rulings.map((x) => [x.ruling, x.battles.under])).toEqual(oracle.byRuling.map((x) => [x.ruling, x.battles]));
      // the interval is Wilson's over the games against other factions
      for (const x of f.factions) {
        const games = union.flatMap((b) => (b.sides[0].factionId === b.sides[1].factionId ? [] : b.sides.filter((s) => s.factionId === x.factionId)));
        const w = wilsonInterval(games.filter((s) => s.result === 'win').length, games.length);
        expect(x.n).toBe(games.length);
        expect(x.winRate.lower).toBeCloseTo(w.lower, 12);
        expect(x.winRate.upper).toBeCloseTo(w.upper, 12);
        expect(x.tooFew).toBe(x.keys!.length < 20);
      }
      // speed per mission: the median of battle minutes, over the union's timed battles of that mission
      for (const s of f.speed) {
        const timed = union.filter((b) => b.mission === s.mission && b.roundSeconds.length);
        expect(s.n, `mission ${s.mission}`).toBe(timed.length);
      }

      // the trace: a faction's battles, a page at a time, each with its club
      const faction = f.factions[0]!;
      const page = await api.call('desk.trace', { figureId: faction.id, limit: 5 });
      expect(page.total).toBe(faction.battleCount);
      expect(page.battles.map((b) => b.key)).toEqual(faction.keys!.slice(0, 5));
      expect(page.battles.every((b) => [...idOf.values()].includes(b.clubId))).toBe(true);

      // a filter by club leaves the other club's battles out
      const onlyTwo = await api.call('desk.report', { filter: { clubs: [idOf.get(two.clubName)!] } });
      expect(onlyTwo.figures.battles).toBe(two.battles.length);

      const pdf = Buffer.from((await api.call('desk.pdf', {})).base64, 'base64');
      const text = pdfText(pdf);
      expect(text).toContain('Win rate by faction');
      expect(text).toContain(`${union.length} battles from 2 clubs`);
      if (f.factions.some((x) => x.tooFew)) expect(text).toContain('too few games');
      const csv = (await api.call('desk.csv', {})).text;
      expect(csv.split('\r\n')[0]).toBe('section,subject,detail,measure,n,estimate,lower,upper,too_few,in_words,battles');
    });
  });
});

describe('aoa designer', () => {
  it('imports bundle files into a desk of its own and reports the figures as text, JSON, CSV and PDF', { timeout: 60_000 }, async () => {
    const clubDir = tmp();
    const deskDir = tmp();
    const bundle = await withBackend(clubDir, ({ api }) => clubBundle(api, { prefix: 'Opava', imported: 8, seed: 31, gzip: true }));
    const file = join(clubDir, bundle.file.name);
    writeFileSync(file, Buffer.from(bundle.file.base64, 'base64'));
    const cli = cliOn(deskDir);
    const imported = captureIo();
    expect(await cli(['designer', 'import', file, file], imported.io)).toBe(0);
    expect(imported.out.join('')).toMatch(
      /Imported 2 files \(1 new bundle\): 9 battles added, 0 replaced by a newer export, 9 in more than one of these files \(counted once\), 0 already held\./,
    );
    const text = captureIo();
    expect(await cli(['designer', 'report'], text.io)).toBe(0);
    expect(text.out.join('\n')).toMatch(/9 battles from 1 club/);
    expect(text.out.join('\n')).toContain('(too few games)');
    const json = captureIo();
    expect(await cli(['designer', 'report', '--json', '--mission', '1'], json.io)).toBe(0);
    const figures = JSON.parse(json.out.join('')) as { battles: number; factions: { keys: string[] }[] };
    expect(figures.battles).toBe(bundle.battles.filter((b) => b.mission === 1).length);
    expect(figures.factions.every((x) => Array.isArray(x.keys))).toBe(true);
    const csv = join(deskDir, 'desk.csv');
    const pdf = join(deskDir, 'desk.pdf');
    expect(await cli(['designer', 'report', '--csv', csv, '--pdf', pdf], captureIo().io)).toBe(0);
    expect(readFileSync(csv, 'utf8')).toMatch(/^section,subject/);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const bad = captureIo();
    expect(await cli(['designer', 'import', join(deskDir, 'desk.csv')], bad.io)).toBe(1);
    expect(bad.err.join('')).toMatch(/desk\.csv: is not a playtest bundle/);
    expect(await cli(['designer', 'report', '--points-min', 'many'], captureIo().io)).toBe(2);
    expect(existsSync(join(deskDir, 'ledger.sqlite'))).toBe(true);
  });
});
