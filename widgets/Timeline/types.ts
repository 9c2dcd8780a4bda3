/** What the timeline draws: rows of bars between two calendar days (`YYYY-MM-DD`), already translated. */
import type { Zoom } from '../../engine/planning/timeline';

export type { Zoom };

export interface TimelineItem {
  id: string;
  /** A heading row over the items that follow it, or an item with its bar. */
  kind: 'group' | 'item';
  label: string;
  /** A second, smaller line under the label. */
  detail?: string;
  start: string | null;
  end: string | null;
  /** Drawn as part of the critical path. */
  critical?: boolean;
  tone?: 'todo' | 'doing' | 'done';
  /** The start may not change (so the bar may not move); the end may not change (no resize). */
  lockedStart?: boolean;
  lockedEnd?: boolean;
  /** The bar's accessible name: what it is, its dates, critical or not. */
  barLabel: string;
}

export interface NewDates {
  start: string | null;
  end: string | null;
}

export interface TimelineProps {
  items: readonly TimelineItem[];
  zoom: Zoom;
  /** `YYYY-MM-DD`: the day the today line marks. */
  today: string;
  /** Dragging a bar (or the arrow keys on it, or the buttons of a tapped one) proposes new dates; the caller saves them and the server decides. */
  onReschedule?: (item: TimelineItem, dates: NewDates) => void;
  /** The list's accessible name. */
  label: string;
  /** Header of the label column. */
  labelHeader: string;
  /** How to move a bar with the keyboard (read by screen readers on each bar; not offered where the pointer is a finger). */
  keyboardHint: string;
  /** What to do by touch (a tap shows a bar's moves as buttons; a chosen bar drags): shown above the timeline where the pointer is a finger. */
  touchHint: string;
  /** CSS height of the scroll area. */
  height?: string;
}
