/**
 * Codes of WSFEv1 errors and observations this app explains in its own words (locales: `afip.<code>`); any
 * other is shown with AFIP's own message.
 */
export const KNOWN_AFIP_CODES = [
  '600', // token / sign not valid or CUIT not represented
  '602', // no data for the query (FECompConsultar)
  '10013', // an A voucher needs a CUIT receiver
  '10015', // the receiver's document number is not valid
  '10016', // the number or the date is not the next one (dates: a window around today, not before the last voucher)
  '10048', // totals do not add up
  '10246', // the receiver's VAT condition is required (RG 5616)
  '10192', // the associated voucher is missing
] as const;

export const isKnownAfipCode = (code: string | number) => (KNOWN_AFIP_CODES as readonly string[]).includes(String(code));
