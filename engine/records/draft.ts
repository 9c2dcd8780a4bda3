/**
 * A record's body items as the record form edits them (text cells, as typed) and what they become: the
 * priced lines and totals shown while typing (the server's own rule, ./pricing.ts and engine/price.ts) and the
 * items sent on save. Pure: the form's grid machine (machines/itemsGrid.ts) holds these rows.
 */
import type { FieldError } from '../errors';
import { recordTotalsExact, type RecordTotals } from '../price';
import { clashingSeparators, decimalText, parseDecimal } from './decimal';
import { priceItem, type ArticlePriceFacts, type PricedItem, type PricingContext } from './pricing';

/** The cells a user types numbers in, in the order they are shown. */
export const NUMBER_CELLS = ['cantidad', 'ajuste', 'precio_unitario', 'largo', 'ancho', 'alto', 'alicuota'] as const;
export type NumberCell = (typeof NUMBER_CELLS)[number];
/** The grid's cells: the article (the item's `articulo`) and the number cells. */
export type ItemCell = 'article' | NumberCell;

export interface DraftItem {
  /** Stable key of the row on screen (a stored item's id, or a new one). */
  key: string;
  /** The stored item's id: sent back so the server keeps the row (and its history) in place. */
  id?: number;
  /** The item's article (`articulo`). */
  article: number | null;
  cells: Record<NumberCell, string>;
  /** Other stored fields of the item (description, location, parent item), sent back unchanged. */
  rest: Record<string, unknown>;
}

/** What the server computes or shows only: never sent back. */
const COMPUTED = new Set(['subtotal', 'impuesto', 'total', 'factor', 'entregado', 'restante']);

const emptyCells = (): Record<NumberCell, string> => Object.fromEntries(NUMBER_CELLS.map((c) => [c, ''])) as Record<NumberCell, string>;

export function blankItem(key: string): DraftItem {
  return { key, article: null, cells: emptyCells(), rest: {} };
}

/** A row the user has not started: no article and no number typed. Left out on save. */
export const isBlank = (d: DraftItem) => d.article === null && NUMBER_CELLS.every((c) => d.cells[c].trim() === '');

/** Stored items (as `show` answers them) as rows of the grid. */
export function draftOf(items: readonly Record<string, unknown>[] | undefined, point: '.' | ','): DraftItem[] {
  return (items ?? []).map((item, i) => {
    const cells = emptyCells();
    for (const c of NUMBER_CELLS) cells[c] = decimalText(item[c], point);
    const rest: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(item)) if (k !== 'id' && k !== 'articulo' && !COMPUTED.has(k) && !(NUMBER_CELLS as readonly string[]).includes(k)) rest[k] = v;
    const id = typeof item.id === 'number' ? item.id : undefined;
    return { key: id !== undefined ? `i${id}` : `s${i}`, ...(id !== undefined ? { id } : {}), article: typeof item.articulo === 'number' ? item.articulo : null, cells, rest };
  });
}

/** The numbers of a row, typed with the language's decimal `point`; a cell that is not a number is undefined. */
export function rowNumbers(d: DraftItem, point: '.' | ','): Record<NumberCell, number | null | undefined> {
  return Object.fromEntries(NUMBER_CELLS.map((c) => [c, parseDecimal(d.cells[c], point)])) as Record<NumberCell, number | null | undefined>;
}

/** The rows with their cells re-written from one decimal point to another, each keeping its number; text that is none stays as typed. */
export function repointed(rows: readonly DraftItem[], from: '.' | ',', to: '.' | ','): DraftItem[] {
  if (from === to) return [...rows];
  return rows.map((d) => {
    const n = rowNumbers(d, from);
    const cells = Object.fromEntries(NUMBER_CELLS.map((c) => [c, typeof n[c] === 'number' ? decimalText(n[c], to) : d.cells[c]])) as Record<NumberCell, string>;
    return { ...d, cells };
  });
}

/**
 * The items to send, or the field errors (`items.<i>.<cell>`, as the server names them) that keep them from
 * being sent: an article and a quantity above 0 are required, numbers must be numbers (separators that contradict
 * each other say so: `decimalSeparators`). Blank rows are left out (their indexes too, so errors name the rows
 * as sent).
 */
export function itemsPayload(rows: readonly DraftItem[], point: '.' | ','): { items: Record<string, unknown>[]; errors: FieldError[] } {
  const items: Record<string, unknown>[] = [];
  const errors: FieldError[] = [];
  for (const d of rows.filter((r) => !isBlank(r))) {
    const i = items.length;
    const n = rowNumbers(d, point);
    if (d.article === null) errors.push({ field: `items.${i}.articulo`, code: 'required' });
    for (const c of NUMBER_CELLS)
      if (n[c] === undefined) errors.push(clashingSeparators(d.cells[c]) ? { field: `items.${i}.${c}`, code: 'decimalSeparators' } : { field: `items.${i}.${c}`, code: 'type', params: { type: 'number' } });
    if (n.cantidad === null) errors.push({ field: `items.${i}.cantidad`, code: 'required' });
    else if (typeof n.cantidad === 'number' && n.cantidad <= 0) errors.push({ field: `items.${i}.cantidad`, code: 'minValue', params: { min: 0, exclusive: true } });
    const item: Record<string, unknown> = { ...d.rest, ...(d.id !== undefined ? { id: d.id } : {}), articulo: d.article };
    for (const c of NUMBER_CELLS) item[c] = n[c] ?? null;
    items.push(item);
  }
  return { items, errors };
}

/** The position of a row among the rows sent (blank rows left out), or -1 for a blank row. */
export function sentIndex(rows: readonly DraftItem[], index: number): number {
  if (!rows[index] || isBlank(rows[index])) return -1;
  return rows.slice(0, index).filter((r) => !isBlank(r)).length;
}

export interface DraftLine extends PricedItem {
  /** The row's article is not known yet. */
  pending: boolean;
  /** Its cells' numbers (undefined: not a number). */
  numbers: Record<NumberCell, number | null | undefined>;
  /** The first error of each of its number cells that holds a wrong value (a missing one is not wrong yet). */
  wrong: Partial<Record<NumberCell, FieldError>>;
  /** Started and without wrong numbers: counted in the totals. */
  counted: boolean;
}

export interface DraftPricing {
  /** One per row (blank and unreadable rows priced at 0). */
  lines: DraftLine[];
  /** The sums of the counted lines, as exact decimal texts; `uncounted`: the started lines left out for wrong numbers. */
  totals: RecordTotals<string> & { uncounted: number };
}

/**
 * Every row priced as the server will price it, and the record's totals (sums of the rounded lines). A line with
 * a wrong number (a negative quantity, a price over the maximum, text) is left out of the totals: its error is
 * at its cell, and a total counting it would look fine. `errors`: the items' errors as itemsPayload names them
 * (by default its own; a screen adds the schema's).
 */
export function priceDraft(
  rows: readonly DraftItem[],
  article: (id: number) => ArticlePriceFacts | undefined,
  ctx: PricingContext,
  point: '.' | ',',
  errors: readonly FieldError[] = itemsPayload(rows, point).errors,
): DraftPricing {
  const byCell = splitItemErrors(errors, rows).cells;
  const lines = rows.map((d, i): DraftLine => {
    const n = rowNumbers(d, point);
    const num = (v: number | null | undefined) => (typeof v === 'number' ? v : null);
    const facts = d.article === null ? undefined : article(d.article);
    const priced = priceItem(
      { cantidad: num(n.cantidad) ?? 0, precio_unitario: num(n.precio_unitario), ajuste: num(n.ajuste), largo: num(n.largo), ancho: num(n.ancho), alto: num(n.alto), alicuota: num(n.alicuota) },
      facts,
      ctx,
    );
    const wrong: DraftLine['wrong'] = {};
    for (const c of NUMBER_CELLS) {
      const e = byCell[`${i}.${c}`]?.find((x) => x.code !== 'required');
      if (e) wrong[c] = e;
    }
    const counted = !isBlank(d) && !Object.keys(wrong).length;
    return { ...priced, pending: d.article !== null && facts === undefined, numbers: n, wrong, counted };
  });
  const counted = lines.filter((l) => l.counted);
  const totals = recordTotalsExact(counted.map((l) => ({ ...l.exact, alicuota: l.alicuota })));
  return { lines, totals: { ...totals, uncounted: rows.filter((r) => !isBlank(r)).length - counted.length } };
}

/**
 * Item errors (`items.<sent index>.<field>`, as the server and itemsPayload name them) by grid row and cell
 * (`<row index>.<cell>`: the article's field is the cell `article`); the rest (the header's, and `items` itself) apart.
 */
export function splitItemErrors(errors: readonly FieldError[], rows: readonly DraftItem[]): { cells: Record<string, FieldError[]>; other: FieldError[] } {
  const rowOfSent: number[] = [];
  rows.forEach((r, i) => !isBlank(r) && rowOfSent.push(i));
  const cells: Record<string, FieldError[]> = {};
  const other: FieldError[] = [];
  for (const e of errors) {
    const m = /^items\.(\d+)\.(.+)$/.exec(e.field);
    const row = m ? rowOfSent[Number(m[1])] : undefined;
    if (m && row !== undefined) (cells[`${row}.${m[2] === 'articulo' ? 'article' : m[2]}`] ??= []).push(e);
    else other.push(e);
  }
  return { cells, other };
}

/**
 * The errors of a refused save (`items.<i>.<field>`, the rows as `sent`) that still hold: each while its row is
 * on screen with the same article and its field holds what was sent, renamed to where the row is sent now. A
 * corrected cell loses its message, as a form field loses the server's.
 */
export function standingErrors(errors: readonly FieldError[], sent: readonly DraftItem[], rows: readonly DraftItem[]): FieldError[] {
  const was = sent.filter((r) => !isBlank(r));
  const now = rows.filter((r) => !isBlank(r));
  const valueOf = (r: DraftItem, field: string) => [r.article, field in r.cells ? r.cells[field as NumberCell] : r.rest[field]];
  return errors.flatMap((e) => {
    const m = /^items\.(\d+)\.([^.]+)(.*)$/.exec(e.field);
    if (!m) return [e];
    const before = was[Number(m[1])];
    const at = before ? now.findIndex((r) => r.key === before.key) : -1;
    if (at < 0 || JSON.stringify(valueOf(now[at], m[2])) !== JSON.stringify(valueOf(before, m[2]))) return [];
    return [{ ...e, field: `items.${at}.${m[2]}${m[3]}` }];
  });
}

/** Has a user-editable header field changed? Blank, null and missing are the same. */
export function headerChanged(a: Record<string, unknown>, b: Record<string, unknown>, fields: readonly string[]): boolean {
  const norm = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);
  return fields.some((f) => norm(a[f]) !== norm(b[f]));
}
