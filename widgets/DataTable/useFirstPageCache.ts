/**
 * The table's rows through the read cache (swr): tables asking for the same first page at once make one
 * request, and the cache reads the rows on screen again when the window regains focus; rows that changed go to
 * the table (the machine's FIRST_PAGE, which keeps the rows of a user who scrolled on). The update-list event is
 * the table's own REFRESH.
 *
 * A table shown again (back from a row's form) opens with the rows it had loaded of the same query, every page
 * scrolled through included, at once, and reads them again behind them (one request for as many rows): the
 * cache keeps the last loaded rows of each table (`keep`, one entry per list and column-preference key, so it
 * never grows with what was searched), forgets them at logout with the rest, and does not open with rows kept
 * before a save somewhere (the update-list event): those load afresh.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import { MAX_PAGE_SIZE, type ListQuery, type ListReply } from '../../engine/list/query';
import type { Row } from '../../machines/dataTable';
import { onUpdateList } from './updateList';

type PageKey = readonly [call: string, query: ListQuery, slot: string];
/** The `…/index` call names it: the app's update-list upkeep leaves it to the table (screens/app/readCache). */
type LoadedKey = readonly [call: string, slot: string, kind: 'loaded'];

/** What a table had loaded of one query: the reply it opens with when shown again. */
export interface LoadedRows {
  requestKey: string;
  reply: ListReply<Row>;
}

/** Counts the app-wide update-list events: rows kept before a save somewhere may hold what it changed. */
let saves = 0;
if (typeof window !== 'undefined') onUpdateList(() => void saves++);

const inFlight = new Map<string, Promise<ListReply<Row>>>();
/** Replies a table asked for itself: finding them in the cache is no news. */
const asked = new WeakSet<object>();

export function useFirstPageCache(
  list: string,
  /** The table's column-preference key and its source's cacheKey: tables of one list with other fixed filters keep their rows apart. */
  slot: string,
  index: (q: ListQuery) => Promise<ListReply<Row>>,
  onFresh: (requestKey: string, reply: ListReply<Row>, covers?: number) => void,
) {
  const { mutate, cache } = useSWRConfig();
  const latest = useRef({ index, onFresh });
  latest.current = { index, onFresh };
  const [shown, setShown] = useState<{ key: PageKey; requestKey: string; covers?: number } | null>(null);
  const reads = useRef(0);
  const loadedKey: LoadedKey = [`${list}/index`, slot, 'loaded'];
  const loadedId = unstable_serialize(loadedKey);

  /** Rows of `query` (offset 0), shared with any table asking for the same at the same time. */
  const shared = useCallback(
    (query: ListQuery): Promise<ListReply<Row>> => {
      const key: PageKey = [`${list}/index`, query, slot];
      const id = unstable_serialize(key);
      let page = inFlight.get(id);
      if (!page) {
        page = latest.current.index(query).then((reply) => (asked.add(reply), reply));
        const done = () => inFlight.delete(id);
        page.then(done, done);
        inFlight.set(id, page);
        mutate(key, page, { revalidate: false }).catch(() => undefined);
      }
      return page;
    },
    [list, slot, mutate],
  );

  /**
   * The first page of `query`; on the table's first read (`opening`), the rows it had loaded of the same query
   * when there are any, read again behind them.
   */
  const read = useCallback(
    (query: ListQuery, requestKey: string, opening = false): Promise<ListReply<Row>> => {
      const kept = opening ? (cache.get(loadedId)?.data as (LoadedRows & { saves: number }) | undefined) : undefined;
      const again = kept?.requestKey === requestKey && kept.saves === saves && kept.reply.rows.length > 0 ? kept.reply : null;
      const covers = again ? Math.min(MAX_PAGE_SIZE, Math.max(again.rows.length, query.max ?? 0)) : undefined;
      const fresh = covers ? { ...query, max: covers } : query;
      const page = shared(fresh);
      // observed once in the cache (a key observed before would make the cache read it a second time)
      const mine = ++reads.current;
      page.then(() => mine === reads.current && setShown({ key: [`${list}/index`, fresh, slot], requestKey, covers }), () => undefined);
      if (!again) return page;
      page.then((reply) => latest.current.onFresh(requestKey, reply, covers), () => undefined);
      return Promise.resolve(again);
    },
    [list, slot, cache, loadedId, shared],
  );

  /** The table's rows as loaded now, to open with when it is shown again. */
  const keep = useCallback((loaded: LoadedRows) => void mutate(loadedKey, { ...loaded, saves }, { revalidate: false }).catch(() => undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loadedId, mutate],
  );

  const { data } = useSWR(shown?.key ?? null, ([, query]: PageKey) => latest.current.index(query), {
    // the table reads it itself; the cache only reads it again (focus)
    revalidateOnMount: false,
    revalidateIfStale: false,
  });
  useEffect(() => {
    if (data && shown && !asked.has(data)) latest.current.onFresh(shown.requestKey, data, shown.covers);
    // a new key brings the table's own reply (asked): only a change of data is news
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  return { read, keep };
}
