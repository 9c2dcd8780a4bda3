import { describe, expect, it } from 'vitest';
import { certificateState } from './certificate';
import { argentinaDateTime, argentinaToday, fromAfipDate, toAfipDate, voucherDateProblem } from './dates';

describe('AFIP dates', () => {
  it('convert between yyyy-mm-dd and yyyymmdd', () => {
    expect(toAfipDate('2026-11-27')).toBe('20261127');
    expect(toAfipDate('2026-11-27T10:00:00Z')).toBe('20261127');
    expect(fromAfipDate('20261207')).toBe('2026-12-07');
    expect(fromAfipDate('NULL')).toBeNull();
    expect(() => toAfipDate('27/11/2026')).toThrow();
  });
  it('write instants in Argentina time with its offset', () => {
    expect(argentinaDateTime(new Date('2026-11-27T02:30:05Z'))).toBe('2026-11-26T23:30:05-03:00');
    expect(argentinaToday(new Date('2026-11-27T02:30:05Z'))).toBe('2026-11-26');
  });
});

describe('voucherDateProblem', () => {
  it('takes the record’s date within 5 days of today for goods and 10 for services, else names the window', () => {
    expect(voucherDateProblem('2026-11-22', '2026-11-27', 1)).toBeNull();
    expect(voucherDateProblem('2026-12-02', '2026-11-27', 1)).toBeNull();
    expect(voucherDateProblem('2026-11-21', '2026-11-27', 1)).toEqual({ code: 'FACTURA_FECHA_FUERA_DE_RANGO', desde: '2026-11-22', hasta: '2026-12-02' });
    expect(voucherDateProblem('2026-11-17', '2026-11-27', 2)).toBeNull();
    expect(voucherDateProblem('2026-11-16', '2026-11-27', 3)).toEqual({ code: 'FACTURA_FECHA_FUERA_DE_RANGO', desde: '2026-11-17', hasta: '2026-12-07' });
    expect(voucherDateProblem('2027-01-01', '2026-12-30', 1)).toBeNull();
  });
});

describe('certificateState', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('warns 30 days before the expiry and refuses after it', () => {
    expect(certificateState('2027-01-30T12:00:00Z', now)).toEqual({ state: 'vigente', daysLeft: 64 });
    expect(certificateState('2026-12-27T12:00:00Z', now)).toEqual({ state: 'vigente', daysLeft: 30 });
    expect(certificateState('2026-12-26T12:00:00Z', now)).toEqual({ state: 'por_vencer', daysLeft: 29 });
    expect(certificateState('2026-11-27T11:59:59Z', now).state).toBe('vencido');
  });
});
