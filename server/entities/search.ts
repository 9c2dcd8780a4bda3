/**
 * The text a list's `pattern` is matched against: one expression over the search fields, so that one
 * trigram index (pg_trgm, GIN) can answer `ILIKE '%…%'` — a contains search cannot use a b-tree, and an OR
 * of one ILIKE per field would need one index per field and a bitmap OR of all of them.
 *
 * The fields are joined with U+001F (unit separator): patterns never hold it (control characters are not
 * typed), so a match cannot span two fields. Only `||` and coalesce: an index expression must be immutable.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { storedField } from './layout';

const SEPARATOR = '\u001f';

/** The fields a pattern matches: on `index` the manifest's search fields, on `select` the option label when it is text. */
export function patternFields(entity: ResolvedEntity): { index: string[]; select: string[] } {
  const text = entity.labelFields.every((f) => storedField(entity, f)?.sqlType === 'text');
  const select = text ? entity.labelFields : entity.search;
  return { index: entity.search, select };
}

export function searchExpression(fields: readonly string[]): RawBuilder<string> {
  if (fields.length === 1) return sql<string>`${sql.ref(fields[0])}`;
  return sql<string>`(${sql.join(
    fields.map((f) => sql`coalesce(${sql.ref(f)}, '')`),
    sql` || ${sql.lit(SEPARATOR)} || `,
  )})`;
}

/** `<table>_search_<hash>_trgm`: the hash covers table and fields, so a changed search list gets a new index. */
export function trigramIndexName(table: string, fields: readonly string[]): string {
  const hash = createHash('sha1').update(`${table}:${fields.join(',')}`).digest('hex').slice(0, 8);
  return `${table.slice(0, 40)}_search_${hash}_trgm`;
}

export const isTrigramIndexName = (name: string) => /_search_[0-9a-f]{8}_trgm$/.test(name);

/**
 * Makes pg_trgm available (PostgreSQL ≥ 13 lets a database owner create it: it is a trusted extension; PGlite
 * loads it in db/connect.ts). False when it cannot be had: lists then search without an index.
 */
export async function ensureTrigram(db: Kysely<any>): Promise<boolean> {
  await sql`create extension if not exists pg_trgm`.execute(db).catch(() => {
    // not installed or not allowed; another instance may also have created it at the same moment
  });
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  return rows[0].n > 0;
}
