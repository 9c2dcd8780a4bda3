/**
 * One bar of the timeline. Dragging its body moves it (both dates), dragging its right edge moves its end; the
 * arrow keys do the same a day at a time (Shift: the end only). By touch a tap chooses the bar (the timeline
 * then shows its dates and the same moves as buttons, ./BarActions.tsx), and only a chosen bar drags: a finger
 * on any other bar scrolls the timeline. What the locks forbid is not offered; the caller saves the new dates
 * and the server has the last word. Styled by the timeline's stylesheet.
 */
import { memo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { DAY_WIDTH, daysOfDrag, type Zoom } from '../../engine/planning/timeline';
import { movesOf, shifted, type Mode } from './moves';
import type { NewDates, TimelineItem } from './types';

/** Pixels from the right end that grab the end instead of the whole bar: a mouse's, a finger's. */
const EDGE = 8;
const EDGE_TOUCH = 16;

interface BarProps {
  item: TimelineItem;
  left: number;
  width: number;
  zoom: Zoom;
  hintId: string;
  /** Chosen by a tap: it drags by touch, and the actions panel (`panelId`) is about it. */
  selected: boolean;
  panelId: string;
  /** The main pointer is a finger: a press without a pointer (a screen reader's) chooses the bar too. */
  touch: boolean;
  onSelect: (id: string) => void;
  onReschedule?: (item: TimelineItem, dates: NewDates) => void;
}

const byFinger = (e: PointerEvent) => e.pointerType === 'touch' || e.pointerType === 'pen';

export const TimelineBar = memo(function TimelineBar({ item, left, width, zoom, hintId, selected, panelId, touch, onSelect, onReschedule }: BarProps) {
  const can = movesOf(item, Boolean(onReschedule));
  const drag = useRef<{ x0: number; mode: Mode; id: number } | null>(null);
  // the press the next click ends: by a finger or not, and whether it moved the bar
  const press = useRef<{ finger: boolean; moved: boolean } | null>(null);
  const [dx, setDx] = useState(0);
  const [mode, setMode] = useState<Mode | null>(null);

  const down = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    const finger = byFinger(e);
    press.current = { finger, moved: false };
    // a finger on a bar not chosen yet scrolls (CSS touch-action) or, lifted in place, chooses it
    if (finger && !selected) return;
    const atEdge = e.currentTarget.getBoundingClientRect().right - e.clientX <= (finger ? EDGE_TOUCH : EDGE);
    const m: Mode | null = can.end && (atEdge || !can.move) ? 'end' : can.move ? 'move' : null;
    if (!m) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
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
  const cancel = () => {
    press.current = null;
    stop();
  };
  const up = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const days = daysOfDrag(e.clientX - d.x0, zoom);
    stop();
    if (!days) return;
    if (press.current) press.current.moved = true;
    onReschedule?.(item, shifted(item, d.mode, days));
  };
  const click = () => {
    const p = press.current;
    press.current = null;
    // a mouse click and the keyboard's Enter do what they did (nothing); a tap that did not drag chooses the bar
    if ((p ? p.finger : touch) && !p?.moved) onSelect(item.id);
  };
  const key = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const m: Mode = e.shiftKey ? 'end' : 'move';
    if (!can[m]) return;
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
      data-can={can.move ? 'move' : can.end ? 'end' : undefined}
      data-dragging={mode ? '' : undefined}
      data-selected={selected || undefined}
      data-bar={item.id}
      aria-label={item.barLabel}
      aria-describedby={onReschedule ? hintId : undefined}
      aria-controls={selected ? panelId : undefined}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={cancel}
      onClick={click}
      onKeyDown={key}
    >
      {zoom === 'day' && <span aria-hidden>{item.label}</span>}
      {can.end && <span aria-hidden className="tl-edge" />}
    </button>
  );
});
