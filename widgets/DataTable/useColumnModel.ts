/**
 * The table's column model, headless (TanStack Table): which columns show and in what order (the machine's
 * column choice), and their widths while the user drags a header's edge. Rows do not go through it: the
 * virtual body draws its plain memoized rows, and the widths reach them through the <colgroup>.
 *
 * A dragged width is the column's own from then on; the others keep sharing the rest of the table. When a drag
 * ends, the widths go to the machine, which keeps them with the user's column choice.
 *
 * The order is the model's column order, held by the machine as the order of the visible names: a move goes
 * through the model's `setColumnOrder` and comes back to the machine as a new list of names.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type TouchEvent } from 'react';
import {
  columnOrderingFeature, columnResizingFeature, columnSizingFeature, columnVisibilityFeature, tableFeatures, useTable,
  type ColumnDef, type ColumnOrderState, type ColumnSizingState, type Updater,
} from '@tanstack/react-table';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import { clampWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type ColumnWidths } from '../../engine/list/preferences';
import type { Row } from '../../machines/dataTable';

const features = tableFeatures({ columnVisibilityFeature, columnOrderingFeature, columnSizingFeature, columnResizingFeature });
const NO_ROWS: Row[] = [];
/** Pixels an arrow key moves a column's edge. */
export const KEY_STEP = 16;

/** What the header needs to draw and drag the columns' edges. */
export interface ColumnResize {
  /** Dragged widths by column name, live while a drag goes on. */
  sizing: ColumnWidths;
  /** The column being dragged, if any. */
  resizing: string | false;
  /** Pointer down on a column's edge; `th` is its header cell (measured when the column has no width yet). */
  start(name: string, th: HTMLElement, event: MouseEvent | TouchEvent): void;
  /** Arrow keys on the edge (a separator): narrower / wider; Home gives the column back its share. */
  key(name: string, th: HTMLElement, event: KeyboardEvent): void;
  /** Double click on the edge: back to sharing the table. */
  reset(name: string): void;
}

export function useColumnModel(
  columns: readonly ResolvedColumn[],
  visibleNames: readonly string[],
  widths: ColumnWidths,
  onWidths: (widths: ColumnWidths) => void,
  onOrder: (names: string[]) => void,
) {
  const defs = useMemo<ColumnDef<typeof features, Row>[]>(
    () => columns.map((c) => ({ id: c.name, accessorFn: (r: Row) => r[c.field], minSize: MIN_COLUMN_WIDTH, maxSize: MAX_COLUMN_WIDTH })),
    [columns],
  );
  const columnVisibility = useMemo(() => {
    const shown = new Set(visibleNames);
    return Object.fromEntries(columns.map((c) => [c.name, shown.has(c.name)]));
  }, [columns, visibleNames]);
  const columnOrder = useMemo(() => [...visibleNames], [visibleNames]);
  // The order is the machine's: a change to it goes there, and comes back as the new visible names.
  const order = useRef({ columnOrder, onOrder });
  order.current = { columnOrder, onOrder };
  const onColumnOrderChange = useCallback((updater: Updater<ColumnOrderState>) => {
    const { columnOrder: now, onOrder: send } = order.current;
    const next = typeof updater === 'function' ? updater(now) : updater;
    if (next !== now) send(next.filter((id) => now.includes(id)));
  }, []);
  const live = useTable(
    { features, columns: defs, data: NO_ROWS, state: { columnVisibility, columnOrder }, onColumnOrderChange, columnResizeMode: 'onChange' },
    (state) => ({ columnSizing: state.columnSizing, columnResizing: state.columnResizing }),
  );
  // useTable answers a new object on every render (its options are new); the handlers keep the first one,
  // whose methods act on the same table instance.
  const [table] = useState(() => live);

  // The machine's widths (a saved choice, a reset) are the model's.
  useEffect(() => {
    table.setColumnSizing(() => ({ ...widths }));
  }, [table, widths]);

  // A drag that ends hands its widths to the machine.
  const latest = useRef(onWidths);
  latest.current = onWidths;
  const resizing = live.state.columnResizing.isResizingColumn;
  const wasResizing = useRef(resizing);
  useEffect(() => {
    if (wasResizing.current && !resizing) latest.current({ ...((table.atoms.columnSizing?.get() ?? {}) as ColumnSizingState) });
    wasResizing.current = resizing;
  }, [resizing, table]);

  const sized = useCallback(
    (name: string, th: HTMLElement) => {
      const current = table.atoms.columnSizing?.get() as ColumnSizingState | undefined;
      if (current?.[name] === undefined) table.setColumnSizing((old) => ({ ...old, [name]: clampWidth(th.getBoundingClientRect().width) }));
    },
    [table],
  );

  const start = useCallback(
    (name: string, th: HTMLElement, event: MouseEvent | TouchEvent) => {
      const header = table.getFlatHeaders().find((h) => h.column.id === name);
      if (!header) return;
      event.preventDefault(); // no text selection while dragging
      sized(name, th);
      header.getResizeHandler()(event.nativeEvent);
    },
    [table, sized],
  );

  const key = useCallback(
    (name: string, th: HTMLElement, event: KeyboardEvent) => {
      const step = event.key === 'ArrowLeft' ? -KEY_STEP : event.key === 'ArrowRight' ? KEY_STEP : 0;
      if (event.key === 'Home') {
        event.preventDefault();
        const { [name]: _, ...rest } = (table.atoms.columnSizing?.get() ?? {}) as ColumnSizingState;
        latest.current(rest);
        return;
      }
      if (!step) return;
      event.preventDefault();
      sized(name, th);
      const now = ((table.atoms.columnSizing?.get() ?? {}) as ColumnSizingState)[name] ?? MIN_COLUMN_WIDTH;
      latest.current({ ...((table.atoms.columnSizing?.get() ?? {}) as ColumnSizingState), [name]: clampWidth(now + step) });
    },
    [table, sized],
  );

  const reset = useCallback(
    (name: string) => {
      const { [name]: _, ...rest } = (table.atoms.columnSizing?.get() ?? {}) as ColumnSizingState;
      latest.current(rest);
    },
    [table],
  );

  /** Move a shown column one place (-1 left, +1 right) in the model's order; nothing at either end. */
  const move = useCallback(
    (name: string, by: -1 | 1) => {
      const column = table.getColumn(name);
      if (!column || (by < 0 ? column.getIsFirstColumn() : column.getIsLastColumn())) return;
      const ids = table.getVisibleLeafColumns().map((c) => c.id);
      const next = ids.filter((id) => id !== name);
      next.splice(column.getIndex() + by, 0, name);
      table.setColumnOrder(next);
    },
    [table],
  );

  /** Put a shown column where another one is (a header dropped on another), the others moving over. */
  const moveTo = useCallback(
    (name: string, over: string) => {
      const ids = table.getVisibleLeafColumns().map((c) => c.id);
      const to = ids.indexOf(over);
      if (name === over || to < 0 || !ids.includes(name)) return;
      const next = ids.filter((id) => id !== name);
      next.splice(to, 0, name);
      table.setColumnOrder(next);
    },
    [table],
  );

  const sizing = live.state.columnSizing as ColumnWidths;
  const resize = useMemo<ColumnResize>(() => ({ sizing, resizing, start, key, reset }), [sizing, resizing, start, key, reset]);
  /** The shown columns in the model's order. */
  const visibleIds = live.getVisibleLeafColumns().map((c) => c.id);
  return { resize, visibleIds, move, moveTo };
}
