/**
 * How a stored field reads to people outside its form (a record's history): whether it is one at all — a field the
 * form hides (`ui:widget: hidden`: a flow position, a sequence's number, a holder's id, computed taxes) is
 * plumbing, not something a user changed or can place — and what kind of value it holds, by its path
 * (`fecha`, `items.fecha_cobro`: a child row's field, `empleado.fecha_ingreso`: a stored object's).
 */
import { dayText } from '../dates';
import type { JsonSchema } from './types';

type Ui = Record<string, unknown> | undefined;
export type ShownKind = 'hidden' | 'date' | 'moment' | 'money' | 'number' | 'other';

const node = (v: unknown): Ui => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/** The field's schema and ui.json entry at `path` (one level: a child row's `<child>.<field>`, a stored object's `<field>.<key>`). */
function at(schema: JsonSchema, ui: Ui, path: string): { schema: JsonSchema | undefined; ui: Ui } {
  const [own, inner] = path.split('.');
  const top = schema.properties?.[own];
  if (inner === undefined) return { schema: top, ui: node(ui?.[own]) };
  if (top?.items) return { schema: (top.items as JsonSchema).properties?.[inner], ui: node(node(node(ui?.[own])?.items)?.[inner]) };
  return { schema: top?.properties?.[inner], ui: node(node(ui?.[own])?.[inner]) };
}

const isNumber = (s: JsonSchema | undefined) => s?.type === 'number' || (Array.isArray(s?.type) && s.type.includes('number'));

export function shownKind(schema: JsonSchema, ui: Ui, path: string): ShownKind {
  const field = at(schema, ui, path);
  const widget = field.ui?.['ui:widget'];
  // what a hidden field holds is hidden too (a flow's stack of steps, the computed taxes' lines)
  const [own, inner] = path.split('.');
  if (widget === 'hidden' || (inner !== undefined && node(ui?.[own])?.['ui:widget'] === 'hidden')) return 'hidden';
  if (widget === 'date' || field.schema?.format === 'date') return 'date';
  // a moment the server keeps (a creation, a sending): `format: date-time`
  if (field.schema?.format === 'date-time') return 'moment';
  if (isNumber(field.schema) && !field.schema?.['x-ref']) return field.schema?.['x-money'] === true ? 'money' : 'number';
  return 'other';
}

/** A stored date as people read it (dd/mm/yyyy), by the field's `ui:options.format`; null when it is none. */
export function shownDate(schema: JsonSchema, ui: Ui, path: string, value: string): string | null {
  const format = node(at(schema, ui, path).ui?.['ui:options'])?.format;
  return dayText(value, typeof format === 'string' ? format : undefined);
}
