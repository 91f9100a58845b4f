import { z } from 'zod';
import { nameText } from '../text-policy.schema';
import { DATA_DOMAINS, reads, writes } from './effects';
import { channel, noInput } from './define';
import { settingsPatchSchema, settingsSchema } from '../settings';

const backupInfoSchema = z.object({
  file: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  bytes: z.number().int().nonnegative(),
});
export type BackupInfo = z.infer<typeof backupInfoSchema>;

/** One thing the ledger audit found wrong (db/ledger-audit.ts): which campaign, which row, what is wrong. */
const ledgerProblemSchema = z.object({
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  table: z.string(),
  rowId: z.string(),
  problem: z.string(),
});
export type LedgerProblem = z.infer<typeof ledgerProblemSchema>;

export const systemContract = {
  'system.info': channel(
    'What this backend is: version, data folder, transport, schema version',
    noInput,
    z.object({
      appVersion: z.string(),
      schemaVersion: z.number().int(),
      dataDir: z.string(),
      /** The SQLite file, or in league mode the league's URL without its password. */
      databaseFile: z.string(),
      /** Where the ledger is kept: the SQLite file in the data folder, or a league's PostgreSQL database. */
      ledger: z.enum(['sqlite', 'league']).optional(),
      mode: z.enum(['electron', 'browser', 'cli', 'test']),
      /** What the start found that the organiser must hear about, one sentence each (e.g. a crash that damaged the journal of recent changes). */
      notices: z.array(z.string()).default([]),
    }),
    reads('settings'),
  ),
  'system.changes': channel(
    'League mode: the data domains other organisers wrote since a version (waits up to waitMs for the next), and whether the league is reachable',
    z.object({ since: z.number().int().min(0), waitMs: z.number().int().min(0).max(25_000).default(0) }),
    z.object({
      version: z.number().int().min(0),
      domains: z.array(z.enum(DATA_DOMAINS)),
      /** 'none': the SQLite ledger (nothing else writes to it); 'unreachable': the league server cannot be heard right now. */
      league: z.enum(['none', 'connected', 'unreachable']),
    }),
    reads(),
  ),
  'league.choice': channel(
    'The league database this computer is set to record to (Settings → Ledger), without its password',
    noInput,
    z.object({ url: z.string().nullable(), passwordSaved: z.boolean(), canStorePassword: z.boolean() }),
    reads('settings'),
  ),
  'league.choose': channel(
    'Choose (or with url null, forget) the league database, after checking it answers; takes effect when the app starts again',
    z.object({ url: z.string().max(2_000).nullable(), password: z.string().max(1_000).optional() }),
    z.object({ url: z.string().nullable(), passwordSaved: z.boolean(), canStorePassword: z.boolean() }),
    writes('settings'),
  ),
  'settings.get': channel('Read the club settings', noInput, settingsSchema, reads('settings')),
  'settings.update': channel('Change some club settings', settingsPatchSchema, settingsSchema, writes('settings')),
  'db.check': channel(
    'Integrity and foreign-key check of the ledger database, and an audit of the campaign ledger it holds',
    noInput,
    z.object({
      ok: z.boolean(),
      integrity: z.array(z.string()),
      foreignKeys: z.array(z.string()),
      /**
       * What the ledger audit found: allowances above the cap or unlike their entries, entries of another campaign,
       * stored packs, options or outcomes that no longer read. Present only when there is something to report, so a
       * clean ledger's report is what it always was.
       */
      ledger: z.array(ledgerProblemSchema).optional(),
    }),
    { reads: DATA_DOMAINS },
  ),
  'backups.list': channel('The backups kept in the data folder, newest first', noInput, z.array(backupInfoSchema), reads('backups')),
  'backups.create': channel(
    'Take a backup now (a backup you take yourself is never removed by the rolling retention)',
    // the reason is the app's: a caller may add a short label, never make its backup pass for an automatic one
    z.object({ label: nameText(40).optional() }),
    backupInfoSchema,
    writes('backups'),
  ),
} as const;
