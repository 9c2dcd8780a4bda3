/**
 * Numbers as people type them in a grid cell: "2,5" in Spanish, "2.5" in English, "1.234,5" or "1,234.5"
 * with thousands. Pure, so the record form and its tests read typed text the same way.
 */

/** The character that separates a number's decimals in a language: ',' in Spanish, '.' in English. */
export type DecimalPoint = '.' | ',';

/** A whole number with one thousands separator of the language whose decimal point is the key. */
const ONE_GROUP = { ',': /^-?\d{1,3}\.\d{3}$/, '.': /^-?\d{1,3},\d{3}$/ } as const;

/** A whole number grouped in thousands by `sep`: groups of three after the first. */
const grouped = (s: string, sep: '.' | ',') => new RegExp(`^-?\\d{1,3}(\\${sep}\\d{3})+$`).test(s);

/**
 * The number a text spells: null for a blank text, undefined when it is not a number.
 * The last of '.' and ',' is the decimal point when both appear; one kind appearing more than once is a
 * thousands separator; a single one is the decimal point, except the language's thousands separator (the other
 * of `point`) before exactly three digits: "1.000" and "38.000" in Spanish are a thousand and 38 thousand, as
 * the app writes them, while "1.5" is one and a half.
 * Thousands separators group three digits: "2,5.3" or "1.2.3" say two things at once and are no number (see
 * `clashingSeparators`), where reading them as 25.3 or 123 would save a number nobody typed.
 */
export function parseDecimal(text: string, point: '.' | ',' = ','): number | null | undefined {
  let s = text.trim().replace(/\s/g, '');
  if (s === '') return null;
  if (ONE_GROUP[point].test(s)) s = s.replace(/[.,]/, '');
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  if (dots && commas) {
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    if ((s.match(new RegExp(`\\${decimal}`, 'g')) ?? []).length > 1) return undefined;
    if (!grouped(s.slice(0, s.indexOf(decimal)), thousands)) return undefined;
    s = s.split(thousands).join('').replace(decimal, '.');
  } else if (dots > 1 || commas > 1) {
    if (!grouped(s, dots ? '.' : ',')) return undefined;
    s = s.replace(/[.,]/g, '');
  } else s = s.replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** Digits whose separators contradict each other ("2,5.3", "1.2.3"): no number, for a reason worth saying. */
export function clashingSeparators(text: string): boolean {
  const s = text.replace(/\s/g, '');
  // two separators or more: the language's point, which only decides how a lone one reads, does not matter here
  return /^-?[\d.,]*\d[\d.,]*$/.test(s) && (s.match(/[.,]/g) ?? []).length > 1 && parseDecimal(s) === undefined;
}

/** A stored number as the text of a cell, with the locale's decimal point; blank for none. */
export function decimalText(n: unknown, point: '.' | ',' = ','): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  const plain = String(n);
  return point === ',' ? plain.replace('.', ',') : plain;
}

/** The decimal point of a language ('es' -> ',', 'en' -> '.'). */
export const decimalPoint = (language: string): '.' | ',' => (language.startsWith('en') ? '.' : ',');
