/**
 * Calendar days as `YYYY-MM-DD` texts, the form tasks store their estimated dates in. Arithmetic runs on UTC
 * midnights, so no time zone or daylight-saving change moves a day.
 */

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` (its first 10 characters), or null when it is not a real date. */
export function dayNumber(iso: string | null | undefined): number | null {
  const m = typeof iso === 'string' ? ISO_DAY.exec(iso.slice(0, 10)) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return Math.round(ms / DAY_MS);
}

/** The `YYYY-MM-DD` of a day number. */
export const isoOfDay = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  const n = dayNumber(iso);
  if (n === null) throw new Error(`not a date: ${iso}`);
  return isoOfDay(n + days);
}

/** Whole days from `a` to `b` (negative when b is earlier); null when either is not a date. */
export function daysBetween(a: string | null | undefined, b: string | null | undefined): number | null {
  const x = dayNumber(a);
  const y = dayNumber(b);
  return x === null || y === null ? null : y - x;
}

/** Today in the local calendar of `now`. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
