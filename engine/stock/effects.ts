/**
 * What a record does to stock (issue 12), pure: the ledger rows a write must add so that the record's effects
 * in the ledger become what its state asks for. Stock is never a counter: effects are rows, the state is their sum.
 *
 * - An activity with a stock impact (ingreso adds, egreso removes) impacts the items of a record while the record
 *   is in it; once the record moves on, that activity's impact stays as it was (the goods came or went).
 * - An activity that commits stock reserves the items while the record is in it; moving on releases the
 *   reservation (and when the next activity removes the goods, that is the conversion: release and impact in
 *   one write).
 * - A cancelled or deleted record has no effect at all: every effect it had is reversed (history stays).
 * Effects are kept per (item, article, location, kind, activity, wallet entry). A compound article is moved as
 * its components, RECURSIVELY down to articles without components, quantities multiplied at every level.
 * A line of a wallet article (a cheque, a made-to-measure piece) moves its wallet entry: it is never expanded.
 */
import Big from 'big.js';
import type { StockImpact } from '../workflow/activity';

export type StockKind = 'impacto' | 'compromiso';

/** The wallet entry (cheque or made-to-measure piece) an effect moves, if any. */
export interface WalletTag {
  cheque?: number | null;
  a_medida?: number | null;
}

export interface Effect extends WalletTag {
  item: number;
  articulo: number;
  ubicacion: string;
  clase: StockKind;
  actividad: number;
  /** Signed; on hand for an impact, committed for a commitment. */
  cantidad: number;
}

export interface StockItem extends WalletTag {
  id: number;
  articulo: number;
  ubicacion: string;
  cantidad: number;
}

export interface RecordState {
  /** Null for a deleted record. */
  actividad: number | null;
  /** Cancelled: no effect at all. */
  anulado: boolean;
  /** The items that move stock (services left out by the caller). */
  items: readonly StockItem[];
  impacto: StockImpact;
  compromiso: boolean;
}

/** An article's components, for compound articles (none for a plain one). */
export type Components = (articulo: number) => readonly { articulo: number; cantidad: number }[];

/** Deeper than this a bill of materials is taken as a cycle (references refuse cycles anyway). */
const MAX_DEPTH = 32;

const key = (e: Omit<Effect, 'cantidad'>) => `${e.item}|${e.articulo}|${e.ubicacion}|${e.clase}|${e.actividad}|${e.cheque ?? ''}|${e.a_medida ?? ''}`;
const tagOf = (x: WalletTag): WalletTag => ({ ...(x.cheque != null ? { cheque: x.cheque } : {}), ...(x.a_medida != null ? { a_medida: x.a_medida } : {}) });
const isWallet = (x: WalletTag) => x.cheque != null || x.a_medida != null;

/** The articles an item moves: itself, or its components (recursively) with their quantities. */
export function expand(articulo: number, cantidad: Big, components: Components, depth = 0): { articulo: number; cantidad: Big }[] {
  const parts = depth < MAX_DEPTH ? components(articulo) : [];
  if (!parts.length) return [{ articulo, cantidad }];
  return parts.flatMap((p) => expand(p.articulo, cantidad.times(p.cantidad), components, depth + 1));
}

/** The effects a record should have now, given the ones it has (impacts of other activities stay). */
export function desiredEffects(state: RecordState, current: readonly Effect[], components: Components): Effect[] {
  if (state.anulado || state.actividad === null) return [];
  const actividad = state.actividad;
  const kept = current.filter((e) => e.clase === 'impacto' && e.actividad !== actividad);
  const here: Effect[] = [];
  const sign = state.impacto === 'ingreso' ? 1 : state.impacto === 'egreso' ? -1 : 0;
  for (const item of state.items) {
    const parts = isWallet(item) ? [{ articulo: item.articulo, cantidad: new Big(item.cantidad) }] : expand(item.articulo, new Big(item.cantidad), components);
    for (const part of parts) {
      const base = { item: item.id, articulo: part.articulo, ubicacion: item.ubicacion, actividad, ...tagOf(item) };
      if (sign) here.push({ ...base, clase: 'impacto', cantidad: Number(part.cantidad.times(sign).toFixed()) });
      if (state.compromiso) here.push({ ...base, clase: 'compromiso', cantidad: Number(part.cantidad.toFixed()) });
    }
  }
  return [...kept, ...here];
}

/** The rows that take the ledger from `current` (sums per key) to `desired`. */
export function deltas(current: readonly Effect[], desired: readonly Effect[]): Effect[] {
  const sums = new Map<string, { e: Omit<Effect, 'cantidad'>; now: Big; want: Big }>();
  const at = (e: Effect) => {
    const k = key(e);
    let s = sums.get(k);
    if (!s) {
      const { cantidad: _c, ...rest } = e;
      sums.set(k, (s = { e: { ...rest, ...tagOf(e) }, now: new Big(0), want: new Big(0) }));
    }
    return s;
  };
  for (const e of current) at(e).now = at(e).now.plus(e.cantidad);
  for (const e of desired) at(e).want = at(e).want.plus(e.cantidad);
  const out: Effect[] = [];
  for (const { e, now, want } of sums.values()) {
    const d = want.minus(now);
    if (!d.eq(0)) out.push({ ...e, cantidad: Number(d.toFixed()) });
  }
  return out;
}

export interface Balance {
  en_mano: number;
  comprometido: number;
}

export type StockCode = 'STOCK_INSUFICIENTE' | 'STOCK_NEGATIVO';

export const available = (b: Balance) => Number(new Big(b.en_mano).minus(b.comprometido).toFixed());

/**
 * The code a place's new balance breaks, if any. A write may never make what is available (on hand minus
 * committed) negative, or more negative than it was, unless the place allows negative stock:
 * - when the write asks for stock (`demands`: a reservation grows, or goods go out of an outgoing step) or
 *   on hand stays at or above zero: STOCK_INSUFICIENTE (more than is available);
 * - otherwise (on hand itself goes below zero, e.g. undoing a receipt whose goods are gone): STOCK_NEGATIVO.
 * A write that leaves things no worse (a release, a return) always passes.
 */
export function balanceError(before: Balance, after: Balance, demands: boolean, negativeAllowed: boolean): StockCode | null {
  if (negativeAllowed) return null;
  const was = new Big(before.en_mano).minus(before.comprometido);
  const now = new Big(after.en_mano).minus(after.comprometido);
  if (now.lt(0) && now.lt(was)) return demands || new Big(after.en_mano).gte(0) ? 'STOCK_INSUFICIENTE' : 'STOCK_NEGATIVO';
  if (new Big(after.en_mano).lt(0) && new Big(after.en_mano).lt(before.en_mano)) return 'STOCK_NEGATIVO';
  return null;
}

/**
 * What a write asks of stock: a reservation that grows, or goods leaving through the record's current outgoing
 * step. Undoing a receipt, or a reversal, asks for nothing (it may still find stock gone: STOCK_NEGATIVO).
 */
export function demands(e: Pick<Effect, 'clase' | 'cantidad' | 'actividad'>, state: Pick<RecordState, 'actividad' | 'impacto'>): boolean {
  if (e.clase === 'compromiso') return e.cantidad > 0;
  return e.cantidad < 0 && e.actividad === state.actividad && state.impacto === 'egreso';
}
