import { describe, expect, it } from 'vitest';
import { priceLine, recordTotals } from './price';

describe('the price rule (spec §9), exact', () => {
  it.each([
    // quantity, unit price, extras -> subtotal, tax, total
    [{ cantidad: 2.5, precio_unitario: 0.41 }, 1.03, 0, 1.03],
    [{ cantidad: 1, precio_unitario: 0.005 }, 0.01, 0, 0.01],
    [{ cantidad: 1, precio_unitario: 0.004 }, 0, 0, 0],
    [{ cantidad: 3, precio_unitario: 10, alicuota: 21 }, 30, 6.3, 36.3],
    [{ cantidad: 1, precio_unitario: 100, ajuste: -10 }, 90, 0, 90],
    [{ cantidad: 2, precio_unitario: 19.99, ajuste: 12.5, alicuota: 10.5 }, 44.98, 4.72, 49.7],
    // made to measure: 2 pieces of 1.25 × 0.8 m at 50 per m²
    [{ cantidad: 2, largo: 1.25, ancho: 0.8, precio_unitario: 50 }, 100, 0, 100],
    [{ cantidad: 1, largo: 2, ancho: 3, alto: 0.5, factor: 1.5, precio_unitario: 10 }, 45, 0, 45],
    // dimensions and factor left out count as 1, not 0
    [{ cantidad: 4, largo: null, ancho: null, alto: null, factor: null, precio_unitario: 2.5 }, 10, 0, 10],
    [{ cantidad: 0.1, precio_unitario: 0.1, alicuota: 21 }, 0.01, 0, 0.01],
    [{ cantidad: 1, precio_unitario: 1.005, alicuota: 21 }, 1.01, 0.21, 1.22],
  ])('%o', (line, subtotal, impuesto, total) => {
    expect(priceLine(line)).toEqual({ subtotal, impuesto, total });
  });

  it('the record sums its rounded lines; taxes per rate', () => {
    const lines = [
      { ...priceLine({ cantidad: 1, precio_unitario: 0.015, alicuota: 21 }), alicuota: 21 },
      { ...priceLine({ cantidad: 1, precio_unitario: 0.015, alicuota: 21 }), alicuota: 21 },
      { ...priceLine({ cantidad: 3, precio_unitario: 10, alicuota: 10.5 }), alicuota: 10.5 },
      { ...priceLine({ cantidad: 1, precio_unitario: 7 }), alicuota: 0 },
    ];
    // 0.015 rounds to 0.02 per line: the sum of rounded lines is 0.04, not round(0.03); each line's tax
    // (0.0042) rounds to 0, so their rate's tax is 0 although 21 % of the base 0.04 would round to 0.01
    expect(recordTotals(lines)).toEqual({
      subtotal: 37.04,
      impuestos: [
        { alicuota: 0, base: 7, importe: 0 },
        { alicuota: 10.5, base: 30, importe: 3.15 },
        { alicuota: 21, base: 0.04, importe: 0 },
      ],
      total: 40.19,
    });
    expect(recordTotals([])).toEqual({ subtotal: 0, impuestos: [], total: 0 });
  });
});
