/**
 * Pure rules of the select widget (spec §5, §9): queries of `{list}/select` in slices of 10, the local id
 * restriction, the blank first entry, the option text in the user's language, local (enum) paging.
 */
import type { ListQuery, SelectOption } from '../../engine/list/query';

/** Virtual-scroll slice: options come 10 at a time. */
export const SELECT_PAGE_SIZE = 10;
/** Typing waits this long before asking the server. */
export const SELECT_DEBOUNCE_MS = 800;

export type OptionId = string | number;

export interface SelectConfig {
  /** List url of `{list}/select`; none = the schema's enum (local options). */
  list?: string;
  /** A blank entry first, choosing it empties the value. */
  allowNull: boolean;
  /** Only these ids are offered. */
  ids?: OptionId[];
  /** Extra filters of the select call (tipo, parentid, ...). */
  filters?: Record<string, unknown>;
}

export function readSelectConfig(options: Record<string, unknown>): SelectConfig {
  const ids = Array.isArray(options.ids) ? (options.ids as OptionId[]) : undefined;
  const filters = options.filters && typeof options.filters === 'object' ? (options.filters as Record<string, unknown>) : undefined;
  return { list: typeof options.list === 'string' ? options.list : undefined, allowNull: options.allowNull === true, ids, filters };
}

export function selectQuery(pattern: string, offset: number, filters?: Record<string, unknown>): ListQuery {
  return { pattern: pattern.trim(), offset, max: SELECT_PAGE_SIZE, ...(filters ? { filters } : {}) };
}

/** The query that finds the option of one id, to show a loaded value's text. */
export function optionByIdQuery(id: OptionId, filters?: Record<string, unknown>): ListQuery {
  return { pattern: '', offset: 0, max: 1, filters: { ...filters, id } };
}

export const sameId = (a: unknown, b: unknown) => a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

export function restrictToIds(rows: readonly SelectOption[], ids: readonly OptionId[] | undefined): SelectOption[] {
  return ids ? rows.filter((r) => ids.some((id) => sameId(id, r.id))) : [...rows];
}

/** Spanish shows `nombre`, other languages `name`; each falls back to the other, then the id. */
export function optionText(o: SelectOption, language: string): string {
  const [first, second] = language.startsWith('es') ? [o.nombre, o.name] : [o.name, o.nombre];
  return first || second || String(o.id);
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** One slice of local options matching the pattern (accents and case ignored). */
export function localPage(all: readonly SelectOption[], query: ListQuery): { total: number; rows: SelectOption[] } {
  const p = fold(query.pattern ?? '');
  const matching = p ? all.filter((o) => fold(`${o.nombre} ${o.name}`).includes(p)) : [...all];
  const offset = query.offset ?? 0;
  return { total: matching.length, rows: matching.slice(offset, offset + (query.max ?? SELECT_PAGE_SIZE)) };
}

/** True when a scrolled list is within `margin` px of its end: time to load the next slice. */
export const isNearEnd = (el: { scrollTop: number; clientHeight: number; scrollHeight: number }, margin = 24) =>
  el.scrollTop + el.clientHeight >= el.scrollHeight - margin;

/** The id as the schema wants it: numeric schemas get numbers. */
export function idForSchema(id: OptionId, numeric: boolean): OptionId {
  return numeric && typeof id === 'string' && id.trim() !== '' && !Number.isNaN(Number(id)) ? Number(id) : id;
}
