/**
 * The names of the rows a record history's reference fields point to (a client, an activity, a flow), asked once
 * each through the referenced list's `select`, as a form's select shows them (the fields changed, and the references
 * of child rows added or removed); keyed `<entity>:<id>`. An id the
 * caller may not read, or whose row is gone, stays an id, without a toast.
 */
import { useEffect, useState } from 'react';
import type { AuditEntry } from '../../engine/api/entityApi';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { SelectOption } from '../../engine/list/query';
import { api } from '../app/session';
import { entityOf } from '../metadata';
import { fieldChanges } from './historyChanges';

export const referenceKey = (entity: string, id: unknown) => `${entity}:${String(id)}`;

/** Row `id` of the list by its name, as its select names it; null when the caller may not read it or it is gone. */
export async function referenceName(list: string, id: number): Promise<string | null> {
  try {
    // quiet: a list the caller may not read is no failure to tell of here
    const page = await api.post<{ rows: SelectOption[] }>(`${list}/select`, { filters: { id }, max: 1 }, { quiet: true });
    return page.rows[0]?.name ?? null;
  } catch {
    return null;
  }
}

/**
 * The entity a field references (schema `x-ref`, a name or `{ entity }`), or null: a header field, or a child
 * row's as `child.field`.
 */
export const referencedBy = (entity: ResolvedEntity, path: string): string | null => entity.references.find((r) => r.path === path)?.entity ?? null;

export function useReferenceNames(entity: ResolvedEntity, entries: readonly AuditEntry[] | null): ReadonlyMap<string, string> {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    if (!entries) return;
    const wanted = new Map<string, { ref: string; id: number }>();
    const want = (path: string, id: unknown) => {
      const ref = referencedBy(entity, path);
      if (ref && typeof id === 'number' && !names.has(referenceKey(ref, id))) wanted.set(referenceKey(ref, id), { ref, id });
    };
    for (const e of entries) {
      for (const { path, before, after } of fieldChanges(entity, e)) for (const id of [before, after]) want(path, id);
      // rows added or removed are named by their references too (an item by its article)
      for (const [child, diff] of Object.entries(e.changes.children ?? {}))
        for (const row of [...(diff.added ?? []), ...(diff.removed ?? [])]) for (const [f, id] of Object.entries(row)) want(`${child}.${f}`, id);
    }
    if (!wanted.size) return;
    let alive = true;
    void Promise.all(
      [...wanted].map(async ([key, { ref, id }]) => {
        const name = await referenceName(entityOf(ref).list, id);
        return name === null ? null : ([key, name] as const);
      }),
    ).then((found) => {
      const named = found.filter((f): f is readonly [string, string] => f !== null);
      if (alive && named.length) setNames((n) => new Map([...n, ...named]));
    });
    return () => {
      alive = false;
    };
    // names found are kept: asked again only for ids not named yet
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entries, entity]);
  return names;
}
