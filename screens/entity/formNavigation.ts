/**
 * How a form is opened from another screen: `?field=value` presets fields of a new record (a process's new
 * activity gets its process), and the navigation state `{ returnTo }` is where saving and leaving go back to.
 * From a list, the state's `list` is where the row sits (engine/list/recordSteps.ts); going back to the list
 * carries `{ listView }`, its search, filters and sort as the user left them.
 */
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { ListView } from '../../engine/list/recordSteps';
import { entityOf } from '../metadata';

/** The schema fields named in the query, as their type wants them (unknown names and bad numbers are left out). */
export function presetFrom(entity: ResolvedEntity, search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of search) {
    const prop = entity.schema.properties?.[key];
    if (!prop) continue;
    const types = ([] as unknown[]).concat(prop.type ?? []);
    if (types.includes('integer') || types.includes('number')) {
      const n = Number(raw);
      if (raw.trim() !== '' && Number.isFinite(n) && (types.includes('number') || Number.isInteger(n))) out[key] = n;
    } else if (types.includes('string')) out[key] = raw;
  }
  return out;
}

/** The path to go back to, when the opener gave one (an app path, never another site). */
export function returnToOf(state: unknown): string | null {
  const to = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') ? to : null;
}

/** The form of the record this one belongs to (the manifest's `parent`: an activity's process), once known. */
export function parentFormOf(entity: ResolvedEntity, data: Record<string, unknown> | null | undefined): string | null {
  const id = entity.parent ? data?.[entity.parent.path] : undefined;
  const form = entity.parent ? entityOf(entity.parent.entity).routeForm : null;
  return form && (typeof id === 'number' || typeof id === 'string') ? `${form}/${encodeURIComponent(String(id))}` : null;
}

/** The list's search, filters, sort and scroll to open it with, when the navigation brings them. */
export function listViewOf(state: unknown): ListView | undefined {
  const view = (state as { listView?: Partial<ListView> } | null)?.listView;
  if (!view || typeof view !== 'object' || typeof view.sort !== 'string' || (view.sortOrder !== 'asc' && view.sortOrder !== 'desc')) return undefined;
  const filters = view.filters && typeof view.filters === 'object' ? Object.fromEntries(Object.entries(view.filters).filter(([, v]) => typeof v === 'string')) : {};
  const top = typeof view.top === 'number' && Number.isFinite(view.top) && view.top > 0 ? { top: view.top } : {};
  return { pattern: typeof view.pattern === 'string' ? view.pattern : '', filters, sort: view.sort, sortOrder: view.sortOrder, ...top };
}
