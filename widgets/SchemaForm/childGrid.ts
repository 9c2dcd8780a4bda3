/**
 * A child table drawn as a compact editable grid (ui.json `"<child>": { "ui:options": { "grid": true } }`):
 * one line per row, a column per field, the field labels once as column titles (each input keeps its own label
 * for screen readers). The pure half: which columns, and the grid's column template.
 */
import { orderProperties, type UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../engine/metadata/types';

/** Width of the row's buttons (move up / down, remove), so titles and cells line up. */
export const GRID_BUTTONS_WIDTH = '6.5rem';

export const isGrid = (ui: UiSchema | undefined) => (ui?.['ui:options'] as { grid?: unknown } | undefined)?.grid === true;
export const isGridRow = (ui: UiSchema | undefined) => (ui?.['ui:options'] as { gridRow?: unknown } | undefined)?.gridRow === true;

/** The visible fields of a grid's rows, in the form's order. */
export function gridColumns(items: JsonSchema | undefined, itemsUi: UiSchema | undefined): string[] {
  const names = Object.keys(items?.properties ?? {});
  const order = itemsUi?.['ui:order'] as string[] | undefined;
  const ordered = order ? orderProperties(names, order) : names;
  return ordered.filter((n) => (itemsUi?.[n] as UiSchema | undefined)?.['ui:widget'] !== 'hidden');
}

export const gridTemplate = (count: number) => `repeat(${count}, minmax(8rem, 1fr))`;
/** The least width of a grid of `count` columns: narrower screens scroll it sideways. */
export const gridMinWidth = (count: number, buttons: boolean) => `calc(${count * 8}rem + ${count * 0.5}rem${buttons ? ` + ${GRID_BUTTONS_WIDTH}` : ''})`;
