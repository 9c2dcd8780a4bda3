/**
 * Date formats of the tax authority's services: WSFEv1 dates are `yyyymmdd` (CbteFch, CAEFchVto); the QR
 * and this app use `yyyy-mm-dd`; the WSAA login ticket wants xsd:dateTime with the offset, in Argentina's
 * time (UTC-3, no daylight saving since 2009).
 */

/** '2026-11-27' (or an ISO date-time) -> '20261127'. */
export function toAfipDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) throw new Error(`not a date: ${isoDate}`);
  return `${m[1]}${m[2]}${m[3]}`;
}

/** '20261127' -> '2026-11-27'; null for anything else (AFIP answers 'NULL' for no date). */
export function fromAfipDate(afip: string | number | null | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(String(afip ?? '').trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

const ARGENTINA_OFFSET_MINUTES = -180;

/** An instant as xsd:dateTime in Argentina's time: '2026-11-27T03:49:57-03:00'. */
export function argentinaDateTime(at: Date): string {
  const local = new Date(at.getTime() + ARGENTINA_OFFSET_MINUTES * 60_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/** Today's date in Argentina, yyyy-mm-dd (the date a voucher is issued on). */
export function argentinaToday(at: Date): string {
  return argentinaDateTime(at).slice(0, 10);
}

export const FACTURA_FECHA_FUERA_DE_RANGO = 'FACTURA_FECHA_FUERA_DE_RANGO' as const;

/** '2026-11-27' plus `days` (negative: before), yyyy-mm-dd. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The dates AFIP takes as a voucher's date (WSFEv1 CbteFch) on `today` (Argentina's date the request is sent):
 * up to 5 days before or after for goods (concepto 1), up to 10 for services or both (2, 3).
 */
export function voucherDateWindow(today: string, concepto: number): { desde: string; hasta: string } {
  const days = concepto === 1 ? 5 : 10;
  return { desde: addDays(today, -days), hasta: addDays(today, days) };
}

/** Null when `date` (yyyy-mm-dd) is a date AFIP takes today for that concept, else the window it allows. */
export function voucherDateProblem(date: string, today: string, concepto: number): { code: typeof FACTURA_FECHA_FUERA_DE_RANGO; desde: string; hasta: string } | null {
  const w = voucherDateWindow(today, concepto);
  return date.slice(0, 10) < w.desde || date.slice(0, 10) > w.hasta ? { code: FACTURA_FECHA_FUERA_DE_RANGO, ...w } : null;
}
