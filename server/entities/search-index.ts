/**
 * Keeping the search data of ./search.ts: at start-up (`syncSearch`, in the storage transaction: the column, its
 * GIN index, the token table, and a full rebuild when what they are built from changed) and on every write of
 * the pipeline (`recordVector` in the row's own insert or update, `forgetRow` before a row changes or goes, `indexRow`
 * once it is written: its tokens and any word new to the word table; `reindexReferrers` when a row's label, which
 * other rows search by, changed).
 * A row's words are the engine's own (engine/text/search.ts `searchWords`), computed here in JavaScript — the
 * same function the browser runs — and stored as a tsvector; the tokens are derived from them in SQL.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { searchWords } from '../../engine/text/search';
import { layoutOf } from './layout';
import { headSql, keepsTokens, recordSearchText, referenceLabel, SEARCH_COLUMN, searchPaths, searchSignature, searchSite, searchText, sortKeySql, tokenTable, wordTable, type ReferenceTexts, type SearchSite } from './search';

type Db = Kysely<any>;
type RowWhere = (alias: string) => RawBuilder<unknown>;

const ginName = (table: string) => `${table.slice(0, 50)}__search_gin`;

/** Statistics kept of the words: their frequencies estimate how many rows a pattern matches (./search-stats.ts). */
const WORD_STATISTICS = 1000;
/** Rows whose words are computed per round trip of a bulk rebuild. */
const BATCH = 2000;

/** The (token, sort key, id) rows of the stored rows `where` selects. */
function tokensOf(entity: ResolvedEntity, where: RowWhere) {
  const table = layoutOf(entity).table;
  return sql`select distinct ${headSql(sql.ref('w'))} as token, ${sortKeySql(sql.ref(`t.${entity.sort.field}`))} as sk, t.id
    from ${sql.table(table)} t, unnest(tsvector_to_array(t.${sql.id(SEARCH_COLUMN)})) w where ${where('t')}`;
}

/** The distinct words of the stored rows `where` selects. */
function wordsIn(entity: ResolvedEntity, where: RowWhere) {
  return sql`select distinct w from ${sql.table(layoutOf(entity).table)} t, unnest(tsvector_to_array(t.${sql.id(SEARCH_COLUMN)})) w where ${where('t')}`;
}

/**
 * Adds the words of the rows `where` selects that the word table (./search.ts `wordTable`) lacks. The table has
 * no unique key on purpose: two writers adding the same new word neither wait for each other nor deadlock; the
 * rare duplicate is harmless (the lookup takes distinct words) and goes at the next rebuild.
 */
function addWords(entity: ResolvedEntity, where: RowWhere) {
  const words = wordTable(layoutOf(entity).table);
  return sql`insert into ${sql.table(words)} (word) select x.w from (${wordsIn(entity, where)}) x(w)
    where not exists (select 1 from ${sql.table(words)} d where d.word = x.w)`;
}

const everyRow: RowWhere = () => sql`true`;
const oneRow = (id: number): RowWhere => (alias) => sql`${sql.ref(`${alias}.id`)} = ${id}`;
const someRows = (ids: readonly number[]): RowWhere => (alias) => sql`${sql.ref(`${alias}.id`)} = any(${sql.val(ids)}::int[])`;

/** A row's words as the value of its search column (words hold no space: it separates them). */
export const wordsVector = (words: readonly string[]) => sql`array_to_tsvector(${[...words]}::text[])`;

/** The search column's value for a record about to be written (its child rows and `referenceTexts` included). */
export function recordVector(entity: ResolvedEntity, record: Record<string, unknown>, references?: ReferenceTexts) {
  return wordsVector(searchWords(recordSearchText(entity, record, references)));
}

type ReferenceSite = Extract<SearchSite, { kind: 'reference' }>;
const referenceSitesCache = new WeakMap<ResolvedEntity, ReferenceSite[]>();

/** The entity's search fields that are references (a record's `cliente`). */
export function referenceSites(entity: ResolvedEntity): ReferenceSite[] {
  let sites = referenceSitesCache.get(entity);
  if (!sites) {
    sites = searchPaths(entity).flatMap((p) => {
      const site = searchSite(entity, p);
      return site?.kind === 'reference' ? [site] : [];
    });
    referenceSitesCache.set(entity, sites);
  }
  return sites;
}

/** The labels of the rows a record's reference search fields name (one statement; none without such fields). */
export async function referenceTexts(db: Db, entity: ResolvedEntity, record: Record<string, unknown>): Promise<ReferenceTexts> {
  const sites = referenceSites(entity).filter((site) => typeof record[site.field] === 'number');
  if (!sites.length) return {};
  const { rows } = await sql<Record<string, string | null>>`select ${sql.join(sites.map((site, i) => sql`${referenceLabel(site.rule, sql.val(record[site.field]))} as ${sql.id(`t${i}`)}`))}`.execute(db);
  return Object.fromEntries(sites.map((site, i) => [site.field, rows[0][`t${i}`] ?? '']));
}

/** Stores the words of some rows: `[id, words]` pairs, in one statement. */
async function storeWords(db: Db, entity: ResolvedEntity, rows: readonly (readonly [number, string[]])[]) {
  if (!rows.length) return;
  await sql`update ${sql.table(layoutOf(entity).table)} t set ${sql.id(SEARCH_COLUMN)} = array_to_tsvector(string_to_array(v.w, ' '))
    from unnest(${rows.map((r) => r[0])}::int[], ${rows.map((r) => r[1].join(' '))}::text[]) as v(id, w) where t.id = v.id`.execute(db);
}

/**
 * Computes the words of the rows `where` selects, a batch at a time in id order; `before` and `after` hear each
 * batch's ids before and after its words are stored. The rows' search text is read in SQL (child fields and
 * references' labels included) and split by the engine. Answers the rows done.
 */
async function wordsInBatches(db: Db, entity: ResolvedEntity, where: RowWhere, hooks: { before?: BatchHook; after?: BatchHook } = {}) {
  const table = layoutOf(entity).table;
  let done = 0;
  for (let last = 0; ; ) {
    const { rows } = await sql<{ id: number; text: string }>`select t.id, ${searchText(entity, 't')} as text from ${sql.table(table)} t
      where t.id > ${last} and ${where('t')} order by t.id limit ${BATCH}`.execute(db);
    if (!rows.length) return done;
    const ids = rows.map((r) => r.id);
    await hooks.before?.(ids);
    await storeWords(db, entity, rows.map((r) => [r.id, searchWords(r.text)] as const));
    await hooks.after?.(ids);
    done += rows.length;
    last = rows[rows.length - 1].id;
  }
}
type BatchHook = (ids: number[]) => Promise<void>;

/** The new words of rows just given their words, and their tokens. */
async function indexRows(db: Db, entity: ResolvedEntity, ids: readonly number[]): Promise<void> {
  await addWords(entity, someRows(ids)).execute(db);
  if (keepsTokens(entity)) await sql`insert into ${sql.table(tokenTable(layoutOf(entity).table))} (token, sk, id) ${tokensOf(entity, someRows(ids))} on conflict do nothing`.execute(db);
}

/** Before rows' words change: their tokens go (they carry the current words). */
async function forgetRows(db: Db, entity: ResolvedEntity, ids: readonly number[]): Promise<void> {
  if (!keepsTokens(entity)) return;
  await sql`delete from ${sql.table(tokenTable(layoutOf(entity).table))} s using (${tokensOf(entity, someRows(ids))}) o
    where s.token = o.token and s.sk = o.sk and s.id = o.id`.execute(db);
}

/**
 * After a row's label changed (a client renamed): the rows whose words hold it, through a reference search field,
 * get their words and tokens anew, in the same transaction. Answers the rows redone per table.
 */
export async function reindexReferrers(db: Db, entities: readonly ResolvedEntity[], target: ResolvedEntity, id: number): Promise<Map<string, number>> {
  const done = new Map<string, number>();
  for (const entity of entities)
    for (const site of referenceSites(entity)) {
      if (site.rule.entity !== target.name) continue;
      const where: RowWhere = (alias) => sql`${sql.ref(`${alias}.${site.field}`)} = ${id}`;
      const n = await wordsInBatches(db, entity, where, { before: (ids) => forgetRows(db, entity, ids), after: (ids) => indexRows(db, entity, ids) });
      if (n) done.set(layoutOf(entity).table, (done.get(layoutOf(entity).table) ?? 0) + n);
    }
  return done;
}

async function signatureOf(db: Db, table: string): Promise<string | null> {
  const { rows } = await sql<{ d: string | null }>`
    select col_description(c.oid, a.attnum) as d from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.relname = ${table} and c.relnamespace = current_schema()::regnamespace and a.attname = ${SEARCH_COLUMN} and not a.attisdropped`.execute(db);
  return rows[0]?.d ?? null;
}

/** Builds the token table anew from the search column of every row (a bulk load, then its key). */
async function rebuildTokens(db: Db, entity: ResolvedEntity) {
  const tokens = tokenTable(layoutOf(entity).table);
  await sql`drop table if exists ${sql.table(tokens)}`.execute(db);
  if (!keepsTokens(entity)) return;
  await sql`create table ${sql.table(tokens)} (token text collate "C" not null, sk text collate "C" not null, id integer not null)`.execute(db);
  await sql`insert into ${sql.table(tokens)} (token, sk, id) ${tokensOf(entity, everyRow)}`.execute(db);
  await sql`alter table ${sql.table(tokens)} add primary key (token, sk, id)`.execute(db);
  await sql`alter table ${sql.table(tokens)} alter column token set statistics ${sql.lit(WORD_STATISTICS)}`.execute(db);
}

/** Builds the word table anew from the search column of every row. */
async function rebuildWords(db: Db, entity: ResolvedEntity) {
  const words = wordTable(layoutOf(entity).table);
  await sql`drop table if exists ${sql.table(words)}`.execute(db);
  await sql`create table ${sql.table(words)} (word text collate "C" not null)`.execute(db);
  await sql`insert into ${sql.table(words)} (word) ${wordsIn(entity, everyRow)}`.execute(db);
  await sql`create index ${sql.id(`${words.slice(0, 50)}_word`)} on ${sql.table(words)} (word)`.execute(db);
}

/** Recomputes every row's search data: after a bulk load that bypassed the pipeline, or when the search fields changed. */
export async function rebuildSearch(db: Db, entity: ResolvedEntity): Promise<void> {
  await wordsInBatches(db, entity, everyRow);
  await rebuildWords(db, entity);
  await rebuildTokens(db, entity);
}

/** Rows written without the pipeline since the last start (an import) have no words yet: they get them, and their tokens. */
async function indexMissing(db: Db, entity: ResolvedEntity): Promise<void> {
  const missing: RowWhere = (alias) => sql`${sql.ref(`${alias}.${SEARCH_COLUMN}`)} is null`;
  await wordsInBatches(db, entity, missing, { after: (ids) => indexRows(db, entity, ids) });
}

/** Brings the entity's search data in line with its metadata (start-up, in the storage transaction). */
export async function syncSearch(db: Db, entity: ResolvedEntity): Promise<void> {
  const table = layoutOf(entity).table;
  if (!searchPaths(entity).length) {
    await sql`drop table if exists ${sql.table(tokenTable(table))}`.execute(db);
    await sql`drop table if exists ${sql.table(wordTable(table))}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column if exists ${sql.id(SEARCH_COLUMN)}`.execute(db);
    return;
  }
  const signature = searchSignature(entity);
  if ((await signatureOf(db, table)) === signature) {
    // an install from before the word table: it is built from the words already stored
    const { rows } = await sql<{ t: string | null }>`select to_regclass(${wordTable(table)})::text as t`.execute(db);
    if (!rows[0].t) await rebuildWords(db, entity);
    await indexMissing(db, entity);
    return directGin(db, table);
  }
  await sql`alter table ${sql.table(table)} add column if not exists ${sql.id(SEARCH_COLUMN)} tsvector`.execute(db);
  await sql`alter table ${sql.table(table)} alter column ${sql.id(SEARCH_COLUMN)} set statistics ${sql.lit(WORD_STATISTICS)}`.execute(db);
  await rebuildSearch(db, entity);
  await sql`create index if not exists ${sql.id(ginName(table))} on ${sql.table(table)} using gin (${sql.id(SEARCH_COLUMN)}) with (fastupdate = off)`.execute(db);
  await directGin(db, table);
  await sql`comment on column ${sql.table(table)}.${sql.id(SEARCH_COLUMN)} is ${sql.lit(signature)}`.execute(db);
}

/**
 * The GIN index takes each save's words at once (fastupdate off). With PostgreSQL's default, new words wait in a
 * pending list that every search reads in full until a vacuum or 4 MB of them: at a million rows autovacuum comes
 * after 200,000 inserts, and 4,000 saved articles made "mesa de roble" read 82 pending pages, 7 ms to 11 ms.
 * An index made with the default is switched and its pending list merged once.
 */
async function directGin(db: Db, table: string): Promise<void> {
  const { rows } = await sql<{ options: string[] | null }>`select reloptions as options from pg_class
    where oid = to_regclass(${ginName(table)})`.execute(db);
  if (!rows.length || rows[0].options?.includes('fastupdate=off')) return;
  await sql`alter index ${sql.id(ginName(table))} set (fastupdate = off)`.execute(db);
  await sql`select gin_clean_pending_list(${ginName(table)}::regclass)`.execute(db);
}

/** Before a row changes or is deleted: its tokens go (they carry its current words and sort key). */
export async function forgetRow(db: Db, entity: ResolvedEntity, id: number): Promise<number> {
  if (!keepsTokens(entity)) return 0;
  const tokens = tokenTable(layoutOf(entity).table);
  const { numAffectedRows } = await sql`delete from ${sql.table(tokens)} s using (${tokensOf(entity, oneRow(id))}) o
    where s.token = o.token and s.sk = o.sk and s.id = ${id}`.execute(db);
  return Number(numAffectedRows ?? 0);
}

/**
 * Once a row is written with its words (`recordVector`, in the same statement): its new words and its tokens,
 * in one statement. Answers the token rows written.
 */
export async function indexRow(db: Db, entity: ResolvedEntity, id: number): Promise<number> {
  if (!searchPaths(entity).length) return 0;
  const words = addWords(entity, oneRow(id));
  if (!keepsTokens(entity)) {
    await words.execute(db);
    return 0;
  }
  const tokens = tokenTable(layoutOf(entity).table);
  const { numAffectedRows } = await sql`with w as (${words}) insert into ${sql.table(tokens)} (token, sk, id) ${tokensOf(entity, oneRow(id))} on conflict do nothing`.execute(db);
  return Number(numAffectedRows ?? 0);
}
