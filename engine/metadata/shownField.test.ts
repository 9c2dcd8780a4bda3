import { describe, expect, it } from 'vitest';
import { shownDate, shownKind } from './shownField';
import type { JsonSchema } from './types';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    fecha: { type: 'string', format: 'date' },
    alta: { type: 'string' },
    total: { type: 'number' },
    cliente: { type: ['integer', 'null'], 'x-ref': 'perfil' },
    nodo: { type: 'string' },
    nombre: { type: 'string' },
    items: { type: 'array', items: { type: 'object', properties: { fecha_cobro: { type: 'string' }, cantidad: { type: 'number' }, clave: { type: 'string' } } } },
    empleado: { type: 'object', properties: { fecha_ingreso: { type: 'string', format: 'date' }, sueldo: { type: 'number' }, legajo: { type: 'string' } } },
    impuestos: { type: 'object', properties: { lineas: { type: 'array' } } },
  },
};
const ui = {
  alta: { 'ui:widget': 'date', 'ui:options': { format: 'YYYY-MM-DD HH:mm:ss' } },
  nodo: { 'ui:widget': 'hidden' },
  items: { items: { fecha_cobro: { 'ui:widget': 'date', 'ui:options': { format: 'YYYY-MM-DD' } }, clave: { 'ui:widget': 'hidden' } } },
  empleado: { legajo: { 'ui:widget': 'hidden' } },
  impuestos: { 'ui:widget': 'hidden' },
};

describe('how a field reads outside its form', () => {
  it('knows hidden fields, days and amounts, on the record and in its child rows', () => {
    expect(['fecha', 'alta', 'total', 'cliente', 'nodo', 'nombre'].map((f) => shownKind(schema, ui, f))).toEqual(['date', 'date', 'number', 'other', 'hidden', 'other']);
    expect(['items.fecha_cobro', 'items.cantidad', 'items.clave'].map((f) => shownKind(schema, ui, f))).toEqual(['date', 'number', 'hidden']);
    expect(shownKind(schema, ui, 'unknown')).toBe('other');
  });

  it("knows a stored object's keys the same way", () => {
    expect(['empleado.fecha_ingreso', 'empleado.sueldo', 'empleado.legajo'].map((f) => shownKind(schema, ui, f))).toEqual(['date', 'number', 'hidden']);
    // a hidden object's keys are hidden with it
    expect(shownKind(schema, ui, 'impuestos.lineas')).toBe('hidden');
    expect(shownDate(schema, ui, 'empleado.fecha_ingreso', '2026-03-01')).toBe('01/03/2026');
  });

  it('writes a stored day as day/month/year by the field\'s format, and says when a text is no day', () => {
    expect(shownDate(schema, ui, 'fecha', '2026-11-20')).toBe('20/11/2026');
    expect(shownDate(schema, ui, 'alta', '2026-11-20 14:30:00')).toBe('20/11/2026');
    expect(shownDate(schema, ui, 'items.fecha_cobro', '2027-01-31')).toBe('31/01/2027');
    expect(shownDate(schema, ui, 'fecha', 'mañana')).toBeNull();
  });
});
