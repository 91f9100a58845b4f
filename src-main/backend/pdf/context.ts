import type { Kysely, Transaction } from 'kysely';
import type { RulesetPack } from '../../../src-shared/ruleset/schema';
import type { RuleOptions } from '../../../src-shared/ruleset/options';
import type { Database } from '../db/schema';
import { readSettings } from '../db/tables/meta.table';
import { getRulesetVersion, latestRulesetVersionId } from '../db/tables/rulesets.table';
import { TRACKED_ABILITIES } from '../../../src-shared/battle/abilities';
import type { Db } from '../db/schema';
import type { PaperSize } from '../../../templates/pdf/types';

/** What every printout takes from Settings. */
export interface PrintSettings {
  paperSize: PaperSize;
  clubName: string;
}

export async function readPrintSettings(db: Kysely<Database> | Transaction<Database>): Promise<PrintSettings> {
  const s = await readSettings(db);
  return { paperSize: s.paperSize, clubName: s.clubName };
}

/** "Age of Ash rules 2.4 · data 2026.11 · ruleset version 3" — the footer's ruleset label. */
export function rulesetLabel(pack: Pick<RulesetPack, 'meta'>, versionNumber?: number): string {
  const v = versionNumber !== undefined ? ` · ruleset version ${versionNumber}` : '';
  return `${pack.meta.name} · rules ${pack.meta.rulesVersion} · data ${pack.meta.dataVersion}${v}`;
}

/** A campaign or battle is non-standard when it plays with the alternating-activation module (DIGEST §23). */
export function isNonStandard(options: Pick<RuleOptions, 'altActivationModule'>): boolean {
  return options.altActivationModule;
}

/** PDFs cross the IPC contract as base64 (ARCHITECTURE: binary results). */
export function pdfToBase64(pdf: Buffer): string {
  return pdf.toString('base64');
}

/** Pages in a pdfmake PDF (page objects are not compressed). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

/** Display names for faction, order, gambit and ability ids, from the newest default pack. */
export async function namesAndLabel(db: Db): Promise<{ names: Record<string, string>; factions: { id: string; name: string }[]; label: string }> {
  try {
    const versionId = await latestRulesetVersionId(db);
    const { pack, version } = await getRulesetVersion(db, versionId);
    const names: Record<string, string> = {};
    for (const x of [...pack.factions, ...pack.orders, ...pack.gambits, ...pack.captainAbilities, ...pack.cryptids]) names[x.id] = x.name;
    // limited unit abilities are counted by their special rule's id (abilities.ts)
    for (const [id, a] of Object.entries(TRACKED_ABILITIES)) names[id] ??= a.name;
    return { names, factions: pack.factions.map((f) => ({ id: f.id, name: f.name })), label: rulesetLabel(pack, version.version) };
  } catch {
    return { names: {}, factions: [], label: 'ruleset unknown' };
  }
}
