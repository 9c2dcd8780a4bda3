/**
 * The select's option slices: first slice on open, debounced search while typing, the next slice when the
 * list is scrolled to its end. Replies to superseded requests are dropped. With a `cacheKey` (a remote list),
 * a first slice goes through the read cache (swr): a select opened again shows the slice it had at once while
 * it is read again, and selects asking for the same slice at the same time make one request.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import type { ListQuery, SelectOption } from '../../engine/list/query';
import { restrictToIds, SELECT_DEBOUNCE_MS, SELECT_PAGE_SIZE, selectQuery, type OptionId } from './selectOptions';

export type SliceSource = (query: ListQuery) => Promise<{ total: number; rows: SelectOption[] }>;

interface State {
  raw: SelectOption[];
  total: number;
  loading: boolean;
  loaded: boolean;
  /** The text the rows were found for (null: none yet): a combobox highlights a match only among these. */
  answered: string | null;
}

const initial: State = { raw: [], total: 0, loading: false, loaded: false, answered: null };

const inFlight = new Map<string, Promise<{ total: number; rows: SelectOption[] }>>();

export function useSelectOptions(
  source: SliceSource,
  opts: { ids?: OptionId[]; filters?: Record<string, unknown>; onRows?: (rows: SelectOption[]) => void; cacheKey?: string },
) {
  const [state, setState] = useState<State>(initial);
  const { cache, mutate } = useSWRConfig();
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pattern = useRef('');
  const optsRef = useRef(opts);
  optsRef.current = opts;

  const fetchSlice = useCallback(
    async (offset: number) => {
      const mine = ++seq.current;
      const text = pattern.current;
      const query = selectQuery(pattern.current, offset, optsRef.current.filters);
      const key = optsRef.current.cacheKey !== undefined && offset === 0 ? (['slice', optsRef.current.cacheKey, query] as const) : null;
      const id = key ? unstable_serialize(key) : '';
      const cached = key ? (cache.get(id)?.data as { total: number; rows: SelectOption[] } | undefined) : undefined;
      setState((s) => ({
        ...s,
        loading: true,
        ...(offset === 0 ? (cached ? { raw: cached.rows, total: cached.total, loaded: true, answered: text } : { raw: [], total: 0, answered: null }) : {}),
      }));
      try {
        let reply: { total: number; rows: SelectOption[] };
        if (key) {
          let pending = inFlight.get(id);
          if (!pending) {
            pending = source(query);
            inFlight.set(id, pending);
            const done = () => inFlight.delete(id);
            pending.then(done, done);
            mutate(key, pending, { revalidate: false }).catch(() => undefined);
          }
          reply = await pending;
        } else reply = await source(query);
        if (mine !== seq.current) return;
        optsRef.current.onRows?.(reply.rows);
        setState((s) => ({ raw: offset === 0 ? reply.rows : [...s.raw, ...reply.rows], total: reply.total, loading: false, loaded: true, answered: offset === 0 ? text : s.answered }));
      } catch {
        if (mine === seq.current) setState((s) => ({ ...s, loading: false, loaded: true }));
      }
    },
    [source, cache, mutate],
  );

  /** New pattern: from offset 0, after the debounce unless `immediate`. */
  const search = useCallback(
    (text: string, immediate = false) => {
      clearTimeout(timer.current);
      pattern.current = text;
      if (immediate) void fetchSlice(0);
      else timer.current = setTimeout(() => void fetchSlice(0), SELECT_DEBOUNCE_MS);
    },
    [fetchSlice],
  );

  const hasMore = state.raw.length < state.total;
  const loadMore = useCallback(() => {
    if (!state.loading && hasMore) void fetchSlice(state.raw.length);
  }, [state.loading, state.raw.length, hasMore, fetchSlice]);

  const rows = restrictToIds(state.raw, opts.ids);
  // An id restriction can thin a slice out: keep loading until a slice's worth is visible or the list ends.
  useEffect(() => {
    if (opts.ids && state.loaded && !state.loading && hasMore && rows.length < SELECT_PAGE_SIZE) loadMore();
  }, [opts.ids, state.loaded, state.loading, hasMore, rows.length, loadMore]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { rows, loading: state.loading, loaded: state.loaded, hasMore, search, loadMore, pattern: pattern.current, answered: state.answered };
}
