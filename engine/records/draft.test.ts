import { describe, expect, it } from 'vitest';
import { blankItem, draftOf, headerChanged, isBlank, itemsPayload, priceDraft, repointed, sentIndex, splitItemErrors, standingErrors, type DraftItem } from './draft';
import { applicableList, listPrice, priceItem } from './pricing';

const clavo = { alicuota_iva: 21, listas_precio: [{ lista: 'Minorista', precio: 10 }, { lista: 'Mayorista', precio: 8, vigencia: '2026-01-01' }, { lista: 'Mayorista', precio: 9, vigencia: '2026-12-01' }] };
const tornillo = { alicuota_iva: 10.5, listas_precio: [{ lista: 'Minorista', precio: 3.3 }] };
const chapa = { alicuota_iva: 21, factor_conversion: 1.5, listas_precio: [] };
const articles: Record<number, object> = { 1: clavo, 2: tornillo, 3: chapa };
const facts = (id: number) => articles[id];

function row(key: string, article: number | null, cells: Partial<DraftItem['cells']> = {}): DraftItem {
  const b = blankItem(key);
  return { ...b, article, cells: { ...b.cells, ...cells } };
}

describe('the price of an item (the rule the server runs)', () => {
  it('takes the applicable list: the client price type, else the activity list, none without lists', () => {
    expect(applicableList(true, 'Mayorista', 'Minorista')).toBe('Mayorista');
    expect(applicableList(true, ' ', 'Minorista')).toBe('Minorista');
    expect(applicableList(true, null, '')).toBeNull();
    expect(applicableList(false, 'Mayorista', 'Minorista')).toBeNull();
  });

  it('finds the price valid on the date, ignoring case', () => {
    expect(listPrice(clavo, 'mayorista', '2026-11-20')).toBe(8);
    expect(listPrice(clavo, 'Mayorista', '2026-12-15')).toBe(9);
    expect(listPrice(clavo, 'Mayorista', '2025-12-31')).toBeNull();
    expect(listPrice(undefined, 'Minorista', '2026-01-01')).toBeNull();
  });

  it('a typed price wins; without one, the list, or a code saying why not', () => {
    const ctx = { usesLists: true, list: 'Minorista', date: '2026-11-20' };
    expect(priceItem({ cantidad: 2.5, precio_unitario: 0.41 }, clavo, ctx)).toMatchObject({ precio_unitario: 0.41, fromList: false, alicuota: 21, subtotal: 1.03, impuesto: 0.22, total: 1.25 });
    expect(priceItem({ cantidad: 3 }, tornillo, ctx)).toMatchObject({ precio_unitario: 3.3, fromList: true, subtotal: 9.9, impuesto: 1.04, total: 10.94 });
    expect(priceItem({ cantidad: 1 }, chapa, ctx).problem).toEqual({ code: 'PRECIO_NO_ENCONTRADO', params: { lista: 'Minorista' } });
    expect(priceItem({ cantidad: 1 }, clavo, { ...ctx, list: null }).problem).toEqual({ code: 'LISTA_PRECIO_NO_APLICABLE' });
    expect(priceItem({ cantidad: 1 }, clavo, { ...ctx, usesLists: false }).problem).toEqual({ code: 'required' });
    // the factor from the article, a typed tax rate wins
    expect(priceItem({ cantidad: 2, precio_unitario: 10, alicuota: 0 }, chapa, ctx)).toMatchObject({ factor: 1.5, alicuota: 0, subtotal: 30, total: 30 });
  });
});

describe('the record form rows', () => {
  it('price as typed, in either decimal point, and total the non-blank rows', () => {
    const rows = [row('a', 1, { cantidad: '2,5', precio_unitario: '0,41' }), row('b', 2, { cantidad: '3' }), row('c', null)];
    const { lines, totals } = priceDraft(rows, facts, { usesLists: true, list: 'Minorista', date: '2026-11-20' }, ',');
    expect(lines.map((l) => l.total)).toEqual([1.25, 10.94, 0]);
    expect(totals).toEqual({ subtotal: '10.93', total: '12.19', impuestos: [{ alicuota: 10.5, base: '9.90', importe: '1.04' }, { alicuota: 21, base: '1.03', importe: '0.22' }], uncounted: 0 });
  });

  it('total huge amounts exactly, as the server’s decimals do (a float has no cents left past 2^53)', () => {
    const rows = [row('a', 1, { cantidad: '1.000.000.000', precio_unitario: '999.999.999,99', alicuota: '0' }), row('b', 1, { cantidad: '1', precio_unitario: '0,01', alicuota: '0' })];
    const { lines, totals } = priceDraft(rows, facts, { usesLists: true, list: 'Minorista', date: '2026-11-20' }, ',');
    expect(lines[0].exact.total).toBe('999999999990000000.00');
    expect(totals).toMatchObject({ subtotal: '999999999990000000.01', total: '999999999990000000.01' });
  });

  it('leave lines with wrong numbers out of the totals, and say which cell is wrong', () => {
    const rows = [row('a', 2, { cantidad: '3' }), row('b', 2, { cantidad: '-2' }), row('c', 2, { cantidad: '1', precio_unitario: '2,5.3' }), row('d', 2), row('e', null)];
    const { lines, totals } = priceDraft(rows, facts, { usesLists: true, list: 'Minorista', date: '2026-11-20' }, ',');
    expect(lines.map((l) => l.counted)).toEqual([true, false, false, true, false]);
    expect(lines[1].wrong).toEqual({ cantidad: { field: 'items.1.cantidad', code: 'minValue', params: { min: 0, exclusive: true } } });
    expect(lines[2].wrong).toEqual({ precio_unitario: { field: 'items.2.precio_unitario', code: 'decimalSeparators' } });
    // a quantity not typed yet is missing, not wrong: the row is priced at 0
    expect(lines[3].wrong).toEqual({});
    expect(totals).toMatchObject({ subtotal: '9.90', total: '10.94', uncounted: 2 });
    // errors from elsewhere (the schema's maximum) leave their line out too
    const over = priceDraft(rows.slice(0, 1), facts, { usesLists: true, list: 'Minorista', date: '2026-11-20' }, ',', [{ field: 'items.0.cantidad', code: 'maxValue', params: { max: 1 } }]);
    expect(over.totals).toMatchObject({ total: '0.00', uncounted: 1 });
  });

  it('re-write their cells for another decimal point, each keeping its number', () => {
    const rows = [row('a', 1, { cantidad: '1.000', precio_unitario: '2,5', ajuste: '-10', alicuota: 'x' })];
    const [en] = repointed(rows, ',', '.');
    expect(en.cells).toMatchObject({ cantidad: '1000', precio_unitario: '2.5', ajuste: '-10', alicuota: 'x', largo: '' });
    expect(itemsPayload([en], '.').items[0]).toMatchObject({ cantidad: 1000, precio_unitario: 2.5, ajuste: -10 });
    expect(repointed([en], '.', ',')[0].cells).toMatchObject({ cantidad: '1000', precio_unitario: '2,5' });
  });

  it('say which rows wait for their article', () => {
    const { lines } = priceDraft([row('a', 99, { cantidad: '1' })], facts, { usesLists: true, list: 'Minorista', date: '2026-11-20' }, ',');
    expect(lines[0].pending).toBe(true);
  });

  it('come from stored items and go back with their ids, numbers parsed, computed fields left out', () => {
    const stored = [{ id: 7, articulo: 1, cantidad: 2.5, precio_unitario: 0.41, ajuste: null, alicuota: 21, subtotal: 1.03, impuesto: 0.22, total: 1.25, factor: null, descripcion: 'x', entregado: 0, restante: 2.5 }];
    const rows = draftOf(stored, ',');
    expect(rows[0]).toMatchObject({ key: 'i7', id: 7, article: 1, rest: { descripcion: 'x' } });
    expect(rows[0].cells).toMatchObject({ cantidad: '2,5', precio_unitario: '0,41', alicuota: '21', ajuste: '' });
    const { items, errors } = itemsPayload([...rows, row('n', 2, { cantidad: '1.234,5' }), row('blank', null)], ',');
    expect(errors).toEqual([]);
    expect(items).toEqual([
      { id: 7, articulo: 1, descripcion: 'x', cantidad: 2.5, ajuste: null, precio_unitario: 0.41, largo: null, ancho: null, alto: null, alicuota: 21 },
      { articulo: 2, cantidad: 1234.5, ajuste: null, precio_unitario: null, largo: null, ancho: null, alto: null, alicuota: null },
    ]);
  });

  it('refuse rows without an article or quantity and cells that are not numbers, named as sent', () => {
    const rows = [row('blank', null), row('a', null, { cantidad: '2' }), row('b', 1, { cantidad: '0', ajuste: 'x', precio_unitario: '2,5.3' }), row('c', 1)];
    expect(itemsPayload(rows, ',').errors).toEqual([
      { field: 'items.0.articulo', code: 'required' },
      { field: 'items.1.ajuste', code: 'type', params: { type: 'number' } },
      // separators that contradict each other are refused, with their own message
      { field: 'items.1.precio_unitario', code: 'decimalSeparators' },
      // 0 itself is refused: "greater than 0", not "the minimum is 0"
      { field: 'items.1.cantidad', code: 'minValue', params: { min: 0, exclusive: true } },
      { field: 'items.2.cantidad', code: 'required' },
    ]);
    expect(sentIndex(rows, 0)).toBe(-1);
    expect(sentIndex(rows, 2)).toBe(1);
    expect(isBlank(row('z', null, { ajuste: ' ' }))).toBe(true);
  });
});

describe('errors and changes of the record form', () => {
  it('puts item errors on their grid row (blank rows are not sent) and leaves the rest apart', () => {
    const rows = [row('blank', null), row('a', 1, { cantidad: '1' }), row('b', 2, { cantidad: 'x' })];
    const { cells, other } = splitItemErrors(
      [
        { field: 'items.1.cantidad', code: 'type' },
        { field: 'items.0.precio_unitario', code: 'PRECIO_NO_ENCONTRADO' },
        { field: 'items.0.articulo', code: 'enum' },
        { field: 'items', code: 'minItems' },
        { field: 'cliente', code: 'enum' },
        { field: 'items.7.cantidad', code: 'type' },
      ],
      rows,
    );
    expect(Object.keys(cells)).toEqual(['2.cantidad', '1.precio_unitario', '1.article']);
    expect(other.map((e) => e.field)).toEqual(['items', 'cliente', 'items.7.cantidad']);
  });

  it('keeps a refused save’s errors while their cell holds what was sent, named where its row is now', () => {
    const sent = [row('a', 1, { cantidad: '5' }), row('b', 2, { cantidad: '9' })];
    const errors = [
      { field: 'items.0.cantidad', code: 'STOCK_INSUFICIENTE' },
      { field: 'items.1.cantidad', code: 'STOCK_INSUFICIENTE' },
      { field: 'items.1.ubicacion', code: 'required' },
      { field: 'items', code: 'minItems' },
    ];
    expect(standingErrors(errors, sent, sent)).toEqual(errors);
    // the first row's quantity corrected, a blank row put first: the second row's errors stay, on its row
    const now = [row('new', null), { ...sent[0], cells: { ...sent[0].cells, cantidad: '4' } }, sent[1]];
    expect(standingErrors(errors, sent, now)).toEqual([
      { field: 'items.1.cantidad', code: 'STOCK_INSUFICIENTE' },
      { field: 'items.1.ubicacion', code: 'required' },
      { field: 'items', code: 'minItems' },
    ]);
    // a detail set, another article, a row removed: gone
    expect(standingErrors(errors.slice(1, 3), sent, [sent[0], { ...sent[1], rest: { ubicacion: 'Depósito' } }])).toEqual([{ field: 'items.1.cantidad', code: 'STOCK_INSUFICIENTE' }]);
    expect(standingErrors(errors.slice(1, 2), sent, [sent[0], { ...sent[1], article: 3 }])).toEqual([]);
    expect(standingErrors(errors.slice(1, 2), sent, [sent[0]])).toEqual([]);
  });

  it('sees a header change only in the fields named, blank equal to missing', () => {
    expect(headerChanged({ notas: '' }, {}, ['notas'])).toBe(false);
    expect(headerChanged({ notas: 'x', estado: 'a' }, { notas: 'x' }, ['notas'])).toBe(false);
    expect(headerChanged({ cliente: 3 }, { cliente: 4 }, ['cliente'])).toBe(true);
  });
});
