/**
 * The lines a voucher covers, and partial credit and debit notes (issue 16): a note names some of its invoice's
 * lines with a quantity (`items`), or amounts per VAT rate (`importes`, net), or nothing (a credit note then
 * credits all that remains, a debit note repeats the whole record). A credit note never credits more than what
 * remains un-credited of its invoice: per line (quantity), per VAT rate (net and VAT) and in total; the notes
 * counted are the live ones (not rejected). Amounts in decimals, lines priced by the record's rule (../price.ts);
 * a line credited to its last unit gets exactly what was left of it, so pieces add up to the cent.
 */
import Big from 'big.js';
import { priceLine, recordTotals, type PriceLineInput } from '../price';
import type { RecordTotalsFacts } from './amounts';

export interface VoucherLine extends Partial<PriceLineInput> {
  /** The record's item (child row id) the line comes from; none for an amount per rate. */
  item?: number | null;
  articulo?: number | null;
  descripcion?: string | null;
  alicuota: number;
  subtotal: number;
  impuesto: number;
}

export interface NotePart {
  items?: { item: number; cantidad: number }[];
  importes?: { alicuota: number; neto: number }[];
}

export const FACTURA_NOTA_ITEM_DESCONOCIDO = 'FACTURA_NOTA_ITEM_DESCONOCIDO' as const;
export const FACTURA_NOTA_EXCEDE_ITEM = 'FACTURA_NOTA_EXCEDE_ITEM' as const;
export const FACTURA_NOTA_EXCEDE_SALDO = 'FACTURA_NOTA_EXCEDE_SALDO' as const;
export const FACTURA_NOTA_ALICUOTA_AJENA = 'FACTURA_NOTA_ALICUOTA_AJENA' as const;

export type NoteProblem =
  | { code: typeof FACTURA_NOTA_ITEM_DESCONOCIDO; item: number }
  | { code: typeof FACTURA_NOTA_EXCEDE_ITEM; item: number; restante: number }
  | { code: typeof FACTURA_NOTA_EXCEDE_SALDO; restante: number }
  | { code: typeof FACTURA_NOTA_ALICUOTA_AJENA; alicuota: number };

const big = (n: number | null | undefined) => new Big(typeof n === 'number' && Number.isFinite(n) ? n : 0);
const num = (b: Big) => Number(b.toFixed());
const cents = (b: Big) => b.round(2, Big.roundHalfUp);
const rateKey = (r: number | null | undefined) => big(r).toFixed();

/** A record's items as voucher lines (their stored, rounded subtotal and tax). */
export function recordLines(items: readonly Record<string, any>[]): VoucherLine[] {
  return items.map((i) => ({
    item: i.id ?? null,
    articulo: i.articulo ?? null,
    descripcion: i.descripcion ?? null,
    cantidad: i.cantidad,
    precio_unitario: i.precio_unitario ?? 0,
    ajuste: i.ajuste ?? null,
    largo: i.largo ?? null,
    ancho: i.ancho ?? null,
    alto: i.alto ?? null,
    factor: i.factor ?? null,
    alicuota: Number(i.alicuota ?? 0),
    subtotal: Number(i.subtotal ?? 0),
    impuesto: Number(i.impuesto ?? 0),
  }));
}

/** The totals of some lines, as voucherAmounts reads a record's. */
export function linesTotals(lines: readonly VoucherLine[]): RecordTotalsFacts {
  const t = recordTotals(lines.map((l) => ({ subtotal: l.subtotal, impuesto: l.impuesto, total: num(big(l.subtotal).plus(big(l.impuesto))), alicuota: l.alicuota })));
  return { subtotal: t.subtotal, impuestos: { lineas: t.impuestos }, total: t.total };
}

interface Left {
  items: Map<number, { line: VoucherLine; cantidad: Big; subtotal: Big; impuesto: Big }>;
  rates: Map<string, { alicuota: number; base: Big; impuesto: Big }>;
  total: Big;
}

function left(invoice: readonly VoucherLine[], credited: readonly VoucherLine[]): Left {
  const items: Left['items'] = new Map();
  const rates: Left['rates'] = new Map();
  let total = new Big(0);
  for (const l of invoice) {
    if (l.item != null) {
      const at = items.get(l.item);
      if (at) Object.assign(at, { cantidad: at.cantidad.plus(big(l.cantidad)), subtotal: at.subtotal.plus(big(l.subtotal)), impuesto: at.impuesto.plus(big(l.impuesto)) });
      else items.set(l.item, { line: l, cantidad: big(l.cantidad), subtotal: big(l.subtotal), impuesto: big(l.impuesto) });
    }
    const r = rates.get(rateKey(l.alicuota)) ?? { alicuota: l.alicuota, base: new Big(0), impuesto: new Big(0) };
    rates.set(rateKey(l.alicuota), { alicuota: l.alicuota, base: r.base.plus(big(l.subtotal)), impuesto: r.impuesto.plus(big(l.impuesto)) });
    total = total.plus(big(l.subtotal)).plus(big(l.impuesto));
  }
  for (const c of credited) {
    const at = c.item != null ? items.get(c.item) : undefined;
    if (at) Object.assign(at, { cantidad: at.cantidad.minus(big(c.cantidad)), subtotal: at.subtotal.minus(big(c.subtotal)), impuesto: at.impuesto.minus(big(c.impuesto)) });
    const r = rates.get(rateKey(c.alicuota));
    if (r) Object.assign(r, { base: r.base.minus(big(c.subtotal)), impuesto: r.impuesto.minus(big(c.impuesto)) });
    total = total.minus(big(c.subtotal)).minus(big(c.impuesto));
  }
  return { items, rates, total };
}

/** What remains to credit of an invoice: per line (quantity) and in total. */
export function remainingCredit(invoice: readonly VoucherLine[], credited: readonly VoucherLine[]) {
  const l = left(invoice, credited);
  return {
    total: num(l.total),
    items: [...l.items.entries()].map(([item, v]) => ({ item, articulo: v.line.articulo ?? null, descripcion: v.line.descripcion ?? null, alicuota: v.line.alicuota, cantidad: num(v.cantidad) })),
  };
}

/**
 * The lines of a note against `invoice` (its lines), given the live credit notes' lines (`credited`). `capped`:
 * a credit note (checked against what remains); a debit note is not capped. No part: a credit note credits all
 * that remains; a debit note is answered null (the caller takes the whole record).
 */
export function noteLines(invoice: readonly VoucherLine[], credited: readonly VoucherLine[], part: NotePart, capped: boolean): VoucherLine[] | NoteProblem | null {
  const l = left(invoice, credited);
  const lines: VoucherLine[] = [];
  const asked = new Map<number, Big>();
  for (const p of part.items ?? []) {
    const at = l.items.get(p.item);
    if (!at) return { code: FACTURA_NOTA_ITEM_DESCONOCIDO, item: p.item };
    const want = (asked.get(p.item) ?? new Big(0)).plus(big(p.cantidad));
    asked.set(p.item, want);
    if (capped && want.gt(at.cantidad)) return { code: FACTURA_NOTA_EXCEDE_ITEM, item: p.item, restante: num(at.cantidad.minus(want).plus(big(p.cantidad))) };
    const { item, articulo, descripcion, cantidad: _c, subtotal: _s, impuesto: _i, ...price } = at.line;
    const whole = capped && want.eq(at.cantidad);
    const priced = whole ? { subtotal: num(at.subtotal), impuesto: num(at.impuesto) } : priceLine({ ...(price as PriceLineInput), cantidad: p.cantidad });
    lines.push({ item, articulo, descripcion, ...price, cantidad: p.cantidad, alicuota: at.line.alicuota, subtotal: priced.subtotal, impuesto: priced.impuesto });
  }
  for (const a of part.importes ?? []) {
    if (capped && !l.rates.has(rateKey(a.alicuota))) return { code: FACTURA_NOTA_ALICUOTA_AJENA, alicuota: a.alicuota };
    const base = cents(big(a.neto));
    lines.push({ item: null, alicuota: a.alicuota, subtotal: num(base), impuesto: num(cents(base.times(big(a.alicuota)).div(100))) });
  }
  if (!part.items?.length && !part.importes?.length) {
    if (!capped) return null;
    if (!credited.length) return invoice.map((x) => ({ ...x }));
    // what remains, per rate
    for (const r of l.rates.values()) if (r.base.gt(0) || r.impuesto.gt(0)) lines.push({ item: null, alicuota: r.alicuota, subtotal: num(r.base), impuesto: num(r.impuesto) });
    if (!lines.length) return { code: FACTURA_NOTA_EXCEDE_SALDO, restante: 0 };
    return lines;
  }
  if (capped) {
    let total = new Big(0);
    const byRate = new Map<string, { base: Big; impuesto: Big }>();
    for (const x of lines) {
      total = total.plus(big(x.subtotal)).plus(big(x.impuesto));
      const r = byRate.get(rateKey(x.alicuota)) ?? { base: new Big(0), impuesto: new Big(0) };
      byRate.set(rateKey(x.alicuota), { base: r.base.plus(big(x.subtotal)), impuesto: r.impuesto.plus(big(x.impuesto)) });
    }
    const over = [...byRate].some(([k, v]) => {
      const r = l.rates.get(k);
      return !r || v.base.gt(r.base) || v.impuesto.gt(r.impuesto);
    });
    if (over || total.gt(l.total)) return { code: FACTURA_NOTA_EXCEDE_SALDO, restante: num(l.total.lt(0) ? new Big(0) : l.total) };
  }
  return lines;
}
