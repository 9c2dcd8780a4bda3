import { describe, expect, it } from 'vitest';
import { resolveEntity } from '../metadata/resolve';
import { reportLink } from './link';
import { messageFor } from '../validation/messages';
import { resolveParams } from './params';
import { isMoneyMeasure, type ReportResult } from './query';
import { resultTable, resultView } from './resultTable';

describe('reportLink', () => {
  it('adds reportUnit and each param to the report URL', () => {
    expect(reportLink({ urlreporte: 'https://bi.example.com/jasperserver/flow.html', key: '/ventas/por mes', params: { desde: '2026-01-01', cliente: 'A&B' } })).toBe(
      'https://bi.example.com/jasperserver/flow.html?reportUnit=%2Fventas%2Fpor%20mes&desde=2026-01-01&cliente=A%26B',
    );
    expect(reportLink({ urlreporte: 'https://x.test/r?_flowId=viewReportFlow#top', key: 'k', params: {} })).toBe('https://x.test/r?_flowId=viewReportFlow&reportUnit=k#top');
    expect(reportLink({ urlreporte: null, key: 'k', params: {} })).toBeNull();
  });
});

describe('resolveParams', () => {
  const defined = [
    { nombre: 'desde', tipo: 'fecha' as const, defecto: '2026-01-01' },
    { nombre: 'cliente', requerido: true, etiqueta: 'Cliente' },
    { nombre: 'estado', tipo: 'lista' as const, opciones: 'abierto, cerrado' },
    { nombre: 'minimo', tipo: 'numero' as const },
  ];
  it('takes defaults, then what is given, checked by type', () => {
    expect(resolveParams(defined, { cliente: 'ACME', minimo: 5 })).toEqual({ params: { desde: '2026-01-01', cliente: 'ACME', minimo: '5' }, errors: [] });
  });
  it('names each wrong or missing value', () => {
    const { errors } = resolveParams(defined, { desde: '2026-02-30', estado: 'otro', minimo: '1,5' });
    expect(errors.map((e) => [e.field, e.code])).toEqual([
      ['params.desde', 'type'],
      ['params.cliente', 'required'],
      ['params.estado', 'enum'],
      ['params.minimo', 'type'],
    ]);
    // a day typed wrong says a day is wanted; the code stays the one the server answers
    expect(errors[0].params).toEqual({ type: 'date' });
    expect(resolveParams(defined, { desde: '31/02/2026', cliente: 'ACME' }).errors).toEqual([{ field: 'params.desde', code: 'type', params: { type: 'date' } }]);
  });
  it('asks for a number where a number parameter holds something else', () => {
    const { errors } = resolveParams(defined, { cliente: 'ACME', minimo: '1,5' });
    expect(errors).toEqual([{ field: 'params.minimo', code: 'type', params: { type: 'number' } }]);
    // "Ingrese un número", not "El tipo de dato no es válido"
    expect(messageFor(errors, 'Mínimo')?.key).toBe('validation.typeNumber');
  });
});

describe('isMoneyMeasure', () => {
  const entity = resolveEntity({
    name: 'factura',
    schema: { type: 'object', properties: { total: { type: 'number', 'x-money': true }, kilos: { type: 'number' } } },
    columns: { columns: [] },
  });
  it('a sum or average of an x-money field, not a count nor a plain number', () => {
    expect(isMoneyMeasure(entity, { funcion: 'sum', campo: 'total' })).toBe(true);
    expect(isMoneyMeasure(entity, { funcion: 'avg', campo: 'total' })).toBe(true);
    expect(isMoneyMeasure(entity, { funcion: 'count', campo: 'total' })).toBe(false);
    expect(isMoneyMeasure(entity, { funcion: 'sum', campo: 'kilos' })).toBe(false);
  });
});

describe('resultView', () => {
  const t = (key: string, o?: Record<string, unknown>) => (o && 'defaultValue' in o ? String(o.defaultValue) : key);
  const result = (agrupar: string, intervalo: ReportResult['intervalo'], grupo: string): ReportResult => ({
    entidad: 'factura', agrupar, intervalo, grafico: 'barras', medidas: [{ key: 'm0', funcion: 'count', campo: null }], rows: [{ grupo, m0: '1' }], totales: { m0: '1' }, truncado: false,
  });
  it('in the user\'s language, writes a time bucket as what it spans, a day as dd/mm/yyyy and a moment with its time', () => {
    expect(resultView(result('created_at', 'mes', '2026-01-01'), t, 'es').chartData[0].name).toBe('enero 2026');
    expect(resultView(result('created_at', 'anio', '2026-01-01'), t, 'en').groupText({ grupo: '2026-01-01' })).toBe('2026');
    expect(resultView(result('fecha', null, '2026-02-28'), t, 'en').groupText({ grupo: '2026-02-28' })).toBe('28/02/2026');
    expect(resultView(result('created_at', null, '2026-03-04T12:00:00.000Z'), t, 'es').groupText({ grupo: '2026-03-04T12:00:00.000Z' })).toMatch(/^0[34]\/03\/2026,? \d{2}:00:00$/);
    expect(resultView(result('estado', null, 'pagada'), t, 'es').groupText({ grupo: 'pagada' })).toBe('pagada');
  });
  it('the exported table keeps the ISO day, which a spreadsheet reads as a date', () => {
    expect(resultTable(result('created_at', 'mes', '2026-01-01'), t).rows).toEqual([['2026-01-01', '1']]);
  });
});
