/** Metadata + defaults -> the entity model every layer uses. The one place defaults live. */
import { ReferenceSpecError, referencesOf, uniqueRulesOf, type ReferenceRule, type UniqueRule } from './references';
import { scalarType, type ScalarType } from './scalar';
import { shownKind } from './shownField';
import { dateFormatOf } from '../validation/typedDates';
import type { ColumnSpec, ColumnsManifest, EntityMetadata, JsonSchema, RelatedSpec, UiSchema } from './types';

export { scalarType, type ScalarType };

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
  /** Computed by the server for each row (ColumnSpec `virtual`). */
  virtual?: boolean;
  /**
   * A day (`format: date`, the date widget): the mask its value is stored with (the widget's `ui:options.format`),
   * while people read and type it as dd/mm/yyyy.
   */
  dayFormat?: string;
  /** The values are entity names, shown by the entity's title (ColumnSpec `names`). */
  names?: 'entity';
  /**
   * Free text an administrator edits and code uses as a key (a category's `grupo`, `valor`), shown by the locale's
   * name of the value where it has one, otherwise as stored (ui.json `ui:options.valueNames`: `valueNameKey`).
   */
  valueNames?: ValueNames;
  /**
   * A column whose filter picks a value instead of taking typed text: a reference (its list's options, by id),
   * an enum (its values), or the options a read action answers for the field's form select (ui.json
   * `ui:options.filters.action`: a category group's entries, an event's origins). Such a filter matches exactly.
   */
  pick?:
    | { kind: 'ref'; entity: string; list: string }
    | { kind: 'enum'; values: readonly (string | number)[] }
    | { kind: 'options'; list: string; filters: Readonly<Record<string, unknown>> };
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
  /** The reference to the record this one belongs to (ColumnsManifest `parent`), or null. */
  parent: ReferenceRule | null;
  columns: ResolvedColumn[];
  editRoles?: string | string[];
  removeRoles?: string | string[];
  /** Who may create (the server refuses anyone else): the list offers adding, and a new record's form opens, to them only. */
  addRoles?: string | string[];
  /** Shows a table a server module keeps (ColumnsManifest `coreTable`): it has no created_at. */
  coreTable: boolean;
  readRoles?: string | string[];
  /** Roles that may use the narrow view only (select and `narrow` actions), besides readRoles. */
  selectRoles?: string | string[];
  sort: { field: string; order: 'asc' | 'desc' };
  search: string[];
  /** The first of `labelFields` (the option label's own field, e.g. for sorting). */
  optionLabel: string;
  /** The fields an option's text is made of (engine/metadata/label.ts). */
  labelFields: string[];
  /** Arrays of objects: child tables saved and loaded with the parent. */
  children: ChildTable[];
  route?: ColumnsManifest['route'];
  /** `x-ref` properties (./references.ts): checked by the server, selects in the form, labels in lists. */
  references: ReferenceRule[];
  /** `x-unique` rules (./references.ts). */
  unique: UniqueRule[];
  /** Lists shown under the form, filtered by the record (ColumnsManifest `related`). */
  related: Required<RelatedSpec>[];
  /** Extra indexes (ColumnsManifest `indexes`), as written; default none. */
  indexes: string[][];
}

export const DEFAULT_SORT = { field: 'nombre', order: 'asc' } as const;
export const fieldLabelKey = (entity: string, field: string) => `entities.${entity}.fields.${field}`;

/** The manifest's `parent`: a reference on a top-level field of the entity. */
function parentOf(entity: string, field: string | undefined, references: readonly ReferenceRule[]): ReferenceRule | null {
  if (field === undefined) return null;
  const ref = references.find((r) => r.site.kind === 'column' && r.path === field);
  if (!ref) throw new ReferenceSpecError(`${entity}: "parent" names ${field}, which is no reference ("x-ref") of the entity`);
  return ref;
}

/** The i18n key of an entity's title (its name for users: lists, menus, an event's origin). */
export const entityTitleKey = (entity: string) => `entities.${entity}.title`;

type Node = Record<string, unknown>;
const nodeOf = (v: unknown): Node | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined);

/**
 * How a field's free-text values are named (ui.json `"ui:options": { "valueNames": true }`, or
 * `{ "within": "<field>" }` when a value means something only beside another field's: a category's `valor` in its
 * `grupo`, or `{ "keys": "<locale key>" }` when the app already names such values elsewhere: a delivery's action by
 * the history's `history.actions`).
 */
export interface ValueNames {
  within?: string;
  keys?: string;
}

/**
 * The locale key that names a value of a field with `ValueNames`: `entities.<entity>.enums.<field>.<value>`, or
 * `….<field>.<the row's within value>.<value>`, or `<keys>.<value>`; null where none can (a blank value, one that is no
 * key: dots, colons).
 */
export function valueNameKey(entity: string, field: string, names: ValueNames, value: unknown, row?: Readonly<Record<string, unknown>>): string | null {
  const part = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && /^[^.:\s]+$/.test(String(v)) ? String(v) : null;
  const own = part(value);
  if (own === null) return null;
  if (names.keys) return `${names.keys}.${own}`;
  if (!names.within) return `entities.${entity}.enums.${field}.${own}`;
  const scope = part(row?.[names.within]);
  return scope === null ? null : `entities.${entity}.enums.${field}.${scope}.${own}`;
}

/** A field's `ui:options.valueNames` (ui.json), checked. */
export const valueNamesOf = (ui: UiSchema | undefined, field: string): ValueNames | undefined =>
  valueNamesOption(nodeOf(nodeOf(ui?.[field])?.['ui:options'])?.valueNames);

/** `ui:options.valueNames` as given, checked: `true`, `{ within }` or `{ keys }`. */
export function valueNamesOption(given: unknown): ValueNames | undefined {
  if (given === true) return {};
  const { within, keys } = nodeOf(given) ?? {};
  if (typeof keys === 'string' && /^[\w.]+$/.test(keys)) return { keys };
  return typeof within === 'string' ? { within } : undefined;
}

/** How a day (`format: date`) is stored: ISO 8601, as the schema's format checks it. */
const ISO_DAY_FORMAT = 'YYYY-MM-DD';

/**
 * A day (`format: date`, also of a stored object or a child row) without a widget in ui.json gets the date widget,
 * storing ISO: typed and shown (view mode) as the app writes days, dd/mm/yyyy, as lists and the history already do.
 */
function withDayWidgets(schema: JsonSchema, ui: UiSchema): UiSchema {
  let out: Node | undefined;
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const own = nodeOf(ui[name]) ?? {};
    let next: Node | undefined;
    if (prop.format === 'date' && own['ui:widget'] === undefined)
      next = { ...own, 'ui:widget': 'date', 'ui:options': { format: ISO_DAY_FORMAT, ...nodeOf(own['ui:options']) } };
    else if (prop.properties) next = withDayWidgets(prop, own);
    else if (prop.items?.properties) {
      const items = nodeOf(own.items) ?? {};
      const days = withDayWidgets(prop.items, items);
      if (days !== items) next = { ...own, items: days };
    }
    if (next && next !== own) (out ??= { ...ui })[name] = next;
  }
  return out ?? ui;
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

/** The form's select of a field whose options a read action answers (ui.json), as a column's pick. */
function actionSelectOf(ui: UiSchema | undefined, field: string): ResolvedColumn['pick'] {
  const fieldUi = nodeOf(ui?.[field]);
  const options = nodeOf(fieldUi?.['ui:options']);
  const filters = nodeOf(options?.filters);
  if (fieldUi?.['ui:widget'] !== 'select' || typeof options?.list !== 'string' || typeof filters?.action !== 'string') return undefined;
  return { kind: 'options', list: options.list, filters };
}

function pickOf(prop: JsonSchema | undefined, refs: readonly ReferenceRule[], field: string, ui: UiSchema | undefined): ResolvedColumn['pick'] {
  const ref = refs.find((r) => r.site.kind === 'column' && r.site.field === field);
  if (ref) return { kind: 'ref', entity: ref.entity, list: ref.list };
  // the same options as the form's select: a party's type from its category group
  const offered = actionSelectOf(ui, field);
  if (offered) return offered;
  // an enum, or the values offered for an open choice (`examples`: a category's type, a party's type)
  const values = (prop?.enum ?? prop?.examples)?.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  return values?.length ? { kind: 'enum', values } : undefined;
}

function resolveColumn(entity: string, schema: JsonSchema, ui: UiSchema | undefined, refs: readonly ReferenceRule[], spec: string | ColumnSpec): ResolvedColumn {
  const c: ColumnSpec = typeof spec === 'string' ? { name: spec } : spec;
  const field = c.field ?? c.name;
  const prop = schema.properties?.[field];
  if (c.virtual) {
    // a virtual column's codes named by locale keys (columns.json `valueNames`: a delivery's situation)
    const named = valueNamesOption(c.valueNames);
    return {
      name: c.name, label: c.label ?? fieldLabelKey(entity, field), field, type: c.virtual, filter: null, sortable: false, truncate: c.truncate, editable: false, hidden: c.hidden ?? false, virtual: true,
      ...(named?.keys ? { valueNames: named } : {}),
    };
  }
  const type = field === 'id' ? 'integer' : scalarType(prop);
  const scalar = type !== 'object' && type !== 'array';
  const valueNames = scalar ? valueNamesOf(ui, field) : undefined;
  const day = type === 'string' && shownKind(schema, ui, field) === 'date';
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
    ...(c.names ? { names: c.names } : {}),
    ...(valueNames ? { valueNames } : {}),
    ...(day ? { dayFormat: dateFormatOf(nodeOf(nodeOf(ui?.[field])?.['ui:options'])) } : {}),
    ...(field === 'id' ? {} : { pick: pickOf(prop, refs, field, ui) }),
  };
}

export function resolveEntity(meta: EntityMetadata): ResolvedEntity {
  const { name, columns: m } = meta;
  const schema = closeObjects(meta.schema);
  const references = referencesOf(schema);
  // columns see the days' widgets too: a day column knows how its value is stored
  const ui = withDayWidgets(schema, meta.ui ?? {});
  const columns = m.columns.map((c) => resolveColumn(name, schema, ui, references, c));
  const children = Object.entries(schema.properties ?? {})
    .filter(([, p]) => scalarType(p) === 'array' && p.items && scalarType(p.items) === 'object')
    .map(([childName, p]) => ({ name: childName, item: p.items! }));
  const labelFields = Array.isArray(m.optionLabel) ? m.optionLabel : [m.optionLabel ?? 'nombre'];
  const routeForm =
    m.routeForm !== undefined ? m.routeForm : m.route ? `/${m.route.area === 'main' ? '' : `${m.route.area}/`}${m.route.path}` : null;
  return {
    name,
    schema,
    ui,
    rowKey: m.rowKey ?? 'id',
    list: m.list ?? name,
    routeForm,
    parent: parentOf(name, m.parent, references),
    columns,
    editRoles: m.editRoles,
    removeRoles: m.removeRoles,
    addRoles: m.addRoles,
    coreTable: m.coreTable === true,
    readRoles: m.readRoles,
    selectRoles: m.selectRoles,
    sort: m.sort ?? (columns.some((c) => c.field === DEFAULT_SORT.field) ? DEFAULT_SORT : { field: columns[0]?.field ?? 'id', order: 'asc' }),
    search: m.search ?? columns.filter((c) => c.type === 'string' && c.filter).map((c) => c.field),
    optionLabel: labelFields[0],
    labelFields,
    children,
    route: m.route,
    references,
    unique: uniqueRulesOf(schema),
    related: (m.related ?? []).map((r) => ({ ...r, label: r.label ?? entityTitleKey(r.entity) })),
    indexes: m.indexes ?? [],
  };
}

/**
 * Fills in what a reference needs of the entity it names (its list url), once every entity is resolved.
 * Answers the references naming an entity that is not among them.
 */
export function linkReferences(entities: readonly ResolvedEntity[]): ReferenceRule[] {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const dangling: ReferenceRule[] = [];
  for (const e of entities) {
    for (const r of e.references) {
      const target = byName.get(r.entity);
      if (!target) dangling.push(r);
      else {
        r.list = target.list;
        r.labelFields = target.labelFields;
      }
    }
    for (const c of e.columns) if (c.pick?.kind === 'ref') c.pick = { ...c.pick, list: byName.get(c.pick.entity)?.list ?? c.pick.list };
  }
  return dangling;
}
