/**
 * What a write changed, for the audit log: each changed field as [old, new], and per child table the rows
 * added, removed and changed (by id). An insert has every field as [null, new]; a delete [old, null].
 */
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { Data } from './types';

export interface ChildDiff {
  added?: Data[];
  removed?: Data[];
  changed?: { id: unknown; fields: Record<string, [unknown, unknown]> }[];
}

export interface RecordDiff {
  fields?: Record<string, [unknown, unknown]>;
  children?: Record<string, ChildDiff>;
}

const SYSTEM = new Set(['id', 'version']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function fieldChanges(before: Data, after: Data, skip: ReadonlySet<string>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (skip.has(key) || same(before[key], after[key])) continue;
    out[key] = [before[key] ?? null, after[key] ?? null];
  }
  return out;
}

function childDiff(before: Data[], after: Data[]): ChildDiff {
  const old = new Map(before.map((r) => [r.id, r]));
  const now = new Map(after.map((r) => [r.id, r]));
  const diff: ChildDiff = {};
  const added = after.filter((r) => !old.has(r.id));
  const removed = before.filter((r) => !now.has(r.id));
  const changed = after
    .filter((r) => old.has(r.id))
    .map((r) => ({ id: r.id, fields: fieldChanges(old.get(r.id)!, r, SYSTEM) }))
    .filter((c) => Object.keys(c.fields).length);
  if (added.length) diff.added = added;
  if (removed.length) diff.removed = removed;
  if (changed.length) diff.changed = changed;
  return diff;
}

/** `omit`: fields left out of the log (secrets). Empty when nothing changed. */
export function recordDiff(entity: ResolvedEntity, before: Data | null, after: Data | null, omit: readonly string[] = []): RecordDiff {
  const childNames = new Set(entity.children.map((c) => c.name));
  const skip = new Set([...SYSTEM, ...childNames, ...omit]);
  const diff: RecordDiff = {};
  const fields = fieldChanges(before ?? {}, after ?? {}, skip);
  if (Object.keys(fields).length) diff.fields = fields;
  for (const name of childNames) {
    if (omit.includes(name)) continue;
    const c = childDiff((before?.[name] as Data[] | undefined) ?? [], (after?.[name] as Data[] | undefined) ?? []);
    if (Object.keys(c).length) (diff.children ??= {})[name] = c;
  }
  return diff;
}
