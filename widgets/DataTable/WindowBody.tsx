/**
 * The table body over react-window's headless virtualizer (`useVirtualizer`, react-window 2.5) instead of
 * @tanstack/react-virtual: the same rows between two spacer rows, the same props as VirtualBody. The bench
 * (`npm run bench`, BENCH_ONLY=virtualizer) draws the 100,000-row story with each to keep the one that measures
 * best (README, Performance).
 *
 * The scroll box is react-window's `element`, and the sticky header its first item (of the header's height, never
 * drawn here): the rows' offsets then count from the top of the scroll box's content, as the scroll position does.
 * Nothing is measured but the box's height (its ResizeObserver; `viewHeight` until then, and where there is no
 * layout, as in jsdom).
 */
import { useCallback, useEffect, useState } from 'react';
import { Table } from '@chakra-ui/react';
import { useVirtualizer } from 'react-window';
import { shouldLoadMore } from '../../engine/list/sizes';
import { OVERSCAN, Spacer, type VirtualBodyProps } from './VirtualBody';

export function WindowBody({ css, ...p }: VirtualBodyProps) {
  // The styled <tbody> stays out of the scroll re-renders: WindowRows holds the virtualizer's state.
  return (
    <Table.Body css={css}>
      <WindowRows {...p} />
    </Table.Body>
  );
}

function WindowRows(p: Omit<VirtualBodyProps, 'css'>) {
  // react-window takes the element itself: the scroll box is known once mounted.
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  useEffect(() => setScroller(p.scrollRef.current), [p.scrollRef]);
  const { headHeight, rowHeight } = p;
  const itemSize = useCallback((i: number) => (i === 0 ? headHeight : rowHeight), [headHeight, rowHeight]);
  const virtual = useVirtualizer({
    count: p.count + 1,
    element: scroller,
    itemSize,
    overscanCount: OVERSCAN,
    defaultSize: p.viewHeight,
  });
  // item 0 is the header
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
