// Issue 41, point 1: a battle recorded on the post-battle form (campaigns.finishMission, the call the form makes) is a
// playtest record of its own kind ('paper'). It appears in the club's playtest report (screen figures, CSV, PDF), in
// the bundle sent to the designer and in the desk after import, with its ratings; every figure counts only the records
// that hold its field (a figure only Play Mode records know does not count it in its n), and a filter chooses Play
// Mode, paper or both. On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { readBundle } from '../../src-shared/playtest/bundle';
import { buildReport } from '../../src-shared/reports/aggregate';
import { loadReportBattles } from '../../src-main/backend/reports/played-battles';
import { withBackend } from '../helpers/backend';
import { playFiveRounds, seedClub, seededOutcome, startCampaignBattle } from '../helpers/crash-harness-seeds';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { pdfText } from '../helpers/pdf';
import { sha256Hex } from '../helpers/playtest-bundles';
import { useTempDirs } from '../helpers/tmp';
import { captureIo, cliOn } from '../helpers/cli-io';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const tmp = useTempDirs();

describe.each(DIALECTS)('paper battles as playtest records [issue 41] (%s)', (dialect) => {
  it('a mission recorded on the form reaches the report, its CSV and PDF, a bundle and the desk, with its ratings', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ backend, api }) => {
      const club = await seedClub(api);
      const [fa, fb] = [club.rosters[0]!.factionId, club.rosters[1]!.factionId];

      // Mission 1 in Play Mode, rated by side A only
      const played = await playFiveRounds(api, await startCampaignBattle(api, club), club.pack);
      await api.call('battles.finish', { battleId: played.id, result: 'win', requestId: crypto.randomUUID(), ratings: { A: { fun: 2, clarity: 5 } } });

      // Mission 2 on the post-battle form: the armies' rosters, VP 3 to 1, a cryptid defeated, ratings from both players
      const outcome = seededOutcome(club, 2, 'loss');
      outcome.sides[0].rosterId = club.rosters[0]!.id;
      outcome.sides[1].rosterId = club.rosters[1]!.id;
      const creature = club.pack.cryptids[0]!;
      outcome.cryptid = { cryptidId: creature.id, startingWounds: 12, defeated: true };
      outcome.sides[0].formations[0]!.cryptidWounds = 5;
      outcome.sides[1].formations[0]!.cryptidWounds = 7;
      const paperId = `paper-${crypto.randomUUID()}`;
      const recorded = await api.call('campaigns.finishMission', {
        battleId: paperId,
        outcome,
        requestId: crypto.randomUUID(),
        ratings: { A: { fun: 4, clarity: 3, confusingRule: 'Relic carrying' }, B: { fun: 5 } },
      });
      expect(recorded.recorded).toBe(true);

      // ---- the club's report: both battles, each figure counting the records that hold its field
      const { report } = await api.call('reports.run', {});
      expect(report.games).toBe(2);
      expect(report.battleIds).toContain(paperId);
      expect(report.sources).toEqual({ play: 1, paper: 1 });
      // the paper battle's results count for its factions (side A lost, side B won)
      const games = (f: string) => report.byFaction.filter((x) => x.factionId === f).reduce((t, x) => t + x.games, 0);
      expect(games(fa) + games(fb)).toBe(4);
      expect(report.byFaction.flatMap((x) => x.battleIds)).toContain(paperId);
      // ratings: three sides rated, the paper battle's two among them, each rating with its own n
      expect(report.ratings).toEqual({
        sides: 3,
        fun: { n: 3, mean: 11 / 3, median: 4 },
        clarity: { n: 2, mean: 4, median: 4 },
        confusingRules: [{ rule: 'Relic carrying', count: 1 }],
      });
      // VP by source is Play Mode's alone: its n is the Play Mode battle's two sides, the paper sides are not read as zero
      for (const v of report.vpBySource) expect(v.sides).toBe(2);
      const playVp = report.vpBySource.reduce((t, v) => t + v.total, 0);
      expect(report.vp).toEqual({ total: playVp + 4, sides: 4 });
      // the sequence and the storm: Play Mode's battle only; the cryptid: both (the paper one knows it, not its round)
      expect(report.sequences.bag + report.sequences.alternating).toBe(1);
      expect(report.storm.of).toBe(1);
      expect(report.cryptid.of).toBe(2);
      expect(report.cryptid.battleIds).toContain(paperId);
      expect(report.cryptid.defeated).toBeGreaterThanOrEqual(1);
      // service marks from the form's survivors; no wounds, orders or times from the paper battle
      expect(report.serviceMarks.reduce((t, m) => t + m.formations, 0)).toBeGreaterThan(0);
      expect(report.wounds.flatMap((w) => w.battleIds)).not.toContain(paperId);
      expect(report.usage.flatMap((u) => u.battleIds)).not.toContain(paperId);
      expect(report.roundTimes.every((r) => r.battles === 1)).toBe(true);
      // the SQL report agrees with buildReport over the loaded records, paper included
      const battles = await loadReportBattles(backend.ctx.db);
      expect(battles.find((b) => b.id === paperId)).toMatchObject({ source: 'paper', sequence: null, storm: null, cryptid: { round: null, woundsTaken: 12 } });
      expect(report).toEqual(buildReport(battles));
      // the screen's figures say the same, counted
      const figures = (await api.call('reports.figures', {})).report;
      expect(figures.sources).toEqual(report.sources);
      expect(figures.ratings).toEqual(report.ratings);
      expect(figures.vpBySource).toEqual(report.vpBySource);

      // ---- the filter: Play Mode, paper or both
      const paperOnly = (await api.call('reports.run', { source: 'paper' })).report;
      expect(paperOnly.battleIds).toEqual([paperId]);
      expect(paperOnly.sources).toEqual({ play: 0, paper: 1 });
      expect(paperOnly.ratings.fun).toEqual({ n: 2, mean: 4.5, median: 4.5 });
      expect(paperOnly.vpBySource.every((v) => v.sides === 0 && v.meanPerSide === 0)).toBe(true);
      expect(paperOnly.vp).toEqual({ total: 4, sides: 4 - 2 });
      expect(paperOnly.storm).toMatchObject({ of: 0, frequency: 0 });
      expect(paperOnly).toEqual(buildReport(battles, { source: 'paper' }));
      const playOnly = (await api.call('reports.run', { source: 'play' })).report;
      expect(playOnly.battleIds).toEqual([played.id]);
      expect(playOnly.ratings.sides).toBe(1);
      expect((await api.call('reports.figures', { source: 'play' })).report.games).toBe(1);
      const trace = await api.call('reports.trace', { filter: { source: 'paper' }, trace: { kind: 'cryptid' } });
      expect(trace.battles.map((b) => b.id)).toEqual([paperId]);

      // ---- the CSV and the PDF
      const csv = (await api.call('reports.csv', {})).text;
      expect(csv).toContain('\r\nsummary,paper,,games,1,\r\n');
      expect(csv).toContain('\r\nsummary,play,,games,1,\r\n');
      expect(csv).toContain('\r\nvp,objectives,,sides,2,\r\n');
      expect(csv).toContain('\r\nratings,fun,,n,3,\r\n');
      expect(csv).toContain('\r\nstorm,all,,of_battles,1,\r\n');
      const text = pdfText(Buffer.from((await api.call('reports.pdf', {})).base64, 'base64'));
      expect(text).toMatch(/Games\s+Play Mode\s+Paper/);
      expect(text).toMatch(/\n\s*2\s+1\s+1\s/);
      expect(text.replace(/\s+/g, ' ')).toContain('1 of the 2 battles were recorded on the post-battle form');
      expect(text).toMatch(/Sides \(n\)/);
      const paperPdf = pdfText(Buffer.from((await api.call('reports.pdf', { source: 'paper' })).base64, 'base64'));
      expect(paperPdf).toContain('paper records only');
      expect(paperPdf).not.toContain('Play Mode records only');

      // ---- the bundle: the paper battle as a paper record, what the form knows and nothing else
      const file = await api.call('playtest.export', { clubName: 'Paper club' });
      const bundle = readBundle(JSON.parse(Buffer.from(file.base64, 'base64').toString('utf8')), sha256Hex);
      expect(bundle.version).toBe(3);
      const paper = bundle.records.find((r) => r.battleId === paperId)!;
      expect(paper).toMatchObject({ source: 'paper', mission: 2, cryptid: { cryptidId: creature.id, round: null, woundsTaken: 12, defeated: true } });
      expect(paper.sides.map((s) => [s.factionId, s.result, s.vpTotal])).toEqual([
        [fa, 'loss', 3],
        [fb, 'win', 1],
      ]);
      expect(paper.sides[0].ratings).toEqual({ fun: 4, clarity: 3, confusingRule: 'Relic carrying' });
      expect(paper.sides[1].ratings).toEqual({ fun: 5, clarity: null, confusingRule: null });
      expect(paper.sides[0].points).toBeGreaterThan(0);
      for (const absent of ['sequence', 'roundSeconds', 'storm', 'disputes'] as const) expect(paper[absent], absent).toBeUndefined();
      for (const absent of ['vp', 'wounds', 'orders', 'uncloakRounds'] as const) expect(paper.sides[0][absent], absent).toBeUndefined();
      const play = bundle.records.find((r) => r.battleId === played.id)!;
      expect(play.source).toBe('play');
      expect(play.sides[0].vp).toBeDefined();
      expect(play.sides[0].vpTotal).toBeUndefined();
      // the export's own filter
      const paperFile = await api.call('playtest.export', { filter: { source: 'paper' } });
      expect(readBundle(JSON.parse(Buffer.from(paperFile.base64, 'base64').toString('utf8')), sha256Hex).records.map((r) => r.battleId)).toEqual([paperId]);

      // ---- the desk, after import: both battles, the paper one's ratings counted, its absent fields not read as zero
      expect(await api.call('desk.import', { files: [{ name: file.fileName, base64: file.base64 }] })).toMatchObject({ added: 2 });
      const desk = (await api.call('desk.report', { withKeys: true })).figures;
      expect(desk.battles).toBe(2);
      const deskGames = desk.factions.reduce((t, f) => t + f.games, 0);
      expect(deskGames).toBe(4);
      const rated = desk.ratings.filter((r) => r.by === 'mission');
      expect(rated.map((r) => r.key).sort()).toEqual(['1', '2']);
      const mission2 = rated.find((r) => r.key === '2')!;
      expect(mission2.fun!.n).toBe(2);
      expect(mission2.fun!.median).toBe(4.5);
      expect(mission2.clarity!.n).toBe(1);
      // the initiative, round times and disputes are Play Mode's: none of their figures counts the paper battle
      expect(desk.firstMover.n).toBeLessThanOrEqual(1);
      expect(desk.speed.every((s) => s.n <= 1 && !(s.keys ?? []).some((k) => k.endsWith(`/${paperId}`)))).toBe(true);
      for (const d of desk.disputes) expect(d.n).toBe(1);
      // the cryptid by the pack's name, never its id, on the screen's names, in the CSV and the PDF (issue 41)
      const { names } = await api.call('desk.report', {});
      const cryptidNames = new Map(club.pack.cryptids.map((c) => [c.id, c.name]));
      expect(desk.units.cryptids.map((c) => names[c.cryptidId])).toEqual(desk.units.cryptids.map((c) => cryptidNames.get(c.cryptidId)));
      expect(desk.units.cryptids.map((c) => names[c.cryptidId])).toContain(creature.name);
      const deskCsv = (await api.call('desk.csv', {})).text;
      expect(deskCsv).toContain(`\r\ncryptid,${creature.name},`);
      expect(deskCsv).not.toContain(`,${creature.id},`);
      expect(pdfText(Buffer.from((await api.call('desk.pdf', {})).base64, 'base64'))).toContain(creature.name);
      // orders and Rule of Cool: the paper record holds neither, so only the Play Mode battle's two sides are their n
      expect(desk.units.ruleOfCool.sides).toBe(2);
      for (const u of desk.units.usage) expect(u.n, u.key).toBe(2);
      const deskPdf = pdfText(Buffer.from((await api.call('desk.pdf', { filter: { source: 'play' } })).base64, 'base64'));
      expect(deskPdf).toContain('Play Mode records only');
      const deskPaper = (await api.call('desk.report', { filter: { source: 'paper' }, withKeys: true })).figures;
      expect(deskPaper.battles).toBe(1);
      expect(deskPaper.factions.flatMap((f) => f.keys ?? []).every((k) => k.endsWith(`/${paperId}`))).toBe(true);
      expect(deskPaper.speed).toEqual([]);
      expect(deskPaper.disputes).toEqual([]);
      expect((await api.call('desk.report', { filter: { source: 'play' } })).figures.battles).toBe(1);

      // ---- undone, the mission leaves the report (recorded again, it must not count twice); redone, it comes back
      await api.call('ledger.undo', { campaignId: club.campaign.id });
      expect((await api.call('reports.run', {})).report.sources).toEqual({ play: 1, paper: 0 });
      expect((await api.call('reports.figures', { source: 'paper' })).report.games).toBe(0);
      await api.call('ledger.redo', { campaignId: club.campaign.id });
      const redone = (await api.call('reports.run', {})).report;
      expect(redone.sources).toEqual({ play: 1, paper: 1 });
      expect(redone.ratings).toEqual(report.ratings);
      expect(redone).toEqual(buildReport(await loadReportBattles(backend.ctx.db)));
    });
  }, 180_000);
});

describe('the source filter on the command line [issue 41]', () => {
  it('print report, playtest export and designer report take --source play|paper and refuse anything else', async () => {
    const dir = tmp();
    const paperId = await withBackend(dir, async ({ api }) => {
      const club = await seedClub(api);
      const outcome = seededOutcome(club, 1);
      outcome.sides[0].rosterId = club.rosters[0]!.id;
      outcome.sides[1].rosterId = club.rosters[1]!.id;
      await api.call('campaigns.finishMission', { battleId: 'paper-cli', outcome, ratings: { A: { fun: 3 } } });
      return 'paper-cli';
    });
    const cli = cliOn(dir);
    const csv = join(dir, 'paper.csv');
    expect(await cli(['print', 'report', '--out', csv, '--source', 'paper'], captureIo().io)).toBe(0);
    expect(readFileSync(csv, 'utf8')).toContain(`summary,all,,games,1,${paperId}`);
    const play = join(dir, 'play.csv');
    expect(await cli(['print', 'report', '--out', play, '--source', 'play'], captureIo().io)).toBe(0);
    expect(readFileSync(play, 'utf8')).toContain('summary,all,,games,0,');
    const bad = captureIo();
    expect(await cli(['print', 'report', '--out', join(dir, 'x.csv'), '--source', 'pencil'], bad.io)).toBe(2);
    expect(bad.err.join('')).toMatch(/--source takes play or paper, not "pencil"/);
    const file = join(dir, 'bundle.json');
    expect(await cli(['playtest', 'export', '--out', file, '--source', 'paper'], captureIo().io)).toBe(0);
    const bundle = readBundle(JSON.parse(readFileSync(file, 'utf8')), sha256Hex);
    expect(bundle.records.map((r) => [r.battleId, r.source])).toEqual([[paperId, 'paper']]);
    expect(await cli(['designer', 'import', file], captureIo().io)).toBe(0);
    const desk = captureIo();
    expect(await cli(['designer', 'report', '--json', '--source', 'play'], desk.io)).toBe(0);
    expect((JSON.parse(desk.out.join('')) as { battles: number }).battles).toBe(0);
    const deskPaper = captureIo();
    expect(await cli(['designer', 'report', '--json', '--source', 'paper'], deskPaper.io)).toBe(0);
    expect((JSON.parse(deskPaper.out.join('')) as { battles: number }).battles).toBe(1);
    expect(await cli(['designer', 'report', '--source', 'both'], captureIo().io)).toBe(2);
  }, 120_000);
});
