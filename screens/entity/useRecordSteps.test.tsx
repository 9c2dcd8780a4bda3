import { describe, expect, it } from 'vitest';
import { stepKey } from './useRecordSteps';
import { listViewOf } from './formNavigation';

const key = (over: Partial<Parameters<typeof stepKey>[0]>) => stepKey({ altKey: true, ctrlKey: false, metaKey: false, shiftKey: false, key: 'ArrowRight', target: document.body, ...over });

describe('stepKey (Alt+Arrow moves to the previous / next record)', () => {
  it('Alt+ArrowLeft / Alt+ArrowRight outside text fields', () => {
    expect(key({ key: 'ArrowLeft' })).toBe('prev');
    expect(key({})).toBe('next');
    expect(key({ altKey: false })).toBeNull();
    expect(key({ ctrlKey: true })).toBeNull();
    expect(key({ key: 'ArrowUp' })).toBeNull();
  });
  it('not while typing (Option+Arrow moves by word in a text field)', () => {
    const input = document.createElement('input');
    document.body.append(input);
    expect(key({ target: input })).toBeNull();
    input.remove();
  });
});

describe('listViewOf (a list opened again as the user left it)', () => {
  it('reads a view from the navigation state, refusing anything else', () => {
    expect(listViewOf({ listView: { pattern: 'ab', filters: { grupo: 'G3', bad: 3 }, sort: 'nombre', sortOrder: 'desc' } })).toEqual({ pattern: 'ab', filters: { grupo: 'G3' }, sort: 'nombre', sortOrder: 'desc' });
    // with how far it was scrolled, when it was
    expect(listViewOf({ listView: { pattern: '', filters: {}, sort: 'id', sortOrder: 'asc', top: 420 } })).toEqual({ pattern: '', filters: {}, sort: 'id', sortOrder: 'asc', top: 420 });
    expect(listViewOf({ listView: { pattern: '', filters: {}, sort: 'id', sortOrder: 'asc', top: 'far' } })).toEqual({ pattern: '', filters: {}, sort: 'id', sortOrder: 'asc' });
    expect(listViewOf({ listView: { sort: 'nombre', sortOrder: 'sideways' } })).toBeUndefined();
    expect(listViewOf(null)).toBeUndefined();
  });
});
