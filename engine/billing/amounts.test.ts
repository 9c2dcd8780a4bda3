import { describe, expect, it } from 'vitest';
import { recordTotals, priceLine } from '../price';
import { voucherAmounts, voucherConcept } from './amounts';

const record = (lines: { cantidad: number; precio_unitario: number; alicuota: number }[]) => {
  const priced = lines.map((l) => ({ ...priceLine(l), alicuota: l.alicuota }));
  const t = recordTotals(priced);
  return { subtotal: t.subtotal, impuestos: { lineas: t.impuestos }, total: t.total };
};

describe('voucherAmounts', () => {
  it('A/B: net of the taxed bases, one Iva line per rate, 0 % as VAT Id 3 (not exempt), exact cents', () => {
    const r = record([
      { cantidad: 3, precio_unitario: 0.1, alicuota: 21 },
      { cantidad: 2.5, precio_unitario: 0.41, alicuota: 10.5 },
      { cantidad: 1, precio_unitario: 100, alicuota: 21 },
      { cantidad: 1, precio_unitario: 50, alicuota: 0 },
    ]);
    expect(voucherAmounts(r, 'A')).toEqual({
      impTotal: 172.5,
      impTotConc: 0,
      impNeto: 151.33,
      impOpEx: 0,
      impTrib: 0,
      impIVA: 21.17,
      iva: [
        { id: 3, baseImp: 50, importe: 0 },
        { id: 4, baseImp: 1.03, importe: 0.11 },
        { id: 5, baseImp: 100.3, importe: 21.06 },
      ],
      tributos: [],
    });
  });
  it('C: the whole total is net, no VAT apart', () => {
    const r = record([{ cantidad: 2, precio_unitario: 10, alicuota: 21 }]);
    expect(voucherAmounts(r, 'C')).toMatchObject({ impTotal: 24.2, impNeto: 24.2, impIVA: 0, impOpEx: 0, iva: [] });
  });
  it('adds other taxes to the total', () => {
    const r = record([{ cantidad: 1, precio_unitario: 100, alicuota: 21 }]);
    const a = voucherAmounts(r, 'B', [{ id: 2, desc: 'IIBB', baseImp: 100, alic: 3, importe: 3 }]);
    expect(a).toMatchObject({ impTotal: 124, impTrib: 3, impNeto: 100, impIVA: 21 });
  });
  it('refuses an unknown rate, totals that do not add up, and a zero total', () => {
    expect(voucherAmounts(record([{ cantidad: 1, precio_unitario: 10, alicuota: 19 }]), 'A')).toEqual({ code: 'FACTURA_ALICUOTA_DESCONOCIDA', alicuota: 19 });
    expect(voucherAmounts({ subtotal: 100, impuestos: { lineas: [{ alicuota: 21, base: 100, importe: 21 }] }, total: 120 }, 'A')).toEqual({ code: 'FACTURA_TOTALES_INCONSISTENTES' });
    expect(voucherAmounts({ subtotal: 0, total: 0 }, 'B')).toEqual({ code: 'FACTURA_SIN_IMPORTE' });
  });
  it('treats a record without tax lines as exempt', () => {
    expect(voucherAmounts({ subtotal: 80, total: 80 }, 'B')).toMatchObject({ impTotal: 80, impOpEx: 80, impNeto: 0 });
  });
});

describe('voucherConcept', () => {
  it('is 1 goods, 2 services, 3 both', () => {
    expect([voucherConcept(true, false), voucherConcept(false, true), voucherConcept(true, true), voucherConcept(false, false)]).toEqual([1, 2, 3, 1]);
  });
});
