import { describe, expect, it } from 'vitest';
import { priceLine } from '../price';
import { linesTotals, noteLines, remainingCredit, type VoucherLine } from './notes';

const line = (item: number, cantidad: number, precio_unitario: number, alicuota: number): VoucherLine => ({ item, cantidad, precio_unitario, alicuota, ...priceLine({ cantidad, precio_unitario, alicuota }) });
const invoice = [line(1, 3, 0.1, 21), line(2, 2, 100, 21), line(3, 1, 50, 10.5)];

describe('partial notes', () => {
  it('credits some units of a line, priced by the record’s rule', () => {
    expect(noteLines(invoice, [], { items: [{ item: 2, cantidad: 1 }] }, true)).toEqual([expect.objectContaining({ item: 2, cantidad: 1, alicuota: 21, subtotal: 100, impuesto: 21 })]);
  });
  it('never credits more than what remains of a line, of a rate, or of the invoice', () => {
    const first = noteLines(invoice, [], { items: [{ item: 1, cantidad: 1 }] }, true) as VoucherLine[];
    const second = noteLines(invoice, first, { items: [{ item: 1, cantidad: 1 }] }, true) as VoucherLine[];
    expect(noteLines(invoice, [...first, ...second], { items: [{ item: 1, cantidad: 2 }] }, true)).toEqual({ code: 'FACTURA_NOTA_EXCEDE_ITEM', item: 1, restante: 1 });
    // the last unit gets exactly what was left: 0.10 + 0.10 + 0.10 = 0.30 and 0.02 + 0.02 + 0.02 ≠ 0.06 (0.063 → 0.06)
    const last = noteLines(invoice, [...first, ...second], { items: [{ item: 1, cantidad: 1 }] }, true) as VoucherLine[];
    expect(last[0]).toMatchObject({ subtotal: 0.1, impuesto: 0.02 });
    expect(noteLines(invoice, [], { importes: [{ alicuota: 10.5, neto: 50.01 }] }, true)).toEqual({ code: 'FACTURA_NOTA_EXCEDE_SALDO', restante: 297.61 });
    expect(noteLines(invoice, [], { importes: [{ alicuota: 27, neto: 1 }] }, true)).toEqual({ code: 'FACTURA_NOTA_ALICUOTA_AJENA', alicuota: 27 });
    expect(noteLines(invoice, [], { items: [{ item: 9, cantidad: 1 }] }, true)).toEqual({ code: 'FACTURA_NOTA_ITEM_DESCONOCIDO', item: 9 });
  });
  it('without a part, a credit note credits what remains; a debit note is not capped', () => {
    expect(noteLines(invoice, [], {}, true)).toEqual(invoice);
    const some = noteLines(invoice, [], { items: [{ item: 2, cantidad: 2 }] }, true) as VoucherLine[];
    const rest = noteLines(invoice, some, {}, true) as VoucherLine[];
    expect(linesTotals(rest).total).toBe(55.61);
    expect(remainingCredit(invoice, [...some, ...rest])).toMatchObject({ total: 0 });
    expect(noteLines(invoice, [...some, ...rest], {}, true)).toEqual({ code: 'FACTURA_NOTA_EXCEDE_SALDO', restante: 0 });
    expect(noteLines(invoice, [], { importes: [{ alicuota: 21, neto: 1000 }] }, false)).toEqual([{ item: null, alicuota: 21, subtotal: 1000, impuesto: 210 }]);
    expect(noteLines(invoice, [], {}, false)).toBeNull();
  });
  it('tells what remains per line and in total', () => {
    const some = noteLines(invoice, [], { items: [{ item: 2, cantidad: 1 }] }, true) as VoucherLine[];
    expect(remainingCredit(invoice, some)).toEqual({ total: 176.61, items: [expect.objectContaining({ item: 1, cantidad: 3 }), expect.objectContaining({ item: 2, cantidad: 1 }), expect.objectContaining({ item: 3, cantidad: 1 })] });
  });
});
