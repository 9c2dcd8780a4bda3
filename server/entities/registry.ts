/**
 * The entities of schemas/: every folder's schema.json, columns.json and optional ui.json, resolved with
 * the engine's defaults (engine/metadata/resolve.ts). Read once at start-up; bad metadata stops the start
 * with a message naming the file, because every name here becomes a table, a column or a route.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveEntity, scalarType, type ResolvedEntity } from '../../engine/metadata/resolve';
import type { ColumnsManifest, EntityMetadata, JsonSchema } from '../../engine/metadata/types';
import { validatorFor } from '../../engine/validation/ajv';
import { layoutOf, manifestIndex, storedField, CHILD_SYSTEM_COLUMNS, SYSTEM_COLUMNS } from './layout';
import { searchSite } from './search';

export interface Registry {
  entities: ResolvedEntity[];
  byName: ReadonlyMap<string, ResolvedEntity>;
  byList: ReadonlyMap<string, ResolvedEntity>;
}

export class MetadataError extends Error {
  constructor(file: string, problem: string) {
    super(`Bad metadata in ${file}: ${problem}`);
    this.name = 'MetadataError';
  }
}

const ENTITY_NAME = /^[a-z][a-z0-9_]{0,39}$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;
const LIST_NAME = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;
const TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);
/** Tables of the core schema (server/db/core-schema.ts) and lists of hand-written routes: not entity names. */
const RESERVED = new Set([
  'usuario', 'refresh_token', 'password_reset', 'login_attempt', 'comunicacion', 'reporte_error', 'app_setting',
  'row_config', 'rowConfig', 'reporteError', 'user', 'passwordRecovery', 'oauth', 'login', 'logout', 'me', 'version',
  'audit', 'audit_log', 'outbox_event',
]);

async function readJson(file: string, label: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new MetadataError(label, `cannot be read (${(err as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new MetadataError(label, `is not valid JSON (${(err as Error).message})`);
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isRoles = (x: unknown) => x === undefined || x === null || typeof x === 'string' || (Array.isArray(x) && x.every((r) => typeof r === 'string'));

function checkProperties(file: string, props: Record<string, JsonSchema>, reserved: readonly string[], where = '') {
  for (const [name, prop] of Object.entries(props)) {
    const at = `property "${where}${name}"`;
    if (!FIELD_NAME.test(name)) throw new MetadataError(file, `${at}: names are letters, digits and _ (at most 50)`);
    if (reserved.includes(name)) throw new MetadataError(file, `${at}: ${reserved.join(', ')} are added by the server; don't declare them`);
    if (!isObject(prop)) throw new MetadataError(file, `${at} is not an object`);
    const types = (Array.isArray(prop.type) ? prop.type : [prop.type]).filter((t) => t !== 'null');
    if (types.length !== 1 || !TYPES.has(String(types[0])))
      throw new MetadataError(file, `${at}: "type" must be one of ${[...TYPES].join(', ')} (optionally with "null")`);
    if (types[0] === 'array' && isObject(prop.items) && scalarType(prop.items) === 'object' && !where) {
      if (!isObject(prop.items.properties)) throw new MetadataError(file, `${at}: items of a child table need "properties"`);
      checkProperties(file, prop.items.properties as Record<string, JsonSchema>, CHILD_SYSTEM_COLUMNS, `${name}.`);
    }
  }
}

function checkSchema(file: string, schema: unknown): asserts schema is JsonSchema {
  if (!isObject(schema)) throw new MetadataError(file, 'must be a JSON Schema object');
  if (schema.type !== 'object') throw new MetadataError(file, '"type" must be "object"');
  if (!isObject(schema.properties)) throw new MetadataError(file, '"properties" is missing');
  checkProperties(file, schema.properties as Record<string, JsonSchema>, SYSTEM_COLUMNS);
}

function checkManifest(file: string, m: unknown): asserts m is ColumnsManifest {
  if (!isObject(m)) throw new MetadataError(file, 'must be an object');
  if (!Array.isArray(m.columns)) throw new MetadataError(file, '"columns" must be a list');
  for (const c of m.columns) {
    if (typeof c === 'string') continue;
    if (!isObject(c) || typeof c.name !== 'string') throw new MetadataError(file, `column ${JSON.stringify(c)} needs a "name"`);
  }
  for (const key of ['editRoles', 'removeRoles', 'readRoles', 'addRoles', 'selectRoles'] as const)
    if (!isRoles(m[key])) throw new MetadataError(file, `"${key}" must be a role or a list of roles`);
  if (m.coreTable !== undefined && typeof m.coreTable !== 'boolean') throw new MetadataError(file, '"coreTable" must be true or false');
  if (m.list !== undefined && (typeof m.list !== 'string' || !LIST_NAME.test(m.list)))
    throw new MetadataError(file, '"list" must be letters, digits and _');
}

/** Checks the resolved entity against its own schema: every name the server turns into SQL must exist. */
function checkResolved(file: string, e: ResolvedEntity) {
  const props = e.schema.properties ?? {};
  const stored = (field: string) => field === 'id' || storedField(e, field) !== undefined;
  const seen = new Set<string>();
  for (const c of e.columns) {
    if (seen.has(c.name)) throw new MetadataError(file, `column "${c.name}" appears twice`);
    seen.add(c.name);
    // computed per row by the entity's module (listValues): never read from the table
    if (c.virtual) continue;
    if (!stored(c.field)) throw new MetadataError(file, `column "${c.name}" shows "${c.field}", which is not a property of schema.json (or is a child table)`);
    const type = c.field === 'id' ? 'integer' : scalarType(props[c.field]);
    const scalar = type !== 'object' && type !== 'array';
    if (c.sortable && !scalar) throw new MetadataError(file, `column "${c.name}": "${c.field}" is not a scalar, it cannot be sortable`);
    if (c.filter && !scalar) throw new MetadataError(file, `column "${c.name}": "${c.field}" is not a scalar, it cannot have a filter`);
    if (c.editable && (!scalar || c.field === 'id')) throw new MetadataError(file, `column "${c.name}": only scalar properties can be editable`);
  }
  const filters = e.columns.flatMap((c) => (c.filter ? [c.filter] : []));
  if (new Set(filters).size !== filters.length) throw new MetadataError(file, 'two columns share a filter key');
  const sortOk = e.sort.field === 'id' || e.sort.field === e.rowKey || e.columns.some((c) => c.sortable && c.field === e.sort.field);
  if (!sortOk) throw new MetadataError(file, `default sort "${e.sort.field}" is not a sortable column; set "sort"`);
  if (e.sort.order !== 'asc' && e.sort.order !== 'desc') throw new MetadataError(file, '"sort.order" must be asc or desc');
  for (const f of e.search)
    if (!searchSite(e, f))
      throw new MetadataError(file, `search field "${f}" is not a text property, a text property of an object ("datos.cuit"), a text field of a child table ("contactos.email") or a reference ("cliente")`);
  for (const f of e.labelFields)
    if (!stored(f) || !['string', 'integer', 'number'].includes(f === 'id' ? 'integer' : scalarType(props[f])))
      throw new MetadataError(file, `optionLabel "${f}" is not a scalar property of schema.json; set "optionLabel"`);
  if (!stored(e.rowKey)) throw new MetadataError(file, `rowKey "${e.rowKey}" is not a property of schema.json`);
  if (!Array.isArray(e.indexes)) throw new MetadataError(file, '"indexes" must be a list of lists of fields');
  for (const fields of e.indexes) {
    const found = manifestIndex(e, fields);
    if ('problem' in found) throw new MetadataError(file, `index ${JSON.stringify(fields)}: ${found.problem}`);
  }
}

/**
 * `coreTables`: core table names an entity may show anyway, because its extension declares `coreTable`
 * (read-only, storage only checks the table; server/entities/extension.ts).
 */
export async function loadEntity(dir: string, name: string, label = name, coreTables: ReadonlySet<string> = new Set()): Promise<ResolvedEntity> {
  const at = (f: string) => `${label}/${f}`;
  if (!ENTITY_NAME.test(name) || name.includes('__'))
    throw new MetadataError(label, 'folder names are lower-case letters, digits and single _ (at most 40), starting with a letter');
  if (RESERVED.has(name) && !coreTables.has(name)) throw new MetadataError(label, `"${name}" is a name the server uses itself`);
  if (!existsSync(path.join(dir, 'schema.json'))) throw new MetadataError(label, 'schema.json is missing');
  if (!existsSync(path.join(dir, 'columns.json'))) throw new MetadataError(label, 'columns.json is missing');
  const schema = await readJson(path.join(dir, 'schema.json'), at('schema.json'));
  checkSchema(at('schema.json'), schema);
  const columns = await readJson(path.join(dir, 'columns.json'), at('columns.json'));
  checkManifest(at('columns.json'), columns);
  let ui: EntityMetadata['ui'];
  if (existsSync(path.join(dir, 'ui.json'))) {
    const raw = await readJson(path.join(dir, 'ui.json'), at('ui.json'));
    if (!isObject(raw)) throw new MetadataError(at('ui.json'), 'must be an object');
    ui = raw;
  }
  const entity = resolveEntity({ name, schema, columns, ui });
  try {
    validatorFor(entity.schema);
  } catch (err) {
    throw new MetadataError(at('schema.json'), `ajv refuses it (${(err as Error).message})`);
  }
  checkResolved(at('columns.json'), entity);
  layoutOf(entity); // checks the table and child table names fit PostgreSQL
  return entity;
}

/** Every folder of `schemasDir` (folders starting with `.` or `_` are skipped). `coreTables`: see loadEntity. */
export async function loadRegistry(schemasDir: string, coreTables: ReadonlySet<string> = new Set()): Promise<Registry> {
  const root = path.resolve(schemasDir);
  let names: string[];
  try {
    names = (await readdir(root, { withFileTypes: true }))
      .filter((d) => d.isDirectory() && !/^[._]/.test(d.name))
      .map((d) => d.name)
      .sort();
  } catch (err) {
    throw new Error(`Cannot read the schemas folder ${root}: ${(err as Error).message}`, { cause: err });
  }
  const entities: ResolvedEntity[] = [];
  const byName = new Map<string, ResolvedEntity>();
  const byList = new Map<string, ResolvedEntity>();
  for (const name of names) {
    const label = path.join(path.relative(process.cwd(), root) || '.', name);
    const entity = await loadEntity(path.join(root, name), name, label, coreTables);
    if (RESERVED.has(entity.list) && !(coreTables.has(entity.list) && entity.list === entity.name)) throw new MetadataError(`${label}/columns.json`, `list "${entity.list}" is a route the server uses itself`);
    const other = byList.get(entity.list) ?? byList.get(entity.name) ?? [...byList.values()].find((e) => e.name === entity.list);
    if (other) throw new MetadataError(`${label}/columns.json`, `list "${entity.list}" clashes with entity "${other.name}"`);
    entities.push(entity);
    byName.set(entity.name, entity);
    byList.set(entity.list, entity);
  }
  return { entities, byName, byList };
}
