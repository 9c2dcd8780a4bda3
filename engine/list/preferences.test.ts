import { describe, expect, it } from 'vitest';
import {
  ACTIONS_COLUMN, choosableColumns, columnPreferenceJson, columnPreferenceKey, columnWidths, defaultColumnNames, initialColumnNames,
  MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, parseColumnChoice, sameColumns, sameWidths, visibleColumnNames,
} from './preferences';

const columns = [
  { name: 'nombre', hidden: false },
  { name: 'tipo', hidden: false },
  { name: 'grupo', hidden: true },
  { name: 'notas', hidden: false },
];

describe('column preference (spec §3)', () => {
  it('key is cols- + list url, + -tipo when the main filter has one', () => {
    expect(columnPreferenceKey('categoria')).toBe('cols-categoria');
    expect(columnPreferenceKey('categoria', 'perfil_tipo')).toBe('cols-categoria-perfil_tipo');
    expect(columnPreferenceKey('categoria', '')).toBe('cols-categoria');
  });

  it('visible names keep the chosen order, drop unknown names, duplicates and the actions column', () => {
    expect(visibleColumnNames(columns, ['notas', ACTIONS_COLUMN, 'gone', 'nombre', 'nombre'])).toEqual(['notas', 'nombre']);
  });

  it('starts with the saved choice, else the columns not marked hidden', () => {
    expect(defaultColumnNames(columns)).toEqual(['nombre', 'tipo', 'notas']);
    expect(initialColumnNames(columns, null)).toEqual(['nombre', 'tipo', 'notas']);
    expect(initialColumnNames(columns, ['grupo', 'nombre'])).toEqual(['grupo', 'nombre']);
    expect(initialColumnNames(columns, ['gone'])).toEqual(['nombre', 'tipo', 'notas']);
  });

  it('compares choices with their order, ignoring the actions column', () => {
    expect(sameColumns(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameColumns(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameColumns(['a', 'b', ACTIONS_COLUMN], ['a', 'b'])).toBe(true);
    expect(sameColumns(['a'], ['a', 'b'])).toBe(false);
    expect(sameColumns(['a', 'c'], ['a', 'b'])).toBe(false);
  });

  it('offers the showable columns, or all when the server lists none', () => {
    expect(choosableColumns(columns, ['tipo', 'nombre']).map((c) => c.name)).toEqual(['nombre', 'tipo']);
    expect(choosableColumns(columns, []).map((c) => c.name)).toEqual(['nombre', 'tipo', 'grupo', 'notas']);
  });

  it('jsondata is the JSON list of visible names without actions', () => {
    expect(columnPreferenceJson(['nombre', ACTIONS_COLUMN, 'tipo'])).toBe('["nombre","tipo"]');
  });

  it('jsondata carries the dragged widths beside the names once there are any; both forms read back', () => {
    const json = columnPreferenceJson(['nombre', 'tipo'], { nombre: 220 });
    expect(JSON.parse(json)).toEqual({ columns: ['nombre', 'tipo'], widths: { nombre: 220 } });
    expect(parseColumnChoice(JSON.parse(json))).toEqual({ columns: ['nombre', 'tipo'], widths: { nombre: 220 } });
    expect(parseColumnChoice(['nombre'])).toEqual({ columns: ['nombre'], widths: {} });
    expect(parseColumnChoice({ a: 1 })).toBeNull();
  });

  it('widths keep real columns only, in whole pixels within the bounds', () => {
    expect(columnWidths(columns, { nombre: 220.4, tipo: 5, notas: 99999, gone: 100, [ACTIONS_COLUMN]: 90, grupo: 'x' })).toEqual({
      nombre: 220,
      tipo: MIN_COLUMN_WIDTH,
      notas: MAX_COLUMN_WIDTH,
    });
    expect(columnWidths(columns, null)).toEqual({});
    expect(sameWidths({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameWidths({ a: 1 }, { a: 2 })).toBe(false);
  });
});
