/** CSV of RFC 4180: comma-separated, CRLF, quoted when needed; a BOM first so spreadsheets read it as UTF-8. */
export const CSV_BOM = '\ufeff';

/**
 * A text a spreadsheet would read as a formula (=, +, -, @) or that starts with a tab or carriage return:
 * opening the file must never run what a user typed into a name (CSV injection, OWASP), so it gets a leading
 * apostrophe, which spreadsheets show as text. Numbers and dates are written by the server, never escaped.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | null, text = true): string {
  if (value == null) return '';
  const safe = text && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || /^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line; `numeric[i]` marks a cell written by the server as a number or date (not escaped as a formula). */
export const csvLine = (values: readonly (string | null)[], numeric: readonly boolean[] = []) =>
  `${values.map((v, i) => csvField(v, !numeric[i])).join(',')}\r\n`;
