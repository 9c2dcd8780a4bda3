/**
 * Sizes of the data table (spec §9): row and header heights, the table's height on the screen, how many rows
 * a request asks for, and when scrolling should append the next page. Pure numbers; the view measures the
 * screen and the machine asks for pages with these.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './query';

export const ROW_HEIGHT = 30;
export const ROW_HEIGHT_MOBILE = 48;
/** Sticky header height without / with the filter row. */
export const HEADER_HEIGHT = 38;
export const HEADER_HEIGHT_WITH_FILTERS = 63;
export const HEADER_HEIGHT_MOBILE = 48;
export const HEADER_HEIGHT_MOBILE_WITH_FILTERS = 83;
export const ACTIONS_COLUMN_WIDTH = 80;
/** The app bar above every page (widgets/AppShell.tsx): the page header of the table height's formula. */
export const APP_HEADER_HEIGHT = 56;
/** Space the page keeps around the table (toolbar, paddings): table height = screen − header − footer − this. */
export const TABLE_CHROME_HEIGHT = 145;
/** The toolbar above the table on one line (search, buttons, count); a wrapped one takes its extra from the table. */
export const TOOLBAR_HEIGHT = 52;
/** The table never shrinks below this, however small the screen (an unreadable table helps no one). */
export const MIN_TABLE_HEIGHT = 200;
/** Search box and filter inputs wait this long after the last keystroke (spec §9). */
export const SEARCH_DEBOUNCE_MS = 300;

export function rowHeight(mobile: boolean): number {
  return mobile ? ROW_HEIGHT_MOBILE : ROW_HEIGHT;
}

export function headerHeight(mobile: boolean, filterRow: boolean): number {
  if (mobile) return filterRow ? HEADER_HEIGHT_MOBILE_WITH_FILTERS : HEADER_HEIGHT_MOBILE;
  return filterRow ? HEADER_HEIGHT_WITH_FILTERS : HEADER_HEIGHT;
}

/** Screen height minus the page's header, footer and 145 px, never below MIN_TABLE_HEIGHT. */
export function tableHeight(screenHeight: number, headerHeight: number, footerHeight: number): number {
  return Math.max(MIN_TABLE_HEIGHT, Math.floor(screenHeight - headerHeight - footerHeight - TABLE_CHROME_HEIGHT));
}

/** Rows that are at least partly visible in a body of that height. */
export function visibleRows(bodyHeight: number, rowHeight: number): number {
  if (!(bodyHeight > 0) || !(rowHeight > 0)) return 0;
  return Math.ceil(bodyHeight / rowHeight);
}

const clampPage = (n: number) => Math.min(MAX_PAGE_SIZE, Math.max(DEFAULT_PAGE_SIZE, n));

/**
 * Rows of the first request: about twice the visible rows, rounded to the nearest multiple of 5.
 * Never below DEFAULT_PAGE_SIZE (the spec's "20 rows per page by default", also used when the screen size is
 * unknown) and never above MAX_PAGE_SIZE.
 */
export function firstPageSize(visible: number): number {
  if (!(visible > 0)) return DEFAULT_PAGE_SIZE;
  return clampPage(Math.round((2 * visible) / 5) * 5);
}

/**
 * Rows of each following request: at least 10 × the visible rows, rounded up to tens; never below
 * DEFAULT_PAGE_SIZE nor above MAX_PAGE_SIZE.
 */
export function fetchSize(visible: number): number {
  if (!(visible > 0)) return DEFAULT_PAGE_SIZE;
  return clampPage(Math.ceil((10 * visible) / 10) * 10);
}

/**
 * True when the last rendered row is within `threshold` rows of the end of the loaded rows and the server
 * has more. Whether a request is already running is the machine's concern.
 */
export function shouldLoadMore(lastVisibleIndex: number, loadedCount: number, total: number, threshold: number): boolean {
  if (loadedCount >= total || lastVisibleIndex < 0) return false;
  return lastVisibleIndex >= loadedCount - 1 - Math.max(0, threshold);
}
