import type { DeskColumns } from '../../../src-shared/desk/columns';
import { deskFiguresOver } from '../../../src-shared/desk/figures';
import type { DeskFilter } from '../../../src-shared/desk/filter';
import { rulingLabel } from '../../../src-shared/ruleset/options';
import { buildDeskReport } from '../../../templates/desk-report';
import type { PaperSize } from '../../../templates/pdf/types';
import type { Db } from '../db/schema';
import { loadDeskColumns } from '../db/tables/desk.table';
import { namesAndLabel, pdfPageCount, readPrintSettings } from '../pdf/context';
import { renderPdf } from '../pdf/render';

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

/** Each part of the filter in words, in the order the report prints them; null where the filter leaves it open. */
const SCOPE_PARTS: ((f: DeskFilter) => string | null)[] = [
  (f) => (f.clubs?.length ? `${f.clubs.length} club${f.clubs.length > 1 ? 's' : ''}` : 'Every club'),
  (f) => (f.versions?.length ? `data ${f.versions.join(', ')}` : null),
  (f) => (f.missions?.length ? `mission ${f.missions.join(', ')}` : null),
  (f) => (f.variants?.length ? `variant ${f.variants.join(', ')}` : null),
  (f) => (f.factions?.length ? f.factions.join(', ') : null),
  (f) => (f.pointsMin !== undefined || f.pointsMax !== undefined ? `${f.pointsMin ?? 0}–${f.pointsMax ?? '∞'} points` : null),
  (f) => (f.rulings?.length ? f.rulings.map(rulingLabel).join(', ') : null),
  (f) => (f.from || f.to ? `${f.from ?? 'start'} to ${f.to ?? 'today'}` : null),
  (f) => (f.source ? (f.source === 'paper' ? 'paper records only' : 'Play Mode records only') : null),
];

/** The filter in words: the report's subject line. */
function scopeOf(f: DeskFilter): string {
  return SCOPE_PARTS.map((part) => part(f))
    .filter((part): part is string => part !== null)
    .join(' · ');
}

/** print.deskReport: the designer's desk figures as a PDF. Runs in the print worker (jobs/report-server.ts). */
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
