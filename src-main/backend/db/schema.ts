import type { MetaTables } from './tables/meta.table';

/**
 * The whole database as Kysely sees it: one interface per domain, each
 * declared in its `tables/<domain>.table.ts` module. Add a domain by
 * intersecting its tables here.
 */
export type Database = MetaTables;
