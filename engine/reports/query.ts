/**
 * A built-in report (issue 14): a read-only query over one entity's data, defined as metadata — never SQL from
 * the browser. Its filters take their values from the report's parameters (or a fixed value), its rows are
 * grouped by one field (a date field by a time bucket), its measures are count, sum and average. This file
 * checks a query against the entity's fields; the server (server/entities/reporte/builtin.ts) runs it.
 */
import { isIsoMoment, isRealDay } from '../dates';
import type { FieldError } from '../errors';
import { INT_MAX, INT_MIN } from '../integers';
import { scalarType, type ResolvedEntity } from '../metadata/resolve';
import { shownKind } from '../metadata/shownField';

export const MEASURE_FUNCTIONS = ['count', 'sum', 'avg'] as const;
export type MeasureFunction = (typeof MEASURE_FUNCTIONS)[number];
export const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export const TIME_BUCKETS = ['dia', 'semana', 'mes', 'anio'] as const;
export type TimeBucket = (typeof TIME_BUCKETS)[number];
export const CHARTS = ['barras', 'lineas', 'torta', 'ninguno'] as const;
export type Chart = (typeof CHARTS)[number];

export interface ReportQuery {
  entidad: string;
  agrupar?: string | null;
  intervalo?: TimeBucket | null;
  grafico?: Chart;
  medidas?: { funcion: MeasureFunction; campo?: string | null }[];
  filtros?: { campo: string; operador: FilterOperator; parametro?: string | null; valor?: string | null }[];
}

/** The record's creation time: every stored entity has it, the usual field to count by month. */
export const CREATED_AT = 'created_at';

export type QueryFieldKind = 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'datetime';

/**
 * The fields a query may use: the entity's scalar properties (not child tables, not objects) and created_at,
 * unless the entity shows a module's own table (`coreTable`: cheques, vouchers, movements keep no created_at).
 */
export function queryFields(entity: ResolvedEntity): Map<string, QueryFieldKind> {
  const fields = new Map<string, QueryFieldKind>();
  for (const [name, p] of Object.entries(entity.schema.properties ?? {})) {
    const t = scalarType(p);
    if (t === 'string') fields.set(name, p.format === 'date' ? 'date' : p.format === 'date-time' ? 'datetime' : 'text');
    else if (t === 'number' || t === 'integer' || t === 'boolean') fields.set(name, t);
  }
  if (!entity.coreTable) fields.set(CREATED_AT, 'datetime');
  return fields;
}

/** A field an interval can bucket: a date or a moment. */
export const isDateKind = (k: QueryFieldKind | undefined) => k === 'date' || k === 'datetime';

/** The field code of an interval whose group is no date (its text: `validation.INTERVALO_SIN_FECHA`). */
export const INTERVAL_WITHOUT_DATE = 'INTERVALO_SIN_FECHA';

/** What is wrong with a filter's value for its field (a 400 on that value, never a database error). */
export type ValueProblem = Pick<FieldError, 'code' | 'params'>;

/**
 * A filter's value (a parameter's or a fixed one, as text) as its field's type: a whole number within the integer
 * column's range, a finite number, true / false, a real day, a real ISO moment, or any text.
 */
export function filterValue(kind: QueryFieldKind, v: string): { value: string | number | boolean } | { problem: ValueProblem } {
  const t = v.trim();
  switch (kind) {
    case 'integer': {
      if (!/^-?\d+$/.test(t)) return { problem: { code: 'type', params: { type: 'integer' } } };
      const n = Number(t);
      if (n > INT_MAX) return { problem: { code: 'maxValue', params: { max: INT_MAX } } };
      if (n < INT_MIN) return { problem: { code: 'minValue', params: { min: INT_MIN } } };
      return { value: n };
    }
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(t) && Number.isFinite(Number(t)) ? { value: Number(t) } : { problem: { code: 'type', params: { type: 'number' } } };
    case 'boolean':
      return t === 'true' || t === 'false' ? { value: t === 'true' } : { problem: { code: 'enum', params: { allowed: ['true', 'false'] } } };
    case 'date':
      return isRealDay(t) ? { value: t } : { problem: { code: 'type', params: { type: 'date' } } };
    case 'datetime':
      return isIsoMoment(t) ? { value: t } : { problem: { code: 'type', params: { type: 'date' } } };
    default:
      return { value: v };
  }
}

/** Field errors of a query (paths under `consulta.`); `params`: the report's parameter names. */
export function checkQuery(q: ReportQuery, entity: ResolvedEntity | undefined, params: readonly string[]): FieldError[] {
  if (!entity) return [{ field: 'consulta.entidad', code: 'enum' }];
  const fields = queryFields(entity);
  const errors: FieldError[] = [];
  const known = (path: string, name: string | null | undefined) => {
    if (name && !fields.has(name)) errors.push({ field: path, code: 'enum', params: { allowed: [...fields.keys()] } });
    return name ? fields.get(name) : undefined;
  };
  const group = known('consulta.agrupar', q.agrupar);
  if (q.intervalo && !isDateKind(group)) errors.push({ field: 'consulta.intervalo', code: INTERVAL_WITHOUT_DATE });
  (q.medidas ?? []).forEach((m, i) => {
    const kind = known(`consulta.medidas.${i}.campo`, m.campo);
    if (m.funcion !== 'count' && kind !== 'number' && kind !== 'integer') errors.push({ field: `consulta.medidas.${i}.campo`, code: 'required' });
  });
  (q.filtros ?? []).forEach((f, i) => {
    const kind = known(`consulta.filtros.${i}.campo`, f.campo);
    if (f.operador === 'contains' && kind !== 'text') errors.push({ field: `consulta.filtros.${i}.operador`, code: 'enum' });
    if (f.parametro && !params.includes(f.parametro) && f.parametro !== 'objetoId') errors.push({ field: `consulta.filtros.${i}.parametro`, code: 'enum', params: { allowed: [...params, 'objetoId'] } });
    if (!f.parametro && (f.valor == null || f.valor === '')) errors.push({ field: `consulta.filtros.${i}.valor`, code: 'required' });
    // a fixed value must fit its field, as a parameter's must when the report runs
    else if (!f.parametro && kind && f.operador !== 'contains') {
      const fit = filterValue(kind, String(f.valor));
      if ('problem' in fit) errors.push({ field: `consulta.filtros.${i}.valor`, ...fit.problem });
    }
  });
  return errors;
}

/** The measures of a query: count of rows when it names none. */
export const measuresOf = (q: ReportQuery) => (q.medidas?.length ? q.medidas : [{ funcion: 'count' as const, campo: null }]);

/** A sum or an average of an amount of money (`x-money`): its figures read as money, with 2 decimals. */
export const isMoneyMeasure = (entity: ResolvedEntity, m: { funcion: MeasureFunction; campo?: string | null }) =>
  m.funcion !== 'count' && !!m.campo && shownKind(entity.schema, entity.ui, m.campo) === 'money';

/** One row of a built-in report's result: the group's value (and its label, for a reference), then m0, m1, ... */
export interface ReportRow {
  grupo: string | null;
  etiqueta?: string;
  [measure: `m${number}`]: string | null;
}

export interface ReportResult {
  entidad: string;
  agrupar: string | null;
  intervalo: TimeBucket | null;
  grafico: Chart;
  /** One per measure, in order: m0, m1, ...; `dinero` when it measures money (isMoneyMeasure). */
  medidas: { key: string; funcion: MeasureFunction; campo: string | null; dinero?: true }[];
  rows: ReportRow[];
  /** The measures over every row (not a sum of averages). */
  totales: Record<string, string | null>;
  /** True when there were more groups than the report shows. */
  truncado: boolean;
}
