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
