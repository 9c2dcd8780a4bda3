/**
 * The table body: only the rows in view (plus overscan) are in the DOM, between two spacer rows that keep the
 * scroll height of all loaded rows. Near the end of the loaded rows it asks for more (NEAR_END).
 */
import { useEffect, type ReactNode, type RefObject } from 'react';
import { Table } from '@chakra-ui/react';
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { shouldLoadMore } from '../../engine/list/sizes';

export interface VirtualBodyProps {
  scrollRef: RefObject<HTMLDivElement | null>;
  count: number;
  rowHeight: number;
  /** Height of the sticky header above the first row. */
  headHeight: number;
  /** Height of the scroll area; used when the element cannot be measured (no layout, e.g. jsdom). */
  viewHeight: number;
  /** Rows in view: how close to the end a NEAR_END is sent. */
  threshold: number;
  total: number;
  colSpan: number;
  keyOf: (index: number) => string | number;
  onNearEnd: () => void;
  renderRow: (index: number, style: { height: number }) => ReactNode;
}

/** The element's size, or the expected one while it has none (no layout engine, hidden parent). */
function observeWithFallback(fallback: Rect) {
  return (instance: Virtualizer<HTMLDivElement, HTMLTableRowElement>, cb: (rect: Rect) => void) =>
    observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : fallback));
}

export function VirtualBody(p: VirtualBodyProps) {
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: p.count,
    getScrollElement: () => p.scrollRef.current,
    estimateSize: () => p.rowHeight,
    getItemKey: p.keyOf,
    overscan: 8,
    paddingStart: p.headHeight,
    initialRect: { width: 1024, height: p.viewHeight },
    observeElementRect: observeWithFallback({ width: 1024, height: p.viewHeight }),
    useFlushSync: false,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, p.rowHeight, p.headHeight]);

  const items = virtualizer.getVirtualItems();
  const last = items.length ? items[items.length - 1].index : -1;
  const { count, total, threshold, onNearEnd } = p;
  useEffect(() => {
    if (shouldLoadMore(last, count, total, threshold)) onNearEnd();
  }, [last, count, total, threshold, onNearEnd]);

  const top = items.length ? items[0].start - p.headHeight : 0;
  const bottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <Table.Body>
      {top > 0 && <Spacer height={top} colSpan={p.colSpan} />}
      {items.map((item) => p.renderRow(item.index, { height: p.rowHeight }))}
      {bottom > 0 && <Spacer height={bottom} colSpan={p.colSpan} />}
    </Table.Body>
  );
}

function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={colSpan} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}
