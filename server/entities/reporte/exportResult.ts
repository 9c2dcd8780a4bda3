/**
 * `reportes/exportar` {id, objetoId?, params?, format: csv | xlsx, lang?}: a built-in report's result as a file —
 * the table the screen shows (engine/reports/resultTable.ts) with its totals line, headers in the user's
 * language; in CSV texts that a spreadsheet would run are escaped, in XLSX measures are numbers (a time
 * bucket's groups dates) and the totals line is bold. The same checks as `reportes/datos`.
 */
import type { Lang } from '../../http/lang';
import { resultTable } from '../../../engine/reports/resultTable';
import type { ReportResult } from '../../../engine/reports/query';
import { FileReply } from '../../documents/types';
import type { CellKind } from '../../export/cells';
import { CSV_BOM, csvLine } from '../../export/csv';
import { textsOf } from '../../export/texts';
import { xlsxSheet } from '../../export/xlsx';

export const RESULT_FORMATS = ['csv', 'xlsx'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

async function xlsxFile(title: string, kinds: CellKind[], header: string[], rows: (string | null)[][], total: (string | null)[] | null): Promise<Buffer> {
  const sheet = await xlsxSheet(title, header.map((h, i) => ({ header: h, kind: kinds[i] })));
  const parts: Buffer[] = [];
  sheet.stream.on('data', (c: Buffer) => parts.push(c));
  const ended = new Promise((resolve, reject) => sheet.stream.once('end', resolve).once('error', reject));
  await sheet.add(rows);
  if (total) await sheet.add([total], { bold: true });
  await sheet.finish();
  await ended;
  return Buffer.concat(parts);
}

export async function resultFile(result: ReportResult, title: string, format: ResultFormat, lang: Lang): Promise<FileReply> {
  const t = textsOf(lang);
  const { header, rows, total } = resultTable(result, (k, o) => t(k, o) as string);
  const name = `${title.replace(/[\\/:*?"<>|]/g, ' ').trim() || 'report'}.${format}`;
  const numeric = header.map((_, i) => i > 0 || Boolean(result.intervalo));
  if (format === 'csv') {
    const text = CSV_BOM + csvLine(header) + [...rows, ...(total ? [total] : [])].map((r) => csvLine(r, numeric)).join('');
    return new FileReply(name, 'text/csv; charset=utf-8', Buffer.from(text, 'utf8'));
  }
  const kinds: CellKind[] = header.map((_, i) => (i > 0 ? 'number' : result.intervalo ? 'date' : 'text'));
  const data = await xlsxFile(title, kinds, header, rows, total);
  return new FileReply(name, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data);
}
