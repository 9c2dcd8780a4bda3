/**
 * The price rule (spec §9) in exact decimal arithmetic, shared by the record form and the server:
 *
 *   line subtotal = quantity × length × width × height × conversion factor × (1 + adjustment % / 100) × unit price
 *
 * with missing dimensions and factor counting as 1; line tax = subtotal × tax rate / 100; each rounded half-up
 * to cents per line; the record's subtotal, taxes per rate and total are sums of the rounded lines.
 * Numbers come in and go out as JSON numbers (the decimals they spell); every step in between is a decimal
 * (big.js), so 2.5 × 0.41 is 1.03, never 1.02. The `exact` forms give the amounts as decimal texts ('1.03'):
 * past 2^53 (a billion units at a billion) a number has no cents left, and a screen showing it shows noise.
 */
import Big from 'big.js';

export interface PriceLineInput {
  cantidad: number;
  precio_unitario: number;
  ajuste?: number | null;
  largo?: number | null;
  ancho?: number | null;
  alto?: number | null;
  /** The article's conversion factor. */
  factor?: number | null;
  /** Tax rate in percent (21 = 21 %). */
  alicuota?: number | null;
}

/** Amounts as numbers, or (`string`) as exact decimal texts. */
export interface PricedLine<A extends number | string = number> {
  subtotal: A;
  impuesto: A;
  total: A;
}

export interface TaxLine<A extends number | string = number> {
  alicuota: number;
  /** Sum of the subtotals of the lines at this rate. */
  base: A;
  /** Sum of their rounded taxes. */
  importe: A;
}

export interface RecordTotals<A extends number | string = number> {
  subtotal: A;
  impuestos: TaxLine<A>[];
  total: A;
}

const CENTS = 2;
const dec = (n: number | null | undefined, otherwise: number) => new Big(n === null || n === undefined ? otherwise : n);
const cents = (b: Big) => b.round(CENTS, Big.roundHalfUp);
const num = (b: Big) => Number(b.toFixed());
const text = (b: Big) => b.toFixed(CENTS);

function line(l: PriceLineInput) {
  const subtotal = cents(
    dec(l.cantidad, 0)
      .times(dec(l.largo, 1))
      .times(dec(l.ancho, 1))
      .times(dec(l.alto, 1))
      .times(dec(l.factor, 1))
      .times(dec(l.ajuste, 0).div(100).plus(1))
      .times(dec(l.precio_unitario, 0)),
  );
  const impuesto = cents(subtotal.times(dec(l.alicuota, 0)).div(100));
  return { subtotal, impuesto, total: subtotal.plus(impuesto) };
}

export function priceLine(l: PriceLineInput): PricedLine {
  const { subtotal, impuesto, total } = line(l);
  return { subtotal: num(subtotal), impuesto: num(impuesto), total: num(total) };
}

export function priceLineExact(l: PriceLineInput): PricedLine<string> {
  const { subtotal, impuesto, total } = line(l);
  return { subtotal: text(subtotal), impuesto: text(impuesto), total: text(total) };
}

type TotalsInput = readonly (PricedLine<number | string> & { alicuota?: number | null })[];

function sums(lines: TotalsInput) {
  let subtotal = new Big(0);
  const byRate = new Map<string, { alicuota: Big; base: Big; importe: Big }>();
  for (const l of lines) {
    subtotal = subtotal.plus(l.subtotal);
    const rate = dec(l.alicuota, 0);
    const key = rate.toFixed();
    const at = byRate.get(key) ?? { alicuota: rate, base: new Big(0), importe: new Big(0) };
    byRate.set(key, { alicuota: rate, base: at.base.plus(l.subtotal), importe: at.importe.plus(l.impuesto) });
  }
  const impuestos = [...byRate.values()].sort((a, b) => a.alicuota.cmp(b.alicuota));
  const taxes = impuestos.reduce((sum, t) => sum.plus(t.importe), new Big(0));
  return { subtotal, impuestos, total: subtotal.plus(taxes) };
}

function totalsAs<A extends number | string>(lines: TotalsInput, out: (b: Big) => A): RecordTotals<A> {
  const { subtotal, impuestos, total } = sums(lines);
  return { subtotal: out(subtotal), impuestos: impuestos.map((t) => ({ alicuota: num(t.alicuota), base: out(t.base), importe: out(t.importe) })), total: out(total) };
}

/** The record's totals: sums of its rounded lines, taxes grouped by rate (ascending). */
export const recordTotals = (lines: TotalsInput): RecordTotals => totalsAs(lines, num);

export const recordTotalsExact = (lines: TotalsInput): RecordTotals<string> => totalsAs(lines, text);
