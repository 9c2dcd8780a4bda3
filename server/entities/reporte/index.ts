/**
 * Reports (spec §3 Report, §7 Reports; issue 14). A report is configured by an administrator
 * (/backOffice/reportConfig) and offered where its context says (engine/reports/model.ts), to the job positions
 * it lists (./visible.ts; none = everyone). The calls, under `/api/reportes/`:
 *
 * - `index` {pattern, offset = 0, max = 10, sort = id, sortOrder, filters} -> {total, rows}
 * - `getDashboardReporte` -> the dashboard's reports; `menurep` -> [{id, descrip}] of the report menu
 * - `findReportesByContexto` {contexto, actividadId?} -> the reports of a context (with actividadId: that
 *   activity's and those of no activity); `findGruposDeReportes` -> [{id, nombre}] (categories of tipo
 *   grupo_reporte); `findReportesByGrupoid/{id}` -> a group's reports
 * - `findById/{id}` -> the report; `findPuestosDeTrabajoByReporteId/{id}` -> [{id, nombre}]
 * - `getReporteForExecById` {id, objetoId?, contexto?, params?} -> {urlreporte, key, params} (engine/reports/link.ts
 *   builds the link); 400 with `params.<name>` when a value is missing or wrong
 * - `datos` {id, objetoId?, params?} -> a built-in report's result (engine/reports/query.ts ReportResult, plus the
 *   params used; a group that is a reference named by its row's label in the Accept-Language language, as a list
 *   names it): 400 REPORTE_SIN_CONSULTA for an external report; 403 when the caller may not read its entity
 * - `exportar` {id, objetoId?, params?, format: csv | xlsx, lang? (default the Accept-Language)} -> that result as a
 *   file (./exportResult.ts)
 * - `guardarReporte` {id: null, ...} creates, {id, version, ...} updates (no version: 400 `version` required; a stale
 *   one: 409 VERSION_CONFLICT, as `reporte/update`); `borrarReporte/{id}` deletes (ADMIN)
 *
 * - `tablero` {tile}: the dashboard's own tiles (./dashboard.ts)
 *
 * Lists answer report summaries (./calls.ts). A report the caller's position may not see answers 403
 * REPORTE_SIN_PERMISO wherever it is asked for by id (`reporte/show`, findById, runs), and is in no list.
 */
import { REPORT_CONTEXTS } from '../../../engine/reports/model';
import { ROLES } from '../../../engine/roles';
import { COMMON_FILTERS } from '../../../engine/list/query';
import { defineEntityServer, type DocContext } from '../../documents/types';
import { isPlainObject, onlyKeys, parseVersion } from '../input';
import { isRowId } from '../../../engine/integers';
import { ApiError, badRequest } from '../../http/api-error';
import type { FieldError } from '../../../engine/errors';
import type { JsonSchema } from '../../../engine/metadata/types';
import { checkQuery, type ReportQuery } from '../../../engine/reports/query';
import { runQuery } from './builtin';
import { tablero } from './dashboard';
import { listQuery, QUERY_KEYS, rowFields } from '../list-routes';
import { queryPage, whereOf } from '../list';
import { menuEntries, presentReport, reportFor, reportGroups, reportPositions, reportsWhere, runAnswer } from './calls';
import { visibleWhere } from './visible';
import { resultFile, RESULT_FORMATS, type ResultFormat } from './exportResult';
import type { Lang } from '../../http/lang';

const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const nothing = (v: unknown) => v === undefined || v === null || v === '';
const noItems = (v: unknown) => v === undefined || (Array.isArray(v) && v.length === 0);

/**
 * A query box with nothing of a query in it: no entity, grouping, interval, measure or filter, and at most a
 * valid chart. Anything else in it (an unknown key, a value of the wrong type) is left to be refused.
 */
function isBlankQuery(q: unknown, schema: JsonSchema | undefined): boolean {
  if (!isPlainObject(q)) return false;
  const box = schema?.properties ?? {};
  const charts = box.grafico?.enum ?? [];
  return (
    Object.keys(q).every((k) => k in box) &&
    nothing(q.entidad) && nothing(q.agrupar) && nothing(q.intervalo) && noItems(q.medidas) && noItems(q.filtros) &&
    (q.grafico === undefined || charts.includes(q.grafico as string))
  );
}
const RUN_BODY: Record<string, JsonSchema> = { id: ID, objetoId: { type: ['integer', 'string', 'null'], maxLength: 60 }, params: { type: 'object', maxProperties: 50 } };

/**
 * A built-in report run for the caller, its group names in `lang`: its result and the params used (400
 * REPORTE_SIN_CONSULTA for an external one).
 */
async function builtinRun(ctx: DocContext, body: { id: number; objetoId?: unknown; params?: Record<string, unknown> }, lang: Lang) {
  const record = await reportFor(ctx, body.id);
  if (!record.consulta) throw new ApiError(400, 'REPORTE_SIN_CONSULTA');
  const run = runAnswer(record, body);
  return { record, result: { ...(await runQuery(ctx, record.consulta as ReportQuery, run.params, lang)), params: run.params } };
}

export default defineEntityServer({
  needs: ['descripcion', 'clave', 'contexto', 'actividad', 'orden', 'uri', 'grupo', 'objeto_id', 'puestos', 'parametros', 'consulta'],
  rowScope: visibleWhere,
  present: presentReport,
  normalize({ doc, entity }) {
    // the form always sends the query's box (its chart has a default): with nothing of a query in it, the
    // report is an external one
    return isBlankQuery(doc.consulta, entity.schema.properties?.consulta) ? { ...doc, consulta: null } : doc;
  },
  validate({ doc, ctx }) {
    const names = ((doc.parametros as { nombre?: string }[] | undefined) ?? []).map((p) => p.nombre ?? '');
    const errors: FieldError[] = names.flatMap((n, i) => (names.indexOf(n) < i ? [{ field: `parametros.${i}.nombre`, code: 'unique' as const }] : []));
    const query = doc.consulta as ReportQuery | null | undefined;
    const target = query ? ctx.docs.entities().find((e) => e.name === query.entidad) : undefined;
    if (query) errors.push(...checkQuery(query, target, names));
    return errors;
  },
  actions: {
    tablero,
    reportesIndex: {
      checksBody: true,
      scope: 'entity',
      path: 'reportes/index',
      read: true,
      async run({ entity, ctx, body }) {
        onlyKeys(body, QUERY_KEYS);
        const q = listQuery({ offset: 0, max: 10, sort: 'id', ...body }, entity, COMMON_FILTERS);
        const scope = await visibleWhere(ctx);
        const page = await queryPage(ctx.trx, entity, q, [...whereOf(entity, q), ...(scope ? [scope] : [])], [...rowFields(entity), 'version']);
        return { total: page.total, rows: page.rows };
      },
    },
    getDashboardReporte: {
      scope: 'entity',
      path: 'reportes/getDashboardReporte',
      read: true,
      run: ({ ctx }) => reportsWhere(ctx, [(eb) => eb('contexto', '=', 'dashboard')]),
    },
    menurep: {
      scope: 'entity',
      path: 'reportes/menurep',
      read: true,
      run: async ({ ctx }) => menuEntries(await reportsWhere(ctx, [(eb) => eb('contexto', '=', 'menurep')])),
    },
    findReportesByContexto: {
      scope: 'entity',
      path: 'reportes/findReportesByContexto',
      read: true,
      body: {
        type: 'object',
        required: ['contexto'],
        additionalProperties: false,
        properties: { contexto: { type: 'string', enum: [...REPORT_CONTEXTS] }, actividadId: { ...ID, type: ['integer', 'null'] } },
      },
      run: ({ ctx, body }) =>
        reportsWhere(ctx, [
          (eb) => eb('contexto', '=', body.contexto),
          ...(body.actividadId == null ? [] : [(eb: any) => eb.or([eb('actividad', '=', body.actividadId), eb('actividad', 'is', null)])]),
        ]),
    },
    findGruposDeReportes: { scope: 'entity', path: 'reportes/findGruposDeReportes', read: true, run: ({ ctx }) => reportGroups(ctx) },
    findReportesByGrupoid: {
      scope: 'id',
      path: 'reportes/findReportesByGrupoid',
      read: true,
      run: ({ ctx, id }) => reportsWhere(ctx, [(eb) => eb('grupo', '=', id!)]),
    },
    findById: {
      scope: 'id',
      path: 'reportes/findById',
      read: true,
      run: ({ ctx, id }) => reportFor(ctx, id!),
    },
    findPuestosDeTrabajoByReporteId: {
      scope: 'id',
      path: 'reportes/findPuestosDeTrabajoByReporteId',
      read: true,
      async run({ ctx, id }) {
        await reportFor(ctx, id!);
        return reportPositions(ctx, id!);
      },
    },
    getReporteForExecById: {
      scope: 'entity',
      path: 'reportes/getReporteForExecById',
      read: true,
      body: {
        type: 'object',
        required: ['id'],
        additionalProperties: false,
        properties: {
          id: ID,
          objetoId: { type: ['integer', 'string', 'null'], maxLength: 60 },
          contexto: { type: ['string', 'null'], maxLength: 60 },
          params: { type: 'object', maxProperties: 50 },
        },
      },
      async run({ ctx, body }) {
        return runAnswer(await reportFor(ctx, body.id), body);
      },
    },
    datos: {
      scope: 'entity',
      path: 'reportes/datos',
      read: true,
      body: { type: 'object', required: ['id'], additionalProperties: false, properties: RUN_BODY },
      run: async ({ ctx, body, lang }) => (await builtinRun(ctx, body, lang)).result,
    },
    exportar: {
      scope: 'entity',
      path: 'reportes/exportar',
      read: true,
      body: {
        type: 'object',
        required: ['id', 'format'],
        additionalProperties: false,
        properties: { ...RUN_BODY, format: { type: 'string', enum: [...RESULT_FORMATS] }, lang: { type: 'string', enum: ['es', 'en'] } },
      },
      async run({ ctx, body, lang }) {
        // the file's language: the one asked for, else the caller's (as a list's export)
        const fileLang: Lang = body.lang ?? lang;
        const { record, result } = await builtinRun(ctx, body, fileLang);
        return resultFile(result, record.descripcion as string, body.format as ResultFormat, fileLang);
      },
    },
    guardarReporte: {
      checksBody: true,
      scope: 'entity',
      path: 'reportes/guardarReporte',
      roles: ROLES.ADMIN,
      bodyLimit: 256 * 1024,
      async run({ entity, ctx, body }) {
        const { id, version, ...data } = body as Record<string, unknown>;
        if (id == null) return ctx.docs.insert(ctx, entity, data);
        // an id or version past the integer column is refused as any other that is no id (never a database error)
        if (!isRowId(id)) throw badRequest('VALIDATION_FAILED', [{ field: 'id', code: 'type', params: { type: 'integer' } }]);
        // as `{entity}/update`: the version read is required, so a save never overwrites a change it did not see
        const v = parseVersion(version);
        const current = await ctx.docs.get(ctx, entity, id, { raw: true });
        if (!current) throw badRequest('VALIDATION_FAILED', [{ field: 'id', code: 'enum' }]);
        return ctx.docs.update(ctx, entity, id, data, v);
      },
    },
    borrarReporte: {
      scope: 'record',
      path: 'reportes/borrarReporte',
      roles: ROLES.ADMIN,
      async run({ entity, ctx, id }) {
        await ctx.docs.remove(ctx, entity, id!);
        return { ok: true };
      },
    },
  },
});
