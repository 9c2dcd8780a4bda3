/**
 * Tables follow the schemas at start-up, never dropping data: missing tables are created, a new property
 * becomes `ADD COLUMN IF NOT EXISTS`, indexes follow the sortable and filterable columns. A column whose
 * type no longer matches its property stops the start (changing a type needs a hand-made migration).
 * Runs under an advisory lock, in one transaction, so several instances can start together.
 * Identifiers come only from the metadata (checked by registry.ts) and are quoted by Kysely.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { indexName, layoutOf, storedField, type SqlType, type TableLayout } from './layout';

/** Another constant than apply-schema's lock: the core schema and the entity tables are separate steps. */
const STORAGE_LOCK = 727_002;

/** information_schema.columns.data_type of each SqlType. */
const DATA_TYPE: Record<SqlType, string> = {
  text: 'text',
  integer: 'integer',
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

function checkTypes(existing: Existing, layout: TableLayout, system: Record<string, string>, file: string) {
  const columns = existing.get(layout.table);
  if (!columns) return;
  for (const [name, type] of Object.entries(system))
    if (columns.get(name) !== type)
      throw new Error(`table ${layout.table} exists but its column ${name} is not ${type}: it is not an entity table (${file})`);
  for (const f of layout.fields) {
    const found = columns.get(f.name);
    if (found && found !== DATA_TYPE[f.sqlType])
      throw new Error(
        `${file}: property "${f.name}" needs the column type ${f.sqlType} but ${layout.table}.${f.name} is ${found}; ` +
          'changing a type needs a hand-made migration (the server never drops data)',
      );
  }
}

async function addColumns(trx: Transaction<any>, layout: TableLayout) {
  for (const f of layout.fields)
    await sql`alter table ${sql.table(layout.table)} add column if not exists ${sql.id(f.name)} ${sql.raw(f.sqlType)}`.execute(trx);
}

async function createIndex(trx: Transaction<any>, table: string, columns: string[]) {
  const cols = sql.join(columns.map((c) => sql.id(c)));
  await sql`create index if not exists ${sql.id(indexName(table, columns))} on ${sql.table(table)} (${cols})`.execute(trx);
}

/** Indexed: sortable or filterable columns, and the common filters tipo / parentid. */
function indexedFields(entity: ResolvedEntity): string[] {
  const fields = new Set<string>();
  for (const c of entity.columns) if ((c.sortable || c.filter) && c.field !== 'id') fields.add(c.field);
  for (const f of ['tipo', 'parentid']) if (storedField(entity, f)) fields.add(f);
  return [...fields].filter((f) => storedField(entity, f)?.sqlType !== 'jsonb');
}

async function syncEntity(trx: Transaction<any>, entity: ResolvedEntity, existing: Existing) {
  const layout = layoutOf(entity);
  const file = `schemas/${entity.name}/schema.json`;
  checkTypes(existing, layout, { id: 'integer', version: 'integer' }, file);
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
  for (const f of indexedFields(entity)) await createIndex(trx, layout.table, [f]);

  for (const child of layout.children) {
    checkTypes(existing, child, { id: 'integer', parent_id: 'integer', position: 'integer' }, file);
    await trx.schema
      .createTable(child.table)
      .ifNotExists()
      .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
      .addColumn('parent_id', 'integer', (c) => c.notNull().references(`${layout.table}.id`).onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await addColumns(trx, child);
    await createIndex(trx, child.table, ['parent_id', 'position']);
  }
}

/** Column types a property may show in a core table: its own, and for text also timestamptz (read as a date). */
const CORE_TYPES: Record<SqlType, readonly string[]> = {
  text: ['text', 'character varying', 'timestamp with time zone'],
  integer: ['integer'],
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
    for (const entity of entities) {
      if (coreTables.has(entity.name)) checkCoreTable(existing, entity);
      else await syncEntity(trx, entity, existing);
    }
    await after?.(trx);
  });
}
