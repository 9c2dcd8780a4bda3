import { describe, expect, it } from 'vitest';
import { momentText } from '../dates';
import { labelText, rowLabel } from './label';

const party = ['razon_social', 'nombre', 'apellido'];

describe('labelText', () => {
  it('joins the label fields that are not blank', () => {
    expect(labelText({ razon_social: 'Ferretería Núñez SA', nombre: 'Carlos', apellido: ' Núñez ' }, party)).toBe('Ferretería Núñez SA Carlos Núñez');
    expect(labelText({ razon_social: '', nombre: 'Ana', apellido: null }, party)).toBe('Ana');
    expect(labelText({ nombre: 7 }, ['nombre'])).toBe('7');
    expect(labelText({}, party)).toBe('');
  });

  it('says once what two fields repeat, without regard to case or accents', () => {
    expect(labelText({ razon_social: 'Constructora Andina S.A.', nombre: 'Constructora Andina S.A.' }, party)).toBe('Constructora Andina S.A.');
    expect(labelText({ razon_social: 'JUAN PEREZ', nombre: 'Juan', apellido: 'Pérez' }, party)).toBe('JUAN PEREZ');
    expect(labelText({ razon_social: 'Lopez', nombre: 'Ana', apellido: 'López' }, party)).toBe('Lopez Ana');
  });
});

describe('rowLabel', () => {
  const cheque = {
    schema: { type: 'object', properties: { identificador: { type: 'string' }, banco: { type: 'string' }, fecha_cobro: { type: ['string', 'null'], format: 'date' } } },
    ui: {},
    labelFields: ['identificador', 'banco', 'fecha_cobro'],
  } as unknown as Parameters<typeof rowLabel>[0];

  it('writes a day as the app does, dd/mm/yyyy in either language, and the other fields as stored', () => {
    const row = { identificador: '00999', banco: 'Banco Provincia', fecha_cobro: '2026-12-20' };
    expect(rowLabel(cheque, 'es')(row)).toBe('00999 Banco Provincia 20/12/2026');
    expect(rowLabel(cheque, 'en')(row)).toBe('00999 Banco Provincia 20/12/2026');
    expect(rowLabel(cheque, 'es')({ ...row, fecha_cobro: null })).toBe('00999 Banco Provincia');
    // a text that is no day stays as it is
    expect(rowLabel(cheque, 'es')({ ...row, fecha_cobro: 'pronto' })).toBe('00999 Banco Provincia pronto');
  });

  it("reads a day by its field's stored format, and writes a moment with its time", () => {
    const entity = {
      schema: { type: 'object', properties: { titulo: { type: 'string' }, vence: { type: 'string' }, creado: { type: 'string', format: 'date-time' } } },
      ui: { vence: { 'ui:widget': 'date', 'ui:options': { format: 'DD-MM-YYYY' } } },
      labelFields: ['titulo', 'vence', 'creado'],
    } as unknown as Parameters<typeof rowLabel>[0];
    const at = '2026-11-28T08:15:18.964Z';
    expect(rowLabel(entity, 'en')({ titulo: 'Cuota', vence: '05-01-2027', creado: at })).toBe(`Cuota 05/01/2027 ${momentText(at, 'en')}`);
    expect(rowLabel(entity, 'es')({ titulo: 'Cuota', creado: new Date(at) })).toBe(`Cuota ${momentText(at, 'es')}`);
    expect(momentText(at, 'es')).toMatch(/^\d\d\/\d\d\/2026/);
  });

  it('is labelText itself when no label field is a day', () => {
    const party = { schema: { type: 'object', properties: {} }, ui: {}, labelFields: ['razon_social', 'nombre', 'apellido'] } as unknown as Parameters<typeof rowLabel>[0];
    expect(rowLabel(party, 'es')({ razon_social: 'JUAN PEREZ', nombre: 'Juan', apellido: 'Pérez' })).toBe('JUAN PEREZ');
  });
});
