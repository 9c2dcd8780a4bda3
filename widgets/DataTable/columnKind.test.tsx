import { describe, expect, it } from 'vitest';
import { resolveEntity } from '../../engine/metadata/resolve';
import type { ColumnsManifest, JsonSchema } from '../../engine/metadata/types';
import registroSchema from '../../schemas/registro/schema.json';
import registroColumns from '../../schemas/registro/columns.json';
import registroUi from '../../schemas/registro/ui.json';
import articuloSchema from '../../schemas/articulo/schema.json';
import articuloColumns from '../../schemas/articulo/columns.json';
import movimientoSchema from '../../schemas/stock_movimiento/schema.json';
import movimientoColumns from '../../schemas/stock_movimiento/columns.json';
import { columnKind, kindText, startWidth } from './columnKind';

const registro = resolveEntity({ name: 'registro', schema: registroSchema as JsonSchema, columns: registroColumns as ColumnsManifest, ui: registroUi });
const articulo = resolveEntity({ name: 'articulo', schema: articuloSchema as JsonSchema, columns: articuloColumns as ColumnsManifest });
const movimiento = resolveEntity({ name: 'stock_movimiento', schema: movimientoSchema as JsonSchema, columns: movimientoColumns as ColumnsManifest });
const kind = (entity: typeof registro, name: string) => columnKind(entity, entity.columns.find((c) => c.name === name)!);

describe('columnKind', () => {
  it('tells amounts, days, yes / no and text apart; a reference or an enum reads as text even when it is a number', () => {
    expect(kind(registro, 'total')).toBe('money');
    expect(kind(articulo, 'punto_reposicion')).toBe('amount');
    expect(kind(registro, 'fecha')).toBe('date');
    expect(kind(registro, 'numero')).toBe('text');
    expect(kind(registro, 'cliente')).toBe('text');
    expect(kind(registro, 'actividad')).toBe('text');
    expect(kind(registro, 'estado')).toBe('text');
    expect(kind(articulo, 'en_mano')).toBe('amount');
    expect(kind(articulo, 'activo')).toBe('flag');
    expect(kind(movimiento, 'creado_en')).toBe('moment');
  });

  it('writes an amount in the language and a day as dd/mm/yyyy; other kinds as they are', () => {
    const total = registro.columns.find((c) => c.name === 'total')!;
    const fecha = registro.columns.find((c) => c.name === 'fecha')!;
    expect(kindText(registro, total, 'amount', 'es')!(1234567.25)).toBe('1.234.567,25');
    expect(kindText(registro, total, 'amount', 'en')!(1234567.25)).toBe('1,234,567.25');
    expect(kindText(registro, total, 'amount', 'es')!('12.5')).toBe('12,5');
    // money (`x-money`) with its two decimals
    expect(kindText(registro, total, 'money', 'es')!(1234567.2)).toBe('1.234.567,20');
    expect(kindText(registro, total, 'money', 'en')!(840)).toBe('840.00');
    expect(kindText(registro, fecha, 'date', 'en')!('2026-11-03')).toBe('03/11/2026');
    expect(kindText(registro, fecha, 'date', 'es')!('not a day')).toBe('not a day');
    const numero = registro.columns.find((c) => c.name === 'numero')!;
    // a moment the server keeps (a stock movement's creado_en); a text that looks like one is left as typed
    const creado = movimiento.columns.find((c) => c.name === 'creado_en')!;
    expect(kindText(movimiento, creado, 'moment', 'es')!('2026-11-28T08:15:18.964Z')).toMatch(/^28\/11\/2026,? \d{2}:15:18$/);
    expect(kindText(registro, numero, 'text', 'es')).toBeUndefined();
    expect(kindText(registro, registro.columns.find((c) => c.name === 'cliente')!, 'flag', 'es')).toBeUndefined();
  });

  it('starts narrow kinds at their title\'s width within bounds, and leaves text to share the table', () => {
    expect(startWidth('text', 'Cliente')).toBeUndefined();
    expect(startWidth('amount', 'Total')).toBe(96);
    expect(startWidth('money', 'Total')).toBe(120);
    expect(startWidth('amount', 'Punto de reposición')).toBeGreaterThan(startWidth('amount', 'Total')!);
    expect(startWidth('amount', 'x'.repeat(80))).toBe(170);
    expect(startWidth('flag', 'Activo')).toBe(89); // 6 × 7.5 + 44
    // a moment fits its day and time
    expect(startWidth('moment', 'Fecha')).toBe(190);
  });
});
