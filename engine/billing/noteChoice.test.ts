import { describe, expect, it } from 'vitest';
import { noteChoice, type NoteEntries } from './noteChoice';

const lines = [{ item: 7, cantidad: 2 }, { item: 8, cantidad: 0.5 }];
const credit = (over: Partial<NoteEntries>) => noteChoice({ kind: 'nota_credito', lines, qty: {}, net: undefined, rate: 21, ...over });

describe("a note form's entries", () => {
  it('a credit note with nothing chosen credits all that remains, and says so', () => {
    expect(credit({})).toEqual({ part: {}, errors: [], all: true });
  });

  it('asks for the units and the amount entered', () => {
    expect(credit({ qty: { 7: 1.5, 8: 0.5 }, net: 100.25, rate: 10.5 })).toEqual({
      part: { items: [{ item: 7, cantidad: 1.5 }, { item: 8, cantidad: 0.5 }], importes: [{ alicuota: 10.5, neto: 100.25 }] },
      errors: [],
      all: false,
    });
  });

  it('names a wrong entry at its field instead of leaving it out (which would credit everything)', () => {
    const choice = credit({ qty: { 7: -1, 8: 'uno' }, net: 0 });
    expect(choice.errors).toEqual([
      { field: 'items.7', code: 'minValue', params: { min: 0, exclusive: true } },
      { field: 'items.8', code: 'type', params: { type: 'number' } },
      { field: 'neto', code: 'minValue', params: { min: 0, exclusive: true } },
    ]);
    expect(choice.all).toBe(false);
    expect(choice.part).toEqual({});
  });

  it('refuses more units than remain of a line, and decimals beyond what the server keeps', () => {
    expect(credit({ qty: { 7: 3 } }).errors).toEqual([{ field: 'items.7', code: 'maxValue', params: { max: 2 } }]);
    expect(credit({ qty: { 7: 1.00001 } }).errors).toEqual([{ field: 'items.7', code: 'maxDecimal', params: { max: 4 } }]);
    expect(credit({ net: 10.125 }).errors).toEqual([{ field: 'neto', code: 'maxDecimal', params: { max: 2 } }]);
  });

  it('a debit note needs an amount; it takes no units', () => {
    const debit = (over: Partial<NoteEntries>) => noteChoice({ kind: 'nota_debito', lines, qty: {}, net: undefined, rate: 21, ...over });
    expect(debit({}).errors).toEqual([{ field: 'neto', code: 'required' }]);
    expect(debit({ net: 50, qty: { 7: 1 } })).toEqual({ part: { importes: [{ alicuota: 21, neto: 50 }] }, errors: [], all: false });
  });
});
