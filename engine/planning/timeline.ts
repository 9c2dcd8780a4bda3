/**
 * The geometry of a timeline (the planning screen's Gantt): days to pixels at a zoom level, the ticks of its
 * header, and a drag turned into whole days. Pure, so the widget only draws and the arithmetic is tested.
 */
import { dayNumber, isoOfDay } from './days';

export const ZOOMS = ['day', 'week', 'month'] as const;
export type Zoom = (typeof ZOOMS)[number];

/** Width of one day at each zoom. */
export const DAY_WIDTH: Record<Zoom, number> = { day: 32, week: 12, month: 3 };

export interface Span {
  /** First and last day shown (day numbers, ./days.ts). */
  from: number;
  to: number;
}

/** The days shown for bars between `first` and `last` (`YYYY-MM-DD`), with a margin; today when there is none. */
export function spanOf(dates: readonly (string | null | undefined)[], today: string, margin = 7): Span {
  const days = dates.map((d) => dayNumber(d)).filter((n): n is number => n !== null);
  const now = dayNumber(today) ?? 0;
  const min = days.length ? Math.min(...days) : now;
  const max = days.length ? Math.max(...days) : now;
  return { from: Math.min(min, now) - margin, to: Math.max(max, now) + margin };
}

/**
 * The span from the start of the week (week zoom) or month (month zoom) its first day falls in: the first column is
 * whole, with its label, like the others (the month holding today had none when the view began inside it).
 */
export function alignedSpan(span: Span, zoom: Zoom): Span {
  if (zoom === 'day') return span;
  const date = new Date(span.from * 86_400_000);
  const back = zoom === 'week' ? (date.getUTCDay() + 6) % 7 : date.getUTCDate() - 1;
  return { from: span.from - back, to: span.to };
}

export const widthOf = (span: Span, zoom: Zoom) => (span.to - span.from + 1) * DAY_WIDTH[zoom];

/** Left edge of a day, in pixels from the span's start. */
export function xOf(span: Span, zoom: Zoom, iso: string | null | undefined): number | null {
  const n = dayNumber(iso);
  return n === null ? null : (n - span.from) * DAY_WIDTH[zoom];
}

/** Days of the past still in view when a timeline opens on today, at each zoom. */
export const PAST_IN_VIEW: Record<Zoom, number> = { day: 1, week: 7, month: 30 };

/**
 * Where a timeline opens scrolled to: today near its left edge, a little of the past before it (the span starts
 * a week before its first bar, and work to plan is from today on).
 */
export function openingScroll(span: Span, zoom: Zoom, today: string): number {
  const x = xOf(span, zoom, today);
  return x === null ? 0 : Math.max(0, x - PAST_IN_VIEW[zoom] * DAY_WIDTH[zoom]);
}

/** Left edge and width of a bar from `start` to `end` (both days included). */
export function barOf(span: Span, zoom: Zoom, start: string | null | undefined, end: string | null | undefined): { left: number; width: number } | null {
  const a = dayNumber(start) ?? dayNumber(end);
  const b = dayNumber(end) ?? a;
  if (a === null || b === null) return null;
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  return { left: (lo - span.from) * DAY_WIDTH[zoom], width: (hi - lo + 1) * DAY_WIDTH[zoom] };
}

/** A horizontal drag of `dx` pixels as whole days. */
export const daysOfDrag = (dx: number, zoom: Zoom) => Math.round(dx / DAY_WIDTH[zoom]);

export interface Tick {
  x: number;
  iso: string;
  /** A tick that starts a larger unit (a week at day zoom, a month at week zoom, a year at month zoom). */
  major: boolean;
}

/** Header ticks: every day (day zoom), every Monday (week zoom), every first of the month (month zoom). */
export function ticksOf(span: Span, zoom: Zoom): Tick[] {
  const out: Tick[] = [];
  for (let n = span.from; n <= span.to; n++) {
    const iso = isoOfDay(n);
    const date = new Date(n * 86_400_000);
    const monday = date.getUTCDay() === 1;
    const first = date.getUTCDate() === 1;
    const keep = zoom === 'day' || (zoom === 'week' && monday) || (zoom === 'month' && first);
    if (!keep) continue;
    const major = zoom === 'day' ? monday : zoom === 'week' ? date.getUTCDate() <= 7 : first && date.getUTCMonth() === 0;
    out.push({ x: (n - span.from) * DAY_WIDTH[zoom], iso, major });
  }
  return out;
}
