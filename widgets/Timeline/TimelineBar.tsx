/**
 * One bar of the timeline. Dragging its body moves it (both dates), dragging its right edge moves its end; the
 * arrow keys do the same a day at a time (Shift: the end only). What the locks forbid is not offered; the
 * caller saves the new dates and the server has the last word. Styled by the timeline's stylesheet.
 */
import { memo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { addDays } from '../../engine/planning/days';
import { DAY_WIDTH, daysOfDrag, type Zoom } from '../../engine/planning/timeline';
import type { NewDates, TimelineItem } from './types';

/** Pixels from the right end that grab the end instead of the whole bar. */
const EDGE = 8;

type Mode = 'move' | 'end';

interface BarProps {
  item: TimelineItem;
  left: number;
  width: number;
  zoom: Zoom;
  hintId: string;
  onReschedule?: (item: TimelineItem, dates: NewDates) => void;
}

function shifted(item: TimelineItem, mode: Mode, days: number): NewDates {
  const move = (d: string | null) => (d ? addDays(d, days) : d);
  return mode === 'move' ? { start: move(item.start), end: move(item.end) } : { start: item.start, end: move(item.end ?? item.start) };
}

export const TimelineBar = memo(function TimelineBar({ item, left, width, zoom, hintId, onReschedule }: BarProps) {
  const canMove = Boolean(onReschedule) && !item.lockedStart && !item.lockedEnd;
  const canResize = Boolean(onReschedule) && !item.lockedEnd;
  const drag = useRef<{ x0: number; mode: Mode; id: number } | null>(null);
  const [dx, setDx] = useState(0);
  const [mode, setMode] = useState<Mode | null>(null);

  const down = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    const atEdge = e.currentTarget.getBoundingClientRect().right - e.clientX <= EDGE;
    const m: Mode | null = canResize && (atEdge || !canMove) ? 'end' : canMove ? 'move' : null;
    if (!m) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x0: e.clientX, mode: m, id: e.pointerId };
    setMode(m);
  };
  const move = (e: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.id === e.pointerId) setDx(e.clientX - drag.current.x0);
  };
  const stop = () => {
    drag.current = null;
    setDx(0);
    setMode(null);
  };
  const up = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const days = daysOfDrag(e.clientX - d.x0, zoom);
    stop();
    if (days) onReschedule?.(item, shifted(item, d.mode, days));
  };
  const key = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const m: Mode = e.shiftKey ? 'end' : 'move';
    if ((m === 'move' && !canMove) || (m === 'end' && !canResize)) return;
    e.preventDefault();
    onReschedule?.(item, shifted(item, m, step));
  };

  // a resize never makes the bar shorter than one day
  const shownWidth = mode === 'end' ? Math.max(DAY_WIDTH[zoom], width + dx) : width;
  return (
    <button
      type="button"
      className="tl-bar"
      style={{ left, width: shownWidth, transform: mode === 'move' && dx ? `translateX(${dx}px)` : undefined }}
      data-critical={item.critical || undefined}
      data-tone={item.tone}
      data-can={canMove ? 'move' : canResize ? 'end' : undefined}
      data-dragging={mode ? '' : undefined}
      data-bar={item.id}
      aria-label={item.barLabel}
      aria-describedby={onReschedule ? hintId : undefined}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={stop}
      onKeyDown={key}
    >
      {zoom === 'day' && <span aria-hidden>{item.label}</span>}
      {canResize && <span aria-hidden className="tl-edge" />}
    </button>
  );
});
