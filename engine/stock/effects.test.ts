import { describe, expect, it } from 'vitest';
import Big from 'big.js';
import { balanceError, deltas, demands, desiredEffects, expand, type Components, type Effect, type RecordState } from './effects';

const none: Components = () => [];
const state = (over: Partial<RecordState>): RecordState => ({ actividad: 1, anulado: false, items: [{ id: 10, articulo: 5, ubicacion: 'D', cantidad: 3 }], impacto: 'ninguno', compromiso: false, ...over });
const effect = (over: Partial<Effect>): Effect => ({ item: 10, articulo: 5, ubicacion: 'D', clase: 'impacto', actividad: 1, cantidad: 3, ...over });

describe('desired effects of a record', () => {
  it('an incoming step adds, an outgoing one removes, a committing one reserves; a plain one does nothing', () => {
    expect(desiredEffects(state({ impacto: 'ingreso' }), [], none)).toEqual([effect({})]);
    expect(desiredEffects(state({ impacto: 'egreso' }), [], none)).toEqual([effect({ cantidad: -3 })]);
    expect(desiredEffects(state({ compromiso: true }), [], none)).toEqual([effect({ clase: 'compromiso' })]);
    expect(desiredEffects(state({}), [], none)).toEqual([]);
  });

  it('keeps the impacts of earlier steps, drops their reservations; a cancelled or deleted record keeps nothing', () => {
    const before = [effect({ actividad: 7, cantidad: -3 }), effect({ actividad: 8, clase: 'compromiso' })];
    expect(desiredEffects(state({}), before, none)).toEqual([before[0]]);
    expect(desiredEffects(state({ anulado: true, impacto: 'egreso' }), before, none)).toEqual([]);
    expect(desiredEffects(state({ actividad: null }), before, none)).toEqual([]);
  });

  it('moves a compound article as its components, recursively, quantities multiplied', () => {
    const tree: Components = (a) => (a === 5 ? [{ articulo: 6, cantidad: 2 }, { articulo: 7, cantidad: 0.5 }] : a === 6 ? [{ articulo: 8, cantidad: 3 }] : []);
    expect(expand(5, new Big(2), tree).map((p) => [p.articulo, Number(p.cantidad)])).toEqual([[8, 12], [7, 1]]);
    expect(desiredEffects(state({ impacto: 'egreso' }), [], tree).map((e) => [e.articulo, e.cantidad])).toEqual([[8, -18], [7, -1.5]]);
  });

  it('never expands a wallet line; its effects carry the entry', () => {
    const tree: Components = () => [{ articulo: 6, cantidad: 2 }];
    const items = [{ id: 10, articulo: 5, ubicacion: 'Caja', cantidad: 1, cheque: 44 }];
    expect(desiredEffects(state({ impacto: 'ingreso', items }), [], tree)).toEqual([effect({ ubicacion: 'Caja', cantidad: 1, cheque: 44 })]);
  });
});

describe('deltas', () => {
  it('are the rows that take the ledger from what it holds to what is wanted', () => {
    const current = [effect({ clase: 'compromiso', actividad: 2 }), effect({ cantidad: -1 }), effect({ cantidad: -2 })];
    const desired = [effect({ cantidad: -3 }), effect({ item: 11, cantidad: -1 })];
    expect(deltas(current, desired)).toEqual([effect({ clase: 'compromiso', actividad: 2, cantidad: -3 }), effect({ item: 11, cantidad: -1 })]);
    expect(deltas(desired, desired)).toEqual([]);
  });

  it('are exact with decimals', () => {
    expect(deltas([effect({ cantidad: 0.1 }), effect({ cantidad: 0.2 })], [effect({ cantidad: 0.3 })])).toEqual([]);
  });
});

describe('the balance rule', () => {
  const b = (en_mano: number, comprometido = 0) => ({ en_mano, comprometido });
  it('asking for more than is available is STOCK_INSUFICIENTE', () => {
    expect(balanceError(b(10), b(-1), true, false)).toBe('STOCK_INSUFICIENTE');
    expect(balanceError(b(10, 8), b(10, 11), true, false)).toBe('STOCK_INSUFICIENTE');
    expect(balanceError(b(10), b(0), true, false)).toBeNull();
  });
  it('on hand going below zero otherwise is STOCK_NEGATIVO; a place that allows it takes anything', () => {
    expect(balanceError(b(3), b(-2), false, false)).toBe('STOCK_NEGATIVO');
    expect(balanceError(b(3, 2), b(1, 2), false, false)).toBe('STOCK_INSUFICIENTE');
    expect(balanceError(b(3), b(-2), true, true)).toBeNull();
  });
  it('a write that leaves things no worse passes, even below zero', () => {
    expect(balanceError(b(-5), b(-3), false, false)).toBeNull();
    expect(balanceError(b(2, 4), b(2, 3), false, false)).toBeNull();
  });
  it('a reservation growing or goods leaving the current outgoing step ask for stock; reversals do not', () => {
    const s = { actividad: 1, impacto: 'egreso' as const };
    expect(demands({ clase: 'compromiso', cantidad: 2, actividad: 9 }, s)).toBe(true);
    expect(demands({ clase: 'compromiso', cantidad: -2, actividad: 1 }, s)).toBe(false);
    expect(demands({ clase: 'impacto', cantidad: -2, actividad: 1 }, s)).toBe(true);
    expect(demands({ clase: 'impacto', cantidad: -2, actividad: 7 }, s)).toBe(false);
  });
});
