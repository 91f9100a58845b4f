import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';

/**
 * A database schema described the same way whichever database holds it, so
 * the SQLite ledger and a PostgreSQL league can be compared column by
 * column: tables and their columns (type family, NOT NULL, primary key,
 * default), the named indexes (columns with direction, unique, partial),
 * the unique constraints, the foreign keys and the triggers. Kysely's own
 * bookkeeping tables are left out.
 */
interface Column {
  name: string;
  type: 'text' | 'integer' | 'float';
  notNull: boolean;
  pk: boolean;
  default: string | null;
  /** numbered by the database itself (SQLite autoincrement, PostgreSQL serial) */
  autoId: boolean;
}

export interface SchemaShape {
  columns: Record<string, Column[]>;
  indexes: Record<string, { table: string; columns: string[]; unique: boolean; partial: boolean }>;
  uniques: string[];
  foreignKeys: string[];
  triggers: string[];
}

const family = (t: string): Column['type'] => {
  const x = t.toLowerCase();
  if (x === 'text' || x.startsWith('varchar') || x === 'character varying') return 'text';
  if (x === 'integer' || x === 'int' || x === 'bigint') return 'integer';
  if (x === 'real' || x === 'double precision') return 'float';
  throw new Error(`unexpected column type ${t}`);
};
const isOurs = (t: string) => !t.startsWith('kysely_') && !t.startsWith('sqlite_');

export function sqliteShape(db: BetterSqlite3.Database): SchemaShape {
  const tables = (db.prepare("select name, sql from sqlite_master where type = 'table' order by name").all() as { name: string; sql: string }[]).filter((t) =>
    isOurs(t.name),
  );
  const columns: Record<string, Column[]> = {};
  const indexes: SchemaShape['indexes'] = {};
  const uniques: string[] = [];
  const foreignKeys: string[] = [];
  for (const { name: table, sql } of tables) {
    const cols = db.prepare(`pragma table_info("${table}")`).all() as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
    const single = cols.filter((c) => c.pk > 0).length === 1;
    columns[table] = cols.map((c) => ({
      name: c.name,
      type: family(c.type),
      notNull: c.notnull === 1 || c.pk > 0,
      pk: c.pk > 0,
      autoId: single && c.pk > 0 && /autoincrement/i.test(sql),
      default: c.dflt_value,
    }));
    for (const ix of db.prepare(`pragma index_list("${table}")`).all() as { name: string; unique: number; origin: string; partial: number }[]) {
      const cs = (db.prepare(`pragma index_xinfo("${ix.name}")`).all() as { name: string | null; desc: number; key: number }[])
        .filter((c) => c.key === 1)
        .map((c) => `${c.name}${c.desc ? ' desc' : ''}`);
      if (ix.origin === 'c') indexes[ix.name] = { table, columns: cs, unique: ix.unique === 1, partial: ix.partial === 1 };
      else if (ix.origin === 'u') uniques.push(`${table}(${cs.join(',')})`);
    }
    for (const fk of db.prepare(`pragma foreign_key_list("${table}")`).all() as { table: string; from: string; to: string; on_delete: string }[])
      foreignKeys.push(`${table}.${fk.from} -> ${fk.table}.${fk.to} on delete ${fk.on_delete.toLowerCase()}`);
  }
  const triggers = (db.prepare("select name from sqlite_master where type = 'trigger' order by name").all() as { name: string }[]).map((t) => t.name);
  return { columns, indexes, uniques: uniques.sort(), foreignKeys: foreignKeys.sort(), triggers };
}

export async function pgShape(pool: pg.Pool | pg.Client): Promise<SchemaShape> {
  const q = async <T>(text: string) => (await pool.query(text)).rows as T[];
  const cols = await q<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null; pk: boolean }>(`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default,
      exists (select 1 from information_schema.table_constraints tc join information_schema.key_column_usage k
              on k.constraint_name = tc.constraint_name and k.table_name = tc.table_name
              where tc.table_name = c.table_name and tc.constraint_type = 'PRIMARY KEY' and k.column_name = c.column_name) pk
    from information_schema.columns c where c.table_schema = current_schema() order by c.table_name, c.ordinal_position`);
  const columns: Record<string, Column[]> = {};
  for (const c of cols) {
    if (!isOurs(c.table_name)) continue;
    const autoId = /^nextval\(/.test(c.column_default ?? '');
    // PostgreSQL spells a default with its type ('active'::text); SQLite as written ('active')
    const dflt = autoId || c.column_default === null ? null : c.column_default.replace(/::[a-z ]+$/, '');
    (columns[c.table_name] ??= []).push({ name: c.column_name, type: family(c.data_type), notNull: c.is_nullable === 'NO', pk: c.pk, autoId, default: dflt });
  }
  const ixRows = await q<{ name: string; table: string; unique: boolean; partial: boolean; cols: string[] }>(`
    select i.relname as name, t.relname as table, x.indisunique as unique, x.indpred is not null as partial,
      array(select a.attname || case when (x.indoption[k.n - 1] & 1) = 1 then ' desc' else '' end
            from unnest(x.indkey) with ordinality k(attnum, n) join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n) as cols
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace ns on ns.oid = t.relnamespace
    where ns.nspname = current_schema() and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)
    order by i.relname`);
  const indexes: SchemaShape['indexes'] = {};
  for (const r of ixRows) if (isOurs(r.table)) indexes[r.name] = { table: r.table, columns: r.cols, unique: r.unique, partial: r.partial };
  const cons = await q<{ contype: string; table: string; cols: string[]; ftable: string | null; fcols: string[] | null; deltype: string }>(`
    select k.contype, t.relname as table,
      array(select a.attname::text from unnest(k.conkey) with ordinality c(attnum, n) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = c.attnum order by c.n) as cols,
      f.relname as ftable,
      array(select a.attname::text from unnest(k.confkey) with ordinality c(attnum, n) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = c.attnum order by c.n) as fcols,
      k.confdeltype as deltype
    from pg_constraint k join pg_class t on t.oid = k.conrelid join pg_namespace ns on ns.oid = t.relnamespace left join pg_class f on f.oid = k.confrelid
    where ns.nspname = current_schema() and k.contype in ('u', 'f')`);
  const onDelete: Record<string, string> = { a: 'no action', c: 'cascade', r: 'restrict', n: 'set null', d: 'set default' };
  const uniques = cons.filter((k) => k.contype === 'u' && isOurs(k.table)).map((k) => `${k.table}(${k.cols.join(',')})`);
  const foreignKeys = cons
    .filter((k) => k.contype === 'f' && isOurs(k.table))
    .map((k) => `${k.table}.${k.cols.join(',')} -> ${k.ftable}.${k.fcols!.join(',')} on delete ${onDelete[k.deltype]}`);
  const triggers = (
    await q<{ name: string }>('select distinct trigger_name as name from information_schema.triggers where trigger_schema = current_schema() order by 1')
  ).map((t) => t.name);
  return { columns, indexes, uniques: uniques.sort(), foreignKeys: foreignKeys.sort(), triggers };
}
