/**
 * References and uniqueness declared in schema.json (docs/metadata.md), read once into plain rules that the
 * server enforces and the browser renders (a reference is a select; its list cell shows the referenced row's
 * label; its filter picks a row).
 *
 *   "categoria": { "type": ["integer", "null"], "x-ref": "categoria" }
 *   "parentid":  { "type": ["integer", "null"], "x-ref": { "entity": "categoria", "acyclic": true } }
 *   "nombre":    { "type": "string", "x-unique": { "fold": true, "code": "SECUENCIA_DUPLICADA" } }
 *   root:        "x-unique": [ { "fields": ["grupo", "valor"] } ]
 *
 * A reference may sit on a top-level property (a column), on a property of a stored object (one level:
 * `empleado.puesto`) or on a property of a child table's rows (`componentes.articulo`).
 */
import { scalarType } from './scalar';
import type { JsonSchema } from './types';

export type OnDelete = 'restrict' | 'cascade' | 'setNull';

/** Where a referencing (or unique) value lives in the stored record. */
export type ValueSite =
  | { kind: 'column'; field: string }
  | { kind: 'nested'; field: string; key: string }
  | { kind: 'child'; child: string; field: string };

export interface ReferenceRule {
  /** Dotted path, as field errors name it (a child row's index comes after the child's name). */
  path: string;
  site: ValueSite;
  /** The referenced entity. */
  entity: string;
  /** Its list url (`<list>/select` gives the options); the entity name until linkReferences fills it. */
  list: string;
  /** Its option label's fields (what a list shows for the reference); empty until linkReferences fills them. */
  labelFields?: readonly string[];
  /** A missing row answers 406 with this code instead of a 400 field error. */
  code?: string;
  /** The reference may not lead back to the record itself (trees, bills of materials). */
  acyclic: boolean;
  /** What deleting the referenced row does to this one; default: the delete is refused. */
  onDelete: OnDelete;
  /** The property admits null (the form offers a blank option). */
  nullable: boolean;
}

export interface UniqueRule {
  /** Dotted paths of the properties whose values, together, may appear once (top-level or `object.key`). */
  fields: string[];
  sites: ValueSite[];
  /** Compared trimmed and case-folded. */
  fold: boolean;
  /** A clash answers 406 with this code; default a 400 field error `unique`. */
  code?: string;
}

const ON_DELETE: readonly OnDelete[] = ['restrict', 'cascade', 'setNull'];

export class ReferenceSpecError extends Error {}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const nullable = (p: JsonSchema) => Array.isArray(p.type) && p.type.includes('null');

function readRef(path: string, site: ValueSite, prop: JsonSchema): ReferenceRule | null {
  const raw = prop['x-ref'];
  if (raw === undefined) return null;
  const spec = typeof raw === 'string' ? { entity: raw } : raw;
  if (!isObject(spec) || typeof spec.entity !== 'string') throw new ReferenceSpecError(`"${path}": "x-ref" is an entity name or { "entity": ... }`);
  if (scalarType(prop) !== 'integer') throw new ReferenceSpecError(`"${path}": a reference ("x-ref") is an integer property`);
  const onDelete = (spec.onDelete ?? 'restrict') as OnDelete;
  if (!ON_DELETE.includes(onDelete)) throw new ReferenceSpecError(`"${path}": "onDelete" is one of ${ON_DELETE.join(', ')}`);
  if (onDelete === 'setNull' && (site.kind === 'child' || !nullable(prop)))
    throw new ReferenceSpecError(`"${path}": "onDelete": "setNull" needs a nullable property outside a child table`);
  if (spec.code !== undefined && typeof spec.code !== 'string') throw new ReferenceSpecError(`"${path}": "code" is a text`);
  return {
    path,
    site,
    entity: spec.entity,
    list: spec.entity,
    code: spec.code as string | undefined,
    acyclic: spec.acyclic === true,
    onDelete,
    nullable: nullable(prop),
  };
}

/** Every reference of a schema, in property order. */
export function referencesOf(schema: JsonSchema): ReferenceRule[] {
  const out: ReferenceRule[] = [];
  const push = (r: ReferenceRule | null) => r && out.push(r);
  for (const [field, prop] of Object.entries(schema.properties ?? {})) {
    const type = scalarType(prop);
    if (type === 'object') {
      for (const [key, sub] of Object.entries(prop.properties ?? {})) push(readRef(`${field}.${key}`, { kind: 'nested', field, key }, sub));
    } else if (type === 'array' && prop.items && scalarType(prop.items) === 'object') {
      for (const [sub, p] of Object.entries(prop.items.properties ?? {})) push(readRef(`${field}.${sub}`, { kind: 'child', child: field, field: sub }, p));
    } else push(readRef(field, { kind: 'column', field }, prop));
  }
  return out;
}

function siteOf(schema: JsonSchema, path: string): ValueSite {
  const [field, key, ...rest] = path.split('.');
  const prop = schema.properties?.[field];
  if (!prop || rest.length) throw new ReferenceSpecError(`"x-unique": "${path}" is not a property`);
  if (key === undefined) {
    if (!['string', 'integer', 'number'].includes(scalarType(prop))) throw new ReferenceSpecError(`"x-unique": "${path}" is not a text or number`);
    return { kind: 'column', field };
  }
  if (scalarType(prop) !== 'object' || !prop.properties?.[key]) throw new ReferenceSpecError(`"x-unique": "${path}" is not a property of an object`);
  return { kind: 'nested', field, key };
}

function readUnique(schema: JsonSchema, spec: unknown, fieldsIfOne?: string): UniqueRule {
  const s = spec === true ? {} : spec;
  if (!isObject(s)) throw new ReferenceSpecError('"x-unique" is true, or { "fold"?, "code"?, "fields"? }');
  const fields = fieldsIfOne ? [fieldsIfOne] : s.fields;
  if (!Array.isArray(fields) || !fields.length || !fields.every((f) => typeof f === 'string'))
    throw new ReferenceSpecError('"x-unique" at the root of a schema lists its "fields"');
  if (s.code !== undefined && typeof s.code !== 'string') throw new ReferenceSpecError('"x-unique": "code" is a text');
  return { fields, sites: fields.map((f) => siteOf(schema, f)), fold: s.fold === true, code: s.code as string | undefined };
}

/** Uniqueness rules: on a property (or an object's property), and sets of properties at the schema's root. */
export function uniqueRulesOf(schema: JsonSchema): UniqueRule[] {
  const out: UniqueRule[] = [];
  for (const [field, prop] of Object.entries(schema.properties ?? {})) {
    if (prop['x-unique'] !== undefined) out.push(readUnique(schema, prop['x-unique'], field));
    if (scalarType(prop) === 'object')
      for (const [key, sub] of Object.entries(prop.properties ?? {}))
        if (sub['x-unique'] !== undefined) out.push(readUnique(schema, sub['x-unique'], `${field}.${key}`));
  }
  const root = schema['x-unique'];
  if (root !== undefined) {
    if (!Array.isArray(root)) throw new ReferenceSpecError('"x-unique" at the root of a schema is a list of { "fields": [...] }');
    for (const spec of root) out.push(readUnique(schema, spec));
  }
  return out;
}

/** The value a site names in a record (a child site has one per row: not answered here). */
export function siteValue(record: Record<string, unknown>, site: ValueSite): unknown {
  if (site.kind === 'column') return record[site.field];
  if (site.kind === 'nested') {
    const obj = record[site.field];
    return isObject(obj) ? obj[site.key] : undefined;
  }
  return undefined;
}
