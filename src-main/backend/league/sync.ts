import type { Kysely } from 'kysely';
import { AppError } from '../../../src-shared/errors';
import { exportCampaigns, importCampaigns, type ImportCounts } from '../campaigns/portable';
import { openLedger, openLedgerReadOnly, type Ledger } from '../db/database';
import { openLeague, type LeagueLedger } from '../db/league';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/dialect';
import { copyLedgerRows, ledgerDigest, type LedgerDigest } from '../db/ledger-copy';
import { refuseTwinNames, refuseUncopyableText } from '../db/ledger-copy-text';
import { ensureBundledPacks } from '../db/tables/rulesets.table';
import { checkedInputFile } from '../files/bounded-read';

/**
 * Moving a club into a league and back (`aoa league push` / `pull`): the
 * whole ledger travels. Campaigns go as a campaign file does (they keep
 * their ids; a second push merges without duplicates; a history changed
 * differently on both sides is refused), then every other table's rows the
 * target lacks (db/ledger-copy.ts: players, ruleset versions, standalone
 * rosters, battles and their events, playtest records and report facts,
 * settings). Each move is checked by counting the rows of every table of
 * the schema on both sides and hashing their content, which must be equal.
 */
export interface MoveResult {
  imported: ImportCounts;
  /** Rows each table gained beyond the campaign import. */
  copied: Record<string, number>;
  digest: LedgerDigest;
}

async function move(from: Kysely<Database>, to: Kysely<Database>, where: string, finish?: (trx: Kysely<Database>) => Promise<void>): Promise<MoveResult> {
  // rows written before the text policy (a NUL, a control or a bidi override in a name) are named before anything is
  // written, never met as the PostgreSQL driver's "invalid byte sequence" half way through the copy
  await refuseUncopyableText(from);
  // one transaction on the target: a copy the final check refuses (or that fails half way) leaves it as it was
  return writeTransaction(to, async (trx) => {
    // a second player of one name ("Zoë" beside the target's "ZOË"), named before anything is written
    await refuseTwinNames(from, trx, where);
    const copied = await copyLedgerRows(from, trx, 'before-campaigns');
    const exported = await exportCampaigns(from);
    const imported = await importCampaigns(trx, exported.json);
    Object.assign(copied, await copyLedgerRows(from, trx, 'after-campaigns'));
    const before = await ledgerDigest(from);
    const after = await ledgerDigest(trx, before.keys);
    if (before.hash !== after.hash || JSON.stringify(before.counts) !== JSON.stringify(after.counts)) {
      const differs = Object.keys(before.counts).filter((t) => before.counts[t] !== after.counts[t] || before.tableHashes[t] !== after.tableHashes[t]);
      throw new AppError(
        'CONFLICT',
        `The copy in ${where} differs from the original (rows of ${differs.join(', ')}; ` +
          `counts ${JSON.stringify(after.counts)} against ${JSON.stringify(before.counts)}): ` +
          'rows there were already changed differently, so nothing was copied. Compare the campaigns with "aoa campaign show".',
      );
    }
    await finish?.(trx);
    return { imported, copied, digest: { counts: before.counts, hash: before.hash } };
  });
}

/** `aoa league push --from ledger.sqlite`: a club's whole ledger file into the league (merged; idempotent). */
export async function pushToLeague(opts: { from: string; url: string; password?: string }): Promise<MoveResult> {
  checkedInputFile(opts.from, 'ledger file', '--from');
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

/** `aoa league pull --to ledger.sqlite`: a complete offline copy of the league (every table) in a ledger file (new, or merged into). */
export async function pullFromLeague(opts: { to: string; url: string; password?: string }): Promise<MoveResult> {
  const league: LeagueLedger = await openLeague({ url: opts.url, password: opts.password, readOnly: true });
  try {
    if (league.newerSchema) throw new AppError('DB_NEWER', `The league has schema step ${league.newerSchema}, newer than this app: update the app first.`);
    const target: Ledger = await openLedger({ file: opts.to });
    try {
      // the league's own rows first (a new file gets the league's bundled version as it is), then whatever is missing
      return await move(league.db, target.db, opts.to, ensureBundledPacks);
    } finally {
      await target.close();
    }
  } finally {
    await league.close();
  }
}
