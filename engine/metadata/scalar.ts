/** The storage-relevant type of a schema property. */
import type { JsonSchema } from './types';

export type ScalarType = 'string' | 'integer' | 'number' | 'boolean';
export type PropertyType = ScalarType | 'object' | 'array';

/** The first non-null type of a property. */
export function scalarType(prop: JsonSchema | undefined): PropertyType {
  const types = Array.isArray(prop?.type) ? prop.type : [prop?.type];
  const t = types.find((x) => x && x !== 'null');
  return t === 'integer' || t === 'number' || t === 'boolean' || t === 'object' || t === 'array' ? t : 'string';
}
