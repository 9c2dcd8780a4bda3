/**
 * The table body: only the rows in view (plus overscan) are in the DOM, between two spacer rows that keep the
 * scroll height of all loaded rows. Near the end of the loaded rows it asks for more (NEAR_END).
 *
 * The virtualizer is react-window's headless `useVirtualizer` (react-window 2.5): it measured level with
 * @tanstack/react-virtual over 100,000 rows and adds less to the bundle (README, Performance; `npm run bench`,
 * BENCH_ONLY=virtualizer). The scroll box is its `element`, and the sticky header its first item (of the header's
 * height, never drawn here): the rows' offsets then count from the top of the scroll box's content, as the scroll
 * position does. Nothing is measured but the box's height (by its ResizeObserver; `viewHeight` until then, and
 * where there is no layout, as in jsdom).
 */
import { useCallback, useEffect, useState, type ReactNode, type RefObject } from 'react';
import { Table, type SystemStyleObject } from '@chakra-ui/react';
import { useVirtualizer } from 'react-window';
import { shouldLoadMore } from '../../engine/list/sizes';

export interface VirtualBodyProps {
  scrollRef: RefObject<HTMLDivElement | null>;
  count: number;
  rowHeight: number;
  /** Height of the sticky header above the first row. */
  headHeight: number;
  /** Height of the scroll area; used until the element is measured, and when it cannot be (no layout, e.g. jsdom). */
  viewHeight: number;
  /** Rows in view: how close to the end a NEAR_END is sent. */
  threshold: number;
  total: number;
  colSpan: number;
  /** A row of `rowHeight` px; it gets its key from the table. */
  renderRow: (index: number) => ReactNode;
  onNearEnd: () => void;
  /** Styles of the <tbody>, which style the rows (see rowStyles). */
  css?: SystemStyleObject;
}

/**
 * Rows rendered beyond each edge of the view. Each costs a mount when a jump replaces every row, and rows arrive
 * a frame after the scroll: 2 rows (60 px) cover a frame of a steady 3,000 px/s scroll.
 */
const OVERSCAN = 2;

export function VirtualBody({ css, ...p }: VirtualBodyProps) {
  // The styled <tbody> stays out of the scroll re-renders: VirtualRows holds the virtualizer's state.
  return (
    <Table.Body css={css}>
      <VirtualRows {...p} />
    </Table.Body>
  );
}

function VirtualRows(p: Omit<VirtualBodyProps, 'css'>) {
  // react-window takes the element itself: the scroll box is known once mounted.
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  useEffect(() => setScroller(p.scrollRef.current), [p.scrollRef]);
  const { headHeight, rowHeight } = p;
  // a new function when a height changes: react-window keeps the sizes until then
  const itemSize = useCallback((i: number) => (i === 0 ? headHeight : rowHeight), [headHeight, rowHeight]);
  const virtual = useVirtualizer({ count: p.count + 1, element: scroller, itemSize, overscanCount: OVERSCAN, defaultSize: p.viewHeight });
  // item 0 is the header; row i is item i + 1
  const items = virtual.items[0]?.index === 0 ? virtual.items.slice(1) : virtual.items;

  const last = items.length ? items[items.length - 1].index - 1 : -1;
  const { count, total, threshold, onNearEnd } = p;
  useEffect(() => {
    if (shouldLoadMore(last, count, total, threshold)) onNearEnd();
  }, [last, count, total, threshold, onNearEnd]);

  const top = items.length ? items[0].offset - headHeight : 0;
  const end = items.length ? items[items.length - 1].offset + items[items.length - 1].size : 0;
  const bottom = items.length ? virtual.totalSize - end : 0;
  return (
    <>
      {top > 0 && <Spacer height={top} colSpan={p.colSpan} />}
      {items.map((item) => p.renderRow(item.index - 1))}
      {bottom > 0 && <Spacer height={bottom} colSpan={p.colSpan} />}
    </>
  );
}

function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={colSpan} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}
