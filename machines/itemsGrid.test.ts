import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { draftOf } from '../engine/records/draft';
import { isDirty, itemsGridMachine, keyMove } from './itemsGrid';

const stored = [
  { id: 1, articulo: 10, cantidad: 2, precio_unitario: 5 },
  { id: 2, articulo: 11, cantidad: 1 },
];

function start(rows = draftOf(stored, ',')) {
  const actor = createActor(itemsGridMachine, { input: { rows } }).start();
  return { actor, ctx: () => actor.getSnapshot().context };
}

describe('the items grid', () => {
  it('adds a row with the keyboard: Enter on the last row, focus on its article; not after a blank row', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'FOCUS', index: 1, cell: 'cantidad' });
    actor.send({ type: 'KEY', key: 'Enter' });
    expect(ctx().rows).toHaveLength(3);
    expect(ctx().active).toEqual({ row: 2, cell: 'article' });
    const seq = ctx().focusSeq;
    actor.send({ type: 'KEY', key: 'Enter' });
    expect(ctx().rows).toHaveLength(3);
    expect(ctx().focusSeq).toBe(seq);
  });

  it('Enter and the arrows move down and up the same cell; arrows stay out of the article picker', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'FOCUS', index: 0, cell: 'precio_unitario' });
    actor.send({ type: 'KEY', key: 'Enter' });
    expect(ctx().active).toEqual({ row: 1, cell: 'precio_unitario' });
    actor.send({ type: 'KEY', key: 'ArrowUp' });
    expect(ctx().active).toEqual({ row: 0, cell: 'precio_unitario' });
    actor.send({ type: 'KEY', key: 'ArrowUp' });
    expect(ctx().active).toEqual({ row: 0, cell: 'precio_unitario' });
    expect(keyMove(ctx().rows, { row: 0, cell: 'article' }, 'ArrowDown')).toEqual({});
  });

  it('picking an article moves on to its quantity; typing changes only that cell', () => {
    const { actor, ctx } = start([]);
    actor.send({ type: 'ADD_ROW' });
    actor.send({ type: 'PICK_ARTICLE', index: 0, article: 12 });
    expect(ctx().active).toEqual({ row: 0, cell: 'cantidad' });
    actor.send({ type: 'TYPE', index: 0, cell: 'cantidad', text: '3,5' });
    expect(ctx().rows[0]).toMatchObject({ article: 12, cells: { cantidad: '3,5', ajuste: '' } });
  });

  it('Ctrl+Delete removes the active row; the last one left becomes a blank row', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'FOCUS', index: 1, cell: 'cantidad' });
    actor.send({ type: 'KEY', key: 'Delete' });
    expect(ctx().rows.map((r) => r.id)).toEqual([1]);
    expect(ctx().active).toEqual({ row: 0, cell: 'cantidad' });
    actor.send({ type: 'REMOVE_ROW', index: 0 });
    expect(ctx().rows).toHaveLength(1);
    expect(ctx().rows[0].article).toBeNull();
  });

  it('is dirty after a change, not after a blank row, clean again once loaded', () => {
    const { actor, ctx } = start();
    expect(isDirty(ctx())).toBe(false);
    actor.send({ type: 'ADD_ROW' });
    expect(isDirty(ctx())).toBe(false);
    actor.send({ type: 'TYPE', index: 0, cell: 'cantidad', text: '3' });
    expect(isDirty(ctx())).toBe(true);
    actor.send({ type: 'LOAD', rows: ctx().rows });
    expect(isDirty(ctx())).toBe(false);
  });

  it('a language switch re-writes the cells in its decimal point, each keeping its number, and leaves the grid as dirty as it was', () => {
    const { actor, ctx } = start();
    expect(ctx().point).toBe(',');
    actor.send({ type: 'TYPE', index: 0, cell: 'precio_unitario', text: '5' });
    actor.send({ type: 'TYPE', index: 1, cell: 'cantidad', text: '1.000' });
    actor.send({ type: 'TYPE', index: 1, cell: 'ajuste', text: '2,5' });
    actor.send({ type: 'REPOINT', point: '.' });
    expect(ctx().point).toBe('.');
    expect(ctx().rows[1].cells).toMatchObject({ cantidad: '1000', ajuste: '2.5' });
    expect(isDirty(ctx())).toBe(true);
    actor.send({ type: 'TYPE', index: 1, cell: 'cantidad', text: '1' });
    actor.send({ type: 'TYPE', index: 1, cell: 'ajuste', text: '' });
    // back to what was loaded, in English: clean, though its texts are not the ones loaded
    expect(isDirty(ctx())).toBe(false);
    actor.send({ type: 'REPOINT', point: ',' });
    expect(isDirty(ctx())).toBe(false);
    actor.send({ type: 'LOAD', rows: draftOf([{ id: 3, articulo: 1, cantidad: 2.5 }], '.'), point: '.' });
    expect([ctx().point, ctx().rows[0].cells.cantidad, isDirty(ctx())]).toEqual(['.', '2.5', false]);
  });

  it('a detail of an item (its location, a cheque’s bank) is kept with the row, sent on save and makes it dirty; clearing removes it', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'SET_DETAIL', index: 0, field: 'ubicacion', value: 'Depósito' });
    expect(ctx().rows[0].rest).toEqual({ ubicacion: 'Depósito' });
    expect(ctx().rows[1].rest).toEqual({});
    expect(isDirty(ctx())).toBe(true);
    actor.send({ type: 'SET_DETAIL', index: 0, field: 'ubicacion', value: '' });
    expect(ctx().rows[0].rest).toEqual({});
    expect(isDirty(ctx())).toBe(false);
  });

  it('a draft restored shows its rows as typed, stays dirty against the rows loaded, and adds rows with keys of their own', () => {
    const { actor, ctx } = start();
    const typed = draftOf([...stored, { articulo: 12, cantidad: 1.5 }], '.').map((r, i) => (i === 2 ? { ...r, key: 'n4' } : r));
    actor.send({ type: 'RESTORE', rows: typed, point: '.' });
    expect(ctx().rows).toEqual(typed);
    expect(ctx().point).toBe('.');
    expect(isDirty(ctx())).toBe(true);
    actor.send({ type: 'ADD_ROW' });
    expect(ctx().rows[3].key).toBe('n5');
  });
});
