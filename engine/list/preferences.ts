/**
 * The user's column choice of a table (spec §3 "Column preference"): which columns are visible and in what order
 * (the order of the list), the key it is saved under (`rowConfig/update` {tipo, jsondata}) and whether the choice
 * differs from the saved one.
 */
import type { ResolvedColumn } from '../metadata/resolve';

/** Name of the row-actions column; it is never part of a saved choice. */
export const ACTIONS_COLUMN = 'actions';

/** "cols-" + list url, plus "-" + tipo when the table's main filter has a tipo. */
export function columnPreferenceKey(listUrl: string, tipo?: string | null): string {
  return tipo ? `cols-${listUrl}-${tipo}` : `cols-${listUrl}`;
}

/**
 * The chosen names that are real columns, in the chosen order, without the actions column and without
 * duplicates. Unknown names (a column removed from the manifest since the choice was saved) are dropped.
 */
export function visibleColumnNames(columns: readonly Pick<ResolvedColumn, 'name'>[], chosen: readonly string[]): string[] {
  const known = new Set(columns.map((c) => c.name));
  return [...new Set(chosen)].filter((n) => n !== ACTIONS_COLUMN && known.has(n));
}

/** The columns shown when the user never saved a choice: every column not marked hidden. */
export function defaultColumnNames(columns: readonly Pick<ResolvedColumn, 'name' | 'hidden'>[]): string[] {
  return columns.filter((c) => !c.hidden && c.name !== ACTIONS_COLUMN).map((c) => c.name);
}

/** The saved choice when there is a usable one, else the default columns. */
export function initialColumnNames(
  columns: readonly Pick<ResolvedColumn, 'name' | 'hidden'>[],
  saved: readonly string[] | null | undefined,
): string[] {
  const chosen = saved ? visibleColumnNames(columns, saved) : [];
  return chosen.length ? chosen : defaultColumnNames(columns);
}

/** Whether two choices show the same columns in the same order (the actions column aside). */
export function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  const sa = a.filter((n) => n !== ACTIONS_COLUMN);
  const sb = b.filter((n) => n !== ACTIONS_COLUMN);
  return sa.length === sb.length && sa.every((n, i) => sb[i] === n);
}

/**
 * Columns the user may choose from: those the server lists as showable, or every column when it lists none.
 */
export function choosableColumns<C extends Pick<ResolvedColumn, 'name'>>(columns: readonly C[], showable: readonly string[] | null | undefined): C[] {
  if (!showable?.length) return columns.filter((c) => c.name !== ACTIONS_COLUMN);
  const allowed = new Set(showable);
  return columns.filter((c) => c.name !== ACTIONS_COLUMN && allowed.has(c.name));
}

/** Widths (px) the user dragged columns to, by column name; a column not in it takes its share of the table. */
export type ColumnWidths = Record<string, number>;
/** Bounds of a dragged width: narrower hides even a short value, wider than a screen helps no one. */
export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 1600;

/** A width within the bounds, in whole pixels. */
export const clampWidth = (px: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, px)));

/** The widths of real columns (not the actions column), each clamped; anything else is dropped. */
export function columnWidths(columns: readonly Pick<ResolvedColumn, 'name'>[], raw: unknown): ColumnWidths {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const known = new Set(columns.map((c) => c.name));
  const out: ColumnWidths = {};
  for (const [name, px] of Object.entries(raw)) if (known.has(name) && name !== ACTIONS_COLUMN && typeof px === 'number' && Number.isFinite(px)) out[name] = clampWidth(px);
  return out;
}

export const sameWidths = (a: ColumnWidths, b: ColumnWidths) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * A stored choice (`rowConfig` jsondata): the JSON list of visible names, or `{ columns, widths }` once the user
 * has dragged a width. Null when it is neither.
 */
export function parseColumnChoice(value: unknown): { columns: unknown[]; widths: unknown } | null {
  if (Array.isArray(value)) return { columns: value, widths: {} };
  if (value && typeof value === 'object' && Array.isArray((value as { columns?: unknown }).columns))
    return { columns: (value as { columns: unknown[] }).columns, widths: (value as { widths?: unknown }).widths ?? {} };
  return null;
}

/** `jsondata` of `rowConfig/update`: the JSON list of visible column names, with the dragged widths when there are any. */
export function columnPreferenceJson(names: readonly string[], widths: ColumnWidths = {}): string {
  const columns = names.filter((n) => n !== ACTIONS_COLUMN);
  return JSON.stringify(Object.keys(widths).length ? { columns, widths } : columns);
}
