/**
 * A built-in report's result as people read it: translated headers, group texts, the measures as numbers for a
 * chart, and the table with its totals line. The screen draws it; the server writes it as CSV or XLSX
 * (`reportes/exportar`), so the file says exactly what the screen shows. Given the user's language, the screen's view
 * writes a group that is a date as people read it (a time bucket as what it spans, ./buckets.ts; a date's day as
 * dd/mm/yyyy, a moment with its time); the files keep the ISO date and write the bucket their own way.
 */
import { dayText, momentText } from '../dates';
import { bucketText } from './buckets';
import { CREATED_AT, type ReportResult, type ReportRow, type TimeBucket } from './query';

/** The translate function of either side (i18next's `t`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A group's value that is a date as people read it; null when it is none. */
function groupDate(value: string, bucket: TimeBucket | null, t: Translate, lang: string): string | null {
  if (bucket) return bucketText(value, bucket, t, lang);
  if (ISO_DAY.test(value)) return dayText(value);
  return ISO_MOMENT.test(value) ? momentText(value, lang) : null;
}

export function resultView(result: ReportResult, t: Translate, lang?: string) {
  const fieldLabel = (field: string | null) =>
    field === CREATED_AT ? t('reports.createdAt') : field ? t(`entities.${result.entidad}.fields.${field}`, { defaultValue: field }) : '';
  const groupHeader = result.agrupar ? fieldLabel(result.agrupar) : t('reports.all');
  const measures = result.medidas.map((m) => ({
    key: m.key,
    label: t(`reports.measure.${m.funcion}`, { field: fieldLabel(m.campo) }),
    count: m.funcion === 'count',
    money: m.dinero === true,
  }));
  const groupText = (row: ReportRow) => {
    if (!result.agrupar) return t('reports.all');
    if (row.grupo == null || row.grupo === '') return t('reports.none');
    if (row.etiqueta) return row.etiqueta;
    const date = lang ? groupDate(row.grupo, result.intervalo, t, lang) : null;
    if (date) return date;
    return t(`entities.${result.entidad}.enums.${result.agrupar}.${row.grupo}`, { defaultValue: row.grupo });
  };
  const chartData = result.rows.map((r) => ({ name: groupText(r), ...Object.fromEntries(measures.map((m) => [m.key, r[m.key as `m${number}`] == null ? null : Number(r[m.key as `m${number}`])])) }));
  return { groupHeader, measures, groupText, chartData };
}

/** The table as shown: its header, a line per group (the group's text, then each measure's exact text), the totals line of a grouped report. */
export function resultTable(result: ReportResult, t: Translate) {
  const v = resultView(result, t);
  return {
    header: [v.groupHeader, ...v.measures.map((m) => m.label)],
    rows: result.rows.map((r) => [v.groupText(r), ...v.measures.map((m) => r[m.key as `m${number}`] ?? null)]),
    total: result.agrupar ? [t('reports.total'), ...v.measures.map((m) => result.totales[m.key] ?? null)] : null,
  };
}
