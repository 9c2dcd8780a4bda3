/**
 * What a list column holds, for how its cells read: an amount (a `number` field, a virtual number) in the
 * language's numbers as view mode writes them (1.159.785,5, not 1159785.5), right-aligned like every whole
 * number column so figures line up; a day as dd/mm/yyyy like the rest of the app (not 2026-11-28); and the width
 * a column nobody has sized starts at: numbers, days and yes/no are narrow, so text columns (a name, a client)
 * share the rest instead of all getting the same width.
 */
import { dayText, momentText } from '../../engine/dates';
import type { ResolvedColumn, ResolvedEntity } from '../../engine/metadata/resolve';
import { shownDate, shownKind } from '../../engine/metadata/shownField';
import { formatFigure } from '../money';

export type ColumnKind = 'amount' | 'money' | 'count' | 'date' | 'moment' | 'flag' | 'text';

/** A column whose value is shown by a name (a reference, an enum, an offered or named value) reads as text. */
const named = (entity: ResolvedEntity, c: ResolvedColumn) =>
  Boolean(c.pick || c.names || c.valueNames) || entity.references.some((r) => r.site.kind === 'column' && r.site.field === c.field);

export function columnKind(entity: ResolvedEntity, c: ResolvedColumn): ColumnKind {
  if (c.type === 'boolean') return 'flag';
  if (c.virtual) return c.type === 'number' || c.type === 'integer' ? 'amount' : 'text';
  if (named(entity, c)) return 'text';
  const kind = shownKind(entity.schema, entity.ui, c.field);
  if (kind === 'number') return 'amount';
  if (kind === 'money') return 'money';
  if (kind === 'date') return 'date';
  if (kind === 'moment') return 'moment';
  // an id, a sequence's number, an order: aligned as a number, written as stored (no thousands separator)
  return c.type === 'integer' ? 'count' : 'text';
}

/** Right-aligned columns. */
export const alignsEnd = (kind: ColumnKind) => kind === 'amount' || kind === 'money' || kind === 'count';

/**
 * A cell's text for the kinds written otherwise than as stored; undefined for the others. A moment (a movement's
 * or an upload's time, `format: date-time`) reads as day/month/year and time, as the history's do, not
 * 2026-11-28T08:15:18.964Z.
 */
export function kindText(entity: ResolvedEntity, c: ResolvedColumn, kind: ColumnKind, language: string): ((value: unknown) => string) | undefined {
  if (kind === 'moment') return (v) => (typeof v === 'string' ? momentText(v, language) : String(v));
  if (kind === 'amount' || kind === 'money') {
    return (v) => (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) ? formatFigure(Number(v), language, kind === 'money') : String(v));
  }
  if (kind === 'date') return (v) => (typeof v === 'string' ? (c.virtual ? dayText(v) : shownDate(entity.schema, entity.ui, c.field, v)) ?? v : String(v));
  return undefined;
}

/** Pixels a title's character takes at the table's size, and a title cell's padding, sort icon and edge. */
const CHAR_PX = 7.5;
const TITLE_EXTRA_PX = 44;

/**
 * The width a column starts at before anyone sizes it: enough for its title (`label`, translated) within bounds
 * for narrow kinds; undefined for text, which shares what the others leave.
 */
export function startWidth(kind: ColumnKind, label: string): number | undefined {
  if (kind === 'text') return undefined;
  // a moment's text is "28/11/2026, 10:41:35": 20 characters
  if (kind === 'moment') return Math.round(Math.max(20 * CHAR_PX + 40, Math.min(220, label.length * CHAR_PX + TITLE_EXTRA_PX)));
  // money has two decimals: "1.234.567,89" fits from 120
  const [min, max] = kind === 'flag' ? [80, 150] : kind === 'date' ? [116, 160] : kind === 'money' ? [120, 170] : [96, 170];
  return Math.round(Math.min(max, Math.max(min, label.length * CHAR_PX + TITLE_EXTRA_PX)));
}
