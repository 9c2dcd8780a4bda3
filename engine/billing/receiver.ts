/**
 * The receiver's document for WSFEv1 (DocTipo / DocNro, FEParamGetTiposDoc): from the client's tax data and
 * document. A valid CUIT wins (80; a person's CUIL prefix stays CUIT: it is the tax number); else the typed
 * document (DNI 96, CUIL 86, CDI 87, LE 89, LC 90, passport 94); else, for a final consumer, 99 with number 0,
 * which AFIP accepts only under an amount threshold (RG 5700: a B invoice of that amount or more names the buyer).
 * An A voucher needs the client's CUIT.
 */
import { isValidCuit, normalizeCuit } from '../cuit';
import type { VoucherLetter } from './voucher';

export const DOC_TYPES: Readonly<Record<string, number>> = { CUIT: 80, CUIL: 86, CDI: 87, LE: 89, LC: 90, PASAPORTE: 94, DNI: 96 };
export const DOC_CUIT = 80;
export const DOC_NONE = 99;

export const FACTURA_RECEPTOR_SIN_CUIT = 'FACTURA_RECEPTOR_SIN_CUIT' as const;
export const FACTURA_RECEPTOR_SIN_DOCUMENTO = 'FACTURA_RECEPTOR_SIN_DOCUMENTO' as const;

export interface ReceiverFacts {
  cuit?: string | null;
  /** The party's document type as typed ("DNI", "dni", "Pasaporte"). */
  tipo_documento?: string | null;
  numero_documento?: string | null;
}

export interface ReceiverDoc {
  docTipo: number;
  docNro: number;
}

const digits = (s: string | null | undefined) => String(s ?? '').replace(/\D/g, '');

export function receiverDocument(
  facts: ReceiverFacts | null | undefined,
  letter: VoucherLetter,
  total: number,
  anonymousLimit: number,
): ReceiverDoc | typeof FACTURA_RECEPTOR_SIN_CUIT | typeof FACTURA_RECEPTOR_SIN_DOCUMENTO {
  const cuit = normalizeCuit(facts?.cuit ?? '');
  if (cuit && isValidCuit(cuit)) return { docTipo: DOC_CUIT, docNro: Number(cuit) };
  if (letter === 'A') return FACTURA_RECEPTOR_SIN_CUIT;
  const type = DOC_TYPES[String(facts?.tipo_documento ?? '').trim().toUpperCase()];
  const number = digits(facts?.numero_documento);
  if (type && number && Number(number) > 0) return { docTipo: type, docNro: Number(number) };
  if (total >= anonymousLimit) return FACTURA_RECEPTOR_SIN_DOCUMENTO;
  return { docTipo: DOC_NONE, docNro: 0 };
}
