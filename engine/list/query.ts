/**
 * The list query of `{list}/index` and `{list}/select` (spec §7) and its checks against the entity's
 * columns: the server refuses what the manifest does not allow, the browser builds only what it allows.
 */
import type { FieldError } from '../errors';
import type { ResolvedEntity } from '../metadata/resolve';

export type SortOrder = 'asc' | 'desc';

export interface ListQuery {
  pattern?: string;
  offset?: number;
  max?: number;
  sort?: string;
  sortOrder?: SortOrder;
  filters?: Record<string, unknown>;
  cols?: string[];
}

export interface ListReply<Row = Record<string, unknown>> {
  total: number;
  /** True when `total` is an estimate: the server counts exactly only up to a thousand matching rows. */
  estimated?: boolean;
  rows: Row[];
  /** Columns the user may choose from (names). */
  showableColumns: string[];
  /** The user's saved column choice, or null when never saved. */
  cols: string[] | null;
  /** The widths (px) the user dragged columns to, saved with the choice; absent or null when none. */
  widths?: Record<string, number> | null;
}

export interface SelectOption {
  id: number | string;
  name: string;
  nombre: string;
}

/** Ceiling of `max`: a page never holds more rows than this. */
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 20;
/** Filtering needs at least 2 characters (spec §5). */
export const FILTER_MIN_LENGTH = 2;
export const PATTERN_MAX_LENGTH = 200;

/** Filters every list understands besides its columns' filter keys. */
export const COMMON_FILTERS = ['tipo', 'parentid'] as const;

export interface NormalQuery {
  pattern: string;
  offset: number;
  max: number;
  sort: string;
  sortOrder: SortOrder;
  /** Filter key -> value; text values already trimmed and at least FILTER_MIN_LENGTH long. */
  filters: Record<string, string | number | boolean | null>;
}

/** A text filter shorter than the minimum does not filter yet. */
export function effectiveText(value: string): string | null {
  const v = value.trim();
  return v.length >= FILTER_MIN_LENGTH ? v : null;
}

/**
 * Checks a query against the entity's manifest. Returns the normalised query or field errors with
 * stable codes (`unknownSort`, `unknownFilter`, `between`, ...).
 */
export function checkListQuery(
  q: ListQuery,
  entity: ResolvedEntity,
  extraFilters: readonly string[] = COMMON_FILTERS,
): { query: NormalQuery; errors: [] } | { query: null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const offset = q.offset ?? 0;
  const max = q.max ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(offset) || offset < 0) errors.push({ field: 'offset', code: 'minValue', params: { min: 0 } });
  if (!Number.isInteger(max) || max < 1 || max > MAX_PAGE_SIZE)
    errors.push({ field: 'max', code: 'between', params: { min: 1, max: MAX_PAGE_SIZE } });
  const sort = q.sort ?? entity.sort.field;
  const sortable = entity.columns.some((c) => c.sortable && c.field === sort) || sort === entity.rowKey;
  if (!sortable) errors.push({ field: 'sort', code: 'unknownSort', params: { value: String(sort) } });
  const sortOrder = q.sortOrder ?? (q.sort ? 'asc' : entity.sort.order);
  if (sortOrder !== 'asc' && sortOrder !== 'desc') errors.push({ field: 'sortOrder', code: 'enum', params: { allowed: ['asc', 'desc'] } });
  const pattern = typeof q.pattern === 'string' ? q.pattern.trim() : q.pattern == null ? '' : null;
  if (pattern === null) errors.push({ field: 'pattern', code: 'type' });
  else if (pattern.length > PATTERN_MAX_LENGTH) errors.push({ field: 'pattern', code: 'maxLength', params: { max: PATTERN_MAX_LENGTH } });

  const allowed = new Set([...entity.columns.flatMap((c) => (c.filter ? [c.filter] : [])), ...extraFilters]);
  const filters: NormalQuery['filters'] = {};
  for (const [key, raw] of Object.entries(q.filters ?? {})) {
    if (!allowed.has(key)) {
      errors.push({ field: `filters.${key}`, code: 'unknownFilter', params: { value: key } });
      continue;
    }
    if (raw === undefined || raw === '') continue;
    if (raw !== null && !['string', 'number', 'boolean'].includes(typeof raw)) {
      errors.push({ field: `filters.${key}`, code: 'type' });
      continue;
    }
    if (typeof raw === 'string') {
      if (raw.length > PATTERN_MAX_LENGTH) {
        errors.push({ field: `filters.${key}`, code: 'maxLength', params: { max: PATTERN_MAX_LENGTH } });
        continue;
      }
      // the 2-character minimum is for typed text; numbers, picked values ('*': every entity) and the common
      // filters match as given
      const textColumn = entity.columns.some((c) => c.filter === key && c.type === 'string' && !c.pick);
      const text = textColumn ? effectiveText(raw) : raw.trim() || null;
      if (text !== null) filters[key] = text;
      continue;
    }
    filters[key] = raw as number | boolean | null;
  }
  if (errors.length) return { query: null, errors };
  return { query: { pattern: pattern ?? '', offset, max, sort, sortOrder, filters }, errors: [] };
}
