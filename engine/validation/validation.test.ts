import { describe, expect, it } from 'vitest';
import { validateRecord } from './fieldErrors';
import { messageFor } from './messages';
import type { JsonSchema } from '../metadata/types';

const schema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['nombre'],
  properties: {
    nombre: { type: 'string', minLength: 3, maxLength: 10 },
    orden: { type: 'integer', minimum: 0, maximum: 99 },
    tope: { type: 'number', maximum: 5 },
    piso: { type: 'number', minimum: 2 },
    precio: { type: 'number', maxDecimals: 2, minimum: 0 },
    email: { type: 'string', format: 'email' },
  },
};

describe('record validation codes', () => {
  it('maps every rule to its stable code', () => {
    const errors = validateRecord(schema, { orden: 120, tope: 9, piso: 1, precio: 1.234, email: 'no', extra: 1 });
    const codes = Object.fromEntries(errors.map((e) => [e.field, e.code]));
    expect(codes).toEqual({
      nombre: 'required', orden: 'between', tope: 'maxValue', piso: 'minValue', precio: 'maxDecimal', email: 'email', extra: 'unknownField',
    });
    expect(errors.find((e) => e.field === 'orden')?.params).toEqual({ min: 0, max: 99 });
  });
  it('accepts a valid record', () => {
    expect(validateRecord(schema, { nombre: 'Caja', orden: 3, precio: 10.25, email: 'a@b.co' })).toEqual([]);
  });
  it('length codes carry their limits', () => {
    expect(validateRecord(schema, { nombre: 'ab' })).toEqual([{ field: 'nombre', code: 'minLength', params: { min: 3 } }]);
    expect(validateRecord(schema, { nombre: 'abcdefghijkl' })).toEqual([{ field: 'nombre', code: 'maxLength', params: { max: 10 } }]);
  });
});

describe('conditional required', () => {
  it('a dependencies rule that holds reports the missing field as required', () => {
    const s: JsonSchema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, dependencies: { a: ['b'] } };
    expect(validateRecord(s, { a: 'x' })).toEqual([{ field: 'b', code: 'required' }]);
    expect(validateRecord(s, {})).toEqual([]);
  });
});

describe('message precedence (spec §5)', () => {
  it('max decimals, min length, max length, between, max, min, then required', () => {
    const all = ['required', 'minValue', 'maxValue', 'between', 'maxLength', 'minLength', 'maxDecimal'];
    const order: string[] = [];
    let rest = all.map((code) => ({ field: 'x', code }));
    while (rest.length) {
      const m = messageFor(rest, 'Nombre')!;
      order.push(m.key);
      rest = rest.filter((e) => `validation.${e.code}` !== m.key);
    }
    expect(order).toEqual(['maxDecimal', 'minLength', 'maxLength', 'between', 'maxValue', 'minValue', 'required'].map((c) => `validation.${c}`));
  });
  it('required carries the label', () => {
    expect(messageFor([{ field: 'nombre', code: 'required' }], 'Nombre')).toEqual({ key: 'validation.required', params: { label: 'Nombre' } });
    expect(messageFor([], 'Nombre')).toBeNull();
  });
  it('a number field holding something else asks for a number; other type errors stay as they are', () => {
    expect(messageFor([{ field: 'cantidad', code: 'type', params: { type: 'number' } }], 'Cantidad')?.key).toBe('validation.typeNumber');
    expect(messageFor([{ field: 'params.desde', code: 'type', params: { type: 'date' } }], 'Desde')?.key).toBe('validation.date');
    expect(messageFor([{ field: 'notas', code: 'type', params: { type: 'string' } }], 'Notas')?.key).toBe('validation.type');
  });
  it('a whole number field given a fraction asks for a whole number; a step says its step', () => {
    expect(messageFor([{ field: 'orden', code: 'type', params: { type: 'integer,null' } }], 'Orden')?.key).toBe('validation.typeInteger');
    expect(validateRecord(schema, { nombre: 'Caja', orden: 2.5 })).toEqual([{ field: 'orden', code: 'type', params: { type: 'integer' } }]);
    const stepped: JsonSchema = { type: 'object', properties: { caja: { type: 'number', multipleOf: 6 }, uno: { type: 'number', multipleOf: 1 } } };
    const errors = validateRecord(stepped, { caja: 8, uno: 1.5 });
    expect(errors).toEqual([{ field: 'caja', code: 'multipleOf', params: { step: 6 } }, { field: 'uno', code: 'multipleOf', params: { step: 1 } }]);
    expect(messageFor([errors[0]], 'Caja')).toEqual({ key: 'validation.multipleOf', params: { step: 6, label: 'Caja' } });
    expect(messageFor([errors[1]], 'Uno')?.key).toBe('validation.typeInteger');
  });
});
