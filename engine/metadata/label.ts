/** The text of an option or of a referenced row: its label fields that are not blank, joined by a space. */
export function labelText(row: Record<string, unknown>, fields: readonly string[]): string {
  return fields
    .map((f) => row[f])
    .filter((v) => v !== null && v !== undefined && String(v).trim() !== '')
    .map((v) => String(v).trim())
    .join(' ');
}
