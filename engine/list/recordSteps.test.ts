import { describe, expect, it } from 'vitest';
import { listContext, listContextOf, pageQuery, stepsOf, withPage, STEP_MAX_IDS, STEP_WINDOW, type ListContext } from './recordSteps';

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const ctx = (over: Partial<ListContext> = {}): ListContext => ({
  list: 'articulo',
  query: { pattern: 'x', sort: 'nombre', sortOrder: 'asc', filters: { activo: 'true' } },
  offset: 0,
  ids: ids(1, 20),
  total: 45,
  estimated: false,
  ...over,
});

describe('listContext: what the list hands the form', () => {
  it('keeps the query without paging and a window of ids around the row', () => {
    const all = ids(1, 500);
    const c = listContext({ list: 'articulo', query: { pattern: 'x', sort: 'nombre', sortOrder: 'desc', filters: { a: 1 }, cols: ['nombre'], offset: 0, max: 20 }, ids: all, total: 900, estimated: true }, 250);
    expect(c.query).toEqual({ pattern: 'x', sort: 'nombre', sortOrder: 'desc', filters: { a: 1 } });
    expect(c.offset).toBe(250 - STEP_WINDOW);
    expect(c.ids[0]).toBe(all[250 - STEP_WINDOW]);
    expect(c.ids).toHaveLength(2 * STEP_WINDOW + 1);
    expect(stepsOf(c, all[250]).position).toBe(251);
  });
});

describe('stepsOf', () => {
  it('moves inside the loaded ids, disabled at the ends of the list', () => {
    expect(stepsOf(ctx(), 5)).toEqual({ position: 5, prev: { id: 4 }, next: { id: 6 } });
    expect(stepsOf(ctx({ total: 20 }), 1)).toEqual({ position: 1, prev: null, next: { id: 2 } });
    expect(stepsOf(ctx({ total: 20 }), 20)).toEqual({ position: 20, prev: { id: 19 }, next: null });
  });
  it('asks for the page beyond the loaded ids at either end', () => {
    expect(stepsOf(ctx(), 20).next).toEqual({ fetch: 'after' });
    expect(stepsOf(ctx({ offset: 40, ids: ids(41, 5) }), 41).prev).toEqual({ fetch: 'before' });
  });
  it('ids compare as text (a route parameter is a string)', () => {
    expect(stepsOf(ctx(), '3').position).toBe(3);
  });
  it('no moves for a record not in the list, or no list', () => {
    expect(stepsOf(ctx(), 99)).toEqual({ position: null, prev: null, next: null });
    expect(stepsOf(null, 1)).toEqual({ position: null, prev: null, next: null });
  });
});

describe('pageQuery and withPage', () => {
  it('the next page starts after the ids, with the same query', () => {
    expect(pageQuery(ctx(), 'after', 20)).toEqual({ pattern: 'x', sort: 'nombre', sortOrder: 'asc', filters: { activo: 'true' }, offset: 20, max: 20 });
    const next = withPage(ctx(), 'after', { rows: ids(21, 20), total: 45 }, 20);
    expect(stepsOf(next, 20).next).toEqual({ id: 21 });
    expect(stepsOf(next, 40).next).toEqual({ fetch: 'after' });
  });
  it('a short page is the end of the list: the total becomes exact', () => {
    const last = withPage(ctx({ total: 1000, estimated: true }), 'after', { rows: ids(21, 3), total: 1000, estimated: true }, 20);
    expect(last.total).toBe(23);
    expect(stepsOf(last, 23).next).toBeNull();
  });
  it('the previous page ends where the ids start', () => {
    const c = ctx({ offset: 30, ids: ids(31, 10) });
    expect(pageQuery(c, 'before', 20)).toMatchObject({ offset: 10, max: 20 });
    expect(pageQuery(ctx({ offset: 5, ids: ids(6, 10) }), 'before', 20)).toMatchObject({ offset: 0, max: 5 });
    const before = withPage(c, 'before', { rows: ids(11, 20), total: 45 }, 20);
    expect(before.offset).toBe(10);
    expect(stepsOf(before, 31)).toMatchObject({ position: 31, prev: { id: 30 } });
  });
  it('keeps at most STEP_MAX_IDS ids, dropping the far end', () => {
    let c = ctx({ ids: ids(1, STEP_MAX_IDS), total: 10_000 });
    c = withPage(c, 'after', { rows: ids(STEP_MAX_IDS + 1, 50), total: 10_000 }, 50);
    expect(c.ids).toHaveLength(STEP_MAX_IDS);
    expect(c.offset).toBe(50);
    expect(stepsOf(c, STEP_MAX_IDS + 1).position).toBe(STEP_MAX_IDS + 1);
  });
});

describe('listContextOf (navigation state)', () => {
  it('reads a context and refuses anything else', () => {
    expect(listContextOf({ list: ctx() })).toEqual(ctx());
    expect(listContextOf({ list: { list: 'a' } })).toBeNull();
    expect(listContextOf(null)).toBeNull();
    expect(listContextOf({ returnTo: '/x' })).toBeNull();
  });
});
