import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../engine/api/entityApi';
import { childRowsOf, withActionChanges } from './historyChanges';

const at = '2026-11-28T14:00:00.000Z';
const entry = (id: number, action: string, changes: AuditEntry['changes'], more: Partial<AuditEntry> = {}): AuditEntry => ({ id, at, username: 'carla', action, changes, ...more });

describe("a record's history", () => {
  it('tells a move and the change its transaction made as one entry, the move with what changed', () => {
    const shown = withActionChanges([
      entry(3, 'move', { body: { respuesta: 'si', version: 2 } }),
      entry(2, 'patch', { fields: { actividad: [1, 2] } }),
      entry(1, 'insert', { fields: { numero: [null, 'PED-1'] } }, { at: '2026-11-28T13:00:00.000Z' }),
    ]);
    expect(shown.map((e) => e.action)).toEqual(['move', 'insert']);
    expect(shown[0]).toMatchObject({ id: 3, changes: { fields: { actividad: [1, 2] }, body: { respuesta: 'si', version: 2 } } });
  });

  it('keeps apart what another transaction or another user did, and two plain writes', () => {
    const shown = withActionChanges([
      entry(4, 'move', { body: {} }),
      entry(3, 'patch', { fields: { notas: ['a', 'b'] } }, { at: '2026-11-28T14:00:01.000Z' }),
      entry(2, 'patch', { fields: { notas: ['b', 'c'] } }, { username: 'jorge' }),
      entry(1, 'update', { fields: { notas: ['c', 'd'] } }, { username: 'jorge' }),
    ]);
    expect(shown.map((e) => e.id)).toEqual([4, 3, 2, 1]);
  });

  it('knows each item as it was added or removed, to say which one a later change touched', () => {
    const rows = childRowsOf([
      entry(3, 'update', { children: { items: { changed: [{ id: 7, fields: { cantidad: [10, 12] } }], removed: [{ id: 8, articulo: 5, cantidad: 1 }] } } }),
      entry(1, 'insert', { children: { items: { added: [{ id: 7, articulo: 4, cantidad: 10 }, { id: 8, articulo: 5, cantidad: 1 }] } } }),
    ]);
    expect(rows.get('items:7')).toMatchObject({ articulo: 4 });
    expect(rows.get('items:8')).toMatchObject({ articulo: 5 });
    expect(rows.has('items:9')).toBe(false);
  });
});
