/**
 * The user's column choice of a table (spec §3 "Column preference"): which columns are visible, the key it is
 * saved under (`rowConfig/update` {tipo, jsondata}) and whether the choice differs from the saved one.
 */
import type { ResolvedColumn } from '../metadata/resolve';

/** Name of the row-actions column; it is never part of a saved choice. */
export const ACTIONS_COLUMN = 'actions';

/** "cols-" + list url, plus "-" + tipo when the table's main filter has a tipo. */
export function columnPreferenceKey(listUrl: string, tipo?: string | null): string {
  return tipo ? `cols-${listUrl}-${tipo}` : `cols-${listUrl}`;
}

/**
 * The chosen names that are real columns, in the manifest's order, without the actions column and without
 * duplicates. Unknown names (a column removed from the manifest since the choice was saved) are dropped.
 */
export function visibleColumnNames(columns: readonly Pick<ResolvedColumn, 'name'>[], chosen: readonly string[]): string[] {
  const wanted = new Set(chosen);
  return columns.map((c) => c.name).filter((n) => n !== ACTIONS_COLUMN && wanted.has(n));
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

/**
 * Whether two choices hold the same columns. Order does not count: the chooser only checks and unchecks,
 * and `visibleColumnNames` always lists a choice in the manifest's order.
 */
export function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a.filter((n) => n !== ACTIONS_COLUMN));
  const sb = new Set(b.filter((n) => n !== ACTIONS_COLUMN));
  return sa.size === sb.size && [...sa].every((n) => sb.has(n));
}

/**
 * Columns the user may choose from: those the server lists as showable, or every column when it lists none.
 */
export function choosableColumns<C extends Pick<ResolvedColumn, 'name'>>(columns: readonly C[], showable: readonly string[] | null | undefined): C[] {
  if (!showable?.length) return columns.filter((c) => c.name !== ACTIONS_COLUMN);
  const allowed = new Set(showable);
  return columns.filter((c) => c.name !== ACTIONS_COLUMN && allowed.has(c.name));
}

/** `jsondata` of `rowConfig/update`: the JSON list of visible column names. */
export function columnPreferenceJson(names: readonly string[]): string {
  return JSON.stringify(names.filter((n) => n !== ACTIONS_COLUMN));
}
