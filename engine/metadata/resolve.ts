/** Metadata + defaults -> the entity model every layer uses. The one place defaults live. */
import type { ColumnSpec, ColumnsManifest, EntityMetadata, JsonSchema, UiSchema } from './types';

export type ScalarType = 'string' | 'integer' | 'number' | 'boolean';

export interface ResolvedColumn {
  name: string;
  label: string;
  field: string;
  type: ScalarType | 'object' | 'array';
  filter: string | null;
  sortable: boolean;
  truncate?: number;
  editable: boolean;
  hidden: boolean;
}

export interface ChildTable {
  /** Property name of the array in the parent record. */
  name: string;
  item: JsonSchema;
}

export interface ResolvedEntity {
  name: string;
  /** The schema with `additionalProperties: false` filled in where not written. */
  schema: JsonSchema;
  ui: UiSchema;
  rowKey: string;
  list: string;
  routeForm: string | null;
  columns: ResolvedColumn[];
  editRoles?: string | string[];
  removeRoles?: string | string[];
  /** Enforced by the server only: the table's add button is always offered (spec §6). */
  addRoles?: string | string[];
  readRoles?: string | string[];
  sort: { field: string; order: 'asc' | 'desc' };
  search: string[];
  optionLabel: string;
  /** Arrays of objects: child tables saved and loaded with the parent. */
  children: ChildTable[];
  route?: ColumnsManifest['route'];
}

export const DEFAULT_SORT = { field: 'nombre', order: 'asc' } as const;
export const fieldLabelKey = (entity: string, field: string) => `entities.${entity}.fields.${field}`;

/** The first non-null type of a property. */
export function scalarType(prop: JsonSchema | undefined): ResolvedColumn['type'] {
  const types = Array.isArray(prop?.type) ? prop.type : [prop?.type];
  const t = types.find((x) => x && x !== 'null');
  return t === 'integer' || t === 'number' || t === 'boolean' || t === 'object' || t === 'array' ? t : 'string';
}

function closeObjects(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (out.properties) {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, closeObjects(v)]));
    out.additionalProperties ??= false;
  }
  if (out.items) out.items = closeObjects(out.items);
  return out;
}

function resolveColumn(entity: string, schema: JsonSchema, spec: string | ColumnSpec): ResolvedColumn {
  const c: ColumnSpec = typeof spec === 'string' ? { name: spec } : spec;
  const field = c.field ?? c.name;
  const type = field === 'id' ? 'integer' : scalarType(schema.properties?.[field]);
  const scalar = type !== 'object' && type !== 'array';
  const filterable = type === 'string' || type === 'integer' || type === 'number';
  return {
    name: c.name,
    label: c.label ?? fieldLabelKey(entity, field),
    field,
    type,
    filter: c.filter === false ? null : (c.filter ?? (filterable ? field : null)),
    sortable: c.sortable ?? scalar,
    truncate: c.truncate,
    editable: c.editable ?? false,
    hidden: c.hidden ?? false,
  };
}

export function resolveEntity(meta: EntityMetadata): ResolvedEntity {
  const { name, columns: m } = meta;
  const schema = closeObjects(meta.schema);
  const columns = m.columns.map((c) => resolveColumn(name, schema, c));
  const children = Object.entries(schema.properties ?? {})
    .filter(([, p]) => scalarType(p) === 'array' && p.items && scalarType(p.items) === 'object')
    .map(([childName, p]) => ({ name: childName, item: p.items! }));
  const routeForm =
    m.routeForm !== undefined ? m.routeForm : m.route ? `/${m.route.area === 'main' ? '' : `${m.route.area}/`}${m.route.path}` : null;
  return {
    name,
    schema,
    ui: meta.ui ?? {},
    rowKey: m.rowKey ?? 'id',
    list: m.list ?? name,
    routeForm,
    columns,
    editRoles: m.editRoles,
    removeRoles: m.removeRoles,
    addRoles: m.addRoles,
    readRoles: m.readRoles,
    sort: m.sort ?? (columns.some((c) => c.field === DEFAULT_SORT.field) ? DEFAULT_SORT : { field: columns[0]?.field ?? 'id', order: 'asc' }),
    search: m.search ?? columns.filter((c) => c.type === 'string' && c.filter).map((c) => c.field),
    optionLabel: m.optionLabel ?? 'nombre',
    children,
    route: m.route,
  };
}
