/**
 * The field changes of a history entry, one per value a person changed: a header field; each changed key of a
 * stored object (`empleado.legajo`, not the whole object as JSON); each changed field of a child row
 * (`items.articulo`, with its child's name).
 */
import type { AuditEntry } from '../../engine/api/entityApi';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { scalarType } from '../../engine/metadata/scalar';

export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
  /** The child table whose row changed; absent for the record's own fields. */
  child?: string;
  /** That row's id. */
  row?: unknown;
}

/** A stored object's keys, or none for anything else (null, a list, a value). */
export const keysOf = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function fieldChanges(entity: ResolvedEntity, entry: AuditEntry): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [f, [before, after]] of Object.entries(entry.changes.fields ?? {})) {
    if (scalarType(entity.schema.properties?.[f]) !== 'object') {
      out.push({ path: f, before, after });
      continue;
    }
    const [b, a] = [keysOf(before), keysOf(after)];
    for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) if (!same(b[k], a[k])) out.push({ path: `${f}.${k}`, before: b[k] ?? null, after: a[k] ?? null });
  }
  for (const [child, diff] of Object.entries(entry.changes.children ?? {}))
    for (const c of diff.changed ?? []) for (const [f, [before, after]] of Object.entries(c.fields)) out.push({ path: `${child}.${f}`, before, after, child, row: c.id });
  return out;
}

/** The child rows the entries added or removed, as they were then, by `<child>:<id>`: what names a changed row. */
export function childRowsOf(entries: readonly AuditEntry[]): ReadonlyMap<string, Record<string, unknown>> {
  const rows = new Map<string, Record<string, unknown>>();
  for (const e of entries)
    for (const [child, diff] of Object.entries(e.changes.children ?? {}))
      for (const r of [...(diff.added ?? []), ...(diff.removed ?? [])]) if (r.id != null) rows.set(`${child}:${String(r.id)}`, r);
  return rows;
}

/** The pipeline's own writes; any other action is one a person chose (a move, a take). */
const WRITES = new Set(['insert', 'update', 'patch', 'delete']);

/**
 * An action and the change of the record its transaction made, told as one entry: a move read "Movió", then
 * apart "Modificó un campo" with the activity it moved to. A transaction's audit rows share their moment and
 * user (server/documents/audit.ts); newest first, the pair is adjacent.
 */
export function withActionChanges(entries: readonly AuditEntry[]): AuditEntry[] {
  const out: AuditEntry[] = [];
  for (const e of entries) {
    const last = out[out.length - 1];
    const paired = last && last.at === e.at && last.username === e.username && WRITES.has(last.action) !== WRITES.has(e.action) && [last.action, e.action].includes('patch');
    if (!paired) {
      out.push(e);
      continue;
    }
    const [action, patch] = WRITES.has(last.action) ? [e, last] : [last, e];
    out[out.length - 1] = { ...action, changes: { ...patch.changes, body: action.changes.body } };
  }
  return out;
}
