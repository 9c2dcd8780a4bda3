/**
 * An inline cell edit's text as people read and type it elsewhere in the app, in their language: a number with the
 * language's decimal point ("1,5" in Spanish, thousands accepted as the items grid reads them: engine/records/decimal.ts),
 * a day as dd/mm/yyyy (engine/dates.ts). Pure: the dataTable machine turns typed text into the value it sends here,
 * and the cell starts its editor from the text this gives.
 */
import { formatDate, parseDayMonthYear, parseWithMask, dayText } from '../dates';
import type { FieldError } from '../errors';
import type { ResolvedColumn } from '../metadata/resolve';
import { decimalText, type DecimalPoint } from '../records/decimal';
import { isNumberColumn, numberTextError, typedNumber } from './typedNumber';

export type EditedColumn = Pick<ResolvedColumn, 'type' | 'editable' | 'dayFormat'>;

/** The text an inline editor starts with: the value as the user would type it. */
export function editText(value: unknown, column: Pick<ResolvedColumn, 'type' | 'dayFormat'>, point: DecimalPoint): string {
  if (value == null) return '';
  // no grouping: "1234,5", which reads back as typed, where "1.234,5" is a second way to write it
  if (isNumberColumn(column) && typeof value === 'number') return decimalText(value, point);
  if (column.dayFormat && typeof value === 'string') return dayText(value, column.dayFormat) ?? value;
  return String(value);
}

/**
 * The value an edited cell text stands for; undefined when it is not valid for the column. A blank number or
 * day clears it (null: the server refuses that for a required field and says so). A retyped day keeps the time the
 * cell's value (`previous`) had, as the form's date field does: only the day is typed.
 */
export function cellValue(column: EditedColumn | undefined, text: string, point: DecimalPoint, previous?: unknown): unknown {
  if (!column?.editable) return undefined;
  const t = text.trim();
  if (isNumberColumn(column)) return typedNumber(column, t, point);
  if (column.dayFormat) {
    if (!t) return null;
    const day = parseDayMonthYear(t);
    const was = typeof previous === 'string' ? parseWithMask(previous, column.dayFormat) : null;
    return day ? formatDate({ hour: was?.hour, minute: was?.minute, second: was?.second, ...day }, column.dayFormat) : undefined;
  }
  if (column.type === 'boolean') return t === 'true' ? true : t === 'false' ? false : undefined;
  return column.type === 'string' ? text : undefined;
}

/** Why a text `cellValue` refused is no value of the column, as the field error its cell shows. */
export function cellTextError(column: EditedColumn | undefined, field: string, text: string): FieldError {
  if (column?.dayFormat) return { field, code: 'date' };
  if (column && isNumberColumn(column)) return numberTextError(column, field, text);
  return { field, code: 'type', params: { type: column?.type } };
}
