/**
 * A built-in report's result as people read it: translated headers, group texts, the measures as numbers for a
 * chart, and the table with its totals line. The screen draws it; the server writes it as CSV or XLSX
 * (`reportes/exportar`), so the file says exactly what the screen shows.
 */
import { CREATED_AT, type ReportResult, type ReportRow } from './query';

/** The translate function of either side (i18next's `t`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function resultView(result: ReportResult, t: Translate) {
  const fieldLabel = (field: string | null) =>
    field === CREATED_AT ? t('reports.createdAt') : field ? t(`entities.${result.entidad}.fields.${field}`, { defaultValue: field }) : '';
  const groupHeader = result.agrupar ? fieldLabel(result.agrupar) : t('reports.all');
  const measures = result.medidas.map((m) => ({ key: m.key, label: t(`reports.measure.${m.funcion}`, { field: fieldLabel(m.campo) }) }));
  const groupText = (row: ReportRow) => {
    if (!result.agrupar) return t('reports.all');
    if (row.grupo == null || row.grupo === '') return t('reports.none');
    if (row.etiqueta) return row.etiqueta;
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
