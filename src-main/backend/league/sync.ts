import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '../../../src-shared/errors';
import { exportCampaigns, importCampaigns, type ImportCounts } from '../campaigns/portable';
import { openLedger, openLedgerReadOnly, type Ledger } from '../db/database';
import { openLeague, type LeagueLedger } from '../db/league';
import type { Database } from '../db/schema';
import { ensureBundledPacks } from '../db/tables/rulesets.table';

/**
 * Moving a club into a league and back (`aoa league push` / `pull`): the
 * club's campaigns travel as a campaign file does (campaigns keep their
 * ids; a second push merges without duplicates), and each move is checked
 * by counting the rows of each table on both sides and hashing their
 * content, which must be equal.
 */
export interface LedgerDigest {
  counts: { campaigns: number; players: number; seats: number; events: number; entries: number; finishes: number; rosters: number; rulesetVersions: number };
  /** sha256 of the campaigns' rows in a canonical form (ruleset versions named by pack and number, not by the database's own id). */
  hash: string;
}

/** Keys sorted at every level, so the same rows hash the same whatever order the database gave their columns in. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  return v;
}

interface FileShape {
  rulesetVersions: { id: number; pack_id: string; version: number }[];
  players: unknown[];
  campaigns: {
    campaign: { id: string; ruleset_version_id: number };
    seats: unknown[];
    events: unknown[];
    entries: unknown[];
    finishes: unknown[];
    rosters: { ruleset_version_id: number }[];
  }[];
}

/** The digest of the named campaigns (all when not named) as one database holds them. */
export async function ledgerDigest(db: Kysely<Database>, ids?: string[]): Promise<LedgerDigest> {
  const file = JSON.parse((await exportCampaigns(db, ids)).json) as FileShape;
  const versionName = new Map(file.rulesetVersions.map((v) => [v.id, `${v.pack_id}@${v.version}`]));
  const campaigns = file.campaigns
    .map((c) => ({
      ...c,
      campaign: { ...c.campaign, ruleset_version_id: versionName.get(c.campaign.ruleset_version_id) },
      rosters: c.rosters.map((r) => ({ ...r, ruleset_version_id: versionName.get(r.ruleset_version_id) })),
    }))
    .sort((a, b) => (a.campaign.id < b.campaign.id ? -1 : 1));
  const content = { players: file.players, rulesetVersions: file.rulesetVersions.map((v) => ({ ...v, id: undefined })), campaigns };
  const sum = (f: (c: FileShape['campaigns'][number]) => unknown[]) => file.campaigns.reduce((n, c) => n + f(c).length, 0);
  return {
    counts: {
      campaigns: file.campaigns.length,
      players: file.players.length,
      seats: sum((c) => c.seats),
      events: sum((c) => c.events),
      entries: sum((c) => c.entries),
      finishes: sum((c) => c.finishes),
      rosters: sum((c) => c.rosters),
      rulesetVersions: file.rulesetVersions.length,
    },
    hash: createHash('sha256')
      .update(JSON.stringify(canonical(content)))
      .digest('hex'),
  };
}

export interface MoveResult {
  imported: ImportCounts;
  digest: LedgerDigest;
}

async function move(from: Kysely<Database>, to: Kysely<Database>, where: string): Promise<MoveResult> {
  const exported = await exportCampaigns(from);
  const ids = (JSON.parse(exported.json) as FileShape).campaigns.map((c) => c.campaign.id);
  const imported = await importCampaigns(to, exported.json);
  const before = await ledgerDigest(from, ids);
  const after = ids.length ? await ledgerDigest(to, ids) : before;
  if (before.hash !== after.hash || JSON.stringify(before.counts) !== JSON.stringify(after.counts))
    throw new AppError(
      'CONFLICT',
      `The copy in ${where} differs from the original (counts ${JSON.stringify(after.counts)} against ${JSON.stringify(before.counts)}); ` +
        'the campaigns there were already changed differently. Compare them with "aoa campaign show".',
    );
  return { imported, digest: before };
}

/** `aoa league push --from ledger.sqlite`: every campaign of a club's ledger file into the league (merged; idempotent). */
export async function pushToLeague(opts: { from: string; url: string; password?: string }): Promise<MoveResult> {
  const source: Ledger = await openLedgerReadOnly({ file: opts.from });
  try {
    const league: LeagueLedger = await openLeague({ url: opts.url, password: opts.password });
    try {
      if (league.newerSchema) throw new AppError('DB_NEWER', `The league has schema step ${league.newerSchema}, newer than this app: update the app first.`);
      return await move(source.db, league.db, `the league (${league.label})`);
    } finally {
      await league.close();
    }
  } finally {
    await source.close();
  }
}

/** `aoa league pull --to ledger.sqlite`: a complete offline copy of the league's campaigns in a ledger file (new, or merged into). */
export async function pullFromLeague(opts: { to: string; url: string; password?: string }): Promise<MoveResult> {
  const league: LeagueLedger = await openLeague({ url: opts.url, password: opts.password, readOnly: true });
  try {
    if (league.newerSchema) throw new AppError('DB_NEWER', `The league has schema step ${league.newerSchema}, newer than this app: update the app first.`);
    const target: Ledger = await openLedger({ file: opts.to });
    try {
      await ensureBundledPacks(target.db);
      return await move(league.db, target.db, opts.to);
    } finally {
      await target.close();
    }
  } finally {
    await league.close();
  }
}
