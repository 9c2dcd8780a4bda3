/**
 * An undo / redo history of immutable states (the designer's graph). Recording the same object changes
 * nothing; a new state clears what could be redone. Edits that continue one another — the letters typed into
 * one text, the key presses moving one step — share a `key` and become one step of the history.
 */

export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** Key of the edit that made `present` (null: none, or one that must not be merged). */
  key: string | null;
}

/** Oldest states are forgotten beyond this many. */
export const HISTORY_LIMIT = 200;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], key: null });

export function record<T>(h: History<T>, next: T, key: string | null = null): History<T> {
  if (next === h.present) return h;
  if (key !== null && key === h.key) return { ...h, present: next, future: [] };
  const past = [...h.past, h.present];
  return { past: past.length > HISTORY_LIMIT ? past.slice(past.length - HISTORY_LIMIT) : past, present: next, future: [], key };
}

export const canUndo = (h: History<unknown>) => h.past.length > 0;
export const canRedo = (h: History<unknown>) => h.future.length > 0;

export function undo<T>(h: History<T>): History<T> {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future], key: null };
}

export function redo<T>(h: History<T>): History<T> {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1), key: null };
}

/** Replaces the present without a history step (what the server gave back, e.g. row ids after a save). */
export const replacePresent = <T>(h: History<T>, present: T): History<T> => (present === h.present ? h : { ...h, present });
