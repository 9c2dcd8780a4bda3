/** How the task screens write days and numbers. */
import { dayNumber } from '../../engine/planning/days';

/** `YYYY-MM-DD` as the product writes dates to people (day/month/year, spec §5), or ''. */
export function dmy(iso: string | null | undefined): string {
  if (!iso || dayNumber(iso) === null) return '';
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** A number with at most two decimals, in the language's format. */
export const num = (n: number | null | undefined, lang: string) =>
  n === null || n === undefined ? '' : new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(n);
