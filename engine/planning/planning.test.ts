/** Calendar days, schedules from PERT, overdue tasks and the timeline's geometry. */
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, dayNumber, todayIso } from './days';
import { pert } from './pert';
import { datesFrom, isOverdue, scheduleFrom } from './schedule';
import { alignedSpan, barOf, daysOfDrag, openingScroll, spanOf, ticksOf, widthOf, xOf } from './timeline';

describe('calendar days', () => {
  it('add and count days across months, leap years and daylight-saving changes', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-01-05', -5)).toBe('2025-12-31');
    expect(daysBetween('2026-01-01', '2026-03-01')).toBe(59);
    expect(daysBetween('2026-02-30', '2026-03-01')).toBeNull();
    expect(dayNumber('2026-11-20 10:00:00')).toBe(dayNumber('2026-11-20'));
    expect(todayIso(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});

describe('schedules', () => {
  it('dates from earliest start and finish: whole days, both included', () => {
    expect(datesFrom('2026-03-02', 0, 2)).toEqual({ fecha_inicio_estimada: '2026-03-02', fecha_fin_estimada: '2026-03-03' });
    expect(datesFrom('2026-03-02', 2, 2.5)).toEqual({ fecha_inicio_estimada: '2026-03-04', fecha_fin_estimada: '2026-03-04' });
    expect(datesFrom('2026-03-02', 1, 1)).toEqual({ fecha_inicio_estimada: '2026-03-03', fecha_fin_estimada: '2026-03-03' });
  });

  it('schedules a chain after its predecessors', () => {
    const result = pert([
      { id: 'a', probable: 2, predecesoras: [] },
      { id: 'b', probable: 1, predecesoras: ['a'] },
      { id: 'c', probable: 3, predecesoras: [] },
    ]);
    const dates = scheduleFrom('2026-03-02', result);
    expect(dates.get('b')).toEqual({ fecha_inicio_estimada: '2026-03-04', fecha_fin_estimada: '2026-03-04' });
    expect(dates.get('c')).toEqual({ fecha_inicio_estimada: '2026-03-02', fecha_fin_estimada: '2026-03-04' });
  });

  it('a task is overdue when not finished after its estimated end', () => {
    expect(isOverdue({ estado: 'iniciada', fecha_fin_estimada: '2026-03-01' }, '2026-03-02')).toBe(true);
    expect(isOverdue({ estado: 'iniciada', fecha_fin_estimada: '2026-03-02' }, '2026-03-02')).toBe(false);
    expect(isOverdue({ estado: 'finalizada', fecha_fin_estimada: '2026-03-01' }, '2026-03-02')).toBe(false);
    expect(isOverdue({ estado: 'no_iniciada' }, '2026-03-02')).toBe(false);
  });
});

describe('timeline geometry', () => {
  const span = spanOf(['2026-03-02', '2026-03-10', null], '2026-03-05', 2);

  it('spans the bars and today with a margin', () => {
    expect(span).toEqual({ from: dayNumber('2026-02-28'), to: dayNumber('2026-03-12') });
    expect(spanOf([], '2026-03-05', 1)).toEqual({ from: dayNumber('2026-03-04'), to: dayNumber('2026-03-06') });
    expect(widthOf(span, 'day')).toBe(13 * 32); // 28 Feb to 12 Mar
  });

  it('opens on today with a little of the past, never before its start', () => {
    const weeks = spanOf(['2026-01-05', '2026-06-30'], '2026-03-05');
    // the day before today at the left edge
    expect(openingScroll(weeks, 'day', '2026-03-05')).toBe(xOf(weeks, 'day', '2026-03-04'));
    expect(openingScroll(weeks, 'week', '2026-03-05')).toBe(xOf(weeks, 'week', '2026-02-26'));
    expect(openingScroll(weeks, 'month', '2026-03-05')).toBe(xOf(weeks, 'month', '2026-02-03'));
    // today near the span's start: from its start
    expect(openingScroll(span, 'week', '2026-03-05')).toBe(0);
  });

  it('places bars by day at each zoom; a bar of one day is one day wide', () => {
    expect(xOf(span, 'day', '2026-03-02')).toBe(2 * 32);
    expect(barOf(span, 'day', '2026-03-02', '2026-03-04')).toEqual({ left: 64, width: 96 });
    expect(barOf(span, 'week', '2026-03-02', '2026-03-02')).toEqual({ left: 24, width: 12 });
    expect(barOf(span, 'month', null, '2026-03-02')).toEqual({ left: 6, width: 3 });
    expect(barOf(span, 'day', null, null)).toBeNull();
  });

  it('turns a drag into whole days', () => {
    expect(daysOfDrag(70, 'day')).toBe(2);
    expect(daysOfDrag(-17, 'day')).toBe(-1);
    expect(daysOfDrag(5, 'week')).toBe(0);
    expect(daysOfDrag(10, 'month')).toBe(3);
  });

  it('ticks every day, every Monday or every first of the month', () => {
    expect(ticksOf(span, 'day')).toHaveLength(13);
    expect(ticksOf(span, 'week').map((t) => t.iso)).toEqual(['2026-03-02', '2026-03-09']);
    expect(ticksOf(span, 'month').map((t) => t.iso)).toEqual(['2026-03-01']);
    expect(ticksOf(span, 'day').filter((t) => t.major).map((t) => t.iso)).toEqual(['2026-03-02', '2026-03-09']);
  });

  it('starts a week or month view at the start of the week or month its first day falls in, so it has its label', () => {
    // from Wednesday 11 November
    const november = spanOf(['2026-11-13', '2027-01-20', null], '2026-11-13', 2);
    expect(alignedSpan(november, 'day')).toEqual(november);
    expect(ticksOf(alignedSpan(november, 'week'), 'week')[0].iso).toBe('2026-11-09');
    expect(ticksOf(alignedSpan(november, 'month'), 'month').map((t) => t.iso)).toEqual(['2026-11-01', '2026-12-01', '2027-01-01']);
    expect(alignedSpan(november, 'month').to).toBe(november.to);
  });
});
