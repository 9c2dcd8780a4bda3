/**
 * The queries of `{list}/index` and `{list}/select` (spec §7) from a query already checked against the
 * manifest (engine/list/query.ts `checkListQuery`). Only manifest names reach SQL; values are parameters.
 *
 * - pattern: case-insensitive "contains" over the entity's `search` fields (select: its optionLabel), joined
 *   into one expression a trigram index answers (search.ts);
 * - a text column's filter: case-insensitive "contains"; enum, reference, number and boolean filters and the
 *   common filters `tipo`, `parentid` (and `id` on select): equality; null: "is null";
 * - sort + sortOrder, then `id` in the same direction so pages never overlap.
 *
 * Large tables (a million articles) stay fast with three choices, measured by `npm run bench`:
 * - a pattern the planner expects to match up to FILTER_FIRST_UP_TO rows is filtered first (trigram index),
 *   then sorted, and counted in the same read: left alone, the planner walks the sort index hoping matches are
 *   spread evenly, and reads most of the table when they are not (all "Tornillo…" names sort late);
 * - otherwise the total is counted exactly up to EXACT_TOTAL_UP_TO matching rows; beyond, it is the planner's
 *   estimate, flagged `estimated` (counting every row of a million costs more than the page itself);
 * - a page deep in the list finds its ids in the (sort column, id) index, then reads only those rows.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { FieldError } from '../../engine/errors';
import type { NormalQuery } from '../../engine/list/query';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { badRequest } from '../http/api-error';
import { INT_MAX, INT_MIN } from './input';
import { layoutOf, storedField, type SqlType } from './layout';
import { searchExpression } from './search';

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
    case 'numeric':
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
    // a picked value (an enum) matches exactly; typed text, anywhere in the field
    const picked = column?.pick !== undefined;
    if (sqlType === 'text' && !picked && !EQUALITY_FILTERS.has(key)) wheres.push((eb) => eb(field, 'ilike', containsPattern(String(v))));
    else wheres.push((eb) => eb(field, '=', v));
  }
  if (errors.length) throw badRequest('BAD_REQUEST', errors);
  if (q.pattern && searchFields.length) {
    const like = containsPattern(q.pattern);
    const text = searchExpression(searchFields);
    wheres.push((eb) => eb(text, 'ilike', like));
  }
  return wheres;
}

/** Matching rows counted exactly up to this many; beyond, the total is an estimate. */
export const EXACT_TOTAL_UP_TO = 1000;
/** A pattern matching up to this many rows (estimated) is filtered first, then sorted: a bounded top-N sort. */
const FILTER_FIRST_UP_TO = 50_000;
/** From this offset on, a page's ids come from the sort index first (no table reads for the skipped rows). */
const DEFERRED_FROM = 1000;

export const whereAll = (wheres: Where[]): Where => (eb) => eb.and(wheres.map((w) => w(eb)));

export interface Page {
  total: number;
  /** True when `total` is the planner's estimate (more than EXACT_TOTAL_UP_TO rows match). */
  estimated: boolean;
  rows: Record<string, unknown>[];
}

type Total = Omit<Page, 'rows'>;

/** The rows matching `where`, as a query to count or to ask the planner about. */
const matching = (db: Kysely<any>, table: string, where: Where) => db.selectFrom(table).select(sql.lit(1).as('one')).where(where);

/** Rows the planner expects `query` to return (EXPLAIN's top node). */
async function plannedRows(query: { explain(format: 'json'): Promise<Record<string, unknown>[]> }): Promise<number> {
  const [row] = await query.explain('json');
  const raw = row['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return plan[0].Plan['Plan Rows'];
}

/** Matching rows, counted up to EXACT_TOTAL_UP_TO + 1. */
export function cappedCount(db: Kysely<any>, table: string, where: Where) {
  return db
    .selectFrom(matching(db, table, where).limit(EXACT_TOTAL_UP_TO + 1).as('m'))
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'));
}

/** `estimate`: the planner's, when the caller already asked for it. */
async function totalOf(db: Kysely<any>, table: string, where: Where, estimate?: number): Promise<Total> {
  const { n } = await cappedCount(db, table, where).executeTakeFirstOrThrow();
  if (n <= EXACT_TOTAL_UP_TO) return { total: n, estimated: false };
  return { total: Math.max(n, Math.round(estimate ?? (await plannedRows(matching(db, table, where))))), estimated: true };
}

const sortedBy = (q: NormalQuery) => <Q extends { orderBy(c: string, d: 'asc' | 'desc'): Q }>(query: Q) =>
  query.orderBy(q.sort, q.sortOrder).orderBy('id', q.sortOrder);
const selectedOf = (columns: readonly string[]) => ['id', ...columns.filter((c) => c !== 'id')];

/**
 * A page of the rows matching a pattern, filtered first and then sorted, with their exact count in `$total`
 * (one read of the matches serves both). `materialized`: the matches are found (trigram index) before the
 * sort, whatever the planner guesses. `$total` cannot clash with a field: field names have no `$`.
 */
export function filteredPage(db: Kysely<any>, table: string, q: NormalQuery, where: Where, columns: readonly string[]) {
  const selected = selectedOf(columns);
  // the sort column comes along even when the caller does not show it (select sorts by a column it does not return)
  const read = selected.includes(q.sort) ? selected : [...selected, q.sort];
  return db
    .with((w) => w('m').materialized(), (d) => d.selectFrom(table).select(read).where(where))
    .selectFrom('m')
    .select(selected)
    .select((eb) => eb.selectFrom('m').select((e) => e.cast<number>(e.fn.countAll(), 'integer').as('n')).as('$total'))
    .$call(sortedBy(q))
    .offset(q.offset)
    .limit(q.max);
}

/** The query of a page otherwise: from the sort index, deep pages finding their ids there first. */
export function pageQuery(db: Kysely<any>, table: string, q: NormalQuery, where: Where, columns: readonly string[]) {
  const sorted = sortedBy(q);
  const selected = selectedOf(columns);
  if (q.offset >= DEFERRED_FROM) {
    const ids = sorted(db.selectFrom(table).select('id').where(where)).offset(q.offset).limit(q.max);
    return sorted(db.selectFrom(table).select(selected).where('id', 'in', ids));
  }
  return sorted(db.selectFrom(table).select(selected).where(where)).offset(q.offset).limit(q.max);
}

/**
 * The planner's estimate of a pattern's matches, and whether they are few enough to be read first, then
 * sorted; no estimate (and no EXPLAIN) without a pattern.
 */
export async function patternPlan(db: Kysely<any>, table: string, q: NormalQuery, where: Where): Promise<{ estimate?: number; filterFirst: boolean }> {
  if (!q.pattern) return { filterFirst: false };
  const estimate = await plannedRows(matching(db, table, where));
  return { estimate, filterFirst: estimate <= FILTER_FIRST_UP_TO };
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
  const where = whereAll(wheres);
  const plan = await patternPlan(db, table, q, where);
  if (plan.filterFirst) {
    const found = await filteredPage(db, table, q, where, columns).execute();
    if (found.length) return { total: Number(found[0].$total), estimated: false, rows: found.map(({ $total: _, ...row }) => row) };
    if (q.offset === 0) return { total: 0, estimated: false, rows: [] };
    // past the last page: the count comes on its own
  }
  const { total, estimated } = await totalOf(db, table, where, plan.estimate);
  const rows = await pageQuery(db, table, q, where, columns).execute();
  return { total, estimated, rows };
}
