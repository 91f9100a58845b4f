// Issue 41: the designer's desk's figures over 100,000 battles with the faction model (player and faction effects)
// included, in process over the desk's columns (target < 500 ms), and the model's own part of that time. The same
// battles as desk.bench.ts imports (200 clubs of 500 generated battles, 80 pseudonyms each), without the database.
import { performance } from 'node:perf_hooks';
import { deskColumns, type DeskColumns } from '../../src-shared/desk/columns';
import { FactionModelGames } from '../../src-shared/desk/faction-adjusted';
import { deskFiguresOver, deskRecordOf, type DeskBattle } from '../../src-shared/desk/figures';
import { generatedRecords } from '../helpers/playtest-bundles';
import type { BenchCase } from './types';

const CLUBS = 200;
const PER_CLUB = 500;

interface Ctx {
  columns: DeskColumns;
}

function setup(): Ctx {
  const battles: DeskBattle[] = [];
  for (let i = 0; i < CLUBS; i++)
    for (const r of generatedRecords(PER_CLUB, 1000 + i)) battles.push({ clubId: `club-${String(i).padStart(3, '0')}`, record: deskRecordOf(r) });
  return { columns: deskColumns(battles) };
}

/** The model alone: its games gathered from every battle and fitted, the median of five. */
function modelAlone(c: DeskColumns): string {
  const times: number[] = [];
  let summary = '';
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    const games = new FactionModelGames(c);
    for (let i = 0; i < c.length; i++) games.add(i);
    const fit = games.fit();
    times.push(performance.now() - t0);
    summary = fit.summary ? `${fit.summary.games.toLocaleString('en')} decided games, ${fit.summary.players.toLocaleString('en')} players` : 'nothing fitted';
  }
  times.sort((x, y) => x - y);
  return `the faction model alone: ${times[2]!.toFixed(1)} ms (${summary})`;
}

export const benches: BenchCase<Ctx>[] = [
  {
    name: `desk: the figures over ${(CLUBS * PER_CLUB).toLocaleString('en')} battles, the faction model included (in process)`,
    targetMs: 500,
    bound: "the faction model's fit over every decided game, more than half of the report's time",
    iterations: 10,
    setup,
    fn: (c) => deskFiguresOver(c.columns, null, { withKeys: false }),
    details: (c) => modelAlone(c.columns),
  },
];
