/**
 * The table body: only the rows in view (plus overscan) are in the DOM, between two spacer rows that keep the
 * scroll height of all loaded rows. Near the end of the loaded rows it asks for more (NEAR_END).
 */
import { useEffect, type ReactNode, type RefObject } from 'react';
import { Table, type SystemStyleObject } from '@chakra-ui/react';
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
  /** A row of `rowHeight` px; it gets its key from `keyOf`. */
  renderRow: (index: number) => ReactNode;
  /** Styles of the <tbody>, which style the rows (see rowStyles). */
  css?: SystemStyleObject;
}

/** The element's size, or the expected one while it has none (no layout engine, hidden parent). */
function observeWithFallback(fallback: Rect) {
  return (instance: Virtual, cb: (rect: Rect) => void) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : fallback));
}

type Virtual = Virtualizer<HTMLDivElement, HTMLTableRowElement>;

/**
 * Rows rendered beyond each edge of the view. Each costs a mount when a jump replaces every row, and rows arrive
 * a frame after the scroll: 2 rows (60 px) cover a frame of a steady 3,000 px/s scroll.
 */
export const OVERSCAN = 2;

export function VirtualBody({ css, ...p }: VirtualBodyProps) {
  // The styled <tbody> stays out of the scroll re-renders: VirtualRows holds the virtualizer's state.
  return (
    <Table.Body css={css}>
      <VirtualRows {...p} />
    </Table.Body>
  );
}

function VirtualRows(p: Omit<VirtualBodyProps, 'css'>) {
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: p.count,
    getScrollElement: () => p.scrollRef.current,
    estimateSize: () => p.rowHeight,
    getItemKey: p.keyOf,
    overscan: OVERSCAN,
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
    <>
      {top > 0 && <Spacer height={top} colSpan={p.colSpan} />}
      {items.map((item) => p.renderRow(item.index))}
      {bottom > 0 && <Spacer height={bottom} colSpan={p.colSpan} />}
    </>
  );
}

export function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={colSpan} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}
