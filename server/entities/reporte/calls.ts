/**
 * The report calls of spec §7 (served at `/api/reportes/...`, see ./index.ts), over the reporte entity.
 * A report's summary is what lists and menus need: its fields and parameters, and whether it is built in.
 */
import { sql } from 'kysely';
import { REPORT_GROUP_TIPO, type ReportMenuEntry, type ReportParam, type ReportRun, type ReportSummary } from '../../../engine/reports/model';
import { resolveParams } from '../../../engine/reports/params';
import type { DocContext, StoredRecord } from '../../documents/types';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { whereAll, type Where } from '../list';
import { maySee, POSITIONS_TABLE, visibleWhere } from './visible';

const SUMMARY_FIELDS = ['id', 'descripcion', 'clave', 'contexto', 'actividad', 'orden', 'uri', 'grupo', 'objeto_id', 'consulta'] as const;

/** The reports matching `wheres` the caller may see, in their order (orden, then id). */
export async function reportsWhere(ctx: DocContext, wheres: Where[]): Promise<ReportSummary[]> {
  const scope = await visibleWhere(ctx);
  const all = [...wheres, ...(scope ? [scope] : [])];
  const rows = await ctx.trx
    .selectFrom('reporte')
    .select([...SUMMARY_FIELDS])
    .$if(all.length > 0, (q) => q.where(whereAll(all)))
    .orderBy(sql`orden asc nulls last`)
    .orderBy('id')
    .limit(500)
    .execute();
  const ids = rows.map((r) => r.id as number);
  const params = ids.length
    ? await ctx.trx.selectFrom('reporte__parametros').selectAll().where('parent_id', 'in', ids).orderBy('parent_id').orderBy('position').execute()
    : [];
  return rows.map((r) => {
    const consulta = r.consulta as { grafico?: string } | null;
    return {
      id: r.id as number,
      descripcion: r.descripcion as string,
      descrip: r.descripcion as string,
      clave: r.clave as string,
      contexto: r.contexto as string,
      actividad: (r.actividad as number | null) ?? null,
      orden: (r.orden as number | null) ?? null,
      uri: (r.uri as string | null) ?? null,
      grupo: (r.grupo as number | null) ?? null,
      objeto_id: (r.objeto_id as number | null) ?? null,
      parametros: params
        .filter((p) => p.parent_id === r.id)
        .map(({ nombre, tipo, etiqueta, defecto, requerido, opciones }) => ({ nombre, tipo, etiqueta, defecto, requerido, opciones }) as ReportParam),
      builtin: consulta != null,
      grafico: consulta ? (consulta.grafico ?? 'barras') : null,
    };
  });
}

/** A report by id for the caller: 404 when there is none, 403 REPORTE_SIN_PERMISO when their job position may not see it. */
export async function reportFor(ctx: DocContext, id: number): Promise<StoredRecord> {
  const record = await ctx.docs.get(ctx, 'reporte', id);
  if (!record) throw notFound();
  return record;
}

/** How a report leaves the server (show, findById, runs): only to those its job positions admit. */
export async function presentReport(record: StoredRecord, ctx: DocContext): Promise<StoredRecord> {
  if (!(await maySee(ctx, record.id))) throw new ApiError(403, 'REPORTE_SIN_PERMISO');
  return record;
}

export const menuEntries = (reports: ReportSummary[]): ReportMenuEntry[] => reports.map((r) => ({ id: r.id, descrip: r.descrip }));

/**
 * The run answer of a report: its URL, key and the parameter values (defaults, then the given ones, checked:
 * 400 with `params.<name>` errors), plus `objetoId` / `contexto` when the screen that runs it gives them.
 */
export function runAnswer(record: StoredRecord, given: { params?: Record<string, unknown>; objetoId?: unknown; contexto?: unknown }): ReportRun {
  const { params, errors } = resolveParams((record.parametros as ReportParam[]) ?? [], given.params ?? {});
  if (errors.length) throw badRequest('VALIDATION_FAILED', errors);
  const objeto = given.objetoId ?? record.objeto_id;
  if (objeto != null && objeto !== '') params.objetoId = String(objeto);
  if (typeof given.contexto === 'string' && given.contexto) params.contexto = given.contexto;
  return { urlreporte: (record.uri as string | null) || null, key: record.clave as string, params };
}

/** The report groups: categories of tipo REPORT_GROUP_TIPO. */
export async function reportGroups(ctx: DocContext): Promise<{ id: number; nombre: string }[]> {
  const rows = await ctx.trx
    .selectFrom('categoria')
    .select(['id', 'nombre'])
    .where('tipo', '=', REPORT_GROUP_TIPO)
    .orderBy(sql`orden asc nulls last`)
    .orderBy('nombre')
    .execute();
  return rows.map((r) => ({ id: r.id as number, nombre: r.nombre as string }));
}

/** The job positions a report lists. */
export async function reportPositions(ctx: DocContext, id: number): Promise<{ id: number; nombre: string }[]> {
  const rows = await ctx.trx
    .selectFrom(`${POSITIONS_TABLE} as rp`)
    .innerJoin('puesto as p', 'p.id', 'rp.puesto')
    .select(['p.id', 'p.nombre'])
    .where('rp.parent_id', '=', id)
    .orderBy('rp.position')
    .execute();
  return rows.map((r) => ({ id: r.id as number, nombre: r.nombre as string }));
}
