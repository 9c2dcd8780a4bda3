import { describe, expect, it } from 'vitest';
import { withDefaults } from './defaults';
import type { JsonSchema } from './types';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    nombre: { type: 'string' },
    activo: { type: 'boolean', default: true },
    etiquetas: { type: 'array', default: [] },
    ubicaciones: { type: 'array', items: { type: 'object', properties: { ubicacion: { type: 'string' }, permite_negativo: { type: 'boolean', default: false } } } },
  },
};

describe('withDefaults', () => {
  it('fills what a new record leaves out, in its child rows too', () => {
    expect(withDefaults(schema, { nombre: 'Clavo', ubicaciones: [{ ubicacion: 'A1' }, { ubicacion: 'B2', permite_negativo: true }] })).toEqual({
      nombre: 'Clavo',
      activo: true,
      etiquetas: [],
      ubicaciones: [
        { ubicacion: 'A1', permite_negativo: false },
        { ubicacion: 'B2', permite_negativo: true },
      ],
    });
  });

  it('keeps what was sent, a null included, and does not share a default between records', () => {
    const sent = { nombre: 'Clavo', activo: null, etiquetas: ['x'] };
    expect(withDefaults(schema, sent)).toBe(sent);
    const a = withDefaults(schema, {});
    (a.etiquetas as string[]).push('changed');
    expect(withDefaults(schema, {}).etiquetas).toEqual([]);
  });
});
