import { describe, expect, it } from 'vitest';
import { cellTextError, cellValue, editText, type EditedColumn } from './cellEdit';
import { resolveEntity } from '../metadata/resolve';
import type { ColumnsManifest, JsonSchema } from '../metadata/types';
import schema from '../../schemas/tarea/schema.json';
import columns from '../../schemas/tarea/columns.json';
import ui from '../../schemas/tarea/ui.json';

const tarea = resolveEntity({ name: 'tarea', schema: schema as JsonSchema, columns: columns as ColumnsManifest, ui });
const column = (name: string) => ({ ...tarea.columns.find((c) => c.name === name)!, editable: true });
const hours = column('horas_asignadas');
const order = column('orden');
const start = column('fecha_inicio_estimada');

describe('cellValue', () => {
  it('reads a number with the language\'s decimal point, thousands where they make sense', () => {
    expect(cellValue(hours, '1,5', ',')).toBe(1.5);
    expect(cellValue(hours, ' 2,25 ', ',')).toBe(2.25);
    expect(cellValue(hours, '1.234,5', ',')).toBe(1234.5);
    expect(cellValue(hours, '1.000', ',')).toBe(1000);
    expect(cellValue(hours, '1.5', '.')).toBe(1.5);
    expect(cellValue(hours, '1,234.5', '.')).toBe(1234.5);
    expect(cellValue(hours, '1,000', '.')).toBe(1000);
  });

  it('refuses what is no number: words, contradicting separators, exponents', () => {
    for (const bad of ['cinco', '2,5.3', '1.2.3', '1e5', '0x10', '--1']) {
      expect(cellValue(hours, bad, ','), bad).toBeUndefined();
      expect(cellValue(hours, bad, '.'), bad).toBeUndefined();
    }
  });

  it('an integer column takes whole numbers only', () => {
    expect(cellValue(order, '7', ',')).toBe(7);
    expect(cellValue(order, '1.000', ',')).toBe(1000);
    expect(cellValue(order, '1,5', ',')).toBeUndefined();
    expect(cellValue(order, '1.5', '.')).toBeUndefined();
  });

  it('blank clears a number or a day', () => {
    expect(cellValue(hours, '  ', ',')).toBeNull();
    expect(cellValue(order, '', '.')).toBeNull();
    expect(cellValue(start, ' ', ',')).toBeNull();
  });

  it('a day is typed dd/mm/yyyy and sent as the column stores it (ISO)', () => {
    expect(start.dayFormat).toBe('YYYY-MM-DD');
    expect(cellValue(start, '15/12/2026', ',')).toBe('2026-12-15');
    expect(cellValue(start, '29/02/2028', '.')).toBe('2028-02-29');
    expect(cellValue({ type: 'string', editable: true, dayFormat: 'YYYY-MM-DD HH:mm:ss' }, '01/03/2026', ',')).toBe('2026-03-01 00:00:00');
    // a retyped day keeps the time the value had (only the day is typed)
    const moment = { type: 'string', editable: true, dayFormat: 'YYYY-MM-DD HH:mm:ss' } as const;
    expect(cellValue(moment, '01/03/2026', ',', '2026-02-27 14:30:05')).toBe('2026-03-01 14:30:05');
    expect(cellValue(moment, '01/03/2026', ',', '2026-02-27T09:15:00Z')).toBe('2026-03-01 09:15:00');
    expect(cellValue(moment, '01/03/2026', ',', null)).toBe('2026-03-01 00:00:00');
  });

  it('refuses a day that does not exist or is not dd/mm/yyyy', () => {
    for (const bad of ['31/02/2026', '29/02/2027', '2026-12-15', '1/2/2026', '15/13/2026', 'mañana'])
      expect(cellValue(start, bad, ','), bad).toBeUndefined();
  });

  it('a column not editable takes nothing; text and yes / no as before', () => {
    expect(cellValue({ ...hours, editable: false }, '1', ',')).toBeUndefined();
    const text: EditedColumn = { type: 'string', editable: true };
    expect(cellValue(text, ' a b ', ',')).toBe(' a b ');
    expect(cellValue({ type: 'boolean', editable: true }, 'true', ',')).toBe(true);
  });
});

describe('editText', () => {
  it('writes a number in the language without grouping, a day as dd/mm/yyyy', () => {
    expect(editText(1.5, hours, ',')).toBe('1,5');
    expect(editText(1.5, hours, '.')).toBe('1.5');
    expect(editText(1234.5, hours, ',')).toBe('1234,5');
    expect(editText(12, order, ',')).toBe('12');
    expect(editText('2026-12-01', start, ',')).toBe('01/12/2026');
    expect(editText(null, start, ',')).toBe('');
    // a stored text that is no day is edited as it is
    expect(editText('pronto', start, ',')).toBe('pronto');
    expect(editText('texto', { type: 'string' }, ',')).toBe('texto');
  });

  it('what the editor starts with reads back as the value', () => {
    for (const point of [',', '.'] as const) {
      expect(cellValue(hours, editText(1234.75, hours, point), point)).toBe(1234.75);
      expect(cellValue(start, editText('2026-12-01', start, point), point)).toBe('2026-12-01');
    }
  });
});

describe('cellTextError', () => {
  it('says what the column takes', () => {
    expect(cellTextError(start, 'fecha_inicio_estimada', '31/02/2026')).toEqual({ field: 'fecha_inicio_estimada', code: 'date' });
    expect(cellTextError(hours, 'horas_asignadas', '2,5.3')).toEqual({ field: 'horas_asignadas', code: 'decimalSeparators' });
    expect(cellTextError(hours, 'horas_asignadas', 'dos')).toEqual({ field: 'horas_asignadas', code: 'type', params: { type: 'number' } });
    expect(cellTextError(order, 'orden', '1,5')).toEqual({ field: 'orden', code: 'type', params: { type: 'integer' } });
  });
});
