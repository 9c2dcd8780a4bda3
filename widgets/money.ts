/** Amounts and quantities as the user's language writes them (2 decimals for money). */
const money = new Map<string, Intl.NumberFormat>();
const plain = new Map<string, Intl.NumberFormat>();

const locale = (language: string) => (language.startsWith('en') ? 'en-US' : 'es-AR');

/** `n` may be an exact decimal text ('979999999999990100.25', engine/price.ts): formatted digit for digit, no float noise. */
export function formatMoney(n: number | string | null | undefined, language: string): string {
  if (typeof n === 'string' ? !/^-?\d+(\.\d+)?$/.test(n) : typeof n !== 'number' || !Number.isFinite(n)) return '';
  let f = money.get(language);
  if (!f) money.set(language, (f = new Intl.NumberFormat(locale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 })));
  return f.format(n as number | `${number}`);
}

export function formatNumber(n: number | null | undefined, language: string): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  let f = plain.get(language);
  if (!f) plain.set(language, (f = new Intl.NumberFormat(locale(language), { maximumFractionDigits: 6 })));
  return f.format(n);
}

/** A figure as the language writes it; money with its two decimals. */
export const formatFigure = (n: number, language: string, money: boolean) => (money ? formatMoney : formatNumber)(n, language);

const short = new Map<string, Intl.NumberFormat>();
/** Where a number at or above this would be long (10.000), a short text says it: 118,6 k, 2,8 M (a chart's axis). */
const LONG = 10_000;

/** A number in little room (a chart's axis, a pie's slice): as formatNumber, or compact when long (2.8M, not 2800000). */
export function formatShort(n: number | null | undefined, language: string): string {
  if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) < LONG) return formatNumber(n, language);
  let f = short.get(language);
  if (!f) short.set(language, (f = new Intl.NumberFormat(locale(language), { notation: 'compact', maximumFractionDigits: 1 })));
  return f.format(n);
}
