/**
 * `POST /api/{list}/export` for every entity: all the rows of a list query — its pattern, filters, sort and
 * chosen columns (`cols` in the table's order, default the columns not hidden), never only a page — as a file, streamed while it
 * is read. Body: the index query plus `format` (`csv` | `xlsx`), optional `lang` (`es` | `en`, default the
 * Accept-Language): headers, enum texts, yes/no and a reference's label (a day in it dd/mm/yyyy, as the list
 * shows it) in that language, numbers and dates typed (cells.ts), and
 * optional `tz` (the user's time zone, default UTC): an XLSX writes moments on that wall clock (CSV: ISO 8601).
 * The same checks as `{list}/index` (who may read, the manifest's sorts and filters, the module's row scope):
 * a bad query answers 400 before anything is sent.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { COMMON_FILTERS, MAX_PAGE_SIZE, type NormalQuery } from '../../engine/list/query';
import { ACTIONS_COLUMN, defaultColumnNames } from '../../engine/list/preferences';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { Documents } from '../documents/types';
import { badRequest } from '../http/api-error';
import { preferredLang, type Lang } from '../http/lang';
import { allow } from '../entities/access';
import { objectBody, onlyKeys } from '../entities/input';
import { attachLabels, referenceSort } from '../entities/labels';
import { storedField } from '../entities/layout';
import { patternOf, whereOf, type Where } from '../entities/list';
import { LIST_BODY_LIMIT, listQuery, QUERY_KEYS } from '../entities/list-routes';
import { actionOptionNames, exportColumns, type ExportColumn } from './cells';
import { CSV_BOM, csvLine } from './csv';
import { textsOf } from './texts';
import { timeZoneOf } from './timeZone';
import { walkRows } from './walk';
import { xlsxSheet } from './xlsx';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

type Row = Record<string, unknown>;

function chosenColumns(entity: ResolvedEntity, cols: unknown) {
  if (cols == null) return defaultColumnNames(entity.columns);
  if (!Array.isArray(cols) || !cols.every((c) => typeof c === 'string'))
    throw badRequest('BAD_REQUEST', [{ field: 'cols', code: 'type', params: { type: 'array' } }]);
  const unknown = cols.filter((c) => !entity.columns.some((col) => col.name === c));
  if (unknown.length) throw badRequest('BAD_REQUEST', unknown.map((c) => ({ field: 'cols', code: 'unknownColumn', params: { value: c } })));
  // in the caller's order: the file has the columns as the user arranged the table
  const names = [...new Set(cols as string[])].filter((n) => n !== ACTIONS_COLUMN);
  return names.length ? names : defaultColumnNames(entity.columns);
}

function langOf(body: Row, acceptLanguage: string | undefined): Lang {
  if (body.lang == null) return preferredLang(acceptLanguage);
  if (body.lang !== 'es' && body.lang !== 'en') throw badRequest('BAD_REQUEST', [{ field: 'lang', code: 'enum', params: { allowed: ['es', 'en'] } }]);
  return body.lang;
}

function attachment(reply: FastifyReply, name: string, format: ExportFormat) {
  const file = `${name}.${format}`;
  const ascii = file.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(TYPES[format])
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`)
    .header('cache-control', 'no-store');
}

export function exportRoutes(app: FastifyInstance, db: Kysely<any>, entity: ResolvedEntity, docs: Documents) {
  const ext = docs.server(entity);
  // in the list's order: a reference column by the referenced rows' names
  const search = { core: Boolean(ext.coreTable), referenceSort: referenceSort(docs, entity) };

  app.post(`/${entity.list}/export`, { bodyLimit: LIST_BODY_LIMIT }, async (request, reply) => {
    const user = allow(request, entity, 'read');
    const body = objectBody(request.body);
    onlyKeys(body, [...QUERY_KEYS, 'cols', 'format', 'lang', 'tz', ...(ext.index?.keys ?? [])]);
    const format = body.format as ExportFormat;
    if (!EXPORT_FORMATS.includes(format)) throw badRequest('BAD_REQUEST', [{ field: 'format', code: 'enum', params: { allowed: [...EXPORT_FORMATS] } }]);
    const lang = langOf(body, request.headers['accept-language']);
    const zone = timeZoneOf(body.tz);
    const names = chosenColumns(entity, body.cols);
    const q: NormalQuery = listQuery({ ...body, offset: 0, max: 1 }, entity, COMMON_FILTERS);
    const extra = ext.index?.parse(body) ?? { wheres: [], errors: [] };
    if (extra.errors.length) throw badRequest('BAD_REQUEST', extra.errors);
    const reader = docs.reader(user, request.log);
    const scope = await ext.rowScope?.(reader);
    const pattern = q.pattern ? patternOf(entity, q.pattern, search) : null;
    const wheres: Where[] = [...whereOf(entity, q), ...extra.wheres, ...(scope ? [scope] : []), ...(pattern ? [pattern.where] : [])];

    const t = textsOf(lang);
    const shown = names.map((n) => entity.columns.find((c) => c.name === n)!);
    const columns = exportColumns(entity, shown, t, await actionOptionNames(docs, reader, shown, lang));
    // a value named within another field's (a category's valor in its grupo) needs that field too
    const read = shown.flatMap((c) => [c.field, ...(c.valueNames?.within ? [c.valueNames.within] : [])]);
    const fields = [...new Set([entity.rowKey, ...read])].filter((f) => f !== 'id' && storedField(entity, f));
    // a module's own page (a derived list, e.g. the flow groups) is small: read in pages of its own
    const ownPage = ext.index?.page;
    const firstOwn = ownPage ? await ownPage(db, { ...q, offset: 0, max: MAX_PAGE_SIZE }) : null;
    async function* chunks(): AsyncGenerator<Row[]> {
      if (firstOwn && ownPage) {
        let page = firstOwn;
        for (let offset = 0; page.rows.length; ) {
          yield page.rows;
          offset += page.rows.length;
          if (page.rows.length < MAX_PAGE_SIZE) break;
          page = (await ownPage(db, { ...q, offset, max: MAX_PAGE_SIZE })) ?? { rows: [], total: 0, estimated: false };
        }
        return;
      }
      // labels and computed values only for the columns chosen
      const chosen = { ...entity, columns: shown };
      const computed = ext.listValues && shown.some((c) => c.virtual) ? ext.listValues : null;
      for await (const rows of walkRows(db, entity, q, wheres, fields, { ...search, lang })) {
        await attachLabels(db, docs, chosen, rows, lang);
        if (computed) (await computed(reader, rows)).forEach((values, i) => Object.assign(rows[i], values));
        yield rows;
      }
    }
    const cells = (row: Row) => columns.map((c) => c.value(row));
    const name = t(`entities.${entity.name}.title`, { defaultValue: entity.name });
    attachment(reply, name, format);

    if (format === 'csv') {
      async function* text() {
        const typed = columns.map((c) => c.kind !== 'text');
        yield CSV_BOM + csvLine(columns.map((c) => c.header));
        for await (const rows of chunks()) yield rows.map((r) => csvLine(cells(r), typed)).join('');
      }
      return reply.send(Readable.from(text()));
    }
    const sheet = await xlsxSheet(name, columns, zone);
    let closed = false;
    reply.raw.once('close', () => (closed = true));
    void (async () => {
      for await (const rows of chunks()) {
        if (closed) return;
        await sheet.add(rows.map(cells));
      }
      await sheet.finish();
    })().catch((err) => {
      request.log.error({ err }, 'export failed while streaming');
      sheet.stream.destroy(err as Error);
    });
    return reply.send(sheet.stream);
  });
}

export type { ExportColumn };
