/**
 * A date field (ui:widget "date", or a `format: date` text without a widget) holds the text the user typed while
 * it is no real date (31/02/2026, 12/0): the field says so and the record is not saved, where the text used to be
 * dropped and the record saved without the date. Pure: the form's validator and the record's save both ask here.
 */
import { DEFAULT_DATE_FORMAT, isWrongDay } from '../dates';
import type { FieldError } from '../errors';
import type { JsonSchema } from '../metadata/types';

type Node = Record<string, unknown>;
const nodeOf = (v: unknown): Node | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined);

/** The mask a date field's value is written with: `ui:options.format`, by default 'YYYY-MM-DD HH:mm:ss'. */
export const dateFormatOf = (options: Node | undefined): string =>
  typeof options?.format === 'string' && options.format ? options.format : DEFAULT_DATE_FORMAT;

/** The date fields of `data` (objects and child rows too) that hold no real date: code `date` each. */
export function wrongDates(schema: JsonSchema | undefined, ui: unknown, data: unknown, path = ''): FieldError[] {
  const own = nodeOf(ui) ?? {};
  const join = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (schema?.properties) {
    const record = nodeOf(data);
    return record ? Object.entries(schema.properties).flatMap(([name, prop]) => wrongDates(prop, own[name], record[name], join(name))) : [];
  }
  if (schema?.items) return Array.isArray(data) ? data.flatMap((row, i) => wrongDates(schema.items, own.items, row, join(i))) : [];
  const widget = own['ui:widget'] ?? (schema?.format === 'date' ? 'date' : undefined);
  const wrong = widget === 'date' && isWrongDay(data, dateFormatOf(nodeOf(own['ui:options'])));
  return wrong ? [{ field: path, code: 'date' }] : [];
}
