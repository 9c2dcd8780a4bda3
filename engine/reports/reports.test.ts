import { describe, expect, it } from 'vitest';
import { reportLink } from './link';
import { resolveParams } from './params';

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
  });
});
