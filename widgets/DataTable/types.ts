/** The data the table needs from outside: its server calls and the parent's callbacks. */
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { ListQuery, ListReply, SelectOption } from '../../engine/list/query';
import type { MainFilter, Row, RowId } from '../../machines/dataTable';
import type { ListContext, ListView } from '../../engine/list/recordSteps';

export type { MainFilter, Row, RowId };

/** A column edit of `{entity}/updateColumn` (spec §3 "Column edit"). */
export interface CellEdit {
  rowid: RowId;
  tablename: string;
  colname: string;
  colvalue: unknown;
}

/**
 * The server calls of one table. The app builds it over `entityApi` (`{list}/index`, `rowConfig/update`,
 * `{entity}/updateColumn`, `{entity}/delete/{id}`); stories and tests use an in-memory one.
 * Without `updateColumn` there is no inline edit; without `remove` there is no remove action.
 */
/** Options of a list (`<list>/select`): what a reference column's filter offers. */
export type OptionsSource = (list: string, query: ListQuery) => Promise<{ total: number; rows: SelectOption[] }>;

/** Formats of `<list>/export`. */
export type ExportFormat = 'csv' | 'xlsx';

export interface TableSource {
  index(query: ListQuery): Promise<ListReply<Row>>;
  /**
   * Names what `index` adds to every query itself (fixed filters not in the query), so the read cache never
   * answers one such source with another's rows; none when it adds nothing.
   */
  cacheKey?: string;
  /** Without it, a reference column's filter offers nothing. */
  options?: OptionsSource;
  saveColumns(tipo: string, jsondata: string): Promise<void>;
  updateColumn?(edit: CellEdit): Promise<void>;
  remove?(id: RowId): Promise<void>;
  /** Every row of the query (not only the loaded ones) as a file the user saves; without it, no export. */
  exportRows?(query: ListQuery, format: ExportFormat): Promise<void>;
}

export interface DataTableProps {
  entity: ResolvedEntity;
  source: TableSource;
  /** Roles of the session user: edit / remove need the entity's editRoles / removeRoles (spec §6). */
  userRoles: readonly string[];
  /** Sent in every request's filters; its tipo is part of the column-preference key. */
  mainFilter?: MainFilter;
  /**
   * The table does not navigate: the screen maps these to routeForm/create, routeForm/:id, routeForm/:id/show.
   * `at` is where the row sits in the list as shown (search, filters, sort; engine/list/recordSteps.ts), for a
   * form that moves to the previous / next row.
   */
  onAdd?: () => void;
  onEdit?: (row: Row, at: ListContext) => void;
  onShow?: (row: Row, at: ListContext) => void;
  /** The search, filters and sort to open with (a list opened again from a form's breadcrumb). */
  initialView?: ListView;
  onRemoved?: (id: RowId) => void;
  /** Heights of the page's header (default the app bar's) and footer, for the table height (spec §9). */
  pageHeaderHeight?: number;
  pageFooterHeight?: number;
  /** Accessible name of the table; default the entity name. */
  label?: string;
}
