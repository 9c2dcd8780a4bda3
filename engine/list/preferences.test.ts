import { describe, expect, it } from 'vitest';
import {
  ACTIONS_COLUMN, choosableColumns, columnPreferenceJson, columnPreferenceKey, defaultColumnNames, initialColumnNames,
  sameColumns, visibleColumnNames,
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

  it('visible names follow the manifest order, drop unknown names and the actions column', () => {
    expect(visibleColumnNames(columns, ['notas', ACTIONS_COLUMN, 'gone', 'nombre', 'nombre'])).toEqual(['nombre', 'notas']);
  });

  it('starts with the saved choice, else the columns not marked hidden', () => {
    expect(defaultColumnNames(columns)).toEqual(['nombre', 'tipo', 'notas']);
    expect(initialColumnNames(columns, null)).toEqual(['nombre', 'tipo', 'notas']);
    expect(initialColumnNames(columns, ['grupo', 'nombre'])).toEqual(['nombre', 'grupo']);
    expect(initialColumnNames(columns, ['gone'])).toEqual(['nombre', 'tipo', 'notas']);
  });

  it('compares choices as sets, ignoring the actions column', () => {
    expect(sameColumns(['a', 'b'], ['b', 'a'])).toBe(true);
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
});
