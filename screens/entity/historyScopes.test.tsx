import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../engine/api/entityApi';
import { historyScopes } from './historyScopes';

const entry = (id: number, fields: Record<string, [unknown, unknown]>): AuditEntry => ({ id, at: '2026-11-27T10:00:00Z', username: 'admin', action: 'update', changes: { fields } });

describe('historyScopes', () => {
  it("gives each entry the scope field's value before and after it, from its own change or the older entries", () => {
    // newest first: created in "a", valor changed, moved to group "b", valor changed again
    const entries = [
      entry(4, { valor: ['y', 'z'] }),
      entry(3, { grupo: ['a', 'b'], valor: ['x', 'y'] }),
      entry(2, { valor: ['w', 'x'] }),
      entry(1, { grupo: [null, 'a'], valor: [null, 'w'] }),
    ];
    expect(historyScopes(entries, ['grupo'])).toEqual([{ grupo: ['b', 'b'] }, { grupo: ['a', 'b'] }, { grupo: ['a', 'a'] }, { grupo: [null, 'a'] }]);
  });

  it('leaves the scope unknown when the entries that set it are not loaded, and does nothing without scope fields', () => {
    const entries = [entry(9, { valor: ['x', 'y'] })];
    expect(historyScopes(entries, ['grupo'])).toEqual([{ grupo: [undefined, undefined] }]);
    expect(historyScopes(entries, [])).toEqual([{}]);
  });
});
