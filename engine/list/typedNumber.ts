/**
 * A number column's typed text (an inline cell edit, a filter) as its value: the one reading of both, so a
 * filter takes what a cell takes. Pure; the numbers themselves are engine/records/decimal.ts `parseDecimal`.
 */
import type { FieldError } from '../errors';
import type { ResolvedColumn } from '../metadata/resolve';
import { clashingSeparators, parseDecimal, type DecimalPoint } from '../records/decimal';

export type NumberColumn = Pick<ResolvedColumn, 'type'>;

export const isNumberColumn = (c: NumberColumn) => c.type === 'integer' || c.type === 'number';

/** The number a text spells for the column: null for a blank text, undefined when it is none (a fraction in an integer column). */
export function typedNumber(column: NumberColumn, text: string, point: DecimalPoint): number | null | undefined {
  const n = parseDecimal(text, point);
  return column.type === 'integer' && n != null && !Number.isInteger(n) ? undefined : n;
}

/** Why a text `typedNumber` refused is no number of the column: contradicting separators are worth saying as such. */
export function numberTextError(column: NumberColumn, field: string, text: string): FieldError {
  return clashingSeparators(text) ? { field, code: 'decimalSeparators' } : { field, code: 'type', params: { type: column.type } };
}
