/**
 * One bar of the timeline. Dragging its body moves it (both dates), dragging its right edge moves its end; the
 * arrow keys do the same a day at a time (Shift: the end only). What the locks forbid is not offered; the
 * caller saves the new dates and the server has the last word.
 */
import { memo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Box, chakra } from '@chakra-ui/react';
import { addDays } from '../../engine/planning/days';
import { DAY_WIDTH, daysOfDrag, type Zoom } from '../../engine/planning/timeline';
import type { NewDates, TimelineItem } from './types';

export const BAR_HEIGHT = 22;
const EDGE = 8;

const toneColor = (item: TimelineItem) => (item.tone === 'done' ? 'gray.500' : item.critical ? 'red.600' : 'brand.600');

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

const Button = chakra('button');

export const TimelineBar = memo(function TimelineBar({ item, left, width, zoom, hintId, onReschedule }: BarProps) {
  const canMove = Boolean(onReschedule) && !item.lockedStart && !item.lockedEnd;
  const canResize = Boolean(onReschedule) && !item.lockedEnd;
  const drag = useRef<{ x0: number; mode: Mode; id: number } | null>(null);
  const [dx, setDx] = useState(0);
  const [mode, setMode] = useState<Mode>('move');

  const down = (e: PointerEvent<HTMLButtonElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const atEdge = rect.right - e.clientX <= EDGE;
    const m: Mode | null = atEdge && canResize ? 'end' : canMove ? 'move' : canResize && atEdge ? 'end' : null;
    if (!m || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x0: e.clientX, mode: m, id: e.pointerId };
    setMode(m);
  };
  const move = (e: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.id === e.pointerId) setDx(e.clientX - drag.current.x0);
  };
  const up = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    const days = daysOfDrag(e.clientX - d.x0, zoom);
    setDx(0);
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
  const shift = mode === 'move' ? dx : 0;
  return (
    <Button
      type="button"
      position="absolute"
      top={`calc(50% - ${BAR_HEIGHT / 2}px)`}
      h={`${BAR_HEIGHT}px`}
      style={{ left, width: shownWidth, transform: shift ? `translateX(${shift}px)` : undefined }}
      minW="3px"
      bg={toneColor(item)}
      color="white"
      borderRadius="sm"
      borderWidth={item.tone === 'doing' ? '2px' : '0'}
      borderColor="orange.300"
      fontSize="xs"
      px="1"
      overflow="hidden"
      whiteSpace="nowrap"
      textAlign="start"
      cursor={canMove ? (dx ? 'grabbing' : 'grab') : canResize ? 'ew-resize' : 'not-allowed'}
      touchAction="none"
      data-critical={item.critical || undefined}
      data-bar={item.id}
      aria-label={item.barLabel}
      aria-describedby={onReschedule ? hintId : undefined}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => {
        drag.current = null;
        setDx(0);
      }}
      onKeyDown={key}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      {zoom === 'day' && (
        <Box as="span" aria-hidden>
          {item.label}
        </Box>
      )}
      {canResize && <Box as="span" aria-hidden position="absolute" right="0" top="0" bottom="0" w={`${EDGE / 2}px`} bg="blackAlpha.400" />}
    </Button>
  );
});
