import type { Kysely, Transaction } from 'kysely';
import type { BattleTables } from './tables/battles.table';
import type { ClubTables } from './tables/club.table';
import type { LedgerTables } from './tables/ledger.table';
import type { MetaTables } from './tables/meta.table';
import type { RulesetTables } from './tables/rulesets.table';
import type { RosterTables } from './tables/rosters.table';
import type { ReportTables } from './tables/reports.table';
import type { ReportFactTables } from './tables/report-facts.table';
import type { ClubLinkTables } from './tables/club-links.table';
import type { DeskTables } from './tables/desk.table';
import type { BattleRatingTables } from './tables/battle-ratings.table';

/**
 * The whole database as Kysely sees it: one interface per domain, each
 * declared in its `tables/<domain>.table.ts` module. Add a domain by
 * intersecting its tables here.
 */
export type Database = MetaTables &
  RulesetTables &
  ClubTables &
  LedgerTables &
  RosterTables &
  BattleTables &
  ReportTables &
  ReportFactTables &
  ClubLinkTables &
  DeskTables &
  BattleRatingTables;

/** What a repository function takes first: the database, or the transaction it is part of. */
export type Db = Kysely<Database> | Transaction<Database>;
