/**
 * Calendar dates as the date picker types and emits them (spec §5): the typed mask is day/month/year
 * (DD/MM/YYYY) and only a real calendar date is accepted; emitted values follow a mask, by default
 * 'YYYY-MM-DD HH:mm:ss'. Pure functions, no time zone arithmetic: a date is its parts.
 */

export interface DateParts {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** What the user types: day/month/year. */
export const TYPED_DATE_MASK = 'DD/MM/YYYY';

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when the parts name a day that exists (31/02 does not; 29/02 only in leap years). */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) &&
    year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

/** Keeps the digits of what was typed (at most 8) and puts the slashes of DD/MM/YYYY in. */
export function maskDayMonthYear(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean);
  return parts.join('/');
}

/** Strict DD/MM/YYYY: exactly that shape and a real calendar date, else null. */
export function parseDayMonthYear(text: string): DateParts | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const TOKENS: Record<string, (d: DateParts) => string> = {
  YYYY: (d) => pad(d.year, 4),
  MM: (d) => pad(d.month),
  DD: (d) => pad(d.day),
  HH: (d) => pad(d.hour ?? 0),
  mm: (d) => pad(d.minute ?? 0),
  ss: (d) => pad(d.second ?? 0),
};
const TOKEN_RE = /YYYY|MM|DD|HH|mm|ss/g;

/** Writes the date with a mask of the tokens YYYY, MM, DD, HH, mm, ss; other characters are kept. */
export function formatDate(date: DateParts, mask: string = DEFAULT_DATE_FORMAT): string {
  return mask.replace(TOKEN_RE, (token) => TOKENS[token](date));
}

/** DD/MM/YYYY of a date, as the input shows it. */
export const toDayMonthYear = (date: DateParts) => formatDate(date, TYPED_DATE_MASK);

/** A stored date (written with `mask`, or ISO) as people read it, day/month/year; null when it is no real date. */
export function dayText(value: string, mask?: string): string | null {
  const parts = parseWithMask(value, mask || DEFAULT_DATE_FORMAT);
  return parts ? toDayMonthYear(parts) : null;
}

/**
 * Reads a stored value back: first with the mask it was written with, then as an ISO date
 * ('2024-02-29', '2024-02-29T10:00:00Z', '2024-02-29 10:00:00'). Null when it is no real date.
 */
export function parseWithMask(value: string, mask: string = DEFAULT_DATE_FORMAT): DateParts | null {
  const order: string[] = [];
  const source = mask.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(TOKEN_RE, (token) => {
    order.push(token);
    return token === 'YYYY' ? '(\\d{4})' : '(\\d{2})';
  });
  const m = new RegExp(`^${source}$`).exec(value.trim());
  const found: Record<string, number> = {};
  if (m) order.forEach((token, i) => (found[token] = Number(m[i + 1])));
  else {
    const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value.trim());
    if (!iso) return null;
    [found.YYYY, found.MM, found.DD, found.HH, found.mm, found.ss] = iso.slice(1).map((x) => (x ? Number(x) : 0));
  }
  const parts: DateParts = {
    year: found.YYYY, month: found.MM, day: found.DD, hour: found.HH ?? 0, minute: found.mm ?? 0, second: found.ss ?? 0,
  };
  if (!isRealDate(parts.year, parts.month, parts.day)) return null;
  if (parts.hour! > 23 || parts.minute! > 59 || parts.second! > 59) return null;
  return parts;
}

/** The mask of a day without its time: a DayInput's value, a report's date parameter. */
export const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * A date field's value that names no day: the text typed while it is none (31/02/2026, 12/0), which the field keeps
 * and names wrong rather than dropping it. '' (no day) is not wrong. Every check of a typed day asks here.
 */
export const isWrongDay = (value: unknown, mask: string = DAY_FORMAT): boolean =>
  typeof value === 'string' && value !== '' && !parseWithMask(value, mask);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/** A day written YYYY-MM-DD that exists: '2024-02-29', not '2023-02-29', '2024-13-45' or '2024-01-01x'. */
export function isRealDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  return !!m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * A real day, or a real moment of one in ISO form ('2024-02-29T10:00:00.5Z', '2024-02-29 10:00-03:00'): what a
 * timestamp column reads. Nothing else, so such a value is refused before it reaches the database.
 */
export function isIsoMoment(value: string): boolean {
  const m = ISO_MOMENT.exec(value);
  if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  const [hour, minute, second, zoneHour, zoneMinute] = m.slice(4).map((x) => Number(x ?? 0));
  return hour <= 23 && minute <= 59 && second <= 59 && zoneHour <= 15 && zoneMinute <= 59;
}

/** Today's calendar date in the local time zone, at 00:00:00. */
export function today(now: Date = new Date()): DateParts {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate(), hour: 0, minute: 0, second: 0 };
}

export const sameDay = (a: DateParts | null, b: DateParts | null) =>
  !!a && !!b && a.year === b.year && a.month === b.month && a.day === b.day;

/** The locale days are written in: English's own (en-US) writes month/day/year beside day/month/year everywhere else. */
const localeOf = (lang: string) => (lang.startsWith('en') ? 'en-GB' : lang);

/**
 * A moment (a change in a history, an upload, a delivery attempt) as people read it here: day/month/year and the
 * time on a 24-hour clock, in either language. A text that is no moment is given back as it is.
 */
export function momentText(at: string | number | Date, lang: string): string {
  const moment = new Date(at);
  if (Number.isNaN(moment.getTime())) return String(at);
  return new Intl.DateTimeFormat(localeOf(lang), { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(moment);
}

/** A month as people read it here in a timeline's header: "nov 2026", "Nov 2026" (not 11/26, read as a day). */
export function monthText(isoDay: string, lang: string): string {
  return new Intl.DateTimeFormat(localeOf(lang), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));
}
