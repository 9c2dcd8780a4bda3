/**
 * Numbers as people type them in a grid cell: "2,5" in Spanish, "2.5" in English, "1.234,5" or "1,234.5"
 * with thousands. Pure, so the record form and its tests read typed text the same way.
 */

/**
 * The number a text spells: null for a blank text, undefined when it is not a number.
 * The last of '.' and ',' is the decimal point when both appear; one kind appearing more than once is a
 * thousands separator; a single one is the decimal point.
 */
export function parseDecimal(text: string): number | null | undefined {
  let s = text.trim().replace(/\s/g, '');
  if (s === '') return null;
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  if (dots && commas) {
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    if ((s.match(new RegExp(`\\${decimal}`, 'g')) ?? []).length > 1) return undefined;
    s = s.split(thousands).join('').replace(decimal, '.');
  } else if (dots > 1 || commas > 1) {
    s = s.replace(/[.,]/g, '');
  } else s = s.replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** A stored number as the text of a cell, with the locale's decimal point; blank for none. */
export function decimalText(n: unknown, point: '.' | ',' = ','): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  const plain = String(n);
  return point === ',' ? plain.replace('.', ',') : plain;
}

/** The decimal point of a language ('es' -> ',', 'en' -> '.'). */
export const decimalPoint = (language: string): '.' | ',' => (language.startsWith('en') ? '.' : ',');
