import { describe, expect, it } from 'vitest';
import { activityFlagErrors, stockCombinationError, STOCK_COMBINATIONS } from './activity';

describe('activity flags', () => {
  it('the stock matrix: a commitment goes with no impact of its own, one code per forbidden pair', () => {
    expect(stockCombinationError('ninguno', true)).toBeNull();
    expect(stockCombinationError(undefined, true)).toBeNull();
    expect(stockCombinationError('ingreso', true)).toBe('ACTIVIDAD_INGRESO_CON_COMPROMISO');
    expect(stockCombinationError('egreso', true)).toBe('ACTIVIDAD_EGRESO_CON_COMPROMISO');
    for (const impact of Object.keys(STOCK_COMBINATIONS)) expect(stockCombinationError(impact, false)).toBeNull();
    const codes = Object.values(STOCK_COMBINATIONS).flatMap((r) => (r.conCompromiso ? [r.conCompromiso] : []));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('an activity that only commits stock cannot allow changing location or article', () => {
    expect(activityFlagErrors({ compromiso_stock: true, cambia_ubicacion: true, cambia_articulo: true })).toEqual([
      { field: 'cambia_ubicacion', code: 'COMPROMISO_NO_PERMITE_CAMBIOS' },
      { field: 'cambia_articulo', code: 'COMPROMISO_NO_PERMITE_CAMBIOS' },
    ]);
    expect(activityFlagErrors({ impacto_stock: 'egreso', cambia_ubicacion: true })).toEqual([]);
  });

  it('attaching a related record needs a related parent or child activity', () => {
    expect(activityFlagErrors({ adjuntar_registro_relacionado: true })).toEqual([{ field: 'adjuntar_registro_relacionado', code: 'ADJUNTAR_SIN_RELACIONADAS' }]);
    expect(activityFlagErrors({ adjuntar_registro_relacionado: true, hijas: [{ actividad: 3 }] })).toEqual([]);
  });

  it('a position or a related activity is named once; an activity is not related to itself, nor both parent and child', () => {
    expect(activityFlagErrors({ puestos: [{ puesto: 2 }, { puesto: 3 }, { puesto: 2 }] })).toEqual([{ field: 'puestos.2.puesto', code: 'FILA_REPETIDA' }]);
    expect(activityFlagErrors({ id: 7, padres: [{ actividad: 7 }], hijas: [{ actividad: 4 }, { actividad: 4 }] })).toEqual([
      { field: 'padres.0.actividad', code: 'REFERENCIA_CICLICA' },
      { field: 'hijas.1.actividad', code: 'FILA_REPETIDA' },
    ]);
    expect(activityFlagErrors({ padres: [{ actividad: 5 }], hijas: [{ actividad: 5 }] })).toEqual([{ field: 'hijas.0.actividad', code: 'ACTIVIDAD_PADRE_E_HIJA' }]);
    expect(activityFlagErrors({ padres: [{ actividad: 5 }], hijas: [{ actividad: 6 }], puestos: [{ puesto: 5 }] })).toEqual([]);
  });
});
