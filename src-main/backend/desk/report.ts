import { AppError } from '../../../src-shared/errors';
import type { DeskFilter } from '../../../src-shared/desk/filter';
import { deskFiguresOver, figureById, withoutKeys, type DeskFigures } from '../../../src-shared/desk/figures';
import type { DeskColumns } from '../../../src-shared/desk/columns';
import { rulingLabel } from '../../../src-shared/ruleset/options';
import { deskFiguresToCsv } from '../../../src-shared/desk/csv';
import type { PaperSize } from '../../../templates/pdf/types';
import { buildDeskReport } from '../../../templates/desk-report';
import type { Db } from '../db/schema';
import { deskRecords, loadDeskColumns } from '../db/tables/desk.table';
import { namesAndLabel } from '../pdf/playtest-report';
import { readPrintSettings } from '../pdf/context';
import { pdfPageCount } from '../pdf/documents';
import { renderPdf } from '../pdf/render';

/** The desk's figures over the filter's battles (keys kept: the trace, the CSV and the PDF read them). */
async function deskFiguresOf(db: Db, filter: DeskFilter, withKeys = true): Promise<DeskFigures> {
  const { columns, rows } = await loadDeskColumns(db, filter);
  return deskFiguresOver(columns, rows, { withKeys });
}

/** The game data versions the battles at these rows were played with (every battle's when null), as the filter names them. */
function versionsOf(columns: DeskColumns, rows: Uint32Array | null): string[] {
  const used = new Set<string>();
  const count = rows ? rows.length : columns.version.length;
  for (let j = 0; j < count; j++) {
    const v = columns.version[rows ? rows[j]! : j]!;
    if (v >= 0) used.add(columns.versions[v]!);
  }
  return [...used].sort();
}

/** What desk.report answers: each figure with how many battles are behind it, and their keys only when asked. */
export async function deskReport(db: Db, filter: DeskFilter, withKeys: boolean) {
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

function scopeOf(f: DeskFilter): string {
  const parts: string[] = [];
  parts.push(f.clubs?.length ? `${f.clubs.length} club${f.clubs.length > 1 ? 's' : ''}` : 'Every club');
  if (f.versions?.length) parts.push(`data ${f.versions.join(', ')}`);
  if (f.missions?.length) parts.push(`mission ${f.missions.join(', ')}`);
  if (f.variants?.length) parts.push(`variant ${f.variants.join(', ')}`);
  if (f.factions?.length) parts.push(f.factions.join(', '));
  if (f.pointsMin !== undefined || f.pointsMax !== undefined) parts.push(`${f.pointsMin ?? 0}–${f.pointsMax ?? '∞'} points`);
  if (f.rulings?.length) parts.push(f.rulings.map(rulingLabel).join(', '));
  if (f.from || f.to) parts.push(`${f.from ?? 'start'} to ${f.to ?? 'today'}`);
  if (f.source) parts.push(f.source === 'paper' ? 'paper records only' : 'Play Mode records only');
  return parts.join(' · ');
}

export async function deskPdf(db: Db, filter: DeskFilter, paperSize?: PaperSize) {
  const [{ columns, rows }, meta, settings] = await Promise.all([loadDeskColumns(db, filter), namesAndLabel(db), readPrintSettings(db)]);
  const f = deskFiguresOver(columns, rows, { withKeys: true });
  const doc = buildDeskReport({ figures: f, names: meta.names, scope: scopeOf(filter) });
  // the footer names the game data the battles were played with, not the version of the desk's own ledger
  const versions = versionsOf(columns, rows);
  const pdf = await renderPdf(doc.body, {
    paperSize: paperSize ?? settings.paperSize,
    title: doc.title,
    author: settings.clubName,
    subject: scopeOf(filter),
    footer: { rulesetLabel: versions.length ? `Battles’ game data: ${versions.join(', ')}` : 'No battles', provisional: false, nonStandard: false },
  });
  return { fileName: 'designers-desk.pdf', base64: pdf.toString('base64'), pages: pdfPageCount(pdf) };
}
