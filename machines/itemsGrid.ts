/**
 * The record form's body items grid (issue 11): its rows as typed, the active cell, and the keyboard model,
 * without React. The view (widgets/ItemsGrid) draws the rows, sends what the user does, and moves DOM focus
 * to `active` whenever `focusSeq` changes (the machine asks for it: a new row, a row below, a removed row).
 *
 * Keys (Tab and Shift+Tab are the browser's own: the cells are in reading order):
 * - Enter: the same cell of the next row; on the last row, a new row (focus on its article) unless the row is
 *   still blank;
 * - ArrowDown / ArrowUp in a number cell: the same cell of the next / previous row;
 * - Ctrl+Delete: removes the active row;
 * - picking an article moves on to its quantity.
 * `dirty` tells the screen the rows differ from the ones last loaded or saved.
 * The number cells are text as typed, written with `point`, the decimal point of the language they were typed
 * in; when the language changes (REPOINT) they are re-written with the new one, each keeping its number: a
 * "1.000" typed in Spanish is a thousand, and must not become one when read as English.
 */
import { assign, setup } from 'xstate';
import { blankItem, isBlank, NUMBER_CELLS, repointed, rowNumbers, type DraftItem, type ItemCell, type NumberCell } from '../engine/records/draft';

export interface ActiveCell {
  row: number;
  cell: ItemCell;
}

export type GridKey = 'Enter' | 'ArrowDown' | 'ArrowUp' | 'Delete';

export interface ItemsGridContext {
  rows: DraftItem[];
  active: ActiveCell | null;
  /** Bumped when focus must move to `active`. */
  focusSeq: number;
  nextKey: number;
  /** The rows as last loaded or saved (serialized), for `dirty`. */
  baseline: string;
  /** The decimal point the number cells are written with. */
  point: '.' | ',';
}

export type ItemsGridEvent =
  /** `point`: the decimal point of the rows' texts (unchanged when left out). */
  | { type: 'LOAD'; rows: DraftItem[]; point?: '.' | ',' }
  /** The language changed: the cells are re-written with its decimal point. */
  | { type: 'REPOINT'; point: '.' | ',' }
  /** Rows typed before (a draft kept over a reload), written with `point`: shown as typed, still compared with the rows last loaded. */
  | { type: 'RESTORE'; rows: DraftItem[]; point: '.' | ',' }
  | { type: 'ADD_ROW' }
  | { type: 'REMOVE_ROW'; index: number }
  | { type: 'PICK_ARTICLE'; index: number; article: number | null }
  | { type: 'TYPE'; index: number; cell: NumberCell; text: string }
  /** A field of the item besides the cells (its location, a cheque's data, the wallet entry it names); undefined clears it. */
  | { type: 'SET_DETAIL'; index: number; field: string; value: unknown }
  | { type: 'FOCUS'; index: number; cell: ItemCell }
  | { type: 'KEY'; key: GridKey };

/** What is compared for `dirty`: the rows a save would send (numbers as numbers: "2,5" and "2.5" re-written are the same). */
export const serializeRows = (rows: readonly DraftItem[], point: '.' | ',') =>
  JSON.stringify(
    rows
      .filter((r) => !isBlank(r))
      .map((r) => {
        const n = rowNumbers(r, point);
        return [r.id ?? null, r.article, NUMBER_CELLS.map((c) => n[c] ?? r.cells[c].trim()), r.rest];
      }),
  );

export const isDirty = (c: Pick<ItemsGridContext, 'rows' | 'baseline' | 'point'>) => serializeRows(c.rows, c.point) !== c.baseline;

/** Where a key takes the grid: a new active cell, a new row, or a row removed. Pure. */
export function keyMove(rows: readonly DraftItem[], active: ActiveCell | null, key: GridKey): { active?: ActiveCell; add?: true; remove?: number } {
  if (!active || !rows[active.row]) return {};
  const last = rows.length - 1;
  switch (key) {
    case 'Enter':
      if (active.row < last) return { active: { row: active.row + 1, cell: active.cell } };
      return isBlank(rows[active.row]) ? {} : { add: true };
    case 'ArrowDown':
      return active.cell !== 'article' && active.row < last ? { active: { row: active.row + 1, cell: active.cell } } : {};
    case 'ArrowUp':
      return active.cell !== 'article' && active.row > 0 ? { active: { row: active.row - 1, cell: active.cell } } : {};
    case 'Delete':
      return { remove: active.row };
  }
}

function withRow(c: ItemsGridContext): Partial<ItemsGridContext> {
  const rows = [...c.rows, blankItem(`n${c.nextKey}`)];
  return { rows, nextKey: c.nextKey + 1, active: { row: rows.length - 1, cell: 'article' }, focusSeq: c.focusSeq + 1 };
}

function withoutRow(c: ItemsGridContext, index: number): Partial<ItemsGridContext> {
  if (!c.rows[index]) return {};
  const rows = c.rows.filter((_, i) => i !== index);
  if (!rows.length) return { ...withRow({ ...c, rows }), focusSeq: c.focusSeq + 1 };
  const row = Math.min(index, rows.length - 1);
  return { rows, active: { row, cell: c.active?.cell ?? 'article' }, focusSeq: c.focusSeq + 1 };
}

/** The first free number of a new row's key (`n<number>`) past `rows`' own. */
const keyAfter = (rows: readonly DraftItem[], next: number) => Math.max(next, ...rows.map((r) => Number(/^n(\d+)$/.exec(r.key)?.[1] ?? -1) + 1));

const patchRow = (rows: DraftItem[], index: number, change: (r: DraftItem) => DraftItem) => rows.map((r, i) => (i === index ? change(r) : r));

export const itemsGridMachine = setup({
  types: {
    context: {} as ItemsGridContext,
    events: {} as ItemsGridEvent,
    input: {} as { rows?: DraftItem[]; point?: '.' | ',' } | undefined,
  },
}).createMachine({
  id: 'itemsGrid',
  context: ({ input }) => {
    const rows = input?.rows ?? [];
    const point = input?.point ?? ',';
    return { rows, active: null, focusSeq: 0, nextKey: 1, baseline: serializeRows(rows, point), point };
  },
  on: {
    LOAD: {
      actions: assign(({ context, event }) => {
        const point = event.point ?? context.point;
        return { rows: event.rows, baseline: serializeRows(event.rows, point), active: null, point };
      }),
    },
    REPOINT: { actions: assign(({ context, event }) => ({ rows: repointed(context.rows, context.point, event.point), point: event.point })) },
    RESTORE: { actions: assign(({ context, event }) => ({ rows: event.rows, point: event.point, active: null, nextKey: keyAfter(event.rows, context.nextKey) })) },
    ADD_ROW: { actions: assign(({ context }) => withRow(context)) },
    REMOVE_ROW: { actions: assign(({ context, event }) => withoutRow(context, event.index)) },
    PICK_ARTICLE: {
      actions: assign(({ context, event }) => ({
        rows: patchRow(context.rows, event.index, (r) => ({ ...r, article: event.article })),
        ...(event.article !== null ? { active: { row: event.index, cell: 'cantidad' as const }, focusSeq: context.focusSeq + 1 } : {}),
      })),
    },
    TYPE: {
      actions: assign(({ context, event }) => ({
        rows: patchRow(context.rows, event.index, (r) => ({ ...r, cells: { ...r.cells, [event.cell]: event.text } })),
      })),
    },
    SET_DETAIL: {
      actions: assign(({ context, event }) => ({
        rows: patchRow(context.rows, event.index, (r) => {
          const rest = { ...r.rest };
          if (event.value === undefined || event.value === '') delete rest[event.field];
          else rest[event.field] = event.value;
          return { ...r, rest };
        }),
      })),
    },
    FOCUS: { actions: assign(({ event }) => ({ active: { row: event.index, cell: event.cell } })) },
    KEY: {
      actions: assign(({ context, event }) => {
        const move = keyMove(context.rows, context.active, event.key);
        if (move.add) return withRow(context);
        if (move.remove !== undefined) return withoutRow(context, move.remove);
        return move.active ? { active: move.active, focusSeq: context.focusSeq + 1 } : {};
      }),
    },
  },
});
