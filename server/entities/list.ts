/**
 * The queries of `{list}/index` and `{list}/select` (spec §7) from a query already checked against the
 * manifest (engine/list/query.ts `checkListQuery`). Only manifest names reach SQL; values are parameters.
 *
 * - pattern: each typed word starts a word of the entity's search fields, in any order, case and accents
 *   ignored (engine/text/search.ts; SQL in ./search.ts);
 * - a text column's filter: case-insensitive "contains"; enum, reference, number and boolean filters and the
 *   common filters `tipo`, `parentid` (and `id` on select): equality; null: "is null";
 * - sort + sortOrder, then `id` in the same direction so pages never overlap; text sorts by its Spanish sort key.
 *
 * Large tables (a million articles) stay fast, measured by `npm run bench`:
 * - a pattern is read the cheapest of three ways, by the rows each must read (`planOf`, from estimates of the
 *   pattern's matches): every match from the GIN index of the search words (an intersection of the terms'
 *   rows), then sorted and counted in the same read — best for a narrow pattern; the token table (./search.ts):
 *   the rows of one term's first letters, already in list order, checked against the whole pattern until a page
 *   is full — best for a broad pattern in the default order; or the sort index with the pattern as a filter;
 * - the total is exact up to EXACT_TOTAL_UP_TO matching rows; beyond, it is the planner's estimate, flagged
 *   `estimated` (counting every row of a million costs more than the page itself);
 * - a page deep in the list finds its ids in the (sort key, id) index, then reads only those rows.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { FieldError } from '../../engine/errors';
import type { NormalQuery } from '../../engine/list/query';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { patternTerms } from '../../engine/text/search';
import { badRequest } from '../http/api-error';
import { INT_MAX, INT_MIN } from './input';
import { layoutOf, storedField, type SqlType } from './layout';
import { countRare, estimateMatches, termShares } from './search-stats';
import { valueNamesIn, valuesNamedLike } from './value-names';
import type { Lang } from '../http/lang';
import type { ReferenceOrder } from './labels';
import { EXPAND_UP_TO, expandedQuery, headOf, keepsTokens, prefixEnd, SEARCH_COLUMN, SEARCH_HEAD, searchPaths, searchVector, sortKeySql, termsQuery, tokenTable, wordTable } from './search';

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

/** Where clauses of a checked query's filters; 400 BAD_REQUEST when a value does not fit its column. */
export function whereOf(entity: ResolvedEntity, q: NormalQuery): Where[] {
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
    if (sqlType === 'text' && !picked && !EQUALITY_FILTERS.has(key)) {
      const typedText = String(v);
      // a column shown by its values' names: the keys whose name contains the text match too
      const named = column?.valueNames ? valuesNamedLike(entity, field, column.valueNames, typedText) : [];
      const within = column?.valueNames?.within;
      wheres.push((eb) =>
        eb.or([
          eb(field, 'ilike', containsPattern(typedText)),
          ...named.map((n) => (within ? eb.and([eb(within, '=', n.within!), eb(field, '=', n.value)]) : eb(field, '=', n.value))),
        ]),
      );
    } else wheres.push((eb) => eb(field, '=', v));
  }
  if (errors.length) throw badRequest('BAD_REQUEST', errors);
  return wheres;
}

/** A list's pattern, ready for SQL: its terms and the clause they make. */
export interface Pattern {
  terms: string[];
  where: Where;
  /** Answered by the stored search words (GIN index, token table): the entity's own search fields of a stored table. */
  indexed: boolean;
  /** Share of the rows the index finds that the terms it does not intersect keep (`expandPattern`); 1 when none. */
  checkedShare?: number;
}

/**
 * The pattern of a query over the entity's search fields, or over `paths` (a call that searches fewer fields:
 * its words are computed per row). Null when the pattern has no terms (nothing but spaces and punctuation).
 */
export function patternOf(entity: ResolvedEntity, pattern: string, options: { paths?: readonly string[]; core?: boolean } = {}): Pattern | null {
  const terms = patternTerms(pattern);
  const own = !options.paths || options.paths.join() === searchPaths(entity).join();
  if (!terms.length || !(options.paths ?? searchPaths(entity)).length) return null;
  const indexed = own && !options.core;
  const vector: RawBuilder<unknown> = indexed
    ? sql.ref(SEARCH_COLUMN)
    : searchVector(options.paths ? { ...entity, search: [...options.paths] } : entity, layoutOf(entity).table);
  return { terms, indexed, where: matchQuery(vector, termsQuery(terms)) };
}

const matchQuery = (vector: RawBuilder<unknown>, query: string): Where => () => sql<SqlBool>`${vector} @@ ${query}::tsquery`;

/**
 * Decoded posting-list entries of the GIN index that cost as much as reading and checking one found row
 * (measured at 1,000,000 articles: about 2 µs a row, 0.035 µs an entry).
 */
const CHECK_COST = 50;

/**
 * Which terms the GIN index intersects; the others are checked on the rows it finds. The rarest term always;
 * then, rarest first, each term whose posting list costs less to read than checking the rows it would rule out
 * ("mm", in a third of the rows, is checked on the 1,500 rows "tornillo galvanizado" finds, not intersected).
 */
export function indexedTerms(shares: readonly number[]): boolean[] {
  const order = shares.map((_, i) => i).sort((a, b) => shares[a] - shares[b]);
  const indexed = shares.map(() => false);
  let found = 1;
  for (const i of order) {
    if (found === 1 || found * (1 - shares[i]) * CHECK_COST > shares[i]) {
      indexed[i] = true;
      found *= shares[i];
    }
  }
  return indexed;
}

/**
 * An indexed pattern with each term answered by the exact words it starts, read from the word table
 * (./search.ts `wordTable`) in one round trip; a term starting more than EXPAND_UP_TO words stays a prefix.
 * Terms whose words are in many rows ("de", "mm") are left out of the index's intersection when the others are
 * selective (`indexedTerms`) and checked on the rows found (`ts_match_vq` is `@@` the index cannot answer).
 * Null when a term starts no word at all: nothing matches.
 */
export async function expandPattern(db: Kysely<any>, table: string, pattern: Pattern): Promise<Pattern | null> {
  if (!pattern.indexed) return pattern;
  const ends = pattern.terms.map(prefixEnd);
  const { rows } = await sql<{ i: number; words: string[] }>`
    select t.i, array(select distinct d.word from ${sql.table(wordTable(table))} d
                      where d.word >= t.term and d.word < t.term_end
                      order by d.word limit ${EXPAND_UP_TO + 1}) as words
    from unnest(${[...pattern.terms]}::text[], ${ends}::text[]) with ordinality as t(term, term_end, i)`.execute(db);
  // a term without an end (it ends in the last code point) stays a prefix
  const words = pattern.terms.map((_, i) => (ends[i] === null ? null : rows.find((r) => Number(r.i) === i + 1)!.words));
  if (words.some((w) => w?.length === 0)) return null;
  const expanded = words.map((w) => (w && w.length <= EXPAND_UP_TO ? w : null));
  const shares = pattern.terms.length > 1 ? await termShares(db, table, pattern.terms) : null;
  const indexed = shares ? indexedTerms(shares) : pattern.terms.map(() => true);
  const part = (keep: (i: number) => boolean) => {
    const at = pattern.terms.map((_, i) => i).filter(keep);
    return at.length ? expandedQuery(at.map((i) => pattern.terms[i]), at.map((i) => expanded[i])) : null;
  };
  const found = part((i) => indexed[i])!;
  const checked = part((i) => !indexed[i]);
  const column = sql.ref(SEARCH_COLUMN);
  if (!checked) return { ...pattern, where: matchQuery(column, found) };
  const checkedShare = shares!.reduce((p, s, i) => (indexed[i] ? p : p * s), 1);
  return { ...pattern, checkedShare, where: () => sql<SqlBool>`${column} @@ ${found}::tsquery and ts_match_vq(${column}, ${checked}::tsquery)` };
}

/** Rows of a pattern's rare terms counted before a page is planned (./search-stats.ts `countRare`). */
const RARE_PROBE = 2000;
/** Matching rows counted exactly up to this many; beyond, the total is an estimate. */
export const EXACT_TOTAL_UP_TO = 1000;
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

/**
 * How a list is ordered: `core`, the entity shows a core table, whose text property may be a timestamp column
 * (it sorts by its value); `lang`, the caller's language (names of values sort in it). Spanish by default.
 */
export interface Ordering {
  core?: boolean;
  lang?: Lang;
  /** A reference column's order by the referenced rows' names (./labels.ts `referenceSort`); null for another field. */
  referenceSort?: (field: string) => ReferenceOrder | null;
}

/** What a page is ordered by: the sort column (its sort key when it is text; a reference's, its rows' names), then id. */
export function orderOf(entity: ResolvedEntity, q: NormalQuery, { core = false, lang = 'es', referenceSort }: Ordering = {}): RawBuilder<unknown> {
  const byName = referenceSort?.(q.sort);
  if (byName) return byName.key;
  if (storedField(entity, q.sort)?.sqlType !== 'text' || core) return sql.ref(q.sort);
  return sortKeySql(namedSort(entity, q.sort, lang) ?? sql.ref(q.sort));
}

/** A column shown by its values' names sorts by the names in `lang` (./value-names.ts); null for any other. */
function namedSort(entity: ResolvedEntity, field: string, lang: Lang): RawBuilder<unknown> | null {
  const names = entity.columns.find((c) => c.field === field)?.valueNames;
  const named = names ? valueNamesIn(entity, field, names, lang) : [];
  if (!names || !named.length) return null;
  const own = sql.ref(field);
  const within = names.within ? sql.ref(names.within) : null;
  const cases = named.map((n) => (within ? sql`when ${within} = ${n.within} and ${own} = ${n.value} then ${n.name}` : sql`when ${own} = ${n.value} then ${n.name}`));
  return sql`(case ${sql.join(cases, sql` `)} else ${own} end)`;
}

/** The entity's table as a query sorted by `q` reads it: with the referenced rows' keys when it sorts by a reference. */
export function sortSource(db: Kysely<any>, table: string, q: NormalQuery, how: Ordering) {
  const base = db.selectFrom(table);
  return how.referenceSort?.(q.sort)?.join(base) ?? base;
}

const sortedBy = (entity: ResolvedEntity, q: NormalQuery, how: Ordering) => <Q extends { orderBy(c: any, d: 'asc' | 'desc'): Q }>(query: Q) =>
  query.orderBy(orderOf(entity, q, how), q.sortOrder).orderBy('id', q.sortOrder);
const selectedOf = (columns: readonly string[]) => ['id', ...columns.filter((c) => c !== 'id')];

/**
 * Matches up to which a filter-first page keeps every match's columns at once: looking the page's rows up
 * again by id costs more than carrying a few rows whole (50 lookups ~0.5 ms at 1,000,000 articles; 64 rows
 * carried whole ~0.1 ms, 1,549 ~1.2 ms).
 */
const CARRIED_UP_TO = 300;

/**
 * A page of the rows matching a pattern, filtered first and then sorted, with their exact count in `$total`
 * (one read of the matches serves both). `materialized`: the matches are found (GIN index) before the sort,
 * whatever the planner guesses. `expected` matches or fewer (CARRIED_UP_TO) are kept whole; more keep only
 * their ids and sort keys, and only the page's rows are read whole.
 * `$total` and `$order` cannot clash with a field: field names have no `$`.
 */
export function filteredPage(db: Kysely<any>, entity: ResolvedEntity, q: NormalQuery, where: Where, columns: readonly string[], how: Ordering = {}, expected = Infinity) {
  const table = layoutOf(entity).table;
  const whole = expected <= CARRIED_UP_TO;
  const selected = selectedOf(columns);
  const kept = whole ? selected : ['id'];
  const page = (d: any) => d.selectFrom('m').select([...kept, '$order']).orderBy(sql.ref('$order'), q.sortOrder).orderBy('id', q.sortOrder).offset(q.offset).limit(q.max);
  const found = (db as Kysely<any>)
    .with((w) => w('m').materialized(), () => sortSource(db, table, q, how).select(kept).select(orderOf(entity, q, how).as('$order')).where(where))
    .selectFrom((d: any) => page(d).as('p'));
  const rows: any = whole ? found : found.innerJoin(`${table} as t` as any, 't.id' as any, 'p.id' as any);
  return rows
    .select(selected.map((c) => (whole ? `p.${c}` : `t.${c}`)))
    .select((eb: any) => eb.selectFrom('m').select((e: any) => e.cast(e.fn.countAll(), 'integer').as('n')).as('$total'))
    .orderBy(sql.ref('p.$order'), q.sortOrder)
    .orderBy('p.id', q.sortOrder);
}

/**
 * The query of a page otherwise: from the sort index; deep pages, and pages sorted by a reference (every row's
 * key joined and sorted: rows whole cost 4x), find their ids first.
 */
export function pageQuery(db: Kysely<any>, entity: ResolvedEntity, q: NormalQuery, where: Where, columns: readonly string[], how: Ordering = {}) {
  const table = layoutOf(entity).table;
  const sorted = sortedBy(entity, q, how);
  const selected = selectedOf(columns);
  if (q.offset >= DEFERRED_FROM || how.referenceSort?.(q.sort)) {
    const ids = sorted(sortSource(db, table, q, how).select('id').where(where)).offset(q.offset).limit(q.max);
    return sorted(sortSource(db, table, q, how).select(selected).where('id', 'in', ids));
  }
  return sorted(sortSource(db, table, q, how).select(selected).where(where)).offset(q.offset).limit(q.max);
}

/**
 * A page of a broad pattern in the default order: the rows of one term's token (its first letters), already
 * in list order in the token table's key, each checked against the whole pattern and the other clauses.
 */
export function tokenPage(db: Kysely<any>, entity: ResolvedEntity, q: NormalQuery, token: string, where: Where, columns: readonly string[]) {
  const table = layoutOf(entity).table;
  const page = db
    .selectFrom(`${tokenTable(table)} as s`)
    .select(['s.id', 's.sk'])
    .where('s.token', '=', token)
    // unqualified names in `where` are the row's (m): the token table's own names are not visible inside.
    // A scalar sub-select, not EXISTS: the planner would turn EXISTS into a join that finds every match first
    // (a hash of all 1,500 "mesa de roble" rows); this checks each token row in turn and stops at a full page.
    .where((eb) => sql<SqlBool>`(${eb.selectFrom(`${table} as m`).select(sql.lit(true).as('ok')).whereRef('m.id', '=', 's.id').where(where)})`)
    .orderBy('s.sk', q.sortOrder)
    .orderBy('s.id', q.sortOrder)
    .offset(q.offset)
    .limit(q.max);
  return db
    .selectFrom(page.as('p'))
    .innerJoin(`${table} as t`, 't.id', 'p.id')
    .select(selectedOf(columns).map((c) => `t.${c}`))
    .orderBy('p.sk', q.sortOrder)
    .orderBy('p.id', q.sortOrder);
}

/** The token (first letters of a term) the planner expects the fewest rows of, with that many. */
async function drivingToken(db: Kysely<any>, table: string, terms: readonly string[]): Promise<{ token: string; rows: number } | null> {
  const tokens = [...new Set(terms.filter((t) => [...t].length >= SEARCH_HEAD).map(headOf))];
  if (!tokens.length) return null;
  const sizes = await Promise.all(tokens.map((t) => plannedRows(db.selectFrom(tokenTable(table)).select(sql.lit(1).as('one')).where('token', '=', t))));
  const least = Math.min(...sizes);
  return { token: tokens[sizes.indexOf(least)], rows: least };
}

/** How a page of a query is read (see the header): chosen from the planner's estimate of the pattern's matches. */
export type Plan = { kind: 'plain' } | { kind: 'filterFirst'; estimate: number } | { kind: 'tokens'; estimate: number; token: string } | { kind: 'walk'; estimate: number };

/**
 * What a row costs read one at a time through an index (token walk, sort-index walk: an index descent and a
 * random row each), against a row of the filter-first read (found by the GIN index, read in table order).
 */
const PROBE_COST = 3;

/**
 * The cheapest way to a page of a pattern, counting rows read: every row the GIN index finds (filter first),
 * or the rows of the least common token (tokens), or the rows in list order (walk), until `offset + max`
 * matches are found.
 */
export async function planOf(db: Kysely<any>, entity: ResolvedEntity, q: NormalQuery, wheres: Where[], pattern: Pattern | null): Promise<Plan> {
  if (!pattern) return { kind: 'plain' };
  const table = layoutOf(entity).table;
  const { matches: estimate, rows } = await patternEstimate(db, table, wheres, pattern);
  if (!pattern.indexed || estimate <= q.max) return { kind: 'filterFirst', estimate };
  const wanted = q.offset + q.max;
  const found = Math.min(rows, estimate / (pattern.checkedShare ?? 1));
  const walk = (tokenRows: number) => (PROBE_COST * wanted * tokenRows) / estimate;
  const costs = [
    { plan: { kind: 'filterFirst', estimate } as Plan, rows: found },
    { plan: { kind: 'walk', estimate } as Plan, rows: walk(rows) },
  ];
  // a token holds at least the rows of its term: when even that walk costs more than the cheapest plan,
  // the planner is not asked about the tokens (two round trips fewer for "mesa de roble")
  const tokenFloor = await fewestTermRows(db, table, pattern.terms, rows);
  const cheapest = Math.min(...costs.map((c) => c.rows));
  const driver = keepsTokens(entity) && q.sort === entity.sort.field && walk(tokenFloor) < cheapest ? await drivingToken(db, table, pattern.terms) : null;
  if (driver) costs.push({ plan: { kind: 'tokens', estimate, token: driver.token }, rows: walk(driver.rows) });
  return costs.reduce((a, b) => (b.rows < a.rows ? b : a)).plan;
}

/** Rows of the least common term that can make a token (SEARCH_HEAD letters or more), from the search words' statistics. */
async function fewestTermRows(db: Kysely<any>, table: string, terms: readonly string[], rows: number): Promise<number> {
  const long = terms.filter((t) => [...t].length >= SEARCH_HEAD);
  const shares = long.length ? await termShares(db, table, long) : null;
  return shares ? Math.min(...shares) * rows : 0;
}

/**
 * Rows a pattern and the other clauses match, and rows of the table: the pattern's share from the search
 * words' statistics (./search-stats.ts), the other clauses' from the planner; the planner alone before the
 * first ANALYZE.
 */
async function patternEstimate(db: Kysely<any>, table: string, wheres: Where[], pattern: Pattern): Promise<{ matches: number; rows: number }> {
  const words = pattern.indexed ? await estimateMatches(db, table, pattern.terms) : null;
  if (!words) {
    const all = await plannedRows(matching(db, table, whereAll(wheres)));
    return { matches: await plannedRows(matching(db, table, whereAll([...wheres, pattern.where]))), rows: all };
  }
  // a rare term bounds the matches by its own rows, counted when they are few
  const rare = words.rare.length ? await countRare(db, table, words.rare, RARE_PROBE) : RARE_PROBE;
  const share = Math.min(words.matches, rare < RARE_PROBE ? rare : Infinity) / words.rows;
  if (!wheres.length) return { matches: share * words.rows, rows: words.rows };
  return { matches: share * (await plannedRows(matching(db, table, whereAll(wheres)))), rows: words.rows };
}

/**
 * One page of `columns` (plus id) and the total of matching rows. `search.paths`: search these fields instead
 * of the entity's search fields; `search.core`: the entity shows a core table (no stored search words);
 * `search.lang`: the caller's language (`Ordering`).
 */
export async function queryPage(
  db: Kysely<any>,
  entity: ResolvedEntity,
  q: NormalQuery,
  wheres: Where[],
  columns: readonly string[],
  search: Ordering & { paths?: readonly string[] } = {},
): Promise<Page> {
  const table = layoutOf(entity).table;
  const typed = q.pattern ? patternOf(entity, q.pattern, search) : null;
  const pattern = typed && (await expandPattern(db, table, typed));
  if (typed && !pattern) return { total: 0, estimated: false, rows: [] };
  const where = whereAll(pattern ? [...wheres, pattern.where] : wheres);
  const plan = await planOf(db, entity, q, wheres, pattern);
  if (plan.kind === 'filterFirst') {
    const found = await filteredPage(db, entity, q, where, columns, search, plan.estimate).execute();
    if (found.length) return { total: Number(found[0].$total), estimated: false, rows: found.map(({ $total: _, ...row }: Record<string, unknown>) => row) };
    if (q.offset === 0) return { total: 0, estimated: false, rows: [] };
    // past the last page: the count comes on its own
  }
  const rows = await (plan.kind === 'tokens' ? tokenPage(db, entity, q, plan.token, where, columns) : pageQuery(db, entity, q, where, columns, search)).execute();
  // a page that is not full is the last one: what came before it and on it is every match
  if (pattern && rows.length < q.max && (rows.length > 0 || q.offset === 0)) return { total: q.offset + rows.length, estimated: false, rows };
  // counting up to a thousand matches costs a read of each: only when the estimate says it may be worth it
  if (plan.kind !== 'plain' && plan.estimate > 2 * EXACT_TOTAL_UP_TO) return { total: Math.max(q.offset + rows.length, Math.round(plan.estimate)), estimated: true, rows };
  return { ...(await totalOf(db, table, where, plan.kind === 'plain' ? undefined : plan.estimate)), rows };
}
