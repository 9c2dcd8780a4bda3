import { describe, expect, it } from 'vitest';
import { wrongDates } from './typedDates';
import type { JsonSchema } from '../metadata/types';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    nacimiento: { type: ['string', 'null'], maxLength: 19 },
    inicio: { type: 'string', format: 'date' },
    nota: { type: 'string' },
    empleado: { type: 'object', properties: { ingreso: { type: 'string' } } },
    listas: { type: 'array', items: { type: 'object', properties: { vigencia: { type: ['string', 'null'] } } } },
  },
};
const ui = {
  nacimiento: { 'ui:widget': 'date' },
  inicio: { 'ui:widget': 'date', 'ui:options': { format: 'YYYY-MM-DD' } },
  empleado: { ingreso: { 'ui:widget': 'date' } },
  listas: { items: { vigencia: { 'ui:widget': 'date' } } },
};

describe('a date field holding typed text that is no real date', () => {
  it('is named, at the top, in an object and in a child row; text in other fields is not', () => {
    const data = { nacimiento: '32/13/1990', inicio: '12/0', nota: '31/02/2026', empleado: { ingreso: '31/02/2026' }, listas: [{ vigencia: '2026-01-01 00:00:00' }, { vigencia: '31/04/2026' }] };
    expect(wrongDates(schema, ui, data)).toEqual([
      { field: 'nacimiento', code: 'date' },
      { field: 'inicio', code: 'date' },
      { field: 'empleado.ingreso', code: 'date' },
      { field: 'listas.1.vigencia', code: 'date' },
    ]);
  });

  it('real dates in their format, ISO days and empty fields are fine', () => {
    const data = { nacimiento: '1990-08-15 00:00:00', inicio: '2026-02-28', empleado: { ingreso: null }, listas: [{ vigencia: '' }, {}] };
    expect(wrongDates(schema, ui, data)).toEqual([]);
    expect(wrongDates(schema, ui, {})).toEqual([]);
  });

  it('a `format: date` text without a widget is a date field too', () => {
    expect(wrongDates(schema, {}, { inicio: '29/02/2023' })).toEqual([{ field: 'inicio', code: 'date' }]);
  });
});
