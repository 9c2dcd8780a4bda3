import { describe, expect, it } from 'vitest';
import {
  daysInMonth, formatDate, isIsoMoment, isLeapYear, isRealDay, isWrongDay, isRealDate, maskDayMonthYear, momentText, parseDayMonthYear, parseWithMask, sameDay, toDayMonthYear, today,
} from './dates';

describe('calendar rules', () => {
  it('knows leap years', () => {
    expect([2024, 2000, 1996].map(isLeapYear)).toEqual([true, true, true]);
    expect([2023, 1900, 2100].map(isLeapYear)).toEqual([false, false, false]);
  });
  it('knows month lengths', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 12)).toBe(31);
  });
  it('accepts only real dates', () => {
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2023, 2, 29)).toBe(false);
    expect(isRealDate(2024, 13, 1)).toBe(false);
    expect(isRealDate(2024, 4, 31)).toBe(false);
    expect(isRealDate(2024, 1, 0)).toBe(false);
  });
});

describe('ISO days and moments', () => {
  it('a day is YYYY-MM-DD and exists', () => {
    expect(isRealDay('2024-02-29')).toBe(true);
    for (const bad of ['2023-02-29', '2024-13-45', '2024-01-01x', '2024-1-1', 'ayer', '0000-01-01']) expect(isRealDay(bad)).toBe(false);
  });
  it('a moment is a real day with an optional time and zone, as a timestamp column reads it', () => {
    for (const good of ['2024-02-29', '2024-02-29T10:00', '2024-02-29 23:59:59', '2024-02-29T10:00:00.123Z', '2024-02-29T10:00-03:00', '2024-02-29T10:00:00+0530'])
      expect(isIsoMoment(good)).toBe(true);
    for (const bad of ['ayer', '2024-02-30', '2024-02-29T24:00', '2024-02-29T10:60', '2024-02-29T10:00+16:00', '2024-02-29T10:00:00Zx', '2024-02-29T'])
      expect(isIsoMoment(bad)).toBe(false);
  });
});

describe('typed mask DD/MM/YYYY', () => {
  it('puts the slashes in and keeps at most 8 digits', () => {
    expect(maskDayMonthYear('3')).toBe('3');
    expect(maskDayMonthYear('310')).toBe('31/0');
    expect(maskDayMonthYear('31022024')).toBe('31/02/2024');
    expect(maskDayMonthYear('31/02/2024999')).toBe('31/02/2024');
    expect(maskDayMonthYear('ab')).toBe('');
  });
  it('parses strictly', () => {
    expect(parseDayMonthYear('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDayMonthYear('31/02/2024')).toBeNull();
    expect(parseDayMonthYear('29/02/2023')).toBeNull();
    expect(parseDayMonthYear('1/2/2024')).toBeNull();
    expect(parseDayMonthYear('2024-02-29')).toBeNull();
    expect(parseDayMonthYear('')).toBeNull();
  });
});

describe('formatting with a mask', () => {
  const d = { year: 2024, month: 2, day: 9 };
  it('defaults to YYYY-MM-DD HH:mm:ss at midnight', () => {
    expect(formatDate(d)).toBe('2024-02-09 00:00:00');
  });
  it('follows any mask of the tokens', () => {
    expect(formatDate({ ...d, hour: 7, minute: 5, second: 3 }, 'DD.MM.YYYY HH:mm:ss')).toBe('09.02.2024 07:05:03');
    expect(formatDate(d, 'YYYY-MM-DD')).toBe('2024-02-09');
    expect(toDayMonthYear(d)).toBe('09/02/2024');
  });
  it('reads stored values back with the mask or as ISO', () => {
    expect(parseWithMask('2024-02-29 00:00:00')).toMatchObject({ year: 2024, month: 2, day: 29 });
    expect(parseWithMask('29.02.2024', 'DD.MM.YYYY')).toMatchObject({ year: 2024, month: 2, day: 29 });
    expect(parseWithMask('2024-02-29T10:20:30Z')).toMatchObject({ year: 2024, month: 2, day: 29, hour: 10, minute: 20, second: 30 });
    expect(parseWithMask('2024-02-30 00:00:00')).toBeNull();
    expect(parseWithMask('nope')).toBeNull();
  });
});

describe('today', () => {
  it('is the local calendar date at midnight', () => {
    expect(today(new Date(2024, 1, 29, 15, 30))).toEqual({ year: 2024, month: 2, day: 29, hour: 0, minute: 0, second: 0 });
    expect(sameDay(today(), today())).toBe(true);
    expect(sameDay(null, today())).toBe(false);
  });
});

describe('momentText', () => {
  it('writes a moment day/month/year with a 24-hour time in both languages', () => {
    const at = new Date(2026, 10, 28, 17, 6, 7);
    expect(momentText(at, 'es')).toBe('28/11/2026, 17:06:07');
    expect(momentText(at, 'en')).toBe('28/11/2026, 17:06:07');
    expect(momentText(at.toISOString(), 'en')).toBe('28/11/2026, 17:06:07');
    expect(momentText('not a moment', 'es')).toBe('not a moment');
  });
});

describe('isWrongDay', () => {
  it('names a typed text that is no day wrong, not an empty field nor a day', () => {
    expect(['31/02/2026', '12/0', '29/02/2027', '2026-02-31'].map((v) => isWrongDay(v))).toEqual([true, true, true, true]);
    expect(['', '2026-02-28', '2024-02-29', null, undefined].map((v) => isWrongDay(v))).toEqual([false, false, false, false, false]);
    expect(isWrongDay('28/02/2026 10:00', 'DD/MM/YYYY HH:mm')).toBe(false);
  });
});
