/**
 * How an entity is stored: its table `<entity>` with the system columns and one column per property,
 * and one child table `<entity>__<child>` per array of objects (docs/metadata.md).
 *
 * | schema type                          | column             |
 * | ------------------------------------ | ------------------ |
 * | string                               | text               |
 * | integer                              | integer            |
 * | number with maxDecimals (exact)      | numeric            |
 * | number                               | double precision   |
 * | boolean                              | boolean            |
 * | object, array of scalars             | jsonb              |
 * | array of objects                     | child table        |
 * | (in a child table) object or array   | jsonb              |
 */
import { createHash } from 'node:crypto';
import { scalarType, type ResolvedEntity } from '../../engine/metadata/resolve';
import type { JsonSchema } from '../../engine/metadata/types';

export type SqlType = 'text' | 'integer' | 'numeric' | 'double precision' | 'boolean' | 'jsonb';

export interface StoredField {
  name: string;
  sqlType: SqlType;
  schema: JsonSchema;
}

export interface TableLayout {
  table: string;
  fields: StoredField[];
}

export interface ChildLayout extends TableLayout {
  /** Property name of the array in the parent record. */
  name: string;
}

export interface EntityLayout extends TableLayout {
  children: ChildLayout[];
}

/** Columns every entity table has; properties may not use these names. */
export const SYSTEM_COLUMNS = ['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by', '_search'] as const;
/** Columns every child table has. */
export const CHILD_SYSTEM_COLUMNS = ['id', 'parent_id', 'position'] as const;

/** PostgreSQL cuts identifiers at 63 bytes. */
const MAX_IDENTIFIER = 63;

const SQL_TYPES: Record<string, SqlType> = {
  string: 'text',
  integer: 'integer',
  number: 'double precision',
  boolean: 'boolean',
  object: 'jsonb',
  array: 'jsonb',
};

export const isChildArray = (p: JsonSchema | undefined) => scalarType(p) === 'array' && !!p?.items && scalarType(p.items) === 'object';

/** Money and quantities are exact decimals: a number with a number of decimals is `numeric`, never a float. */
const sqlTypeOf = (p: JsonSchema): SqlType => (scalarType(p) === 'number' && p.maxDecimals !== undefined ? 'numeric' : SQL_TYPES[scalarType(p)]);

function fieldsOf(schema: JsonSchema, withChildren: boolean): StoredField[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, p]) => withChildren || !isChildArray(p))
    .map(([name, p]) => ({ name, sqlType: sqlTypeOf(p), schema: p }));
}

export const childTable = (entity: string, child: string) => `${entity}__${child}`;

function checkLength(table: string) {
  if (Buffer.byteLength(table) > MAX_IDENTIFIER) throw new Error(`table name ${table} is longer than ${MAX_IDENTIFIER} bytes`);
  return table;
}

const cache = new WeakMap<ResolvedEntity, EntityLayout>();

export function layoutOf(entity: ResolvedEntity): EntityLayout {
  let layout = cache.get(entity);
  if (!layout) {
    layout = {
      table: checkLength(entity.name),
      fields: fieldsOf(entity.schema, false),
      children: entity.children.map((c) => ({
        name: c.name,
        table: checkLength(childTable(entity.name, c.name)),
        fields: fieldsOf(c.item, true),
      })),
    };
    cache.set(entity, layout);
  }
  return layout;
}

/** The stored (non child-table) property `field` of the entity, if any. */
export function storedField(entity: ResolvedEntity, field: string): StoredField | undefined {
  return layoutOf(entity).fields.find((f) => f.name === field);
}

/** `<table>_<column>_idx`, shortened with a hash when PostgreSQL would cut it. */
export function indexName(table: string, columns: readonly string[]): string {
  const full = `${table}_${columns.join('_')}_idx`;
  if (Buffer.byteLength(full) <= MAX_IDENTIFIER) return full;
  const hash = createHash('sha1').update(full).digest('hex').slice(0, 10);
  return `${full.slice(0, 40)}_${hash}_idx`;
}

/**
 * A manifest index (ColumnsManifest `indexes`) as the table it goes on and its columns: the entity's table
 * (its fields, `id` appended) or one child table (`items.item_padre`: that table's columns). Null, with why,
 * when it names something that is not a stored scalar column of one table.
 */
export function manifestIndex(entity: ResolvedEntity, fields: readonly string[]): { table: string; columns: StoredField[]; child: boolean } | { problem: string } {
  if (!Array.isArray(fields) || !fields.length || !fields.every((f) => typeof f === 'string')) return { problem: 'must be a non-empty list of field names' };
  const layout = layoutOf(entity);
  const dotted = fields.filter((f) => f.includes('.'));
  if (!dotted.length) {
    const columns = fields.map((f) => storedField(entity, f));
    const bad = fields.find((_, i) => !columns[i] || columns[i]!.sqlType === 'jsonb');
    return bad ? { problem: `"${bad}" is not a scalar property of schema.json` } : { table: layout.table, columns: columns as StoredField[], child: false };
  }
  const names = new Set(fields.map((f) => f.split('.')[0]));
  const child = layout.children.find((c) => c.name === [...names][0]);
  if (dotted.length !== fields.length || names.size !== 1 || !child) return { problem: 'fields of a child table are written "child.field", all of the same child table' };
  const columns = fields.map((f) => child.fields.find((x) => x.name === f.split('.').slice(1).join('.')));
  const bad = fields.find((_, i) => !columns[i] || columns[i]!.sqlType === 'jsonb');
  return bad ? { problem: `"${bad}" is not a scalar field of the child table` } : { table: child.table, columns: columns as StoredField[], child: true };
}

