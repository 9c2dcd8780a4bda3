/**
 * Child rows carry their `id` (store.ts). The schema describes a row without it, so the ids are taken out
 * before the schema check and checked on their own: each must name a row of this record, once (else a field
 * error `enum`, or the child table's own code: `"x-missing": "REGISTROCUERPO_NOT_FOUND"` on the array). Answers
 * the data without ids (to validate), the data with the valid ids (to store), and the errors.
 */
import type { FieldError } from '../../engine/errors';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { Data, StoredRecord } from './types';

const isObject = (x: unknown): x is Data => typeof x === 'object' && x !== null && !Array.isArray(x);

export interface SplitIds {
  /** The record with no `id` in its child rows: what the schema checks. */
  bare: Data;
  /** The record with the child rows' ids (only ids that name rows of this record). */
  withIds: Data;
  errors: FieldError[];
}

/** Without its `id`. */
function strip(item: unknown): unknown {
  if (!isObject(item) || !('id' in item)) return item;
  const { id: _id, ...rest } = item;
  return rest;
}

export function splitChildIds(entity: ResolvedEntity, data: Data, previous: StoredRecord | null): SplitIds {
  const bare: Data = { ...data };
  const withIds: Data = { ...data };
  const errors: FieldError[] = [];
  for (const child of entity.children) {
    const items = data[child.name];
    if (!Array.isArray(items)) continue;
    const stored = new Set(((previous?.[child.name] as Data[] | undefined) ?? []).map((r) => r.id));
    const seen = new Set<unknown>();
    const missing = entity.schema.properties?.[child.name]?.['x-missing'];
    const code = typeof missing === 'string' ? missing : 'enum';
    bare[child.name] = items.map(strip);
    withIds[child.name] = items.map((item, i) => {
      if (!isObject(item) || item.id === null || item.id === undefined) return strip(item);
      if (typeof item.id !== 'number' || !stored.has(item.id) || seen.has(item.id)) errors.push({ field: `${child.name}.${i}.id`, code });
      seen.add(item.id);
      return item;
    });
  }
  return { bare, withIds, errors };
}
