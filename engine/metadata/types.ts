/**
 * The metadata of one entity: `schemas/<entity>/schema.json` (JSON Schema draft-07), `columns.json`
 * (the table-column manifest) and optionally `ui.json` (an RJSF uiSchema). Only what differs from the
 * defaults is written; `resolveEntity` (./resolve.ts) fills the defaults in one place.
 */

/** A JSON Schema node as the project uses it (draft-07 subset plus RJSF-friendly keywords). */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  /** The values offered for an open choice (a text that may hold others): a select in forms, a pick-list in lists. */
  examples?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  [keyword: string]: unknown;
}

/** One column of the manifest; a plain string is a column with every default. */
export interface ColumnSpec {
  name: string;
  /** i18n key of the header; default `entities.<entity>.fields.<field>`. */
  label?: string;
  /** Field of the row shown; default = name. */
  field?: string;
  /** Filter key in `filters`; default = field for text and number fields, none otherwise. `false` = no filter. */
  filter?: string | false;
  /** Default true for scalar fields. */
  sortable?: boolean;
  /** Cell text longer than this is cut with a tooltip holding the whole text. */
  truncate?: number;
  /** Inline edit through `{entity}/updateColumn`. */
  editable?: boolean;
  /** Offered in the column choice but not shown until chosen. */
  hidden?: boolean;
  /** Not a stored field: a value the entity's server module computes for each listed row (never sorted or filtered). */
  virtual?: 'number' | 'string';
  /** The values are names of entities (an event's origin): shown by the entity's title, `*` as every entity. */
  names?: 'entity';
  /**
   * A virtual column's values are codes named by locale keys (`{ "keys": "events.situations" }`: the value `espera`
   * reads `events.situations.espera`), as ui.json's `valueNames` names a property's.
   */
  valueNames?: { keys: string };
}

export interface RouteSpec {
  /** Route area the list lives in. */
  area: 'backOffice' | 'main';
  /** Path segment of the list; the form is `<path>/:id/:show?`. */
  path: string;
  roles?: string[];
}

export interface ColumnsManifest {
  /** Row key; default 'id'. */
  rowKey?: string;
  /** List url of `{list}/index` and `{list}/select`; default the entity name. */
  list?: string;
  /** Where the list and form screens live; absent = the route tree names them itself, or none. */
  route?: RouteSpec;
  /** Absolute form route (e.g. '/backOffice/categories'); default derived from `route`. No form route = the table only signals. */
  routeForm?: string | null;
  columns: (string | ColumnSpec)[];
  /**
   * The reference naming the record this one belongs to (an activity's `proceso`): the parent's form lists it,
   * and its own form, opened from anywhere, goes back to that form and shows it in its breadcrumb.
   */
  parent?: string;
  /** Permission for edit / remove actions (spec §6): a role or a list, none = allowed. */
  editRoles?: string | string[];
  removeRoles?: string | string[];
  /** Exists in the spec but is unused: adding is always allowed. */
  addRoles?: string | string[];
  /**
   * The entity shows a table a server module keeps itself (cheques, vouchers, movements): read-only through
   * the generic calls, no creation time to report by. Its module says so too; the start fails when they differ.
   */
  coreTable?: boolean;
  /** Roles that may read (index/select/show); none = every logged-in user. */
  readRoles?: string | string[];
  /**
   * Roles that may use only the narrow view besides readRoles: `{list}/select` (id and option label) and the
   * actions declared `narrow`, never index, show or history. None = the narrow view follows readRoles.
   */
  selectRoles?: string | string[];
  /** Default sort; default `nombre` ascending. */
  sort?: { field: string; order: 'asc' | 'desc' };
  /** Fields the free-text `pattern` searches; default every text column with a filter. */
  search?: string[];
  /**
   * Field shown as the option text in `{list}/select` (and as a reference's name in lists); default 'nombre'.
   * A list of fields: the text is those of them that are not blank, joined by a space (a party's
   * `["razon_social", "nombre", "apellido"]`).
   */
  optionLabel?: string | string[];
  /**
   * Lists of other entities shown under this entity's form, each filtered by the record's id: `field` is the
   * filter (a column of that list) that names this record, e.g. an article's stock movements
   * `{ "entity": "stock_movimiento", "field": "articulo" }`. `label`: a locale key, default that entity's title.
   */
  related?: RelatedSpec[];
  /**
   * Extra indexes for the reads a list or a module makes often, each a list of fields. On the entity's table
   * the leading fields are filters compared for equality and the last one the order of the page (its Spanish
   * sort key when it is text), then `id`: `["actividad", "fecha"]` reads the first page of one activity's records
   * by date from the index. `child.field` fields (all of one child table) index that table: `["items.item_padre"]`.
   */
  indexes?: string[][];
}

export interface RelatedSpec {
  entity: string;
  field: string;
  label?: string;
}

export type UiSchema = Record<string, unknown>;

export interface EntityMetadata {
  name: string;
  schema: JsonSchema;
  columns: ColumnsManifest;
  ui?: UiSchema;
}
