/**
 * The table's first page through the read cache (swr): tables asking for the same first page at once make
 * one request, and the cache reads the first page on screen again when the window regains focus; a page that
 * changed goes to the table (the machine's FIRST_PAGE, which keeps the rows of a user who scrolled on). Later
 * pages (infinite scroll) are the table's own, and the update-list event is the table's own REFRESH.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import type { ListQuery, ListReply } from '../../engine/list/query';
import type { Row } from '../../machines/dataTable';

type PageKey = readonly [call: string, query: ListQuery];

const inFlight = new Map<string, Promise<ListReply<Row>>>();
/** Replies a table asked for itself: finding them in the cache is no news. */
const asked = new WeakSet<object>();

export function useFirstPageCache(
  list: string,
  index: (q: ListQuery) => Promise<ListReply<Row>>,
  onFresh: (requestKey: string, reply: ListReply<Row>) => void,
) {
  const { mutate } = useSWRConfig();
  const latest = useRef({ index, onFresh });
  latest.current = { index, onFresh };
  const [shown, setShown] = useState<{ key: PageKey; requestKey: string } | null>(null);
  const reads = useRef(0);

  /** The first page of `query` (offset 0 included), shared with any table asking for it at the same time. */
  const read = useCallback(
    (query: ListQuery, requestKey: string): Promise<ListReply<Row>> => {
      const key: PageKey = [`${list}/index`, query];
      const id = unstable_serialize(key);
      let page = inFlight.get(id);
      if (!page) {
        page = latest.current.index(query).then((reply) => (asked.add(reply), reply));
        const done = () => inFlight.delete(id);
        page.then(done, done);
        inFlight.set(id, page);
        mutate(key, page, { revalidate: false }).catch(() => undefined);
      }
      // observed once in the cache (a key observed before would make the cache read it a second time)
      const mine = ++reads.current;
      page.then(() => mine === reads.current && setShown({ key, requestKey }), () => undefined);
      return page;
    },
    [list, mutate],
  );

  const { data } = useSWR(shown?.key ?? null, ([, query]: PageKey) => latest.current.index(query), {
    // the table reads it itself; the cache only reads it again (focus)
    revalidateOnMount: false,
    revalidateIfStale: false,
  });
  useEffect(() => {
    if (data && shown && !asked.has(data)) latest.current.onFresh(shown.requestKey, data);
    // a new key brings the table's own reply (asked): only a change of data is news
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  return read;
}
