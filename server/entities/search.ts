/**
 * A list's pattern in SQL (what it matches: engine/text/search.ts, the same constants). Each entity table with
 * `search` fields keeps:
 *
 * - `_search`, a tsvector of the words of its search fields (folded, codes also without their dashes), kept by
 *   the write pipeline (./search-index.ts) and answered by a GIN index: every term of a pattern is a prefix
 *   query (`'torn':* & 'galv':*`), so a narrow pattern is an intersection of posting lists;
 * - `_search_<table>` (token, sk, id): the first SEARCH_HEAD letters of each word of a row, with the row's sort
 *   key of the entity's default sort field. The rows of a word's head, in list order, are one range of its
 *   primary key: the first page of a broad pattern ("mes", 100,000 matches that sort late) is read in order
 *   and stops after a page, instead of finding and sorting every match.
 *
 * Search fields are properties (text), a text property of an object (`datos_fiscales.cuit`), a text field
 * of a child table (`contactos.email`) or a reference (`cliente`: the referenced row's label, as its column shows
 * it; kept up when that label changes, ./search-index.ts `reindexReferrers`). Text sorts by its sort key
 * (`sortKeySql`): Spanish order on either database, whatever its locale.
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { ReferenceRule } from '../../engine/metadata/references';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { COMBINING_MARKS, JOINED, LEADING_ZEROS, MATCH_FROM, MATCH_TO, MAX_WORD, NULL_SORT_KEY, SEPARATOR_CLASS, SORT_ENYE, SORT_KEY_RULE } from '../../engine/text/search';
import { childTable, layoutOf, storedField } from './layout';

/** Letters of a word that make its token: 3 finds a 3-letter prefix in one range. */
export const SEARCH_HEAD = 3;
/** The tsvector column of the search words. */
export const SEARCH_COLUMN = '_search';

export type SearchSite =
  | { kind: 'column'; field: string }
  | { kind: 'json'; field: string; key: string }
  | { kind: 'child'; child: string; table: string; field: string }
  | { kind: 'reference'; field: string; rule: ReferenceRule };

/** Where each search path of the entity is stored; null when a path names nothing searchable (registry checks it). */
export function searchSite(entity: ResolvedEntity, path: string): SearchSite | null {
  const [head, key, ...rest] = path.split('.');
  if (rest.length) return null;
  if (key === undefined) {
    const rule = entity.references.find((r) => r.site.kind === 'column' && r.site.field === head);
    if (rule) return { kind: 'reference', field: head, rule };
    return storedField(entity, head)?.sqlType === 'text' ? { kind: 'column', field: head } : null;
  }
  const field = storedField(entity, head);
  if (field?.sqlType === 'jsonb' && field.schema.properties?.[key]?.type === 'string') return { kind: 'json', field: head, key };
  const child = layoutOf(entity).children.find((c) => c.name === head);
  if (child && child.fields.find((f) => f.name === key)?.sqlType === 'text') return { kind: 'child', child: head, table: childTable(entity.name, head), field: key };
  return null;
}

/** The fields a pattern searches: the manifest's `search`, else the option label. */
export const searchPaths = (entity: ResolvedEntity): string[] =>
  entity.search.length ? entity.search : entity.labelFields.filter((f) => storedField(entity, f)?.sqlType === 'text');

/** The labels of the rows a record's reference search fields name, by field (./search-index.ts `referenceTexts`). */
export type ReferenceTexts = Readonly<Record<string, string>>;

/**
 * The search text of a stored record (with its child rows): its search fields joined by spaces; a reference's
 * text is its row's label, read beforehand (`references`).
 */
export function recordSearchText(entity: ResolvedEntity, record: Record<string, unknown>, references: ReferenceTexts = {}): string {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return searchPaths(entity)
    .map((p) => {
      const site = searchSite(entity, p)!;
      if (site.kind === 'column') return text(record[site.field]);
      if (site.kind === 'reference') return references[site.field] ?? '';
      const value = record[site.kind === 'child' ? site.child : site.field];
      if (site.kind === 'json') return value && typeof value === 'object' ? text((value as Record<string, unknown>)[site.key]) : '';
      return Array.isArray(value) ? value.map((row) => text(row?.[site.field])).filter(Boolean).join(' ') : '';
    })
    .join(' ');
}

/**
 * The label of the row a reference names (null when none): its entity's option label fields joined by spaces,
 * as a list shows it (a day as stored: words are split on its dashes either way).
 */
export function referenceLabel(rule: ReferenceRule, id: RawBuilder<unknown>): RawBuilder<string | null> {
  const fields = rule.labelFields ?? [];
  if (!fields.length) return sql<null>`null::text`;
  const parts = fields.map((f) => sql`r.${sql.id(f)}::text`);
  return sql<string | null>`(select concat_ws(' ', ${sql.join(parts)}) from ${sql.table(rule.entity)} r where r.id = ${id})`;
}

/** The search text of a row of `alias`: its search fields joined by spaces (as recordSearchText). */
export function searchText(entity: ResolvedEntity, alias: string): RawBuilder<string> {
  const parts = searchPaths(entity).map((p) => {
    const site = searchSite(entity, p)!;
    const ref = (f: string) => sql.ref(`${alias}.${f}`);
    if (site.kind === 'column') return sql`coalesce(${ref(site.field)}, '')`;
    if (site.kind === 'reference') return sql`coalesce(${referenceLabel(site.rule, ref(site.field))}, '')`;
    if (site.kind === 'json') return sql`coalesce(${ref(site.field)} ->> ${sql.lit(site.key)}, '')`;
    return sql`coalesce((select string_agg(c.${sql.id(site.field)}, ' ') from ${sql.table(site.table)} c where c.parent_id = ${ref('id')}), '')`;
  });
  return sql<string>`(${sql.join(parts, sql` || ' ' || `)})`;
}

/**
 * The words of a text as search words (engine/text/search.ts `searchWords`), as a text[], in SQL: for a search
 * over fields that keep no words (a core table, a call searching fewer fields), matched row by row. Stored words
 * are computed by the engine itself (./search-index.ts).
 */
function wordsOf(text: RawBuilder<string>): RawBuilder<string[]> {
  const folded = sql`translate(${text}, ${sql.lit(MATCH_FROM)}, ${sql.lit(MATCH_TO)})`;
  const both = sql`${folded} || ' ' || regexp_replace(${folded}, ${sql.lit(JOINED)}, ${sql.lit('\\1')}, 'g')`;
  // each word, and a number's without its leading zeros (engine `searchWords`)
  const words = sql`select w from regexp_split_to_table(${both}, ${sql.lit(`${SEPARATOR_CLASS}+`)}) w where w <> ''`;
  const bare = sql`select regexp_replace(w, ${sql.lit(LEADING_ZEROS)}, '') from (${words}) n(w) where w ~ '^[0-9]+$'`;
  return sql<string[]>`array(select distinct left(x.w, ${sql.lit(MAX_WORD)}) from (${words} union all ${bare}) x(w))`;
}

/** The tsvector of a row of `alias`, computed in place (core tables, fewer fields). */
export const searchVector = (entity: ResolvedEntity, alias: string): RawBuilder<unknown> => sql`array_to_tsvector(${wordsOf(searchText(entity, alias))})`;

/** COMBINING_MARKS with the marks themselves in it (an index expression holds a literal, not an escape to read). */
const MARKS_CLASS = COMBINING_MARKS.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
/**
 * How the SQL below computes the rule (same keys, another expression: indexes over it are made anew, the token
 * table's stored keys stay). `ascii`: a text of one byte a character skips the Unicode steps.
 */
const SORT_KEY_SQL_FORM = 'ascii';
/** Names an index over sort keys after the rule and expression that made them: an older one is dropped, not used. */
export const SORT_KEY_VERSION = createHash('sha1').update(`${SORT_KEY_RULE}:${SORT_KEY_SQL_FORM}`).digest('hex').slice(0, 6);

/**
 * The Spanish sort key of a text expression (compared bytewise: COLLATE "C"). An empty value sorts after every
 * text, as PostgreSQL sorts nulls: last going up, first going down.
 */
export const sortKeySql = (expr: RawBuilder<unknown>): RawBuilder<string> => {
  const enye = sql`replace(replace(${expr}, 'ñ', ${sql.lit(SORT_ENYE)}), 'Ñ', ${sql.lit(SORT_ENYE)})`;
  const bare = sql`regexp_replace(normalize(${enye}, NFD), ${sql.lit(MARKS_CLASS)}, '', 'g')`;
  // ASCII (as many bytes as characters in UTF-8) has no accent and no ñ: its key is its lower case, at about a
  // third of the cost (a filter-first page computes the key of every match)
  const key = sql`case when octet_length(${expr}) = char_length(${expr}) then lower(${expr} collate "C") else lower(${bare} collate "C") end`;
  return sql<string>`(coalesce(${key}, ${sql.lit(NULL_SORT_KEY)}) collate "C")`;
};

/** A pattern's terms as a tsquery: each a prefix, all required. Terms hold no quote or backslash (separators). */
export const termsQuery = (terms: readonly string[]): string => terms.map((t) => `'${t}':*`).join(' & ');

/**
 * The word table of an entity table: every word its rows' search words ever held (never deleted:
 * a word no row holds any more matches nothing). A typed term is answered as the exact words it starts
 * (`'mesa' | 'mesas'`) when they are few: the GIN index intersects exact words by skipping along their posting
 * lists, where a prefix (`'mesa':*`) makes it gather every row of each term first (5–7× slower for terms whose
 * words are in most rows, "de", "mm").
 */
export const wordTable = (table: string) => `_words_${table}`;

/** Words of the dictionary a term is expanded to, at most; a broader term stays a prefix. */
export const EXPAND_UP_TO = 64;

/**
 * The first text after every text that starts with `term`, compared bytewise (COLLATE "C": code point order):
 * its last character's successor. Null when there is none (the last code point).
 */
export function prefixEnd(term: string): string | null {
  const chars = [...term];
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return null;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1; // skip the surrogates: they are no characters
  return chars.join('') + String.fromCodePoint(next);
}

const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A pattern's terms as a tsquery where `words` says what each term expands to: its exact words (an
 * alternative of them), or null to keep it a prefix.
 */
export const expandedQuery = (terms: readonly string[], words: readonly (readonly string[] | null)[]): string =>
  terms.map((t, i) => (words[i] ? (words[i]!.length === 1 ? lexeme(words[i]![0]) : `(${words[i]!.map(lexeme).join(' | ')})`) : `'${t}':*`)).join(' & ');

/** The token table of an entity table. Entity names start with a letter, so no entity or child table has this name. */
export const tokenTable = (table: string) => `_search_${table}`;

/**
 * Whether the entity keeps a token table: it has search fields and a stored table, and its default sort field
 * is text (the tokens carry that field's sort key).
 */
export function keepsTokens(entity: ResolvedEntity): boolean {
  return searchPaths(entity).length > 0 && storedField(entity, entity.sort.field)?.sqlType === 'text';
}

/** The token of a word (its head) as SQL over a word expression. */
export const headSql = (word: RawBuilder<unknown>) => sql<string>`left(${word}, ${sql.lit(SEARCH_HEAD)})`;
export const headOf = (term: string) => [...term].slice(0, SEARCH_HEAD).join('');

/**
 * What the stored search data is built from: when it changes (other fields, another sort field, another
 * word rule), every row's search data is rebuilt at start-up.
 */
export function searchSignature(entity: ResolvedEntity): string {
  // a reference's label fields too, only where there is one (another signature would rebuild every entity)
  const labels = searchPaths(entity).flatMap((p) => {
    const site = searchSite(entity, p);
    return site?.kind === 'reference' ? [[p, site.rule.labelFields ?? []]] : [];
  });
  const what = JSON.stringify([searchPaths(entity), ...(labels.length ? [labels] : []), keepsTokens(entity) ? entity.sort.field : null, MATCH_FROM, MATCH_TO, SEPARATOR_CLASS, JOINED, MAX_WORD, SEARCH_HEAD, SORT_KEY_RULE, LEADING_ZEROS]);
  return createHash('sha1').update(what).digest('hex').slice(0, 16);
}
