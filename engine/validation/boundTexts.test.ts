import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import type { JsonSchema } from '../metadata/types';
import { validateRecord } from './fieldErrors';
import { messageFor } from './messages';
import type { FieldError } from '../errors';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    cantidad: { type: 'number', exclusiveMinimum: 0, maximum: 1000000000 },
    tope: { type: 'number', exclusiveMaximum: 10 },
    orden: { type: 'integer', minimum: 0, maximum: 100000 },
  },
};

async function texts(lng: 'es' | 'en') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { es: { translation: es }, en: { translation: en } }, interpolation: { escapeValue: false } });
  return (errors: FieldError[], label = 'Cantidad') => {
    const m = messageFor(errors, label)!;
    return i18n.t(m.key, m.params);
  };
}

describe('the messages of bounds', () => {
  it('an exclusive bound keeps its stable code and says the bound itself is refused', async () => {
    const errors = validateRecord(schema, { cantidad: 0, tope: 10 });
    expect(errors).toEqual([
      { field: 'cantidad', code: 'minValue', params: { min: 0, exclusive: true } },
      { field: 'tope', code: 'maxValue', params: { max: 10, exclusive: true } },
    ]);
    const es = await texts('es');
    const en = await texts('en');
    expect(es([errors[0]])).toBe('Debe ser mayor que 0');
    expect(en([errors[0]])).toBe('Must be greater than 0');
    expect(es([errors[1]])).toBe('Debe ser menor que 10');
    expect(en([errors[1]])).toBe('Must be less than 10');
  });

  it('write their numbers as the language writes them', async () => {
    const es = await texts('es');
    const en = await texts('en');
    const over = validateRecord(schema, { cantidad: 2000000000 });
    expect(es(over)).toBe('El valor máximo es 1.000.000.000');
    expect(en(over)).toBe('The maximum value is 1,000,000,000');
    const between = validateRecord(schema, { orden: -1 });
    expect(es(between)).toBe('Debe estar entre 0 y 100.000');
    expect(en(between)).toBe('Must be between 0 and 100,000');
    expect(es([{ field: 'x', code: 'minValue', params: { min: -1000000 } }])).toBe('El valor mínimo es -1.000.000');
    expect(es([{ field: 'x', code: 'minValue', params: { min: 0.5 } }])).toBe('El valor mínimo es 0,5');
    expect(en([{ field: 'x', code: 'maxLength', params: { max: 20000 } }])).toBe('At most 20,000 characters');
    expect(es([{ field: 'x', code: 'maxLength', params: { max: 20000 } }])).toBe('Máximo 20.000 caracteres');
  });
});
