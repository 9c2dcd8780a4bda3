/**
 * The range of an integer column (PostgreSQL `integer`): row ids and whole-number fields. A value outside it
 * would fail in SQL, so the server refuses it with a 400 first; the browser asks the same.
 */
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;

/** A row id: a whole number from 1 that fits an integer column. */
export const isRowId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= INT_MAX;
