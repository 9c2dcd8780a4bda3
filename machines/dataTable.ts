/**
 * The data table (spec §4 "Table"): query (pattern, filters, sort), loaded rows and paging, the filter row,
 * the column choice and its save, inline cell edits and row removal. Three parallel regions: `data` (loading
 * rows), `columns` (saving the column choice) and `mutation` (cell edit / remove). Calls to the server are
 * the actors `fetchPage`, `saveColumns`, `updateColumn` and `removeRow`, which the view provides.
 *
 * A stale reply cannot land: every new search, filter, sort or refresh leaves the state whose actor made the
 * older request, and XState drops the output of a stopped actor.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { FieldError } from '../engine/errors';
import type { ResolvedColumn, ResolvedEntity } from '../engine/metadata/resolve';
import { DEFAULT_PAGE_SIZE, effectiveText, type ListQuery, type ListReply, type SortOrder } from '../engine/list/query';
import {
  columnPreferenceJson, columnPreferenceKey, columnWidths, defaultColumnNames, initialColumnNames, sameColumns, sameWidths, visibleColumnNames,
  type ColumnWidths,
} from '../engine/list/preferences';
import { SEARCH_DEBOUNCE_MS } from '../engine/list/sizes';
import { cellTextError, cellValue } from '../engine/list/cellEdit';
import { isNumberColumn, numberTextError, typedNumber } from '../engine/list/typedNumber';
import type { DecimalPoint } from '../engine/records/decimal';

export type Row = Record<string, unknown>;
export type RowId = string | number;

/** What the user asked for; filter values are the texts as typed (a number's read when sent: `filterValue`). */
export interface TableQuery {
  pattern: string;
  filters: Record<string, string>;
  sort: string;
  sortOrder: SortOrder;
}

export interface MainFilter {
  tipo?: string;
  parentid?: number;
}

export interface DataTableInput {
  entity: Pick<ResolvedEntity, 'list' | 'rowKey' | 'columns' | 'sort'>;
  mainFilter?: MainFilter;
  /** The search, filters and sort to start with (the list as the user left it); default none and the entity's sort. */
  view?: TableQuery;
  pageSize?: number;
  fetchSize?: number;
  /** The user's language's decimal point, as a typed number reads (engine/records/decimal.ts); default ','. */
  decimalPoint?: DecimalPoint;
}

export interface TableError {
  /** What failed: loading rows, saving the column choice or a removal (a cell edit's failure is its CellError). */
  action: 'load' | 'saveColumns' | 'remove';
  /** Stable error code (the server's `code`, else UNKNOWN_ERROR). */
  code: string;
}

/**
 * A refused cell edit: the cell keeps the typed text and shows why (the server's code and field errors, or the
 * field error of a text that is no value of the column: engine/list/cellEdit.ts `cellTextError`), until the user
 * fixes it or cancels.
 */
export interface CellError {
  rowId: RowId;
  field: string;
  text: string;
  code: string;
  errors: FieldError[];
}

export interface DataTableContext {
  list: string;
  rowKey: string;
  columns: ResolvedColumn[];
  mainFilter: MainFilter;
  /** rowConfig `tipo` of the column choice. */
  preferenceKey: string;
  query: TableQuery;
  rows: Row[];
  total: number;
  /** The server estimated `total` (a large list): more rows exist while pages come back full. */
  totalEstimated: boolean;
  /** Column names the server lets the user choose from (empty = all). */
  showableColumns: string[];
  loading: boolean;
  filterRowVisible: boolean;
  visibleColumns: string[];
  savedColumns: string[];
  /** The columns shown to a user without a saved choice (the entity's, or an activity's own). */
  defaultColumns: string[];
  /** The user saved a choice of their own: it overrides the defaults until reset. */
  ownChoice: boolean;
  /** Widths the user dragged columns to (saved with the choice as soon as a drag ends); the rest share the table. */
  widths: ColumnWidths;
  savedWidths: ColumnWidths;
  /** The first reply's saved choice has been applied. */
  preferenceLoaded: boolean;
  /** Columns being saved, so a change made during the save stays dirty. */
  savingColumns: string[] | null;
  /** The cell edit or removal being sent. */
  pendingEdit: UpdateColumnInput | null;
  /** The text the user typed for pendingEdit, kept for the cell if the server refuses it. */
  pendingText: string;
  cellError: CellError | null;
  pendingRemove: RowId | null;
  pageSize: number;
  fetchSize: number;
  /** How the user writes a number's decimals: the cell edits and number filters are read with it. */
  decimalPoint: DecimalPoint;
  /** requestKey of the rows shown; a debounced query equal to it does not reload. */
  loadedKey: string | null;
  error: TableError | null;
}

export type DataTableEvent =
  | { type: 'SEARCH'; pattern: string }
  | { type: 'FILTER'; key: string; value: string }
  | { type: 'SORT'; field: string }
  | { type: 'TOGGLE_FILTERS' }
  | { type: 'NEAR_END' }
  /** The app-wide update-list event. */
  | { type: 'REFRESH' }
  /**
   * The read cache read the first page again (the window regained focus) and it changed. `key` is the
   * requestKey it was read for; it replaces the rows of that query unless the user scrolled on (the view
   * then asks for the next rows again, as after a first load). `covers`: the rows it was read for, when more
   * than a first page (the rows a table shown again had loaded): it replaces as many rows as it covers.
   */
  | { type: 'FIRST_PAGE'; key: string; reply: ListReply<Row>; covers?: number }
  | { type: 'RESIZE'; pageSize: number; fetchSize: number }
  /** The user switched language: numbers typed from now on (and the number filters as typed) read with its decimal point. */
  | { type: 'SET_DECIMAL_POINT'; point: DecimalPoint }
  | { type: 'SET_COLUMNS'; names: string[] }
  | { type: 'SAVE_COLUMNS' }
  /** A column drag ended: the widths are kept with the user's choice at once. */
  | { type: 'SET_WIDTHS'; widths: ColumnWidths }
  /** Back to the default columns, forgetting the saved choice (stored as an empty one). */
  | { type: 'RESET_COLUMNS' }
  | { type: 'UPDATE_CELL'; rowId: RowId; field: string; text: string }
  /** The user gave up the refused edit (Escape): the cell shows its value again. */
  | { type: 'CANCEL_CELL' }
  | { type: 'REMOVE'; rowId: RowId };

export type DataTableEmitted = { type: 'removed'; rowId: RowId };

export interface FetchPageInput {
  query: ListQuery;
  offset: number;
  max: number;
  /** requestKey of the query (a first page): what a later FIRST_PAGE names. */
  key?: string;
}
export interface SaveColumnsInput {
  tipo: string;
  jsondata: string;
}
export interface UpdateColumnInput {
  rowid: RowId;
  tablename: string;
  colname: string;
  colvalue: unknown;
  /** The row's version as listed, so a stale edit is refused (409) instead of overwriting a newer save. */
  version?: number;
}

export const columnsDirty = (c: DataTableContext) => !sameColumns(c.visibleColumns, c.savedColumns);
/** The user has a choice of their own, or is making one: going back to the defaults means something. */
export const columnsResettable = (c: DataTableContext) => c.ownChoice || !sameColumns(c.visibleColumns, c.defaultColumns);
export const hasMore = (c: DataTableContext) => c.rows.length < c.total;

/**
 * Rows and total after a page: an estimated total is only a hint, so a full page means more may follow
 * (the total never drops to what is loaded) and a short page means the end, which makes the total exact.
 */
export function afterPage(rows: Row[], reply: Pick<ListReply<Row>, 'total' | 'estimated' | 'rows'>, max: number) {
  if (!reply.estimated) return { rows, total: reply.total, totalEstimated: false };
  if (reply.rows.length < max) return { rows, total: rows.length, totalEstimated: false };
  return { rows, total: Math.max(reply.total, rows.length + 1), totalEstimated: true };
}

/**
 * The value a filter sends, or null while it does not filter: typed text needs its 2 characters (spec §5); a
 * picked value (a reference or an enum column, ResolvedColumn `pick`) filters as soon as it is chosen; a number
 * column's filter as soon as it holds a number ("5" included), read as a cell edit reads it (`typedNumber`: "1,5"
 * in Spanish) and sent as a JSON number, and never while it holds anything else (the server would refuse it: the
 * filter says so instead, see `numberFilterError`).
 */
export function filterValue(columns: readonly ResolvedColumn[], key: string, value: string, point: DecimalPoint): string | number | null {
  const column = columns.find((c) => c.filter === key);
  if (column?.pick) return value.trim() || null;
  if (column && isNumberColumn(column)) return numberFilterError(column, value, point) ? null : (typedNumber(column, value, point) ?? null);
  return effectiveText(value);
}

/** An integer filter has ten digits at most, as before: no integer column holds a larger one (the server would refuse it). */
const INTEGER_FILTER_LIMIT = 1e10;

/**
 * Why a number column's filter holds something that is not a number of the column (a whole one for an integer),
 * as a cell edit's refusal says it; null when it is one, or blank.
 */
export function numberFilterError(column: Pick<ResolvedColumn, 'type' | 'pick' | 'field'>, value: string, point: DecimalPoint): FieldError | null {
  if (column.pick || !isNumberColumn(column)) return null;
  const n = typedNumber(column, value, point);
  if (n === null) return null;
  if (n === undefined || (column.type === 'integer' && Math.abs(n) >= INTEGER_FILTER_LIMIT)) return numberTextError(column, column.field, value);
  return null;
}

/** The `{list}/index` query of the context: main filter plus the filters that filter. */
export function requestQuery(c: Pick<DataTableContext, 'query' | 'mainFilter' | 'visibleColumns' | 'columns' | 'decimalPoint'>): ListQuery {
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(c.query.filters)) {
    const v = filterValue(c.columns, key, value, c.decimalPoint);
    if (v !== null) filters[key] = v;
  }
  if (c.mainFilter.tipo) filters.tipo = c.mainFilter.tipo;
  if (c.mainFilter.parentid != null) filters.parentid = c.mainFilter.parentid;
  return { pattern: c.query.pattern.trim(), sort: c.query.sort, sortOrder: c.query.sortOrder, filters, cols: c.visibleColumns };
}

/** Identity of the rows a query returns (the column choice does not change them). */
export function requestKey(c: Pick<DataTableContext, 'query' | 'mainFilter' | 'visibleColumns' | 'columns' | 'decimalPoint'>): string {
  const { pattern, sort, sortOrder, filters = {} } = requestQuery(c);
  return JSON.stringify([pattern, sort, sortOrder, Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))]);
}

/** Same field flips the order; another field starts ascending. */
export function toggleSort(q: TableQuery, field: string): TableQuery {
  return { ...q, sort: field, sortOrder: q.sort === field && q.sortOrder === 'asc' ? 'desc' : 'asc' };
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};
const errorCode = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'UNKNOWN_ERROR';
};
const fieldErrors = (error: unknown): FieldError[] => {
  const errors = (error as { fieldErrors?: unknown } | null)?.fieldErrors;
  return Array.isArray(errors) ? (errors as FieldError[]) : [];
};

export const dataTableMachine = setup({
  types: {
    context: {} as DataTableContext,
    events: {} as DataTableEvent,
    input: {} as DataTableInput,
    emitted: {} as DataTableEmitted,
  },
  actors: {
    fetchPage: fromPromise<ListReply<Row>, FetchPageInput>(notProvided('fetchPage')),
    saveColumns: fromPromise<void, SaveColumnsInput>(notProvided('saveColumns')),
    updateColumn: fromPromise<void, UpdateColumnInput>(notProvided('updateColumn')),
    removeRow: fromPromise<void, { id: RowId }>(notProvided('removeRow')),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  actions: {
    setWidths: assign({
      widths: ({ context, event }) => {
        assertEvent(event, 'SET_WIDTHS');
        return columnWidths(context.columns, event.widths);
      },
    }),
  },
  guards: {
    sortable: ({ context, event }) => {
      assertEvent(event, 'SORT');
      return event.field === context.rowKey || context.columns.some((c) => c.sortable && c.field === event.field);
    },
    queryChanged: ({ context }) => requestKey(context) !== context.loadedKey,
    hasMore: ({ context }) => hasMore(context),
    // only the first page and the one fetched behind it (always, it fills the view): past that the user scrolled
    // on, and taking the rows away would move what they look at
    firstPageShown: ({ context, event }) => {
      assertEvent(event, 'FIRST_PAGE');
      return event.key === context.loadedKey && context.rows.length <= Math.max(context.pageSize + context.fetchSize, event.covers ?? 0);
    },
    sameRowsAgain: ({ context, event }) => {
      assertEvent(event, 'FIRST_PAGE');
      return event.key === context.loadedKey && event.covers === context.rows.length && event.reply.rows.length === context.rows.length;
    },
    columnsDirty: ({ context }) => columnsDirty(context),
    someColumn: ({ context, event }) => {
      assertEvent(event, 'SET_COLUMNS');
      return visibleColumnNames(context.columns, event.names).length > 0;
    },
    hidingActiveFilters: ({ context }) =>
      context.filterRowVisible && Object.entries(context.query.filters).some(([k, v]) => filterValue(context.columns, k, v, context.decimalPoint) !== null),
    widthsChanged: ({ context, event }) => {
      assertEvent(event, 'SET_WIDTHS');
      return !sameWidths(columnWidths(context.columns, event.widths), context.savedWidths);
    },
    validCell: ({ context, event }) => {
      assertEvent(event, 'UPDATE_CELL');
      return cellValue(context.columns.find((c) => c.field === event.field), event.text, context.decimalPoint) !== undefined;
    },
  },
}).createMachine({
  id: 'dataTable',
  type: 'parallel',
  context: ({ input }) => {
    const defaults = defaultColumnNames(input.entity.columns);
    return {
      list: input.entity.list,
      rowKey: input.entity.rowKey,
      columns: input.entity.columns,
      mainFilter: input.mainFilter ?? {},
      preferenceKey: columnPreferenceKey(input.entity.list, input.mainFilter?.tipo),
      query: input.view
        ? { pattern: input.view.pattern, filters: { ...input.view.filters }, sort: input.view.sort, sortOrder: input.view.sortOrder }
        : { pattern: '', filters: {}, sort: input.entity.sort.field, sortOrder: input.entity.sort.order },
      rows: [],
      total: 0,
      totalEstimated: false,
      showableColumns: [],
      loading: false,
      // restored filters are on screen, never hidden narrowing
      filterRowVisible: Object.values(input.view?.filters ?? {}).some((v) => v !== ''),
      visibleColumns: defaults,
      savedColumns: defaults,
      defaultColumns: defaults,
      ownChoice: false,
      widths: {},
      savedWidths: {},
      preferenceLoaded: false,
      savingColumns: null,
      pendingEdit: null,
      pendingText: '',
      cellError: null,
      pendingRemove: null,
      pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE,
      fetchSize: input.fetchSize ?? input.pageSize ?? DEFAULT_PAGE_SIZE,
      decimalPoint: input.decimalPoint ?? ',',
      loadedKey: null,
      error: null,
    };
  },
  on: {
    RESIZE: { actions: assign(({ event }) => ({ pageSize: event.pageSize, fetchSize: event.fetchSize })) },
    SET_DECIMAL_POINT: { actions: assign({ decimalPoint: ({ event }) => event.point }) },
    SET_COLUMNS: {
      guard: 'someColumn',
      actions: assign({ visibleColumns: ({ context, event }) => visibleColumnNames(context.columns, event.names) }),
    },
  },
  states: {
    data: {
      initial: 'loading',
      on: {
        SEARCH: { target: '.debouncing', actions: assign({ query: ({ context, event }) => ({ ...context.query, pattern: event.pattern }) }) },
        FILTER: {
          target: '.debouncing',
          actions: assign({
            query: ({ context, event }) => ({ ...context.query, filters: { ...context.query.filters, [event.key]: event.value } }),
          }),
        },
        SORT: { guard: 'sortable', target: '.loading', actions: assign({ query: ({ context, event }) => toggleSort(context.query, event.field) }) },
        REFRESH: { target: '.loading' },
        TOGGLE_FILTERS: [
          // A hidden filter would still narrow the rows with nothing on screen saying so: hiding clears them.
          { guard: 'hidingActiveFilters', target: '.loading', actions: assign(({ context }) => ({ filterRowVisible: false, query: { ...context.query, filters: {} } })) },
          { actions: assign(({ context }) => ({ filterRowVisible: !context.filterRowVisible, query: { ...context.query, filters: {} } })) },
        ],
      },
      states: {
        idle: {
          on: {
            NEAR_END: { guard: 'hasMore', target: 'loadingMore' },
            FIRST_PAGE: {
              guard: 'firstPageShown',
              actions: assign(({ context, event }) => afterPage(event.reply.rows, event.reply, event.covers ?? context.pageSize)),
            },
          },
        },
        debouncing: { after: { searchDebounce: [{ guard: 'queryChanged', target: 'loading' }, { target: 'idle' }] } },
        loading: {
          entry: assign({ loading: true, error: null }),
          exit: assign({ loading: false }),
          invoke: {
            src: 'fetchPage',
            input: ({ context }) => ({ query: requestQuery(context), offset: 0, max: context.pageSize, key: requestKey(context) }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const reply = event.output;
                const first = !context.preferenceLoaded;
                const saved = first ? initialColumnNames(context.columns, reply.cols) : context.savedColumns;
                const untouched = sameColumns(context.visibleColumns, context.savedColumns);
                return {
                  ...afterPage(reply.rows, reply, context.pageSize),
                  showableColumns: reply.showableColumns ?? [],
                  savedColumns: saved,
                  ownChoice: first ? visibleColumnNames(context.columns, reply.cols ?? []).length > 0 : context.ownChoice,
                  visibleColumns: first && untouched ? saved : context.visibleColumns,
                  ...(first ? { widths: columnWidths(context.columns, reply.widths), savedWidths: columnWidths(context.columns, reply.widths) } : {}),
                  preferenceLoaded: true,
                  loadedKey: requestKey(context),
                };
              }),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => ({ action: 'load' as const, code: errorCode(event.error) }) }) },
          },
        },
        loadingMore: {
          entry: assign({ loading: true, error: null }),
          exit: assign({ loading: false }),
          on: {
            // the loaded rows read again (a table shown again), as many as before: the page on its way still follows them
            FIRST_PAGE: { guard: 'sameRowsAgain', actions: assign({ rows: ({ event }) => event.reply.rows }) },
          },
          invoke: {
            src: 'fetchPage',
            input: ({ context }) => ({ query: requestQuery(context), offset: context.rows.length, max: context.fetchSize }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => afterPage(context.rows.concat(event.output.rows), event.output, context.fetchSize)),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => ({ action: 'load' as const, code: errorCode(event.error) }) }) },
          },
        },
      },
    },
    columns: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SAVE_COLUMNS: { guard: 'columnsDirty', target: 'saving' },
            RESET_COLUMNS: { target: 'resetting' },
            SET_WIDTHS: { guard: 'widthsChanged', target: 'savingWidths', actions: 'setWidths' },
          },
        },
        saving: {
          entry: assign({ savingColumns: ({ context }) => context.visibleColumns }),
          on: { SET_WIDTHS: { actions: 'setWidths' } },
          invoke: {
            src: 'saveColumns',
            input: ({ context }) => ({ tipo: context.preferenceKey, jsondata: columnPreferenceJson(context.visibleColumns, context.widths) }),
            onDone: {
              target: 'idle',
              actions: assign(({ context }) => ({ savedColumns: context.savingColumns ?? context.savedColumns, savedWidths: context.widths, savingColumns: null, ownChoice: true })),
            },
            onError: { target: 'idle', actions: [assign({ error: ({ event }) => ({ action: 'saveColumns' as const, code: errorCode(event.error) }) }), assign({ savingColumns: null })] },
          },
        },
        // The widths go with the saved columns (none saved: an empty list, which means "the defaults").
        savingWidths: {
          on: { SET_WIDTHS: { actions: 'setWidths' } },
          invoke: {
            src: 'saveColumns',
            input: ({ context }) => ({ tipo: context.preferenceKey, jsondata: columnPreferenceJson(context.ownChoice ? context.savedColumns : [], context.widths) }),
            onDone: { target: 'idle', actions: assign({ savedWidths: ({ context }) => context.widths }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => ({ action: 'saveColumns' as const, code: errorCode(event.error) }) }) },
          },
        },
        // An empty saved choice means "the defaults" (initialColumnNames): later changes to them reach this user too.
        // Going back to the defaults forgets the dragged widths too.
        resetting: {
          entry: assign(({ context }) => ({ visibleColumns: context.defaultColumns, savingColumns: context.defaultColumns, widths: {} })),
          on: { SET_WIDTHS: { actions: 'setWidths' } },
          invoke: {
            src: 'saveColumns',
            input: ({ context }) => ({ tipo: context.preferenceKey, jsondata: columnPreferenceJson([]) }),
            onDone: { target: 'idle', actions: assign(({ context }) => ({ savedColumns: context.defaultColumns, savedWidths: {}, savingColumns: null, ownChoice: false })) },
            onError: { target: 'idle', actions: [assign({ error: ({ event }) => ({ action: 'saveColumns' as const, code: errorCode(event.error) }) }), assign({ savingColumns: null })] },
          },
        },
      },
    },
    mutation: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            UPDATE_CELL: [
              { guard: 'validCell', target: 'updating' },
              {
                actions: assign({
                  cellError: ({ context, event }) => {
                    const column = context.columns.find((c) => c.field === event.field);
                    return { rowId: event.rowId, field: event.field, text: event.text, code: 'VALIDATION_FAILED', errors: [cellTextError(column, event.field, event.text)] };
                  },
                }),
              },
            ],
            CANCEL_CELL: { actions: assign({ cellError: null }) },
            REMOVE: 'removing',
          },
        },
        updating: {
          entry: assign({
            pendingText: ({ event }) => {
              assertEvent(event, 'UPDATE_CELL');
              return event.text;
            },
            pendingEdit: ({ context, event }) => {
              assertEvent(event, 'UPDATE_CELL');
              const column = context.columns.find((c) => c.field === event.field);
              const row = context.rows.find((r) => r[context.rowKey] === event.rowId);
              const version = typeof row?.version === 'number' ? { version: row.version } : {};
              return { rowid: event.rowId, tablename: context.list, colname: event.field, colvalue: cellValue(column, event.text, context.decimalPoint, row?.[event.field]), ...version };
            },
          }),
          invoke: {
            src: 'updateColumn',
            input: ({ context }) => context.pendingEdit!,
            onDone: {
              target: 'idle',
              actions: assign(({ context: c }) => ({
                rows: c.rows.map((r) => {
                  if (r[c.rowKey] !== c.pendingEdit!.rowid) return r;
                  const edited: Row = { ...r, [c.pendingEdit!.colname]: c.pendingEdit!.colvalue };
                  if (typeof r.version === 'number') edited.version = r.version + 1;
                  return edited;
                }),
                pendingEdit: null,
                cellError: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                cellError: {
                  rowId: context.pendingEdit!.rowid,
                  field: context.pendingEdit!.colname,
                  text: context.pendingText,
                  code: errorCode(event.error),
                  errors: fieldErrors(event.error),
                },
                pendingEdit: null,
              })),
            },
          },
        },
        removing: {
          entry: assign({
            pendingRemove: ({ event }) => {
              assertEvent(event, 'REMOVE');
              return event.rowId;
            },
          }),
          invoke: {
            src: 'removeRow',
            input: ({ context }) => ({ id: context.pendingRemove! }),
            onDone: {
              target: 'idle',
              actions: [
                emit(({ context }) => ({ type: 'removed' as const, rowId: context.pendingRemove! })),
                assign(({ context: c }) => {
                  const rows = c.rows.filter((r) => r[c.rowKey] !== c.pendingRemove);
                  return { rows, total: Math.max(0, c.total - (c.rows.length - rows.length)), pendingRemove: null };
                }),
              ],
            },
            onError: { target: 'idle', actions: [assign({ error: ({ event }) => ({ action: 'remove' as const, code: errorCode(event.error) }) }), assign({ pendingRemove: null })] },
          },
        },
      },
    },
  },
});
