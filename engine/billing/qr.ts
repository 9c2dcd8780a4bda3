/**
 * The QR of a voucher (RG 4892, https://www.afip.gob.ar/fe/qr/especificacion.asp): the URL
 * https://www.afip.gob.ar/fe/qr/?p= followed by base64 of a JSON with, in this order: ver (1), fecha
 * (yyyy-mm-dd), cuit, ptoVta, tipoCmp, nroCmp, importe, moneda, ctz, tipoDocRec, nroDocRec (both left out
 * when the buyer is not identified), tipoCodAut ('E' for a CAE) and codAut (the CAE), numbers as numbers.
 */

export const QR_BASE_URL = 'https://www.afip.gob.ar/fe/qr/?p=';

export interface QrFacts {
  fecha: string;
  cuit: number;
  ptoVta: number;
  tipoCmp: number;
  nroCmp: number;
  importe: number;
  moneda: string;
  ctz: number;
  tipoDocRec?: number | null;
  nroDocRec?: number | null;
  codAut: number;
}

export interface QrPayload extends QrFacts {
  ver: 1;
  tipoCodAut: 'E';
}

export function qrPayload(f: QrFacts): QrPayload {
  const out: Record<string, unknown> = {
    ver: 1,
    fecha: f.fecha,
    cuit: f.cuit,
    ptoVta: f.ptoVta,
    tipoCmp: f.tipoCmp,
    nroCmp: f.nroCmp,
    importe: f.importe,
    moneda: f.moneda,
    ctz: f.ctz,
  };
  if (f.tipoDocRec && f.tipoDocRec !== 99 && f.nroDocRec) {
    out.tipoDocRec = f.tipoDocRec;
    out.nroDocRec = f.nroDocRec;
  }
  out.tipoCodAut = 'E';
  out.codAut = f.codAut;
  return out as unknown as QrPayload;
}

/** base64 of ASCII text, the same in the browser and in Node (both have btoa). */
const base64 = (text: string) => btoa(text);

export function qrUrl(f: QrFacts): string {
  return QR_BASE_URL + base64(JSON.stringify(qrPayload(f)));
}

/** The payload a QR URL carries (for tests and the invoice view), or null when it is not one. */
export function decodeQrUrl(url: string): QrPayload | null {
  if (!url.startsWith(QR_BASE_URL)) return null;
  try {
    return JSON.parse(atob(url.slice(QR_BASE_URL.length))) as QrPayload;
  } catch {
    return null;
  }
}
