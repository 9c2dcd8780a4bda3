import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, HISTORY_LIMIT, record, redo, replacePresent, startHistory, undo } from './history';

describe('undo / redo history', () => {
  it('undoes and redoes, and a new state forgets what could be redone', () => {
    let h = startHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
    h = record(h, 'x');
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
    expect(undo(h).present).toBe('b');
  });

  it('recording the present changes nothing', () => {
    const h = record(startHistory('a'), 'b');
    expect(record(h, 'b')).toBe(h);
  });

  it('edits with one key are one step; another key, or an undo, starts a new one', () => {
    let h = startHistory('');
    for (const text of ['S', 'Sí', 'Sí!']) h = record(h, text, 'node:n1:texto');
    expect(h.present).toBe('Sí!');
    expect(h.past).toEqual(['']);
    h = record(h, 'Sí! 2', 'node:n2:texto');
    expect(h.past).toEqual(['', 'Sí!']);
    h = undo(h);
    h = record(h, 'again', 'node:n1:texto');
    expect(h.past).toEqual(['', 'Sí!']);
    expect(record(h, 'more', null).past).toHaveLength(3);
  });

  it('keeps at most HISTORY_LIMIT states to undo', () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i++) h = record(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(10);
  });

  it('replacing the present adds no step', () => {
    const h = record(startHistory({ v: 1 }), { v: 2 });
    const replaced = replacePresent(h, { v: 3 });
    expect(replaced.past).toBe(h.past);
    expect(undo(replaced).present).toEqual({ v: 1 });
  });
});
