/**
 * The controller of the DataTable view: runs the dataTable machine with the source's calls as its actors,
 * measures the screen for the table sizes, and wires the app-wide update-list event and the + key.
 */
import { useEffect, useRef, useState } from 'react';
import { useBreakpointValue } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { dataTableMachine, type FetchPageInput, type SaveColumnsInput, type UpdateColumnInput, type Row } from '../../machines/dataTable';
import type { ListQuery, ListReply } from '../../engine/list/query';
import { useFirstPageCache } from './useFirstPageCache';
import { APP_HEADER_HEIGHT, TOOLBAR_HEIGHT, fetchSize, firstPageSize, headerHeight, rowHeight, tableHeight, visibleRows } from '../../engine/list/sizes';
import { decimalPoint } from '../../engine/records/decimal';
import { useWrappedHeight } from './useWrappedHeight';
import { isAddShortcut } from './addShortcut';
import { onUpdateList } from './updateList';
import type { DataTableProps } from './types';

function useWindowHeight(): number {
  const [h, setH] = useState(() => (typeof window === 'undefined' ? 800 : window.innerHeight));
  useEffect(() => {
    const on = () => setH(window.innerHeight);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return h;
}

/** Sizes of spec §9 for the current screen. */
export function useTableSizes(pageHeader: number, pageFooter: number, filterRow: boolean) {
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const height = tableHeight(useWindowHeight(), pageHeader, pageFooter);
  const row = rowHeight(phone);
  const head = headerHeight(phone, filterRow);
  const title = headerHeight(phone, false);
  const visible = visibleRows(height - head, row);
  return { phone, height, row, head, title, visible, pageSize: firstPageSize(visible), fetchSize: fetchSize(visible) };
}

export function useDataTable(props: DataTableProps) {
  const { entity, mainFilter, pageHeaderHeight = APP_HEADER_HEIGHT, pageFooterHeight = 0 } = props;
  const latest = useRef(props);
  latest.current = props;
  const { i18n } = useTranslation();

  // the actor is made once: it reads the cache through this ref
  const readFirstPage = useRef<(q: ListQuery, requestKey: string, opening?: boolean) => Promise<ListReply<Row>>>(() => Promise.reject(new Error('not ready')));
  // the table's first read may open with the rows it had loaded when last shown
  const opened = useRef(false);
  const initialSizes = useTableSizes(pageHeaderHeight, pageFooterHeight, false);
  const [machine] = useState(() =>
    dataTableMachine.provide({
      actors: {
        fetchPage: fromPromise<ListReply<Row>, FetchPageInput>(({ input }) => {
          const query = { ...input.query, offset: input.offset, max: input.max };
          if (input.offset !== 0) return latest.current.source.index(query);
          const opening = !opened.current;
          opened.current = true;
          return readFirstPage.current(query, input.key ?? '', opening);
        }),
        saveColumns: fromPromise<void, SaveColumnsInput>(({ input }) => latest.current.source.saveColumns(input.tipo, input.jsondata)),
        updateColumn: fromPromise<void, UpdateColumnInput>(async ({ input }) => {
          const update = latest.current.source.updateColumn;
          if (!update) throw new Error('updateColumn not available');
          await update(input);
        }),
        removeRow: fromPromise<void, { id: string | number }>(async ({ input }) => {
          const remove = latest.current.source.remove;
          if (!remove) throw new Error('remove not available');
          await remove(input.id);
        }),
      },
    }),
  );
  const [snapshot, send, actorRef] = useMachine(machine, {
    input: { entity, mainFilter, view: props.initialView, pageSize: initialSizes.pageSize, fetchSize: initialSizes.fetchSize, decimalPoint: decimalPoint(i18n.language) },
  });
  const rowsCache = useFirstPageCache(
    entity.list,
    `${snapshot.context.preferenceKey}|${props.source.cacheKey ?? ''}`,
    (q) => latest.current.source.index(q),
    (key, reply, covers) => send({ type: 'FIRST_PAGE', key, reply, covers }),
  );
  readFirstPage.current = rowsCache.read;
  // the rows as loaded (every page scrolled through) and the column choice: what the table opens with when shown again
  const c = snapshot.context;
  const settled = snapshot.matches({ data: 'idle' }) && c.loadedKey !== null && c.error === null;
  const { keep } = rowsCache;
  useEffect(() => {
    if (!settled || c.loadedKey === null) return;
    keep({
      requestKey: c.loadedKey,
      reply: { rows: c.rows, total: c.total, estimated: c.totalEstimated, showableColumns: c.showableColumns, cols: c.ownChoice ? c.savedColumns : null, widths: c.savedWidths },
    });
  }, [keep, settled, c.loadedKey, c.rows, c.total, c.totalEstimated, c.showableColumns, c.ownChoice, c.savedColumns, c.savedWidths]);
  // a toolbar wrapped on a narrow screen is page header too: the table, and the rows asked for, give its height up
  const toolbarRef = useRef<HTMLDivElement>(null);
  const wrapped = useWrappedHeight(toolbarRef, TOOLBAR_HEIGHT);
  const sizes = useTableSizes(pageHeaderHeight + wrapped, pageFooterHeight, snapshot.context.filterRowVisible);

  useEffect(() => {
    send({ type: 'RESIZE', pageSize: sizes.pageSize, fetchSize: sizes.fetchSize });
  }, [send, sizes.pageSize, sizes.fetchSize]);

  useEffect(() => onUpdateList(() => send({ type: 'REFRESH' })), [send]);

  // the server sorts a column shown by its values' names in the user's language: read the rows in the new one;
  // numbers typed in a cell from now on are written in it
  useEffect(() => {
    const changed = (language: string) => {
      send({ type: 'SET_DECIMAL_POINT', point: decimalPoint(language) });
      send({ type: 'REFRESH' });
    };
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [i18n, send]);

  useEffect(() => {
    const sub = actorRef.on('removed', (e) => latest.current.onRemoved?.(e.rowId));
    return () => sub.unsubscribe();
  }, [actorRef]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const add = latest.current.onAdd;
      if (add && isAddShortcut(e)) {
        e.preventDefault();
        add();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return { snapshot, send, sizes, toolbarRef };
}
