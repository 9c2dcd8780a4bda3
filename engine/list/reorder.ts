/**
 * Moving a row up or down a list kept in order by a number field (an `orden`): the rows are numbered again in
 * steps of ORDER_STEP in their new order, and only the rows whose number changes are written. Steps leave room
 * for a row put in between by hand.
 */

export interface OrderedRow {
  id: number | string;
  /** The row's order number; empty ones go last, in the order given. */
  order: number | null | undefined;
}

export const ORDER_STEP = 10;

/** The rows sorted by their number (empty last; ties keep the given order). */
export function sortByOrder<R extends OrderedRow>(rows: readonly R[]): R[] {
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.order ?? Infinity) - (b.r.order ?? Infinity) || a.i - b.i)
    .map(({ r }) => r);
}

/** The new numbers after moving the row `id` by `delta` places (-1 up, +1 down): `[{ id, order }]` that change. */
export function moveRow(rows: readonly OrderedRow[], id: OrderedRow['id'], delta: number): { id: OrderedRow['id']; order: number }[] {
  const sorted = sortByOrder(rows);
  const from = sorted.findIndex((r) => r.id === id);
  const to = Math.max(0, Math.min(sorted.length - 1, from + delta));
  if (from < 0 || from === to) return [];
  const moved = [...sorted];
  moved.splice(to, 0, ...moved.splice(from, 1));
  return moved.flatMap((r, i) => ((i + 1) * ORDER_STEP === r.order ? [] : [{ id: r.id, order: (i + 1) * ORDER_STEP }]));
}

/** The number for a row added at the end. */
export const nextOrder = (rows: readonly OrderedRow[]) => (Math.max(0, ...rows.map((r) => r.order ?? 0)) + ORDER_STEP);
