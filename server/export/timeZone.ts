/**
 * A spreadsheet has no time zones: a moment (a movement's creation, a mail's sending) is written as the clock on
 * the exporting user's wall showed it (`tz`, an IANA zone the browser names, e.g. America/Argentina/Buenos_Aires),
 * not in UTC, three hours off the list the user exported from.
 */
import { badRequest } from '../http/api-error';

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The request's `tz`, or UTC when it has none; 400 (field `tz`, code `timeZone`) for a zone that is none. */
export function timeZoneOf(value: unknown): string {
  if (value == null) return 'UTC';
  if (typeof value === 'string' && value.length <= 64) {
    try {
      clockOf(value);
      return value;
    } catch {
      // not a zone: answered below
    }
  }
  throw badRequest('BAD_REQUEST', [{ field: 'tz', code: 'timeZone' }]);
}

function clockOf(zone: string): Intl.DateTimeFormat {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    clocks.set(zone, clock);
  }
  return clock;
}

/** The moment as a date whose UTC fields are the zone's wall clock then (what a spreadsheet cell shows). */
export function wallClock(moment: Date, zone: string): Date {
  if (zone === 'UTC') return moment;
  const part = Object.fromEntries(clockOf(zone).formatToParts(moment).map((p) => [p.type, Number(p.value)]));
  return new Date(Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second, moment.getUTCMilliseconds()));
}
