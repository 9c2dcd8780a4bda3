/**
 * `reportes/exportar` {id, objetoId?, params?, format: csv | xlsx, lang?}: a built-in report's result as a file —
 * the table the screen shows (engine/reports/resultTable.ts) with its totals line, headers in the user's
 * language; in CSV texts that a spreadsheet would run are escaped, in XLSX measures are numbers and the totals
 * line is bold. The same checks as `reportes/datos`.
 *
 * A time bucket's group (the server names it by its first day) says the bucket the screen says
 * (engine/reports/buckets.ts), each file its own way. XLSX: a real date, so a spreadsheet still sorts and filters
 * by it, with a number format that shows the bucket ("mmmm yyyy" a month, "yyyy" a year, the day otherwise).
 * CSV: as much of the first day as names the bucket, so the text still sorts ("2026-11" a month, "2026" a year;
 * a day or a week keeps its ISO day, a week's Monday: a week number such as 2026-W45 reads less plainly).
 */
import type { Lang } from '../../http/lang';
import { resultTable } from '../../../engine/reports/resultTable';
import type { ReportResult, TimeBucket } from '../../../engine/reports/query';
import { FileReply } from '../../documents/types';
import { CSV_BOM, csvLine } from '../../export/csv';
import { textsOf } from '../../export/texts';
import { xlsxSheet, type SheetColumn } from '../../export/xlsx';

const BUCKET_FORMATS: Record<TimeBucket, string> = { dia: 'dd/mm/yyyy', semana: 'dd/mm/yyyy', mes: 'mmmm yyyy', anio: 'yyyy' };
/** How much of the ISO first day names the bucket in CSV. */
const BUCKET_CSV: Record<TimeBucket, number> = { dia: 10, semana: 10, mes: 7, anio: 4 };
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const RESULT_FORMATS = ['csv', 'xlsx'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

async function xlsxFile(title: string, columns: SheetColumn[], rows: (string | null)[][], total: (string | null)[] | null): Promise<Buffer> {
  const sheet = await xlsxSheet(title, columns);
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
  const bucket = result.intervalo;
  const numeric = header.map((_, i) => i > 0 || Boolean(bucket));
  if (format === 'csv') {
    const csvRows = bucket ? rows.map(([g, ...m]) => [g && ISO_DAY.test(g) ? g.slice(0, BUCKET_CSV[bucket]) : g, ...m]) : rows;
    const text = CSV_BOM + csvLine(header) + [...csvRows, ...(total ? [total] : [])].map((r) => csvLine(r, numeric)).join('');
    return new FileReply(name, 'text/csv; charset=utf-8', Buffer.from(text, 'utf8'));
  }
  const columns = header.map((h, i): SheetColumn => {
    if (i > 0) return { header: h, kind: 'number' };
    return bucket ? { header: h, kind: 'date', numFmt: BUCKET_FORMATS[bucket] } : { header: h, kind: 'text' };
  });
  const data = await xlsxFile(title, columns, rows, total);
  return new FileReply(name, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data);
}
