import { describe, expect, it } from 'vitest';
import { moveRow, nextOrder, sortByOrder } from './reorder';

describe('reordering rows kept in order by a number', () => {
  it('sorts by the number, empty ones last in the order given', () => {
    const rows = [{ id: 'c', order: null }, { id: 'a', order: 5 }, { id: 'd', order: undefined }, { id: 'b', order: 7 }];
    expect(sortByOrder(rows).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moving a row numbers the list again in steps of ten and answers only what changes', () => {
    const rows = [{ id: 1, order: 10 }, { id: 2, order: 20 }, { id: 3, order: 30 }];
    expect(moveRow(rows, 3, -1)).toEqual([{ id: 3, order: 20 }, { id: 2, order: 30 }]);
    expect(moveRow(rows, 1, 1)).toEqual([{ id: 2, order: 10 }, { id: 1, order: 20 }]);
  });

  it('gives numbers to rows that had none, and tidies uneven ones', () => {
    expect(moveRow([{ id: 1, order: null }, { id: 2, order: null }, { id: 3, order: 3 }], 2, -1)).toEqual([
      { id: 3, order: 10 },
      { id: 2, order: 20 },
      { id: 1, order: 30 },
    ]);
  });

  it('does nothing past either end or for an unknown row', () => {
    const rows = [{ id: 1, order: 10 }, { id: 2, order: 20 }];
    expect(moveRow(rows, 1, -1)).toEqual([]);
    expect(moveRow(rows, 2, 1)).toEqual([]);
    expect(moveRow(rows, 9, 1)).toEqual([]);
  });

  it('a row added goes after the last one', () => {
    expect(nextOrder([])).toBe(10);
    expect(nextOrder([{ id: 1, order: 35 }, { id: 2, order: null }])).toBe(45);
  });
});
