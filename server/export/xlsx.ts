/**
 * An XLSX written as it goes (exceljs's streaming writer): a sheet of typed cells — numbers as numbers,
 * dates as dates with a date format — headers in bold, the header row frozen. Memory stays flat: each row is
 * committed (written out) as soon as it is added. exceljs is loaded on the first sheet, not at the server's start
 * (it is 13 MB of the process's memory).
 */
import { PassThrough } from 'node:stream';
import type { CellKind } from './cells';
import { wallClock } from './timeZone';

const FORMATS: Partial<Record<CellKind, string>> = { date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm' };

/**
 * A cell's typed value: a number, a Date (its UTC fields are what the spreadsheet shows: a day as it is, a moment
 * on the wall clock of `zone`), or text.
 */
export function xlsxValue(kind: CellKind, text: string | null, zone = 'UTC'): string | number | Date | null {
  if (text == null || text === '') return null;
  if (kind === 'number') {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  if (kind === 'date' || kind === 'datetime') {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
    const d = new Date(day ? `${text}T00:00:00Z` : text);
    if (Number.isNaN(d.getTime())) return text;
    return day || kind === 'date' ? d : wallClock(d, zone);
  }
  return text;
}

export interface XlsxSheet {
  /** The file as it is written. */
  stream: PassThrough;
  /** Adds rows (bold: a totals line); resolves when the reader has taken what was written (backpressure). */
  add(rows: (string | null)[][], style?: { bold?: boolean }): Promise<void>;
  finish(): Promise<void>;
}

/** A column of the sheet: its header and how its cells are typed. */
export interface SheetColumn {
  header: string;
  kind: CellKind;
  /** A number format other than its kind's (a report's month: "mmmm yyyy"). */
  numFmt?: string;
}

/** `zone`: the time zone moments are written in (./timeZone.ts). */
export async function xlsxSheet(title: string, columns: readonly SheetColumn[], zone = 'UTC'): Promise<XlsxSheet> {
  const { default: ExcelJS } = await import('exceljs');
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  // sheet names: at most 31 characters, none of : \ / ? * [ ]
  const sheet = book.addWorksheet(title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => {
    const numFmt = c.numFmt ?? FORMATS[c.kind];
    return { width: Math.min(Math.max(c.header.length + 2, 12), 50), style: numFmt ? { numFmt } : {} };
  });
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  return {
    stream,
    async add(rows, style) {
      for (const cells of rows) {
        const row = sheet.addRow(cells.map((text, i) => xlsxValue(columns[i].kind, text, zone)));
        if (style?.bold) row.font = { bold: true };
        row.commit();
      }
      if (stream.writableNeedDrain) await new Promise((resolve) => stream.once('drain', resolve));
    },
    async finish() {
      sheet.commit();
      await book.commit();
    },
  };
}
