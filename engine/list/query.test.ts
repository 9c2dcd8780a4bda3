import { describe, expect, it } from 'vitest';
import { checkListQuery, MAX_PAGE_SIZE } from './query';
import { resolveEntity } from '../metadata/resolve';
import schema from '../../schemas/categoria/schema.json';
import columns from '../../schemas/categoria/columns.json';
import type { ColumnsManifest, JsonSchema } from '../metadata/types';

const categoria = resolveEntity({ name: 'categoria', schema: schema as JsonSchema, columns: columns as ColumnsManifest });

describe('list query against the manifest', () => {
  it('defaults to nombre ascending, offset 0, 20 rows', () => {
    expect(checkListQuery({}, categoria).query).toEqual({ pattern: '', offset: 0, max: 20, sort: 'nombre', sortOrder: 'asc', filters: {} });
  });
  it('refuses unknown sort and filter fields and out-of-range paging', () => {
    const r = checkListQuery({ sort: 'password_hash', filters: { 'nombre; drop table': 'x' }, max: MAX_PAGE_SIZE + 1, offset: -1 }, categoria);
    expect(r.errors.map((e) => e.code).sort()).toEqual(['between', 'minValue', 'unknownFilter', 'unknownSort']);
  });
  it('a text filter under 2 characters does not filter; tipo and parentid are always allowed', () => {
    expect(checkListQuery({ filters: { nombre: 'a', tipo: 'perfil_tipo', parentid: 3 } }, categoria).query?.filters).toEqual({
      tipo: 'perfil_tipo', parentid: 3,
    });
  });
  it('a number filter of one digit filters', () => {
    expect(checkListQuery({ filters: { orden: '7' } }, categoria).query?.filters).toEqual({ orden: '7' });
  });
  it('notas is not sortable (manifest), valor is', () => {
    expect(checkListQuery({ sort: 'notas' }, categoria).errors[0]?.code).toBe('unknownSort');
    expect(checkListQuery({ sort: 'valor', sortOrder: 'desc' }, categoria).query?.sortOrder).toBe('desc');
  });
});

describe('resolved categoria', () => {
  it('fills the defaults', () => {
    expect(categoria.rowKey).toBe('id');
    expect(categoria.list).toBe('categoria');
    expect(categoria.schema.additionalProperties).toBe(false);
    expect(categoria.columns.find((c) => c.name === 'nombre')).toMatchObject({
      label: 'entities.categoria.fields.nombre', field: 'nombre', filter: 'nombre', sortable: true, editable: false,
    });
    expect(categoria.search).toContain('nombre');
  });
});
