/**
 * The amounts of a voucher (WSFEv1 FECAEDetRequest) from a record's exact totals (engine/price.ts: lines
 * rounded to cents, taxes summed per rate), in decimals, never binary floating point:
 *
 * - A and B: ImpNeto = the taxed bases; ImpIVA = the taxes; Iva = one AlicIva per rate (Id from
 *   FEParamGetTiposIva), a 0 % line too (Id 3, its base in ImpNeto, Importe 0): taxed at 0 % is not exempt
 *   (ImpOpEx, operations exempt by law, which a record has no way to say), and AFIP wants ImpNeto = Σ BaseImp;
 * - C (the issuer does not charge VAT apart): ImpNeto = the whole total, no Iva, ImpIVA = ImpOpEx = 0;
 * - ImpTrib = other taxes (Tributos), ImpTotConc = 0 (this app has no untaxed concepts);
 * - ImpTotal = ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA, and it must equal the record's total plus
 *   other taxes, else FACTURA_TOTALES_INCONSISTENTES (the record's totals were not its lines').
 */
import Big from 'big.js';
import type { VoucherLetter } from './voucher';

/** VAT rate (percent) -> WSFEv1 Iva Id. */
export const VAT_RATE_IDS: ReadonlyMap<string, number> = new Map([
  ['0', 3],
  ['2.5', 9],
  ['5', 8],
  ['10.5', 4],
  ['21', 5],
  ['27', 6],
]);

export const FACTURA_ALICUOTA_DESCONOCIDA = 'FACTURA_ALICUOTA_DESCONOCIDA' as const;
export const FACTURA_TOTALES_INCONSISTENTES = 'FACTURA_TOTALES_INCONSISTENTES' as const;
export const FACTURA_SIN_IMPORTE = 'FACTURA_SIN_IMPORTE' as const;

export interface RecordTotalsFacts {
  subtotal?: number | null;
  impuestos?: { lineas?: { alicuota?: number | null; base?: number | null; importe?: number | null }[] | null } | null;
  total?: number | null;
}

export interface OtherTax {
  /** WSFEv1 Tributo Id (FEParamGetTiposTributos). */
  id: number;
  desc: string;
  baseImp: number;
  alic: number;
  importe: number;
}

export interface VatLine {
  id: number;
  baseImp: number;
  importe: number;
}

export interface VoucherAmounts {
  impTotal: number;
  impTotConc: number;
  impNeto: number;
  impOpEx: number;
  impTrib: number;
  impIVA: number;
  iva: VatLine[];
  tributos: OtherTax[];
}

export type AmountsProblem = { code: typeof FACTURA_ALICUOTA_DESCONOCIDA; alicuota: number } | { code: typeof FACTURA_TOTALES_INCONSISTENTES | typeof FACTURA_SIN_IMPORTE };

const big = (n: number | null | undefined) => new Big(typeof n === 'number' && Number.isFinite(n) ? n : 0);
const num = (b: Big) => Number(b.round(2, Big.roundHalfUp).toFixed(2));

export function voucherAmounts(totals: RecordTotalsFacts, letter: VoucherLetter, tributos: readonly OtherTax[] = []): VoucherAmounts | AmountsProblem {
  const lines = totals.impuestos?.lineas ?? [];
  const trib = tributos.reduce((s, t) => s.plus(big(t.importe)), new Big(0));
  const expected = big(totals.total).plus(trib);
  if (expected.lte(0)) return { code: FACTURA_SIN_IMPORTE };
  let neto = new Big(0);
  let exento = new Big(0);
  let ivaTotal = new Big(0);
  const iva: VatLine[] = [];
  if (letter === 'C') neto = big(totals.total);
  else {
    const byId = new Map<number, { base: Big; importe: Big }>();
    for (const l of lines) {
      const rate = big(l.alicuota);
      const id = VAT_RATE_IDS.get(rate.toFixed());
      if (id === undefined) return { code: FACTURA_ALICUOTA_DESCONOCIDA, alicuota: Number(rate.toFixed()) };
      const at = byId.get(id) ?? { base: new Big(0), importe: new Big(0) };
      byId.set(id, { base: at.base.plus(big(l.base)), importe: at.importe.plus(big(l.importe)) });
      neto = neto.plus(big(l.base));
      ivaTotal = ivaTotal.plus(big(l.importe));
    }
    // a record without tax lines: its subtotal is all exempt
    if (!lines.length) exento = big(totals.subtotal);
    for (const [id, v] of [...byId].sort((a, b) => a[0] - b[0])) iva.push({ id, baseImp: num(v.base), importe: num(v.importe) });
  }
  const sum = neto.plus(exento).plus(ivaTotal).plus(trib);
  if (!sum.eq(expected)) return { code: FACTURA_TOTALES_INCONSISTENTES };
  return {
    impTotal: num(sum),
    impTotConc: 0,
    impNeto: num(neto),
    impOpEx: num(exento),
    impTrib: num(trib),
    impIVA: num(ivaTotal),
    iva,
    tributos: tributos.map((t) => ({ ...t })),
  };
}

/** WSFEv1 Concepto: 1 goods, 2 services, 3 both. Services need the service period and the payment due date. */
export function voucherConcept(hasGoods: boolean, hasServices: boolean): 1 | 2 | 3 {
  if (hasServices && hasGoods) return 3;
  return hasServices ? 2 : 1;
}
