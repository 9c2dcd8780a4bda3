/**
 * A history entry names a value that means something only within another field (ui.json `valueNames.within`: a
 * category's valor within its grupo) by that field's value at the time: the entry's own change of it, else the
 * value the older entries left. Entries come newest first; an older entry not loaded yet leaves it unknown.
 */
import type { AuditEntry } from '../../engine/api/entityApi';

/** Per entry (by position), per scope field: its value before and after the entry. */
export type EntryScopes = Record<string, [unknown, unknown]>[];

export function historyScopes(entries: readonly AuditEntry[], scopeFields: readonly string[]): EntryScopes {
  const out: EntryScopes = entries.map(() => ({}));
  if (!scopeFields.length) return out;
  const current: Record<string, unknown> = {};
  for (let i = entries.length - 1; i >= 0; i--) {
    const fields = entries[i].changes.fields ?? {};
    for (const f of scopeFields) {
      const change = fields[f];
      const before = change ? change[0] : current[f];
      if (change) current[f] = change[1];
      out[i][f] = [before, current[f]];
    }
  }
  return out;
}
