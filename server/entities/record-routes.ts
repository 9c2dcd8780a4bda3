/**
 * The record calls of spec §7 for one entity (all POST, under /api):
 *
 * - `{entity}/show/{id}`, or `{entity}/show` with `{id}` -> the record `{id, version, ...fields, ...children}`; 404 NOT_FOUND
 * - `{entity}/save` `{...fields}` -> the stored record, version 1 (`id` / `version` in the body are ignored)
 * - `{entity}/update/{id}` `{...fields, version}` -> full replace (absent fields become empty, child rows are
 *   replaced); a version other than the stored one -> 409 VERSION_CONFLICT and nothing changes
 * - `{entity}/delete/{id}` -> `{ok: true}`; 404 NOT_FOUND
 * - `{entity}/updateColumn` `{rowid, tablename, colname, colvalue}` -> the stored record; tablename is the
 *   list url or the entity name, colname a column's name or field; only columns the manifest marks editable
 *   (else 400 COLUMN_NOT_EDITABLE); the value is checked against its property
 *
 * Bad records answer 400 VALIDATION_FAILED with per-field errors in the codes of engine/validation, and
 * nothing is written. A write and its child rows share one transaction. The entity's extension
 * (./extension.ts) hooks in: prepare, checkWrite, stored, afterWrite, afterDelete, present; an extension
 * over a core table (`coreTable`) makes the entity read-only: every write answers 403 FORBIDDEN.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { StoredRecord } from '../../engine/api/entityApi';
import type { FieldError } from '../../engine/errors';
import { scalarType, type ResolvedEntity } from '../../engine/metadata/resolve';
import type { JsonSchema } from '../../engine/metadata/types';
import { validateRecord } from '../../engine/validation/fieldErrors';
import type { Database } from '../db/types';
import type { TableUpkeep } from '../db/upkeep';
import { ApiError, badRequest, forbidden, notFound } from '../http/api-error';
import { allow, type Action } from './access';
import type { EntityExtension, WriteContext } from './extension';
import { INT_MAX, objectBody, onlyKeys, parseId, rangeErrors } from './input';
import { layoutOf } from './layout';
import { deleteRecord, insertRecord, loadRecord, replaceRecord, updateField } from './records';

type Data = Record<string, unknown>;
const SMALL_BODY = 64 * 1024;

/** Errors a response carries at most (a huge list of bad child rows would make a huge answer). */
const MAX_ERRORS = 100;

/** Schema errors, then integers out of the column range (NUL texts are refused by objectBody). */
export function recordErrors(entity: ResolvedEntity, data: Data): FieldError[] {
  const errors = validateRecord(entity.schema, data);
  const layout = layoutOf(entity);
  const range = rangeErrors(layout, data);
  for (const child of layout.children) {
    const items = data[child.name];
    if (Array.isArray(items))
      items.forEach((item, i) => {
        if (item && typeof item === 'object') range.push(...rangeErrors(child, item as Data, `${child.name}.${i}.`));
      });
  }
  const flagged = new Set(errors.map((e) => e.field));
  errors.push(...range.filter((e) => !flagged.has(e.field)));
  return errors.slice(0, MAX_ERRORS);
}

async function checkedWrite(ext: EntityExtension | undefined, trx: Transaction<any>, data: Data, id: number | null, ctx: WriteContext) {
  const errors = (await ext?.checkWrite?.(trx, data, id, ctx)) ?? [];
  if (errors.length) throw badRequest('VALIDATION_FAILED', errors);
}

/** The one-property schema an inline edit is checked against (cached per entity and field). */
const columnSchemas = new WeakMap<ResolvedEntity, Map<string, JsonSchema>>();
function columnSchema(entity: ResolvedEntity, field: string): JsonSchema {
  let byField = columnSchemas.get(entity);
  if (!byField) columnSchemas.set(entity, (byField = new Map()));
  let schema = byField.get(field);
  if (!schema) {
    const required = entity.schema.required?.includes(field) ? [field] : [];
    schema = { type: 'object', properties: { [field]: entity.schema.properties![field] }, required, additionalProperties: false };
    byField.set(field, schema);
  }
  return schema;
}

/** Inline edits come from text inputs: '' clears an optional value, numeric and true/false texts become their type. */
function coerce(value: unknown, prop: JsonSchema, required: boolean): unknown {
  if (value === '' && !required) return null;
  if (typeof value !== 'string') return value;
  const t = value.trim();
  switch (scalarType(prop)) {
    case 'integer':
      return /^-?\d{1,15}$/.test(t) ? Number(t) : value;
    case 'number':
      return t !== '' && Number.isFinite(Number(t)) ? Number(t) : value;
    case 'boolean':
      return t === 'true' ? true : t === 'false' ? false : value;
    default:
      return value;
  }
}

export function recordRoutes(app: FastifyInstance, db: Kysely<Database>, entity: ResolvedEntity, ext: EntityExtension | undefined, upkeep: TableUpkeep) {
  const any = db as unknown as Kysely<any>;
  const layout = layoutOf(entity);
  /** Tells the upkeep which rows a write changed: the record, and its child rows (replaced on update: old and new). */
  const changed = (data: Data | undefined, replaced: boolean) => {
    upkeep.changed(layout.table);
    for (const child of layout.children) {
      const rows = data?.[child.name];
      const n = Array.isArray(rows) ? rows.length : 0;
      upkeep.changed(child.table, replaced ? 2 * n : Math.max(1, n));
    }
  };
  const base = `/${entity.name}`;
  const present = (on: Kysely<any> | Transaction<any>, record: StoredRecord) => (ext?.present ? ext.present(on, record) : record);
  /** The caller allowed to write; nobody may write an entity over a core table. */
  const writer = (request: FastifyRequest, action: Action): WriteContext => {
    const user = allow(request, entity, action);
    if (ext?.coreTable) throw forbidden();
    return { user, log: request.log };
  };

  const show = async (id: number) => {
    const record = await loadRecord(any, entity, id);
    if (!record) throw notFound();
    return present(any, record);
  };

  app.post<{ Params: { id: string } }>(`${base}/show/:id`, { bodyLimit: SMALL_BODY }, async (request) => {
    allow(request, entity, 'read');
    return show(parseId(request.params.id));
  });

  app.post(`${base}/show`, { bodyLimit: SMALL_BODY }, async (request) => {
    allow(request, entity, 'read');
    const body = objectBody(request.body);
    onlyKeys(body, ['id']);
    return show(parseId(body.id));
  });

  app.post(`${base}/save`, async (request) => {
    const ctx = writer(request, 'add');
    const { id: _id, version: _version, ...body } = objectBody(request.body, 'VALIDATION_FAILED');
    const data = ext?.prepare ? ext.prepare(body) : body;
    const errors = recordErrors(entity, data);
    if (errors.length) throw badRequest('VALIDATION_FAILED', errors);
    const saved = await any.transaction().execute(async (trx) => {
      await checkedWrite(ext, trx, data, null, ctx);
      const record = await insertRecord(trx, entity, ext?.stored ? ext.stored(data) : data, ctx.user.id);
      await ext?.afterWrite?.(trx, record, data, ctx);
      return present(trx, record);
    });
    changed(data, false);
    return saved;
  });

  app.post<{ Params: { id: string } }>(`${base}/update/:id`, async (request) => {
    const ctx = writer(request, 'edit');
    const id = parseId(request.params.id);
    const { id: bodyId, version, ...body } = objectBody(request.body, 'VALIDATION_FAILED');
    if (bodyId != null && String(bodyId) !== String(id)) throw badRequest('BAD_REQUEST', [{ field: 'id', code: 'enum' }]);
    const data = ext?.prepare ? ext.prepare(body) : body;
    const errors = recordErrors(entity, data);
    if (version == null) errors.unshift({ field: 'version', code: 'required' });
    else if (!Number.isInteger(version) || (version as number) < 1 || (version as number) > INT_MAX)
      errors.unshift({ field: 'version', code: 'type', params: { type: 'integer' } });
    if (errors.length) throw badRequest('VALIDATION_FAILED', errors);
    const updated = await any.transaction().execute(async (trx) => {
      await checkedWrite(ext, trx, data, id, ctx);
      const record = await replaceRecord(trx, entity, id, version as number, ext?.stored ? ext.stored(data) : data, ctx.user.id);
      await ext?.afterWrite?.(trx, record, data, ctx);
      return present(trx, record);
    });
    changed(data, true);
    return updated;
  });

  app.post<{ Params: { id: string } }>(`${base}/delete/:id`, { bodyLimit: SMALL_BODY }, async (request) => {
    writer(request, 'remove');
    const id = parseId(request.params.id);
    const deleted = ext?.afterDelete
      ? await any.transaction().execute(async (trx) => {
          if (!(await deleteRecord(trx, entity, id))) return false;
          await ext.afterDelete!(trx, id);
          return true;
        })
      : await deleteRecord(any, entity, id);
    if (!deleted) throw notFound();
    changed(undefined, false);
    return { ok: true as const };
  });

  app.post(`${base}/updateColumn`, { bodyLimit: SMALL_BODY }, async (request) => {
    const ctx = writer(request, 'edit');
    const body = objectBody(request.body, 'VALIDATION_FAILED');
    onlyKeys(body, ['rowid', 'tablename', 'colname', 'colvalue']);
    const id = parseId(body.rowid, 'rowid');
    if (body.tablename !== entity.list && body.tablename !== entity.name)
      throw badRequest('BAD_REQUEST', [{ field: 'tablename', code: 'enum' }]);
    // the column's name (spec §3), or its field (what the DataTable machine sends; usually the same)
    const column = entity.columns.find((c) => c.name === body.colname) ?? entity.columns.find((c) => c.field === body.colname);
    if (!column) throw badRequest('BAD_REQUEST', [{ field: 'colname', code: 'enum' }]);
    if (!column.editable) throw new ApiError(400, 'COLUMN_NOT_EDITABLE', [{ field: 'colname', code: 'enum' }]);
    const field = column.field;
    const required = entity.schema.required?.includes(field) ?? false;
    const value = coerce(body.colvalue, entity.schema.properties![field], required);
    const data: Data = value === null || value === undefined ? {} : { [field]: value };
    const errors = validateRecord(columnSchema(entity, field), data);
    if (!errors.length) errors.push(...rangeErrors(layout, data));
    if (errors.length) throw badRequest('VALIDATION_FAILED', errors);
    const updated = await any.transaction().execute(async (trx) => {
      await checkedWrite(ext, trx, data, id, ctx);
      return present(trx, await updateField(trx, entity, id, field, value, ctx.user.id));
    });
    upkeep.changed(layout.table);
    return updated;
  });
}
