/**
 * The Argentine tax number (CUIT / CUIL, spec §5 and §8): one check for browser and server.
 *
 * A CUIT is 11 digits `PP-NNNNNNNN-D`:
 * - `PP` the type prefix: 20, 23, 24, 25, 26, 27 for people (CUIL/CUIT of a person), 30, 33, 34 for
 *   companies and other legal entities;
 * - `NNNNNNNN` the document (or company) number;
 * - `D` the check digit: modulo 11 over the first ten digits with the weights 5,4,3,2,7,6,5,4,3,2;
 *   D = 11 - (sum mod 11), where 11 gives 0.
 *
 * When that formula gives 10 the tax authority does not issue the number: it changes the prefix instead
 * (20 or 27 -> 23, 30 -> 33) and computes the digit again. Changing the prefix moves the sum by a multiple
 * of the second weight, so the re-issued number (23-…-9 / 23-…-4 / 33-…-9) satisfies the plain formula
 * too. Hence the rule here is strict: a number whose formula gives 10 is invalid, whatever its prefix.
 * (Some validators accept 9 in that case; no issued number needs it.)
 */

export const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
export const CUIT_PERSON_PREFIXES = ['20', '23', '24', '25', '26', '27'] as const;
export const CUIT_COMPANY_PREFIXES = ['30', '33', '34'] as const;
const PREFIXES: ReadonlySet<string> = new Set([...CUIT_PERSON_PREFIXES, ...CUIT_COMPANY_PREFIXES]);

/** The error code of an invalid tax number (spec §8). */
export const CUIT_INVALID = 'EPF0003' as const;

/** Drops the separators people type (spaces, hyphens, dots, slashes): '33-69345023-9' -> '33693450239'. Other characters stay, so they fail the check. */
export function normalizeCuit(value: string): string {
  return String(value ?? '').replace(/[\s./-]/g, '');
}

/** The check digit of the first ten digits, or null when the formula gives 10 (no such number is issued). */
export function cuitCheckDigit(firstTen: string): number | null {
  if (!/^\d{10}$/.test(firstTen)) return null;
  const sum = CUIT_WEIGHTS.reduce((acc, w, i) => acc + w * Number(firstTen[i]), 0);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  if (digit === 10) return null;
  return digit;
}

/** 11 digits (separators allowed), a known prefix and the right check digit. */
export function isValidCuit(value: string): boolean {
  const n = normalizeCuit(value);
  if (!/^\d{11}$/.test(n)) return false;
  if (!PREFIXES.has(n.slice(0, 2))) return false;
  const digit = cuitCheckDigit(n.slice(0, 10));
  return digit !== null && digit === Number(n[10]);
}

/** True for the person prefixes (20, 23, 24, 25, 26, 27); says nothing about validity. */
export const isPersonCuit = (value: string) => (CUIT_PERSON_PREFIXES as readonly string[]).includes(normalizeCuit(value).slice(0, 2));

/** 'XX-XXXXXXXX-X' for 11 digits; anything else is given back trimmed, unchanged. */
export function formatCuit(value: string): string {
  const n = normalizeCuit(value);
  if (!/^\d{11}$/.test(n)) return String(value ?? '').trim();
  return `${n.slice(0, 2)}-${n.slice(2, 10)}-${n[10]}`;
}

/**
 * 'EPF0003' for a number that is not a valid CUIT, null otherwise. An empty value (blank or only
 * separators) is null: whether the number is required is the schema's `required`, not this check.
 */
export function cuitError(value: string | null | undefined): typeof CUIT_INVALID | null {
  if (value === null || value === undefined || normalizeCuit(value) === '') return null;
  return isValidCuit(value) ? null : CUIT_INVALID;
}
