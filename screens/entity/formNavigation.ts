/**
 * How a form is opened from another screen: `?field=value` presets fields of a new record (a process's new
 * activity gets its process), and the navigation state `{ returnTo }` is where saving and leaving go back to.
 */
import type { ResolvedEntity } from '../../engine/metadata/resolve';

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
