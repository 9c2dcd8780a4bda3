/**
 * The uiSchema the form renders with, from the entity's ui.json:
 * - labels are drawn by the form's FieldTemplate (140 px beside the input), so widgets get `label: false`;
 * - a `ui:widget` name no widget answers to becomes the visible UnknownWidget (STYLE §4), keeping the name.
 */
import { getDefaultRegistry } from '@rjsf/core';
import { hasWidget, type RJSFSchema, type RegistryWidgetsType, type UiSchema } from '@rjsf/utils';
import type { JsonSchema, UiSchema as MetaUi } from '../../engine/metadata/types';

export const UNKNOWN_WIDGET = 'UnknownWidget';

type Node = Record<string, unknown>;

function walk(schema: JsonSchema | undefined, ui: Node, widgets: RegistryWidgetsType): Node {
  const out: Node = { ...ui };
  const widget = ui['ui:widget'];
  if (schema && typeof widget === 'string' && !hasWidget(schema as RJSFSchema, widget, widgets)) {
    out['ui:widget'] = UNKNOWN_WIDGET;
    out['ui:options'] = { ...(ui['ui:options'] as Node | undefined), unknownWidget: widget };
  }
  for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
    const child = ui[name];
    if (child && typeof child === 'object') out[name] = walk(prop, child as Node, widgets);
  }
  if (schema?.items && ui.items && typeof ui.items === 'object') out.items = walk(schema.items, ui.items as Node, widgets);
  return out;
}

export function prepareUi(schema: JsonSchema, ui: MetaUi | undefined, widgets: RegistryWidgetsType): UiSchema {
  const all = { ...getDefaultRegistry().widgets, ...widgets };
  const out = walk(schema, ui ?? {}, all);
  out['ui:globalOptions'] = { label: false, ...(ui?.['ui:globalOptions'] as Node | undefined) };
  return out as UiSchema;
}
