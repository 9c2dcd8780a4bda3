import { describe, expect, it } from 'vitest';
import { pageTreeOptions, treeOptions } from './categoryTree';

const tree = [
  { id: 1, nombre: 'Ferretería', children: [{ id: 3, nombre: 'Tornillos', children: [{ id: 4, nombre: 'Autoperforantes' }] }] },
  { id: 2, nombre: 'Pinturería' },
];

describe('category tree options', () => {
  it('lists parents before children with their path', () => {
    expect(treeOptions(tree).map((o) => o.name)).toEqual([
      'Ferretería', 'Ferretería › Tornillos', 'Ferretería › Tornillos › Autoperforantes', 'Pinturería',
    ]);
  });
  it('searches the path, finds by id, and pages', () => {
    const options = treeOptions(tree);
    expect(pageTreeOptions(options, { pattern: 'TORN' }).rows.map((o) => o.id)).toEqual([3, 4]);
    expect(pageTreeOptions(options, { pattern: 'ferre', offset: 1, max: 1 })).toEqual({
      total: 3, rows: [{ id: 3, name: 'Ferretería › Tornillos', nombre: 'Ferretería › Tornillos' }],
    });
    expect(pageTreeOptions(options, { filters: { id: '4' } }).rows[0].name).toBe('Ferretería › Tornillos › Autoperforantes');
  });
});
