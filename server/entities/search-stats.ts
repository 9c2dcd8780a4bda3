/**
 * How many rows a pattern matches, estimated from the statistics the database keeps of the search words (the
 * most common words of the `_search` column and their frequencies, refreshed by ANALYZE). PostgreSQL's own
 * estimate of a prefix query is a fixed guess (2 % of the rows when few common words match the prefix), too far
 * off both to choose how to read a page and to show as a total; each term's share of rows is instead the
 * frequency of the common words it starts, and the terms are taken as independent.
 */
import { sql, type Kysely } from 'kysely';
import { SEARCH_COLUMN } from './search';

interface WordStats {
  rows: number;
  /** The most common words, sorted, with the share of rows holding each. */
  words: string[];
  freqs: number[];
  /** Share of rows of the least common word listed: a word not listed is rarer. */
  minFreq: number;
  at: number;
}

/** Statistics change with ANALYZE, which runs after many writes: a minute's cache is fresh enough. */
const TTL_MS = 60_000;
const cache = new WeakMap<Kysely<any>, Map<string, WordStats | null>>();

async function load(db: Kysely<any>, table: string): Promise<WordStats | null> {
  const { rows } = await sql<{ rows: number; words: string[] | null; freqs: number[] | null }>`
    select greatest(c.reltuples, 0)::float8 as rows, s.most_common_elems::text::text[] as words, s.most_common_elem_freqs::float8[] as freqs
    from pg_class c left join pg_stats s on s.schemaname = current_schema() and s.tablename = c.relname and s.attname = ${SEARCH_COLUMN}
    where c.relname = ${table} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  const r = rows[0];
  if (!r?.words?.length || !r.freqs || r.rows <= 0) return null;
  // the frequencies end with the minimum, the maximum and the share of nulls
  const pairs = r.words.map((w, i) => [w, Number(r.freqs![i])] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { rows: r.rows, words: pairs.map((p) => p[0]), freqs: pairs.map((p) => p[1]), minFreq: Number(r.freqs[r.words.length]), at: Date.now() };
}

async function statsOf(db: Kysely<any>, table: string): Promise<WordStats | null> {
  let byTable = cache.get(db);
  if (!byTable) cache.set(db, (byTable = new Map()));
  const known = byTable.get(table);
  if (known !== undefined && (known === null ? false : Date.now() - known.at < TTL_MS)) return known;
  const fresh = await load(db, table);
  byTable.set(table, fresh);
  return fresh;
}

/** The first index of a sorted list whose word is not below `s`. */
function lowerBound(words: readonly string[], s: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid] < s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether `term` starts none of the common words: the statistics only bound its rows from above. */
const isRare = (stats: WordStats, term: string) => !stats.words[lowerBound(stats.words, term)]?.startsWith(term);

/** Share of rows holding a word that starts with `term`: the common words it starts, as independent events. */
function termShare(stats: WordStats, term: string): number {
  let none = 1;
  for (let i = lowerBound(stats.words, term); i < stats.words.length && stats.words[i].startsWith(term); i++) none *= 1 - stats.freqs[i];
  return Math.max(1 - none, stats.minFreq / 2);
}

/** Each term's share of the rows (the words it starts, from the statistics); null when there are none yet. */
export async function termShares(db: Kysely<any>, table: string, terms: readonly string[]): Promise<number[] | null> {
  const stats = await statsOf(db, table);
  return stats && terms.map((t) => termShare(stats, t));
}

/**
 * Rows of `table` whose search words match every term, and the rows of the table; null when the table has no
 * statistics yet.
 */
export async function estimateMatches(
  db: Kysely<any>,
  table: string,
  terms: readonly string[],
): Promise<{ matches: number; rows: number; rare: string[] } | null> {
  const stats = await statsOf(db, table);
  if (!stats) return null;
  return { matches: stats.rows * terms.reduce((share, t) => share * termShare(stats, t), 1), rows: stats.rows, rare: terms.filter((t) => isRare(stats, t)) };
}

/**
 * Rows holding words that start with every one of `terms`, counted up to `limit`: for terms rarer than every
 * common word the count is read from the GIN index's short posting lists, where the statistics only give a
 * ceiling (a code fragment matching 100 rows would otherwise be taken for 1.6 % of the table).
 */
export async function countRare(db: Kysely<any>, table: string, terms: readonly string[], limit: number): Promise<number> {
  const query = terms.map((t) => `'${t}':*`).join(' & ');
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${sql.table(table)}
    where ${sql.ref(SEARCH_COLUMN)} @@ ${query}::tsquery limit ${limit}) m`.execute(db);
  return rows[0].n;
}
