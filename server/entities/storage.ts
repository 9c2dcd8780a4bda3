/**
 * Tables follow the schemas at start-up, never dropping data: missing tables are created, a new property
 * becomes `ADD COLUMN IF NOT EXISTS`, indexes follow the sortable and filterable columns. A column whose
 * type no longer matches its property stops the start (changing a type needs a hand-made migration).
 * Runs under an advisory lock, in one transaction, so several instances can start together.
 * Identifiers come only from the metadata (checked by registry.ts) and are quoted by Kysely.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { createHash } from 'node:crypto';
import { indexName, layoutOf, manifestIndex, storedField, type SqlType, type TableLayout } from './layout';
import { SORT_KEY_VERSION, sortKeySql, tokenTable } from './search';
import { syncSearch } from './search-index';
import { keepVisible } from '../db/vacuum-options';
import { siteIndexExpression } from '../documents/sites';
import { uniqueExpression } from '../documents/unique';

/** Another constant than apply-schema's lock: the core schema and the entity tables are separate steps. */
const STORAGE_LOCK = 727_002;

/** information_schema.columns.data_type of each SqlType. */
const DATA_TYPE: Record<SqlType, string> = {
  text: 'text',
  integer: 'integer',
  numeric: 'numeric',
  'double precision': 'double precision',
  boolean: 'boolean',
  jsonb: 'jsonb',
};

type Existing = Map<string, Map<string, string>>;

async function existingColumns(trx: Transaction<any>): Promise<Existing> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema()`.execute(trx);
  const out: Existing = new Map();
  for (const r of rows) {
    if (!out.has(r.table_name)) out.set(r.table_name, new Map());
    out.get(r.table_name)!.set(r.column_name, r.data_type);
  }
  return out;
}

/** Type changes the server makes itself, without loss: a float column of money or quantities becomes exact. */
const WIDENINGS: Record<string, SqlType> = { 'double precision': 'numeric' };

/** Checks the columns of an existing table; answers the columns to widen (WIDENINGS). */
function checkTypes(existing: Existing, layout: TableLayout, system: Record<string, string>, file: string): string[] {
  const columns = existing.get(layout.table);
  if (!columns) return [];
  for (const [name, type] of Object.entries(system))
    if (columns.get(name) !== type)
      throw new Error(`table ${layout.table} exists but its column ${name} is not ${type}: it is not an entity table (${file})`);
  const widen: string[] = [];
  for (const f of layout.fields) {
    const found = columns.get(f.name);
    if (found && WIDENINGS[found] === f.sqlType) widen.push(f.name);
    else if (found && found !== DATA_TYPE[f.sqlType])
      throw new Error(
        `${file}: property "${f.name}" needs the column type ${f.sqlType} but ${layout.table}.${f.name} is ${found}; ` +
          'changing a type needs a hand-made migration (the server never drops data)',
      );
  }
  return widen;
}

/** double precision -> numeric keeps every value (a float of a few decimals converts to that decimal). */
async function widen(trx: Transaction<any>, layout: TableLayout, columns: string[]) {
  for (const c of columns) {
    const f = layout.fields.find((x) => x.name === c)!;
    await sql`alter table ${sql.table(layout.table)} alter column ${sql.id(c)} type ${sql.raw(f.sqlType)} using ${sql.id(c)}::${sql.raw(f.sqlType)}`.execute(trx);
  }
}

async function addColumns(trx: Transaction<any>, layout: TableLayout) {
  for (const f of layout.fields)
    await sql`alter table ${sql.table(layout.table)} add column if not exists ${sql.id(f.name)} ${sql.raw(f.sqlType)}`.execute(trx);
}

async function createIndex(trx: Transaction<any>, table: string, columns: readonly string[]) {
  const cols = sql.join(columns.map((c) => sql.id(c)));
  await sql`create index if not exists ${sql.id(indexName(table, columns))} on ${sql.table(table)} (${cols})`.execute(trx);
}

/**
 * B-tree indexes: a sortable column gets (column, id), the order of a page (list.ts sorts by the column,
 * then id), so a page — also one deep in the list — is read from the index alone; a filterable one or the
 * common filters tipo / parentid get (column).
 */
function btreeIndexes(entity: ResolvedEntity): string[][] {
  const sortable = new Set<string>();
  const filtered = new Set<string>();
  for (const c of entity.columns) {
    if (c.field === 'id') continue;
    if (c.sortable) sortable.add(c.field);
    else if (c.filter) filtered.add(c.field);
  }
  for (const f of ['tipo', 'parentid']) if (storedField(entity, f) && !sortable.has(f)) filtered.add(f);
  // a referencing column is looked up when its row is deleted, and filtered by the list
  for (const r of entity.references) if (r.site.kind === 'column' && !sortable.has(r.site.field)) filtered.add(r.site.field);
  const indexable = (f: string) => !!storedField(entity, f) && storedField(entity, f)?.sqlType !== 'jsonb';
  // a sortable text column is sorted by its sort key (sortKeyIndexes), so that is what its index holds
  const byValue = (f: string) => storedField(entity, f)?.sqlType !== 'text';
  return [...[...sortable].filter(indexable).filter(byValue).map((f) => [f, 'id']), ...[...filtered].filter(indexable).map((f) => [f])];
}

/** `<table>_<kind>_<hash>`: an index over an expression (a nested reference, a unique rule), named by what it covers. */
function expressionIndexName(table: string, kind: 'ref' | 'uq' | 'sk' | 'ix', what: string): string {
  return `${table.slice(0, 40)}_${kind}_${createHash('sha1').update(`${table}:${what}`).digest('hex').slice(0, 8)}`;
}
const isExpressionIndexName = (name: string) => /_(ref|uq|sk|ix)_[0-9a-f]{8}$/.test(name);
const isManifestIndexName = (name: string) => /_ix_[0-9a-f]{8}$/.test(name);

interface ExpressionIndex {
  name: string;
  expressions: RawBuilder<unknown>[];
  include?: string;
}

/**
 * The manifest's `indexes` (ColumnsManifest) on `table` (the entity's or a child's): on the entity's table the
 * last field orders a page, so a text one is its sort key (the order list.ts reads), then `id`.
 */
function manifestIndexes(entity: ResolvedEntity, table: string): ExpressionIndex[] {
  const out: ExpressionIndex[] = [];
  for (const fields of entity.indexes) {
    const found = manifestIndex(entity, fields);
    if ('problem' in found || found.table !== table) continue;
    const last = found.columns.length - 1;
    const expressions = found.columns.map((c, i) => (!found.child && i === last && c.sqlType === 'text' ? sortKeySql(sql.ref(c.name)) : sql.ref(c.name)));
    // a sort key in it: the name changes with the key's rule, so an index of an older rule is replaced
    const keyed = !found.child && found.columns[last].sqlType === 'text';
    out.push({ name: expressionIndexName(table, 'ix', fields.join(',') + (keyed ? `:${SORT_KEY_VERSION}` : '')), expressions: found.child ? expressions : [...expressions, sql.ref('id')] });
  }
  return out;
}

async function createExpressionIndex(trx: Transaction<any>, table: string, x: ExpressionIndex) {
  await sql`create index if not exists ${sql.id(x.name)} on ${sql.table(table)} (${sql.join(x.expressions.map((e) => sql`(${e})`))})${x.include ? sql` include (${sql.id(x.include)})` : sql``}`.execute(trx);
}
/** Trigram indexes of an earlier release (patterns were contains-searches): dropped at start. */
const isTrigramIndexName = (name: string) => /_search_[0-9a-f]{8}_trgm$/.test(name);

/** Expression indexes of the entity's table: nested references and unique rules (server/documents/sites.ts, unique.ts). */
function expressionIndexes(entity: ResolvedEntity): ExpressionIndex[] {
  const table = layoutOf(entity).table;
  const out: ExpressionIndex[] = manifestIndexes(entity, table);
  for (const r of entity.references)
    if (r.site.kind === 'nested') out.push({ name: expressionIndexName(table, 'ref', r.path), expressions: [siteIndexExpression(r.site)] });
  for (const u of entity.unique)
    out.push({ name: expressionIndexName(table, 'uq', `${u.fields.join(',')}:${u.fold}`), expressions: u.sites.map((site) => uniqueExpression(entity, u, site)) });
  // a sortable text column: (sort key, id), the order of its pages (list.ts); the column comes along so that a
  // deep page finds its ids in the index alone (an index-only scan needs every column the key is made of)
  for (const c of entity.columns)
    if (c.sortable && c.field !== 'id' && storedField(entity, c.field)?.sqlType === 'text' && !out.some((x) => x.name === expressionIndexName(table, 'sk', `${c.field}+include:${SORT_KEY_VERSION}`)))
      out.push({ name: expressionIndexName(table, 'sk', `${c.field}+include:${SORT_KEY_VERSION}`), expressions: [sortKeySql(sql.ref(c.field)), sql.ref('id')], include: c.field });
  return out;
}

async function tableIndexes(trx: Transaction<any>, table: string): Promise<string[]> {
  const { rows } = await sql<{ indexname: string }>`
    select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(trx);
  return rows.map((r) => r.indexname);
}

/**
 * Indexes follow the metadata: the ones this file names (b-tree per field, sort key per sortable text column) are
 * created when wanted and dropped when no longer wanted (an index holds no data of its own); any other
 * index (made by hand) is left alone.
 */
async function syncIndexes(trx: Transaction<any>, entity: ResolvedEntity) {
  const { table, fields } = layoutOf(entity);
  const wanted = btreeIndexes(entity);
  const wantedNames = new Set(wanted.map((cols) => indexName(table, cols)));
  const expressions = expressionIndexes(entity);
  for (const x of expressions) wantedNames.add(x.name);
  const managed = (name: string) =>
    isTrigramIndexName(name) ||
    isExpressionIndexName(name) ||
    fields.some((f) => name === indexName(table, [f.name]) || name === indexName(table, [f.name, 'id']));
  for (const name of await tableIndexes(trx, table))
    if (managed(name) && !wantedNames.has(name)) await sql`drop index if exists ${sql.id(name)}`.execute(trx);
  for (const cols of wanted) await createIndex(trx, table, cols);
  for (const x of expressions) await createExpressionIndex(trx, table, x);
}

/** A child table's indexes: (parent_id, position) for loading a record, and one per referencing column. */
async function syncChildIndexes(trx: Transaction<any>, entity: ResolvedEntity, child: TableLayout & { name: string }) {
  await createIndex(trx, child.table, ['parent_id', 'position']);
  const wanted = entity.references.flatMap((r) => (r.site.kind === 'child' && r.site.child === child.name ? [r.site.field] : []));
  const wantedNames = new Set(wanted.map((f) => indexName(child.table, [f])));
  const manifest = manifestIndexes(entity, child.table);
  for (const x of manifest) wantedNames.add(x.name);
  const managed = (name: string) => isManifestIndexName(name) || child.fields.some((f) => name === indexName(child.table, [f.name]));
  for (const name of await tableIndexes(trx, child.table))
    if (managed(name) && !wantedNames.has(name)) await sql`drop index if exists ${sql.id(name)}`.execute(trx);
  for (const f of wanted) await createIndex(trx, child.table, [f]);
  for (const x of manifest) await createExpressionIndex(trx, child.table, x);
}

async function syncEntity(trx: Transaction<any>, entity: ResolvedEntity, existing: Existing) {
  const layout = layoutOf(entity);
  const file = `schemas/${entity.name}/schema.json`;
  const widened = checkTypes(existing, layout, { id: 'integer', version: 'integer' }, file);
  await trx.schema
    .createTable(layout.table)
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer')
    .execute();
  await addColumns(trx, layout);
  await widen(trx, layout, widened);
  await syncIndexes(trx, entity);

  for (const child of layout.children) {
    const childWidened = checkTypes(existing, child, { id: 'integer', parent_id: 'integer', position: 'integer' }, file);
    await trx.schema
      .createTable(child.table)
      .ifNotExists()
      .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
      .addColumn('parent_id', 'integer', (c) => c.notNull().references(`${layout.table}.id`).onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await addColumns(trx, child);
    await widen(trx, child, childWidened);
    await syncChildIndexes(trx, entity, child);
  }
  // after the child tables: search fields may be child fields
  await syncSearch(trx, entity);
}

/** Column types a property may show in a core table: its own, and for text also timestamptz (read as a date). */
const CORE_TYPES: Record<SqlType, readonly string[]> = {
  text: ['text', 'character varying', 'timestamp with time zone'],
  integer: ['integer'],
  numeric: ['numeric'],
  'double precision': ['double precision'],
  boolean: ['boolean'],
  jsonb: ['jsonb'],
};

/**
 * An entity over a core table (server/entities/extension.ts `coreTable`): the core schema owns the table,
 * so nothing is created or altered; the start fails unless it has id, version and a column of a fitting
 * type per property, and unless only text columns are filtered or searched.
 */
function checkCoreTable(existing: Existing, entity: ResolvedEntity) {
  const layout = layoutOf(entity);
  const file = `schemas/${entity.name}/schema.json`;
  const columns = existing.get(layout.table);
  if (!columns) throw new Error(`${file}: the core table ${layout.table} does not exist`);
  for (const name of ['id', 'version'])
    if (columns.get(name) !== 'integer') throw new Error(`${file}: the core table ${layout.table} needs an integer column ${name}`);
  for (const f of layout.fields) {
    const found = columns.get(f.name);
    if (!found || !CORE_TYPES[f.sqlType].includes(found))
      throw new Error(`${file}: property "${f.name}" (${f.sqlType}) has no fitting column in the core table ${layout.table} (${found ?? 'missing'})`);
  }
  const notText = (field: string) => storedField(entity, field)?.sqlType === 'text' && columns.get(field) !== 'text' && columns.get(field) !== 'character varying';
  for (const c of entity.columns)
    if (c.filter && notText(c.field)) throw new Error(`schemas/${entity.name}/columns.json: column "${c.name}" shows a date of a core table; set "filter": false`);
  for (const f of entity.search) if (notText(f)) throw new Error(`schemas/${entity.name}/columns.json: search field "${f}" is not a text column of the core table`);
}

/**
 * Brings the tables in line with the entities, then runs `after` (seeds) in the same locked transaction.
 * Entities named in `coreTables` show a core table: it is only checked (checkCoreTable).
 */
export async function syncStorage(
  db: Kysely<any>,
  entities: readonly ResolvedEntity[],
  after?: (trx: Transaction<any>) => Promise<void>,
  coreTables: ReadonlySet<string> = new Set(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(STORAGE_LOCK)})`.execute(trx);
    const existing = await existingColumns(trx);
    const owned: string[] = [];
    for (const entity of entities) {
      if (coreTables.has(entity.name)) checkCoreTable(existing, entity);
      else {
        await syncEntity(trx, entity, existing);
        const { table, children } = layoutOf(entity);
        owned.push(table, ...children.map((c) => c.table), tokenTable(table));
      }
    }
    await keepVisible(trx, owned);
    await after?.(trx);
  });
}
