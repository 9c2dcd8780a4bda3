import { describe, expect, it } from 'vitest';
import { hasDetails, itemDetails } from './itemDetails';

const goods = { ubicaciones: [{ nombre: 'Depósito' }, { nombre: 'Local' }] };

describe('what an item needs besides its numbers', () => {
  it('a step that moves no stock needs nothing; nor does a service', () => {
    expect(hasDetails(itemDetails({}, goods, false))).toBe(false);
    expect(hasDetails(itemDetails({ impacto_stock: 'egreso' }, { ...goods, es_servicio: true }, false))).toBe(false);
    expect(hasDetails(itemDetails({ impacto_stock: 'egreso' }, undefined, false))).toBe(false);
  });

  it('a step that moves or commits stock picks among the article’s locations', () => {
    expect(itemDetails({ impacto_stock: 'ingreso' }, goods, false).locations).toEqual(['Depósito', 'Local']);
    expect(itemDetails({ compromiso_stock: true }, goods, false)).toMatchObject({ locations: ['Depósito', 'Local'], locationLocked: false });
  });

  it('a stored item of a step that only commits keeps its location, unless the step lets it change', () => {
    expect(itemDetails({ compromiso_stock: true }, goods, true).locationLocked).toBe(true);
    expect(itemDetails({ compromiso_stock: true, cambia_ubicacion: true }, goods, true).locationLocked).toBe(false);
    expect(itemDetails({ impacto_stock: 'egreso' }, goods, true).locationLocked).toBe(false);
  });

  it('a cheque is received in an incoming step and picked from the wallet elsewhere; a made-to-measure piece is picked where it goes out', () => {
    expect(itemDetails({ impacto_stock: 'ingreso' }, { es_cheque: true }, false)).toMatchObject({ chequeEntry: true, chequePick: false });
    expect(itemDetails({ impacto_stock: 'egreso' }, { es_cheque: true }, false)).toMatchObject({ chequeEntry: false, chequePick: true });
    expect(itemDetails({ impacto_stock: 'ingreso' }, { es_a_medida: true }, false).piecePick).toBe(false);
    expect(itemDetails({ compromiso_stock: true }, { es_a_medida: true }, false).piecePick).toBe(true);
  });
});
