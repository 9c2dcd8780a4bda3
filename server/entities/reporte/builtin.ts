/**
 * Runs a built-in report's query (engine/reports/query.ts) for a caller: only over an entity the caller may
 * read, within the rows its module lets them see (rowScope), with names from the metadata only and values as
 * parameters. Groups come sorted by their value (empty last), at most MAX_GROUPS; totals are measured over
 * every matching row. A reference group is named by its row's label in the caller's `lang`, as a list names it.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { rowLabel } from '../../../engine/metadata/label';
import type { ResolvedEntity } from '../../../engine/metadata/resolve';
import { checkQuery, filterValue, isMoneyMeasure, measuresOf, queryFields, type QueryFieldKind, type ReportQuery, type ReportResult, type ReportRow, type TimeBucket } from '../../../engine/reports/query';
import type { DocContext } from '../../documents/types';
import { badRequest, forbidden } from '../../http/api-error';
import type { Lang } from '../../http/lang';
import { permits } from '../access';
import { layoutOf } from '../layout';
import { containsPattern, whereAll, type Where } from '../list';

export const MAX_GROUPS = 500;
const UNITS: Record<TimeBucket, string> = { dia: 'day', semana: 'week', mes: 'month', anio: 'year' };
const OPS = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

function groupExpression(name: string, kind: QueryFieldKind, bucket: TimeBucket | null | undefined): RawBuilder<string | null> {
  const ref = sql.ref(name);
  if (!bucket) return sql`${ref}`;
  const moment = kind === 'date' ? sql`cast(nullif(${ref}, '') as date)` : sql`${ref}`;
  return sql`to_char(date_trunc(${sql.lit(UNITS[bucket])}, ${moment}), 'YYYY-MM-DD')`;
}

function measureExpression(m: { funcion: string; campo?: string | null }): RawBuilder<unknown> {
  if (m.funcion === 'count') return m.campo ? sql`cast(count(${sql.ref(m.campo)}) as integer)` : sql`cast(count(*) as integer)`;
  const ref = sql.ref(m.campo!);
  return m.funcion === 'sum' ? sql`cast(sum(${ref}) as text)` : sql`cast(trim_scale(round(cast(avg(${ref}) as numeric), 4)) as text)`;
}

const asText = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

export async function runQuery(ctx: DocContext, query: ReportQuery, values: Record<string, string>, lang: Lang): Promise<ReportResult> {
  const entity: ResolvedEntity | undefined = ctx.docs.entities().find((e) => e.name === query.entidad);
  if (!entity) throw badRequest('VALIDATION_FAILED', [{ field: 'consulta.entidad', code: 'enum' }]);
  if (!permits(ctx.actor.roles, entity, 'read')) throw forbidden();
  // a query saved before its entity changed (a field removed from the schema) names fields no longer there
  const stale = checkQuery(query, entity, Object.keys(values)).filter((e) => !e.field.endsWith('.parametro'));
  if (stale.length) throw badRequest('VALIDATION_FAILED', stale);
  const fields = queryFields(entity);
  const db = ctx.trx as Kysely<any>;
  const wheres: Where[] = [];
  for (const f of query.filtros ?? []) {
    const raw = f.parametro ? values[f.parametro] : (f.valor ?? undefined);
    if (raw == null || raw === '') continue; // a parameter left blank does not filter
    const kind = fields.get(f.campo) ?? 'text';
    if (f.operador === 'contains') {
      wheres.push((eb) => eb(f.campo, 'ilike', containsPattern(raw)));
      continue;
    }
    // a value that does not fit its field (1.5 or 99999999999 for a whole number, "ayer" for a day) is the
    // caller's 400, never a database error
    const fit = filterValue(kind, raw);
    if ('problem' in fit) throw badRequest('VALIDATION_FAILED', [{ field: f.parametro ? `params.${f.parametro}` : 'consulta.filtros', ...fit.problem }]);
    wheres.push((eb) => eb(f.campo, OPS[f.operador as keyof typeof OPS], fit.value));
  }
  const scope = await ctx.docs.server(entity).rowScope?.(ctx);
  if (scope) wheres.push(scope);
  const table = layoutOf(entity).table;
  const measures = measuresOf(query);
  const selectMeasures = (q: any) => measures.reduce((acc, m, i) => acc.select(measureExpression(m).as(`m${i}`)), q);
  const base = () => db.selectFrom(table).$if(wheres.length > 0, (q) => q.where(whereAll(wheres)));

  const totalsRow = (await selectMeasures(base()).executeTakeFirst()) as Record<string, unknown> | undefined;
  const totales = Object.fromEntries(measures.map((_, i) => [`m${i}`, asText(totalsRow?.[`m${i}`])]));
  let rows: ReportRow[] = [];
  let truncado = false;
  if (query.agrupar) {
    const g = groupExpression(query.agrupar, fields.get(query.agrupar) ?? 'text', query.intervalo);
    const found = (await selectMeasures(base().select(g.as('grupo')))
      .groupBy(g)
      .orderBy(sql`1 asc nulls last`)
      .limit(MAX_GROUPS + 1)
      .execute()) as Record<string, unknown>[];
    truncado = found.length > MAX_GROUPS;
    rows = found.slice(0, MAX_GROUPS).map((r) => ({ grupo: asText(r.grupo), ...Object.fromEntries(measures.map((_, i) => [`m${i}`, asText(r[`m${i}`])])) }) as ReportRow);
    rows = await withLabels(ctx, entity, query.agrupar, rows, lang);
  } else rows = [{ grupo: null, ...totales } as ReportRow];
  return {
    entidad: entity.name,
    agrupar: query.agrupar ?? null,
    intervalo: query.intervalo ?? null,
    grafico: query.grafico ?? 'barras',
    medidas: measures.map((m, i) => ({ key: `m${i}`, funcion: m.funcion, campo: m.campo ?? null, ...(isMoneyMeasure(entity, m) && { dinero: true as const }) })),
    rows,
    totales,
    truncado,
  };
}

/**
 * A reference group shows the referenced row's label, not its id: the list's label (a day in it dd/mm/yyyy), so the
 * chart, the table and the file read as the list; a row the caller may not see there keeps its id.
 */
async function withLabels(ctx: DocContext, entity: ResolvedEntity, field: string, rows: ReportRow[], lang: Lang): Promise<ReportRow[]> {
  const ref = entity.references.find((r) => r.site.kind === 'column' && r.site.field === field);
  if (!ref) return rows;
  const target = ctx.docs.entity(ref.entity);
  const ids = rows.map((r) => Number(r.grupo)).filter((n) => Number.isInteger(n) && n > 0);
  if (!ids.length) return rows;
  // a label is the referenced row's, so only of rows the caller may see there (a record of another activity
  // stays its id)
  const scope = await ctx.docs.server(target).rowScope?.(ctx);
  const found = await (ctx.trx as Kysely<any>)
    .selectFrom(layoutOf(target).table)
    .select(['id', ...target.labelFields])
    .where('id', 'in', ids)
    .$if(!!scope, (q) => q.where(scope!))
    .execute();
  const label = rowLabel(target, lang);
  const byId = new Map(found.map((f) => [String(f.id), label(f)]));
  return rows.map((r) => (r.grupo != null && byId.has(r.grupo) ? { ...r, etiqueta: byId.get(r.grupo) } : r));
}
