/**
 * The record calls of spec §7 for one entity (all POST, under /api), a thin layer over the document service
 * (server/documents/service.ts), which runs the one write pipeline:
 *
 * - `{entity}/show/{id}`, or `{entity}/show` with `{id}` -> the record `{id, version, ...fields, ...children}`
 *   (each child row with its `id`); 404 NOT_FOUND
 * - `{entity}/save` `{...fields}` -> the stored record, version 1 (`id` / `version` in the body are ignored)
 * - `{entity}/update/{id}` `{...fields, version}` -> full replace (absent fields become empty; child rows sent
 *   with their `id` are kept and updated, rows without one added, rows left out deleted); a version other than
 *   the stored one -> 409 VERSION_CONFLICT and nothing changes
 * - `{entity}/delete/{id}` -> `{ok: true}`; 404 NOT_FOUND; 409 REGISTRO_REFERENCIADO while other rows refer to it
 * - `{entity}/updateColumn` `{rowid, tablename, colname, colvalue, version}` -> the stored record; tablename is
 *   the list url or the entity name, colname a column's name or field; only columns the manifest marks editable
 *   (else 400 COLUMN_NOT_EDITABLE); the stored record merged with the value is validated whole; `version` (the
 *   row's, as listed) is required (400 VALIDATION_FAILED on `version`), a stale one answers 409 VERSION_CONFLICT
 * - `{entity}/history/{id}` `{offset?, max?}` -> `{total, rows: [{id, at, username, action, changes}]}` from the
 *   audit log, newest first; to those who may show the record (a removed one's: to those who may remove records)
 *
 * Bad records answer 400 VALIDATION_FAILED with per-field errors (or 406 with an entity's own code), and nothing
 * is written. A write sent with an Idempotency-Key header runs once per key (../http/idempotency.ts): its retry
 * answers what the first attempt stored. An entity over a core table is read-only: every write answers 403 FORBIDDEN.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scalarType, type ResolvedEntity } from '../../engine/metadata/resolve';
import type { JsonSchema } from '../../engine/metadata/types';
import { ApiError, badRequest, forbidden, notFound } from '../http/api-error';
import { auditHistory } from '../documents/audit';
import { writeOnce } from '../http/idempotency';
import type { Actor, Documents } from '../documents/types';
import { allow, permits, type Action } from './access';
import { INT_MAX, objectBody, onlyKeys, parseId, parseVersion } from './input';

const SMALL_BODY = 64 * 1024;
const HISTORY_MAX = 200;

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

/** A paging number of the history call. */
function paging(raw: unknown, field: string, fallback: number, max: number): number {
  if (raw == null) return fallback;
  if (!Number.isInteger(raw) || (raw as number) < 0 || (raw as number) > max) throw badRequest('BAD_REQUEST', [{ field, code: 'between', params: { min: 0, max } }]);
  return raw as number;
}

export function recordRoutes(app: FastifyInstance, docs: Documents, entity: ResolvedEntity) {
  const base = `/${entity.name}`;
  const readOnly = Boolean(docs.server(entity).coreTable);
  /** The caller allowed to write; nobody may write an entity over a core table. */
  const writer = (request: FastifyRequest, action: Action): Actor => {
    const user = allow(request, entity, action);
    if (readOnly) throw forbidden();
    return user;
  };

  const show = async (request: FastifyRequest, id: number) => {
    const record = await docs.get(docs.reader(allow(request, entity, 'read'), request.log), entity, id);
    if (!record) throw notFound();
    return record;
  };

  app.post<{ Params: { id: string } }>(`${base}/show/:id`, { bodyLimit: SMALL_BODY }, (request) => show(request, parseId(request.params.id)));

  app.post(`${base}/show`, { bodyLimit: SMALL_BODY }, async (request) => {
    allow(request, entity, 'read');
    const body = objectBody(request.body);
    onlyKeys(body, ['id']);
    return show(request, parseId(body.id));
  });

  app.post(`${base}/save`, async (request, reply) => {
    const actor = writer(request, 'add');
    const { id: _id, version: _version, ...body } = objectBody(request.body, 'VALIDATION_FAILED');
    return writeOnce(request, reply, docs, actor, (ctx) => docs.insert(ctx, entity, body));
  });

  app.post<{ Params: { id: string } }>(`${base}/update/:id`, async (request, reply) => {
    const actor = writer(request, 'edit');
    const id = parseId(request.params.id);
    const { id: bodyId, version, ...body } = objectBody(request.body, 'VALIDATION_FAILED');
    if (bodyId != null && String(bodyId) !== String(id)) throw badRequest('BAD_REQUEST', [{ field: 'id', code: 'enum' }]);
    const v = parseVersion(version);
    return writeOnce(request, reply, docs, actor, (ctx) => docs.update(ctx, entity, id, body, v));
  });

  app.post<{ Params: { id: string } }>(`${base}/delete/:id`, { bodyLimit: SMALL_BODY }, async (request, reply) => {
    const actor = writer(request, 'remove');
    const id = parseId(request.params.id);
    return writeOnce(request, reply, docs, actor, async (ctx) => {
      await docs.remove(ctx, entity, id);
      return { ok: true as const };
    });
  });

  app.post(`${base}/updateColumn`, { bodyLimit: SMALL_BODY }, async (request, reply) => {
    const actor = writer(request, 'edit');
    const body = objectBody(request.body, 'VALIDATION_FAILED');
    onlyKeys(body, ['rowid', 'tablename', 'colname', 'colvalue', 'version']);
    const id = parseId(body.rowid, 'rowid');
    if (body.tablename !== entity.list && body.tablename !== entity.name)
      throw badRequest('BAD_REQUEST', [{ field: 'tablename', code: 'enum' }]);
    // the column's name (spec §3), or its field (what the DataTable machine sends; usually the same)
    const column = entity.columns.find((c) => c.name === body.colname) ?? entity.columns.find((c) => c.field === body.colname);
    if (!column) throw badRequest('BAD_REQUEST', [{ field: 'colname', code: 'enum' }]);
    if (!column.editable) throw new ApiError(400, 'COLUMN_NOT_EDITABLE', [{ field: 'colname', code: 'enum' }]);
    // required: without the version the row was listed with, a stale edit would overwrite a newer save
    const version = parseVersion(body.version);
    const field = column.field;
    const required = entity.schema.required?.includes(field) ?? false;
    const value = coerce(body.colvalue, entity.schema.properties![field], required);
    return writeOnce(request, reply, docs, actor, (ctx) => docs.patch(ctx, entity, id, { [field]: value ?? null }, version));
  });

  app.post<{ Params: { id: string } }>(`${base}/history/:id`, { bodyLimit: SMALL_BODY }, async (request) => {
    const user = allow(request, entity, 'read');
    const reader = docs.reader(user, request.log);
    const id = parseId(request.params.id);
    const body = objectBody(request.body);
    onlyKeys(body, ['offset', 'max']);
    // the history tells what the record held: the same row rules as show (a module's present refuses a caller
    // who may not see this row); a removed record's history is for those who may remove records
    if (!(await docs.get(reader, entity, id)) && !permits(user.roles, entity, 'remove')) throw notFound();
    const max = paging(body.max, 'max', 50, HISTORY_MAX) || 50;
    return auditHistory(reader.trx, entity.name, id, paging(body.offset, 'offset', 0, INT_MAX), max);
  });
}
