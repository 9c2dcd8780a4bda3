import { describe, expect, it } from 'vitest';
import {
  ACTIONS_COLUMN_WIDTH, MIN_TABLE_HEIGHT, SEARCH_DEBOUNCE_MS, fetchSize, firstPageSize, headerHeight, rowHeight,
  shouldLoadMore, tableHeight, visibleRows,
} from './sizes';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './query';

describe('table sizes (spec §9)', () => {
  it('row and header heights, desktop and mobile', () => {
    expect([rowHeight(false), rowHeight(true)]).toEqual([30, 48]);
    expect([headerHeight(false, false), headerHeight(false, true), headerHeight(true, false), headerHeight(true, true)]).toEqual([38, 63, 48, 83]);
    expect(ACTIONS_COLUMN_WIDTH).toBe(80);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });

  it('table height is screen − header − footer − 145, with a floor', () => {
    expect(tableHeight(900, 60, 40)).toBe(655);
    expect(tableHeight(300, 60, 40)).toBe(MIN_TABLE_HEIGHT);
  });

  it('visible rows count the partly visible one', () => {
    expect(visibleRows(600, 30)).toBe(20);
    expect(visibleRows(610, 30)).toBe(21);
    expect(visibleRows(0, 30)).toBe(0);
    expect(visibleRows(600, 0)).toBe(0);
  });

  it('first page: about twice the visible rows, a multiple of 5, never below the default page size', () => {
    expect(firstPageSize(21)).toBe(40);
    expect(firstPageSize(23)).toBe(45);
    expect(firstPageSize(30)).toBe(60);
    expect(firstPageSize(5)).toBe(DEFAULT_PAGE_SIZE);
    expect(firstPageSize(0)).toBe(DEFAULT_PAGE_SIZE);
    expect(firstPageSize(10_000)).toBe(MAX_PAGE_SIZE);
    for (const v of [11, 17, 22, 29, 41]) expect(firstPageSize(v) % 5).toBe(0);
  });

  it('fetch size: at least ten times the visible rows, rounded up to tens', () => {
    expect(fetchSize(21)).toBe(210);
    expect(fetchSize(20.5)).toBe(210);
    expect(fetchSize(1)).toBe(DEFAULT_PAGE_SIZE);
    expect(fetchSize(0)).toBe(DEFAULT_PAGE_SIZE);
    expect(fetchSize(500)).toBe(MAX_PAGE_SIZE);
    for (const v of [7, 13, 33]) {
      expect(fetchSize(v) % 10).toBe(0);
      expect(fetchSize(v)).toBeGreaterThanOrEqual(10 * v);
    }
  });

  it('loads more near the end of the loaded rows only when more exist', () => {
    expect(shouldLoadMore(95, 100, 500, 5)).toBe(true);
    expect(shouldLoadMore(93, 100, 500, 5)).toBe(false);
    expect(shouldLoadMore(99, 100, 100, 5)).toBe(false);
    expect(shouldLoadMore(-1, 0, 10, 5)).toBe(false);
    expect(shouldLoadMore(99, 100, 500, 0)).toBe(true);
  });
});
