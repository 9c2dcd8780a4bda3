/**
 * A list left for one of its rows' forms comes back as it was (search, filters, sort, scroll) when the user
 * returns to it with the browser's Back or the form's exit, which goes back in history. It is kept in the list's
 * own history entry, beside the router's fields (which it keeps), as the browser keeps a page's scroll there: a
 * list opened afresh (from the menu, by address) is a new entry and starts afresh, and a reload keeps it.
 */
import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { ListView } from '../../engine/list/recordSteps';
import { listViewOf } from './formNavigation';

interface Kept {
  list: string;
  view: unknown;
}

function recalled(list: string): ListView | undefined {
  const kept = (window.history.state as { keptList?: Kept } | null)?.keptList;
  return kept?.list === list ? listViewOf({ listView: kept.view }) : undefined;
}

/**
 * `initialView`: how the list was left from this history entry, else the view the navigation brings (a form's
 * breadcrumb). `remember(view)`: call it when leaving the list for a row's form.
 */
export function useListMemory(list: string) {
  const location = useLocation();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialView = useMemo(() => recalled(list) ?? listViewOf(location.state), [list, location.key, location.state]);
  const remember = useCallback(
    (view: ListView | undefined) => {
      if (!view) return;
      const keptList: Kept = { list, view };
      window.history.replaceState({ ...(window.history.state as object | null), keptList }, '');
    },
    [list],
  );
  return { initialView, remember };
}
