/**
 * PostgreSQL's autovacuum comes to a table after inserts of 20 % of its rows, or changes to 20 % of them. Until
 * then the pages written since are not marked all-visible, so index-only reads (a deep page's ids from the sort
 * index, a broad pattern's walk of the token table) fetch those rows from the table too: at 1,000,000 articles
 * the page at offset 100,000 took 26 ms after 11,340 saves against 19 ms after a VACUUM. The tables the entities
 * write (their own, their child tables and token tables) are vacuumed after 2 % of inserts and 5 % of changes
 * instead; a vacuum after inserts reads only the pages not yet all-visible. PGlite has no autovacuum (./upkeep.ts),
 * where the options are kept and do nothing.
 */
import { sql, type Kysely } from 'kysely';

export const VACUUM_OPTIONS: Readonly<Record<string, string>> = {
  autovacuum_vacuum_insert_scale_factor: '0.02',
  autovacuum_vacuum_scale_factor: '0.05',
};

/**
 * Sets the options on those of `tables` that lack them, reading every table's in one query (no catalog write, and
 * one round trip, at a start where all have them); tables that do not exist are left out.
 */
export async function keepVisible(db: Kysely<any>, tables: readonly string[]): Promise<void> {
  const { rows } = await sql<{ name: string; options: string[] | null }>`
    select t.name, c.reloptions as options from unnest(${[...tables]}::text[]) as t(name) join pg_class c on c.oid = to_regclass(t.name)`.execute(db);
  const wanted = Object.entries(VACUUM_OPTIONS).map(([k, v]) => `${k}=${v}`);
  for (const { name, options } of rows)
    if (!wanted.every((w) => options?.includes(w))) await sql`alter table ${sql.table(name)} set (${sql.raw(wanted.join(', '))})`.execute(db);
}
