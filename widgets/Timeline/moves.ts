/**
 * What a bar may do and the dates each move proposes: the same for a drag, the arrow keys and the touch
 * buttons (./BarActions.tsx). The locks come with the item; the caller's server has the last word.
 */
import { addDays } from '../../engine/planning/days';
import type { NewDates, TimelineItem } from './types';

/** Moving the whole bar (both dates) or only its end. */
export type Mode = 'move' | 'end';

export interface Moves {
  move: boolean;
  end: boolean;
}

/** Without a handler nothing moves; a locked start keeps the bar in place; a locked end keeps its length too. */
export const movesOf = (item: TimelineItem, editable: boolean): Moves => ({
  move: editable && !item.lockedStart && !item.lockedEnd,
  end: editable && !item.lockedEnd,
});

/** The dates after moving the bar, or its end, by `days` (a bar without an end gets one from its start). */
export function shifted(item: TimelineItem, mode: Mode, days: number): NewDates {
  const move = (d: string | null) => (d ? addDays(d, days) : d);
  return mode === 'move' ? { start: move(item.start), end: move(item.end) } : { start: item.start, end: move(item.end ?? item.start) };
}
