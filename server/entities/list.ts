/**
 * The queries of `{list}/index` and `{list}/select` (spec §7) from a query already checked against the
 * manifest (engine/list/query.ts `checkListQuery`). Only manifest names reach SQL; values are parameters.
 *
 * - pattern: case-insensitive "contains" over the entity's `search` fields (select: its optionLabel);
 * - a text column's filter: case-insensitive "contains"; number / boolean filters and the common filters
 *   `tipo`, `parentid` (and `id` on select): equality; null: "is null";
 * - sort + sortOrder, then `id` in the same direction so pages never overlap.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { FieldError } from '../../engine/errors';
import type { NormalQuery } from '../../engine/list/query';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { badRequest } from '../http/api-error';
import { INT_MAX, INT_MIN } from './input';
import { layoutOf, storedField, type SqlType } from './layout';

type EB = ExpressionBuilder<any, any>;
export type Where = (eb: EB) => Expression<SqlBool>;

/** Filter keys compared for equality whatever their column type. */
const EQUALITY_FILTERS = new Set(['tipo', 'parentid', 'id']);

/** `%` `_` `\` are literal in a search text. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The filter value as the column's type, or null when it does not fit (a 400, never a database error). */
function typed(sqlType: SqlType, v: string | number | boolean): string | number | boolean | null {
  switch (sqlType) {
    case 'integer': {
      const n = typeof v === 'string' && /^-?\d{1,10}$/.test(v.trim()) ? Number(v) : v;
      return typeof n === 'number' && Number.isInteger(n) && n >= INT_MIN && n <= INT_MAX ? n : null;
    }
    case 'double precision': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      return typeof n === 'number' && Number.isFinite(n) ? n : null;
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : null;
    case 'text':
      return String(v);
    default:
      return null;
  }
}

/** Where clauses of a checked query; 400 BAD_REQUEST when a value does not fit its column. */
export function whereOf(entity: ResolvedEntity, q: NormalQuery, searchFields: readonly string[]): Where[] {
  const wheres: Where[] = [];
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(q.filters)) {
    const column = entity.columns.find((c) => c.filter === key);
    const field = column?.field ?? key;
    const sqlType: SqlType | undefined = field === 'id' ? 'integer' : storedField(entity, field)?.sqlType;
    if (!sqlType) continue; // a common filter (tipo, parentid) the entity does not have: nothing to filter
    if (value === null) {
      wheres.push((eb) => eb(field, 'is', null));
      continue;
    }
    const v = typed(sqlType, value);
    if (v === null) {
      errors.push({ field: `filters.${key}`, code: 'type', params: { type: sqlType } });
      continue;
    }
    if (sqlType === 'text' && !EQUALITY_FILTERS.has(key)) wheres.push((eb) => eb(field, 'ilike', containsPattern(String(v))));
    else wheres.push((eb) => eb(field, '=', v));
  }
  if (errors.length) throw badRequest('BAD_REQUEST', errors);
  if (q.pattern && searchFields.length) {
    const like = containsPattern(q.pattern);
    wheres.push((eb) => eb.or(searchFields.map((f) => eb(f, 'ilike', like))));
  }
  return wheres;
}

export interface Page {
  total: number;
  rows: Record<string, unknown>[];
}

/** One page of `columns` (plus id) and the total of matching rows. */
export async function queryPage(
  db: Kysely<any>,
  entity: ResolvedEntity,
  q: NormalQuery,
  wheres: Where[],
  columns: readonly string[],
): Promise<Page> {
  const table = layoutOf(entity).table;
  const where = (eb: EB) => eb.and(wheres.map((w) => w(eb)));
  const { total } = await db
    .selectFrom(table)
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total'))
    .where(where)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom(table)
    .select(['id', ...columns.filter((c) => c !== 'id')])
    .where(where)
    .orderBy(q.sort, q.sortOrder)
    .orderBy('id', q.sortOrder)
    .offset(q.offset)
    .limit(q.max)
    .execute();
  return { total, rows };
}
