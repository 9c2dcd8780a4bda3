/** A built-in report's result as the screen shows it: translated headers, group texts, numbers for the chart. */
import type { TFunction } from 'i18next';
import { CREATED_AT, type ReportResult } from '../../engine/reports/query';

export function resultView(result: ReportResult, t: TFunction) {
  const fieldLabel = (field: string | null) =>
    field === CREATED_AT ? t('reports.createdAt') : field ? t(`entities.${result.entidad}.fields.${field}`, { defaultValue: field }) : '';
  const groupHeader = result.agrupar ? fieldLabel(result.agrupar) : t('reports.all');
  const measures = result.medidas.map((m) => ({ key: m.key, label: t(`reports.measure.${m.funcion}`, { field: fieldLabel(m.campo) }) }));
  const groupText = (row: ReportResult['rows'][number]) => {
    if (!result.agrupar) return t('reports.all');
    if (row.grupo == null || row.grupo === '') return t('reports.none');
    if (row.etiqueta) return row.etiqueta;
    return t(`entities.${result.entidad}.enums.${result.agrupar}.${row.grupo}`, { defaultValue: row.grupo });
  };
  const chartData = result.rows.map((r) => ({ name: groupText(r), ...Object.fromEntries(measures.map((m) => [m.key, r[m.key as `m${number}`] == null ? null : Number(r[m.key as `m${number}`])])) }));
  return { groupHeader, measures, groupText, chartData };
}

/** The result as CSV (RFC 4180, with a BOM for spreadsheets): the table as shown, totals last. */
export function resultCsv(result: ReportResult, t: TFunction): string {
  const v = resultView(result, t);
  const field = (s: string | null) => (s == null ? '' : /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const line = (cells: (string | null)[]) => `${cells.map(field).join(',')}\r\n`;
  let out = `\ufeff${line([v.groupHeader, ...v.measures.map((m) => m.label)])}`;
  for (const r of result.rows) out += line([v.groupText(r), ...v.measures.map((m) => r[m.key as `m${number}`])]);
  if (result.agrupar) out += line([t('reports.total'), ...v.measures.map((m) => result.totales[m.key])]);
  return out;
}
