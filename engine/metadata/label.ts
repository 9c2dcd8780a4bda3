/**
 * The text of an option or of a referenced row: its label fields that are not blank, joined by a space. A part
 * that repeats what is already there is left out (a party whose business name is also its name, or whose name
 * and surname together are its business name, reads once), compared without case or accents.
 */
const same = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

export function labelText(row: Record<string, unknown>, fields: readonly string[]): string {
  const parts: string[] = [];
  for (const f of fields) {
    const v = row[f];
    if (v === null || v === undefined) continue;
    const text = String(v).trim();
    if (text && !parts.some((p) => same(p) === same(text))) parts.push(text);
  }
  if (parts.length > 2 && same(parts.slice(1).join(' ')) === same(parts[0])) return parts[0];
  return parts.join(' ');
}
