/**
 * Previous / next record from a form opened from a list (issue 19). The list hands the form a stretch of its
 * rows' ids in the list's own order (search, filters, sort), where that stretch starts, the total and the query;
 * the form moves through them and, at either end of the stretch, fetches the list's page beyond it with the same
 * query. The ids travel in the navigation state, so the stretch is kept short.
 */
import type { ListQuery, SortOrder } from './query';

export type RowId = string | number;

/** The list as the user left it (typed search and filters, sort, scroll), to open it again the same way. */
export interface ListView {
  pattern: string;
  filters: Record<string, string>;
  sort: string;
  sortOrder: SortOrder;
  /** How far its rows were scrolled (px). */
  top?: number;
}

export interface ListContext {
  /** The list url the ids belong to. */
  list: string;
  /** `{list}/index` query without paging (pattern, sort, sortOrder, filters). */
  query: ListQuery;
  /** Position in the list of the first id. */
  offset: number;
  ids: RowId[];
  total: number;
  /** `total` is a lower bound (the server estimated it): a full page means more may follow. */
  estimated: boolean;
  view?: ListView;
}

/** Ids kept on each side of the opened row, and the most kept at all after fetching more. */
export const STEP_WINDOW = 100;
export const STEP_MAX_IDS = 3 * STEP_WINDOW;

const same = (a: RowId, b: RowId) => String(a) === String(b);

/** What the list hands the form for its row `index` (of the loaded `ids`). */
export function listContext(
  at: Omit<ListContext, 'offset' | 'ids' | 'query'> & { query: ListQuery; ids: readonly RowId[] },
  index: number,
): ListContext {
  const start = Math.max(0, index - STEP_WINDOW);
  const { pattern, sort, sortOrder, filters } = at.query;
  return {
    list: at.list,
    query: { pattern, sort, sortOrder, filters },
    offset: start,
    ids: at.ids.slice(start, index + STEP_WINDOW + 1),
    total: at.total,
    estimated: at.estimated,
    ...(at.view ? { view: at.view } : {}),
  };
}

/** A move: to a known id, to a page that must be fetched first, or none (an end of the list). */
export type Step = { id: RowId } | { fetch: 'before' | 'after' } | null;

export interface Steps {
  /** 1-based position of the record in the list; null when the record is not among the ids. */
  position: number | null;
  prev: Step;
  next: Step;
}

export function stepsOf(ctx: ListContext | null | undefined, id: RowId): Steps {
  const i = ctx ? ctx.ids.findIndex((x) => same(x, id)) : -1;
  if (!ctx || i < 0) return { position: null, prev: null, next: null };
  const end = ctx.offset + ctx.ids.length;
  return {
    position: ctx.offset + i + 1,
    prev: i > 0 ? { id: ctx.ids[i - 1] } : ctx.offset > 0 ? { fetch: 'before' } : null,
    next: i < ctx.ids.length - 1 ? { id: ctx.ids[i + 1] } : end < ctx.total ? { fetch: 'after' } : null,
  };
}

/** The `{list}/index` query of the page beyond one end of the ids. */
export function pageQuery(ctx: ListContext, side: 'before' | 'after', size: number): ListQuery {
  if (side === 'after') return { ...ctx.query, offset: ctx.offset + ctx.ids.length, max: size };
  const offset = Math.max(0, ctx.offset - size);
  return { ...ctx.query, offset, max: ctx.offset - offset };
}

/**
 * The context with a fetched page joined at one end. A short page after the ids is the list's end (the total
 * becomes exact); the kept ids never exceed STEP_MAX_IDS, dropping from the other end.
 */
export function withPage(ctx: ListContext, side: 'before' | 'after', page: { rows: readonly RowId[]; total: number; estimated?: boolean }, size: number): ListContext {
  if (side === 'after') {
    let ids = [...ctx.ids, ...page.rows];
    let offset = ctx.offset;
    const end = offset + ids.length;
    const total = page.rows.length < size ? end : page.estimated ? Math.max(page.total, end + 1) : page.total;
    if (ids.length > STEP_MAX_IDS) {
      offset += ids.length - STEP_MAX_IDS;
      ids = ids.slice(-STEP_MAX_IDS);
    }
    return { ...ctx, ids, offset, total, estimated: page.rows.length < size ? false : Boolean(page.estimated) };
  }
  const ids = [...page.rows, ...ctx.ids].slice(0, STEP_MAX_IDS);
  // rows removed meanwhile: the page came back short, so the stretch starts earlier than asked
  const offset = Math.max(0, ctx.offset - page.rows.length);
  return { ...ctx, ids, offset, total: Math.max(ctx.total, offset + ids.length) };
}

/** The context read back from navigation state: only what has the right shape. */
export function listContextOf(state: unknown): ListContext | null {
  const c = (state as { list?: unknown } | null)?.list as Partial<ListContext> | undefined;
  if (!c || typeof c !== 'object') return null;
  if (typeof c.list !== 'string' || !Array.isArray(c.ids) || typeof c.offset !== 'number' || typeof c.total !== 'number') return null;
  if (!c.query || typeof c.query !== 'object') return null;
  return c as ListContext;
}
