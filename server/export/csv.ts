/** CSV of RFC 4180: comma-separated, CRLF, quoted when needed; a BOM first so spreadsheets read it as UTF-8. */
export const CSV_BOM = '\ufeff';

export function csvField(value: string | null): string {
  if (value == null) return '';
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvLine = (values: readonly (string | null)[]) => `${values.map(csvField).join(',')}\r\n`;
