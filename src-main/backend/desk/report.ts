import type { z } from 'zod';
import { AppError } from '../../../src-shared/errors';
import type { deskContract } from '../../../src-shared/contract/desk.contract';
import type { DeskFilter } from '../../../src-shared/desk/filter';
import { deskFiguresOver, figureById, withoutKeys, type DeskFigures } from '../../../src-shared/desk/figures';
import { deskFiguresToCsv } from '../../../src-shared/desk/csv';
import type { Db } from '../db/schema';
import { deskRecords, loadDeskColumns } from '../db/tables/desk.table';
import { namesAndLabel } from '../pdf/context';

/** The desk's figures over the filter's battles (keys kept: the trace, the CSV and the PDF read them). */
async function deskFiguresOf(db: Db, filter: DeskFilter, withKeys = true): Promise<DeskFigures> {
  const { columns, rows } = await loadDeskColumns(db, filter);
  return deskFiguresOver(columns, rows, { withKeys });
}

/** What desk.report answers, as its contract says. */
type DeskReportReply = z.input<(typeof deskContract)['desk.report']['output']>;

/** What desk.report answers: each figure with how many battles are behind it, and their keys only when asked. */
export async function deskReport(db: Db, filter: DeskFilter, withKeys: boolean): Promise<DeskReportReply> {
  const [f, meta] = await Promise.all([deskFiguresOf(db, filter, withKeys), namesAndLabel(db)]);
  const figures = withoutKeys(f);
  if (withKeys) {
    const keysOf = new Map<string, string[]>();
    for (const x of [...f.factions, ...f.players, ...f.pairs, ...f.rulings, f.firstMover, ...f.speed, ...f.disputes, ...f.ratings]) keysOf.set(x.id, x.keys);
    const put = <T extends { id: string }>(x: T) => ({ ...x, keys: keysOf.get(x.id) ?? [] });
    return {
      figures: {
        ...figures,
        factions: figures.factions.map(put),
        players: figures.players.map(put),
        pairs: figures.pairs.map(put),
        rulings: figures.rulings.map(put),
        firstMover: put(figures.firstMover),
        speed: figures.speed.map(put),
        disputes: figures.disputes.map(put),
        ratings: figures.ratings.map(put),
        units: f.units,
      },
      names: meta.names,
    };
  }
  return { figures, names: meta.names };
}

/** One page of the battles behind a figure. */
export async function deskTrace(db: Db, filter: DeskFilter, figureId: string, offset: number, limit: number) {
  const figure = figureById(await deskFiguresOf(db, filter), figureId);
  if (!figure) throw new AppError('NOT_FOUND', 'The desk has no such figure over these battles.', { path: ['figureId'] });
  return { total: figure.keys.length, battles: await deskRecords(db, figure.keys.slice(offset, offset + limit)) };
}

export async function deskCsv(db: Db, filter: DeskFilter) {
  const [f, meta] = await Promise.all([deskFiguresOf(db, filter), namesAndLabel(db)]);
  return { fileName: 'designers-desk.csv', text: deskFiguresToCsv(f, (id) => meta.names[id] ?? id) };
}
