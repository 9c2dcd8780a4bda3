/**
 * The text of an option or of a referenced row: its label fields that are not blank, joined by a space. A part
 * that repeats what is already there is left out (a party whose business name is also its name, or whose name
 * and surname together are its business name, reads once), compared without case or accents.
 */
import { momentText } from '../dates';
import type { ResolvedEntity } from './resolve';
import { shownDate, shownKind } from './shownField';

const same = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

export function labelText(row: Record<string, unknown>, fields: readonly string[]): string {
  const parts: string[] = [];
  for (const f of fields) {
    const v = row[f];
    if (v === null || v === undefined) continue;
    const text = String(v).trim();
    if (text && !parts.some((p) => same(p) === same(text))) parts.push(text);
  }
  if (parts.length > 2 && same(parts.slice(1).join(' ')) === same(parts[0])) return parts[0];
  return parts.join(' ');
}

type Row = Record<string, unknown>;
type Labelled = Pick<ResolvedEntity, 'schema' | 'ui' | 'labelFields'>;

/**
 * The label of an entity's rows as the app writes it in `lang` (a select's options, a reference's name in a
 * list): a day field as dd/mm/yyyy (by its `ui:options.format`, as list cells and the breadcrumb write it,
 * not 2026-12-20) and a moment (`format: date-time`) as day/month/year and time on this clock; other fields as
 * stored. Made once per entity and language; an entity whose label has no day costs nothing more per row.
 */
export function rowLabel(entity: Labelled, lang: string): (row: Row) => string {
  const fields = entity.labelFields;
  const written = new Map<string, (v: unknown) => unknown>();
  for (const f of fields) {
    const kind = shownKind(entity.schema, entity.ui, f);
    if (kind === 'date') written.set(f, (v) => (typeof v === 'string' ? shownDate(entity.schema, entity.ui, f, v) ?? v : v));
    else if (kind === 'moment') written.set(f, (v) => (typeof v === 'string' || v instanceof Date ? momentText(v, lang) : v));
  }
  if (!written.size) return (row) => labelText(row, fields);
  return (row) => {
    const shown: Row = {};
    for (const f of fields) shown[f] = row[f] == null ? row[f] : (written.get(f)?.(row[f]) ?? row[f]);
    return labelText(shown, fields);
  };
}
