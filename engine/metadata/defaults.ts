/**
 * A new record with its schema's defaults where it says nothing (`"default"` of a property, and of a child row's
 * property): what the form shows before anyone types is what a record created through the API holds too (an article
 * created without `activo` is stored active, as the form would have made it, for lists, reports and exports alike).
 */
import type { JsonSchema } from './types';

type Data = Record<string, unknown>;

const isObject = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `data` with the defaults of the properties it lacks (undefined, not null: a null is a choice), top level and child rows. */
export function withDefaults(schema: JsonSchema, data: Data): Data {
  let out: Data | null = null;
  for (const [key, def] of Object.entries(schema.properties ?? {})) {
    const value = data[key];
    if (value === undefined && def.default !== undefined) (out ??= { ...data })[key] = structuredClone(def.default);
    else if (Array.isArray(value) && def.items?.properties) {
      const rows = value.map((row) => (isObject(row) ? withDefaults(def.items!, row) : row));
      if (rows.some((row, i) => row !== value[i])) (out ??= { ...data })[key] = rows;
    }
  }
  return out ?? data;
}
