/**
 * The uiSchema the form renders with, from the entity's ui.json:
 * - labels are drawn by the form's FieldTemplate (140 px beside the input), so widgets get `label: false`;
 * - a reference property (`x-ref`, engine/metadata/references.ts) is a select over the referenced entity's
 *   list unless ui.json says otherwise (a blank first entry when it may be empty; an acyclic reference to its own
 *   entity leaves the record itself out);
 * - a `ui:widget` name no widget answers to becomes the visible UnknownWidget (STYLE §4), keeping the name;
 * - enum values are named by their locale keys (`ui:enumNames`: `entities.<entity>.enums.<path>.<value>`, the
 *   path's names joined with `_`), which the widgets translate (./enumText.ts): names, not keys;
 * - a text property with `examples` (an open choice: a category's type) is a select of those values, named the same way;
 * - a select whose options a read action answers (`ui:options.filters.action`: a party's type from its category
 *   group) names them the same way where the locale has a name (`ui:options.names`, ./namedOptions.ts);
 * - free text with `ui:options.valueNames` (a category's grupo, valor) is named in view mode by its field's locale keys
 *   (`valueNamesField`; engine/metadata/resolve valueNameKey), edited as stored;
 * - a child table with `ui:options.grid` marks its rows (`gridRow`) and their fields (`inGrid`): ./childGrid.ts.
 */
import { getDefaultRegistry } from '@rjsf/core';
import { hasWidget, type RJSFSchema, type RegistryWidgetsType, type UiSchema } from '@rjsf/utils';
import type { ReferenceRule } from '../../engine/metadata/references';
import type { JsonSchema, UiSchema as MetaUi } from '../../engine/metadata/types';
import { isActionSelect, valueNamesKey } from './namedOptions';

export const UNKNOWN_WIDGET = 'UnknownWidget';

type Node = Record<string, unknown>;

interface Walk {
  widgets: RegistryWidgetsType;
  /** Reference path -> the list its options come from. */
  refs: ReadonlyMap<string, ReferenceRule>;
  entity?: string;
}

function referenceUi(ref: ReferenceRule, ui: Node, entity?: string): Node {
  if (ui['ui:widget'] !== undefined) return ui;
  // an acyclic reference to its own entity (an article's components): the record itself is not offered
  const self = ref.acyclic && ref.entity === entity ? { excludeSelf: true } : {};
  const options = { list: ref.list, ...(ref.nullable ? { allowNull: true } : {}), ...self, ...(ui['ui:options'] as Node | undefined) };
  return { ...ui, 'ui:widget': 'select', 'ui:options': options };
}

function walk(schema: JsonSchema | undefined, given: Node, w: Walk, path: string): Node {
  const ref = w.refs.get(path);
  const ui = ref ? referenceUi(ref, given, w.entity) : given;
  const out: Node = { ...ui };
  const base = valueNamesKey(w.entity ?? '', path);
  if (w.entity && Array.isArray(schema?.enum) && ui['ui:enumNames'] === undefined) {
    out['ui:enumNames'] = Object.fromEntries(schema.enum.map((v) => [String(v), `${base}.${String(v)}`]));
  }
  // an open choice (`examples`): a select of the values offered, named like enum values
  if (w.entity && Array.isArray(schema?.examples) && schema.examples.length && ui['ui:widget'] === undefined && !schema.enum) {
    out['ui:widget'] = 'select';
    out['ui:options'] = { offered: schema.examples.map((v) => ({ value: v, label: `${base}.${String(v)}` })), ...(ui['ui:options'] as Node | undefined) };
  }
  const opts = ui['ui:options'] as Node | undefined;
  // free text used as a key (a category's grupo, valor): view mode names it by the field's locale keys
  if (w.entity && opts?.valueNames !== undefined) out['ui:options'] = { ...opts, valueNamesField: path.split('.').join('_') };
  if (w.entity && !ref && ui['ui:widget'] === 'select' && isActionSelect(opts?.filters as Node | undefined) && opts?.names === undefined)
    out['ui:options'] = { ...opts, names: base };
  const widget = ui['ui:widget'];
  // "hidden" hides an object or an array too (RJSF reads it before choosing a field), though no widget draws one
  if (schema && typeof widget === 'string' && widget !== 'hidden' && !hasWidget(schema as RJSFSchema, widget, w.widgets)) {
    out['ui:widget'] = UNKNOWN_WIDGET;
    out['ui:options'] = { ...(ui['ui:options'] as Node | undefined), unknownWidget: widget };
  }
  const join = (name: string) => (path ? `${path}.${name}` : name);
  for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
    const child = ui[name];
    const node = child && typeof child === 'object' ? (child as Node) : {};
    const walked = walk(prop, node, w, join(name));
    if (Object.keys(walked).length) out[name] = walked;
  }
  if (schema?.items) {
    const items = ui.items && typeof ui.items === 'object' ? (ui.items as Node) : {};
    const walked = walk(schema.items, items, w, path);
    if ((ui['ui:options'] as Node | undefined)?.grid === true) Object.assign(walked, gridRowUi(walked, schema.items));
    if (Object.keys(walked).length) out.items = walked;
  }
  return out;
}

/** A row of a grid child table: it knows it is one, and each field's label is kept for screen readers only. */
function gridRowUi(items: Node, schema: JsonSchema): Node {
  const out: Node = { 'ui:options': { ...(items['ui:options'] as Node | undefined), gridRow: true } };
  for (const name of Object.keys(schema.properties ?? {})) {
    const field = (items[name] as Node | undefined) ?? {};
    out[name] = { ...field, 'ui:options': { ...(field['ui:options'] as Node | undefined), inGrid: true } };
  }
  return out;
}

export function prepareUi(
  schema: JsonSchema,
  ui: MetaUi | undefined,
  widgets: RegistryWidgetsType,
  references: readonly ReferenceRule[] = [],
  entity?: string,
): UiSchema {
  const all = { ...getDefaultRegistry().widgets, ...widgets };
  const out = walk(schema, ui ?? {}, { widgets: all, refs: new Map(references.map((r) => [r.path, r])), entity }, '');
  out['ui:globalOptions'] = { label: false, ...(ui?.['ui:globalOptions'] as Node | undefined) };
  return out as UiSchema;
}
