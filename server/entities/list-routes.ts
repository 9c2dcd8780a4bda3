/**
 * `POST /api/{list}/index` and `/api/{list}/select` (spec §7) for one entity.
 *
 * index  {pattern, offset, max, sort, sortOrder, filters, cols} -> {total, rows, showableColumns, cols}
 *        plus `estimated: true` when total is the planner's estimate (over a thousand matching rows; list.ts);
 *        rows: id, version and the fields of the manifest's columns, plus `$labels` {field: label} for reference
 *        columns (the referenced row's option label: a list shows names, not ids); cols: the caller's saved
 *        column choice for "cols-<list>[-<filters.tipo>]", or null.
 * select {pattern, offset, max, sort, sortOrder, filters: {tipo, parentid, id}} -> {total, rows: [{id, name, nombre}]} (+ estimated)
 *        name = nombre = the optionLabel fields (engine/metadata/label.ts `rowLabel`: a day as dd/mm/yyyy, in the
 *        Accept-Language language); the pattern searches the search fields, as index does
 *        (a caller with the narrow view only, selectRoles without readRoles, searches the optionLabel fields alone).
 * A column shown by its values' names (ui.json valueNames) sorts by the names in the Accept-Language language; a
 * reference column, by the referenced rows' names.
 * A query the manifest does not allow (unknown key, sort or filter, paging out of bounds, wrong types)
 * answers 400 BAD_REQUEST with per-field errors.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { COMMON_FILTERS, checkListQuery, type ListReply, type NormalQuery, type SelectOption } from '../../engine/list/query';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { Database } from '../db/types';
import { badRequest } from '../http/api-error';
import { preferredLang } from '../http/lang';
import { isPermitted } from '../../engine/roles';
import { allow, checkNarrowQuery } from './access';
import type { Documents } from '../documents/types';
import { attachLabels, referenceSort } from './labels';
import { rowLabel } from '../../engine/metadata/label';
import { INT_MAX, isPlainObject, objectBody, onlyKeys } from './input';
import { storedField } from './layout';
import { queryPage, whereOf } from './list';
import { preferenceKey, savedColumns } from './row-config';

export const QUERY_KEYS = ['pattern', 'offset', 'max', 'sort', 'sortOrder', 'filters'] as const;
export const LIST_BODY_LIMIT = 64 * 1024;

/** The body as a checked list query; 400 BAD_REQUEST with per-field errors otherwise. */
export function listQuery(body: Record<string, unknown>, entity: ResolvedEntity, extraFilters: readonly string[]): NormalQuery {
  const { filters, sort, sortOrder } = body;
  if (filters != null && !isPlainObject(filters)) throw badRequest('BAD_REQUEST', [{ field: 'filters', code: 'type', params: { type: 'object' } }]);
  if (sort != null && typeof sort !== 'string') throw badRequest('BAD_REQUEST', [{ field: 'sort', code: 'type', params: { type: 'string' } }]);
  if (typeof body.offset === 'number' && body.offset > INT_MAX)
    throw badRequest('BAD_REQUEST', [{ field: 'offset', code: 'maxValue', params: { max: INT_MAX } }]);
  const checked = checkListQuery(
    {
      pattern: body.pattern as string | undefined,
      offset: body.offset as number | undefined,
      max: body.max as number | undefined,
      sort: sort === '' ? undefined : (sort as string | undefined),
      sortOrder: sortOrder === '' ? undefined : (sortOrder as 'asc' | undefined),
      filters: (filters ?? undefined) as Record<string, unknown> | undefined,
    },
    entity,
    extraFilters,
  );
  if (!checked.query) throw badRequest('BAD_REQUEST', checked.errors);
  return checked.query;
}

/** Fields of an index row: the row key and every column's field (id always comes too). */
export function rowFields(entity: ResolvedEntity): string[] {
  const fields = [entity.rowKey, ...entity.columns.map((c) => c.field)];
  return [...new Set(fields)].filter((f) => f !== 'id' && storedField(entity, f));
}

/** `estimated: true` only when it is: a small list's reply keeps the spec's shape. */
const estimatedFlag = (page: { estimated: boolean }) => (page.estimated ? { estimated: true as const } : {});

export function listRoutes(app: FastifyInstance, db: Kysely<Database>, entity: ResolvedEntity, docs: Documents) {
  const any = db as unknown as Kysely<any>;
  const ext = docs.server(entity);
  // the version comes along, so an inline edit can say which state it changes (updateColumn)
  const fields = [...rowFields(entity), 'version'];
  const showableColumns = entity.columns.map((c) => c.name);
  // an entity over a core table has no stored search words: its pattern is matched row by row
  const search = { core: Boolean(ext.coreTable) };
  // a reference column sorts by the names the list shows (not by the referenced rows' ids)
  const byName = referenceSort(docs, entity);

  app.post(`/${entity.list}/index`, { bodyLimit: LIST_BODY_LIMIT }, async (request): Promise<ListReply> => {
    const user = allow(request, entity, 'read');
    const body = objectBody(request.body);
    onlyKeys(body, [...QUERY_KEYS, 'cols', ...(ext?.index?.keys ?? [])]);
    if (body.cols != null && !(Array.isArray(body.cols) && body.cols.every((c) => typeof c === 'string')))
      throw badRequest('BAD_REQUEST', [{ field: 'cols', code: 'type', params: { type: 'array' } }]);
    const q = listQuery(body, entity, COMMON_FILTERS);
    const extra = ext?.index?.parse(body) ?? { wheres: [], errors: [] };
    if (extra.errors.length) throw badRequest('BAD_REQUEST', extra.errors);
    const scope = await ext.rowScope?.(docs.reader(user, request.log));
    const wheres = [...whereOf(entity, q), ...extra.wheres, ...(scope ? [scope] : [])];
    // independent reads go together: on PostgreSQL each takes its own connection, saving round trips
    const lang = preferredLang(request.headers['accept-language']);
    const [page, { cols, widths }] = await Promise.all([
      (async () => (await ext?.index?.page?.(any, q)) ?? (await queryPage(any, entity, q, wheres, fields, { ...search, referenceSort: byName, lang })))(),
      savedColumns(db, user.id, entity, preferenceKey(entity.list, q.filters.tipo)),
    ]);
    const { rows } = page;
    const [, computed] = await Promise.all([attachLabels(any, docs, entity, rows, lang), ext.listValues?.(docs.reader(user, request.log), rows)]);
    if (computed) rows.forEach((row, i) => Object.assign(row, computed[i]));
    return { total: page.total, ...estimatedFlag(page), rows, showableColumns, cols, ...(widths ? { widths } : {}) };
  });

  app.post(`/${entity.list}/select`, { bodyLimit: LIST_BODY_LIMIT }, async (request) => {
    const user = allow(request, entity, 'select');
    const body = objectBody(request.body);
    onlyKeys(body, QUERY_KEYS);
    const q = listQuery(body, entity, [...COMMON_FILTERS, 'id']);
    checkNarrowQuery(user.roles, entity, { sort: body.sort, filters: q.filters });
    const fields = entity.labelFields;
    const scope = await ext.rowScope?.(docs.reader(user, request.log));
    // a caller with the narrow view only (selectRoles, not readRoles) matches the names it sees, never the other
    // search fields (a known CUIT or e-mail would tell which party has it)
    const narrow = !isPermitted(user.roles, entity.readRoles);
    const lang = preferredLang(request.headers['accept-language']);
    const how = { ...search, lang };
    const page = await queryPage(any, entity, q, [...whereOf(entity, q), ...(scope ? [scope] : [])], fields, narrow ? { ...how, paths: fields } : how);
    const label = rowLabel(entity, lang);
    const rows: SelectOption[] = page.rows.map((r) => {
      const text = label(r);
      return { id: r.id as number, name: text, nombre: text };
    });
    return { total: page.total, ...estimatedFlag(page), rows };
  });
}
