/**
 * Which voucher a company issues to a client (issue 16): the letter from both tax conditions, and the
 * voucher type code of WSFEv1 (FEParamGetTiposCbte) for that letter and kind. Pure: the record screen
 * shows the letter the server will ask for.
 *
 * | issuer \ receiver        | responsable inscripto, monotributo | exento, consumidor final, no responsable |
 * | ------------------------ | ---------------------------------- | ---------------------------------------- |
 * | responsable inscripto    | A                                  | B                                        |
 * | monotributo, exento      | C                                  | C                                        |
 * | consumidor final, no resp.| cannot issue (FACTURA_EMISOR_NO_HABILITADO)                                  |
 *
 * A monotributista receives A since RG 5003 (2021). A client without a tax condition counts as a final consumer.
 */

export const TAX_CONDITIONS = ['responsable_inscripto', 'monotributo', 'exento', 'consumidor_final', 'no_responsable'] as const;
export type TaxCondition = (typeof TAX_CONDITIONS)[number];

export type VoucherLetter = 'A' | 'B' | 'C';
export type VoucherKind = 'factura' | 'nota_debito' | 'nota_credito';
export const VOUCHER_KINDS: readonly VoucherKind[] = ['factura', 'nota_debito', 'nota_credito'];

/** WSFEv1 CbteTipo by letter and kind. */
export const VOUCHER_TYPES: Readonly<Record<VoucherLetter, Readonly<Record<VoucherKind, number>>>> = {
  A: { factura: 1, nota_debito: 2, nota_credito: 3 },
  B: { factura: 6, nota_debito: 7, nota_credito: 8 },
  C: { factura: 11, nota_debito: 12, nota_credito: 13 },
};

export const FACTURA_EMISOR_NO_HABILITADO = 'FACTURA_EMISOR_NO_HABILITADO' as const;

/** The letter, or the code of why the company cannot issue. */
export function voucherLetter(issuer: TaxCondition | null | undefined, receiver: TaxCondition | null | undefined): VoucherLetter | typeof FACTURA_EMISOR_NO_HABILITADO {
  if (issuer === 'monotributo' || issuer === 'exento') return 'C';
  if (issuer !== 'responsable_inscripto') return FACTURA_EMISOR_NO_HABILITADO;
  return receiver === 'responsable_inscripto' || receiver === 'monotributo' ? 'A' : 'B';
}

export const voucherType = (letter: VoucherLetter, kind: VoucherKind): number => VOUCHER_TYPES[letter][kind];

/** Letter and kind of a CbteTipo, or null for a type this app does not issue. */
export function voucherOfType(type: number): { letter: VoucherLetter; kind: VoucherKind } | null {
  for (const letter of ['A', 'B', 'C'] as const)
    for (const kind of VOUCHER_KINDS) if (VOUCHER_TYPES[letter][kind] === type) return { letter, kind };
  return null;
}

/**
 * The receiver's condition as WSFEv1 wants it (CondicionIVAReceptorId, RG 5616; FEParamGetCondicionIvaReceptor):
 * 1 IVA responsable inscripto, 4 IVA sujeto exento, 5 consumidor final, 6 responsable monotributo,
 * 15 IVA no alcanzado. None given = final consumer.
 */
export function receiverConditionId(receiver: TaxCondition | null | undefined): number {
  switch (receiver) {
    case 'responsable_inscripto': return 1;
    case 'exento': return 4;
    case 'monotributo': return 6;
    case 'no_responsable': return 15;
    default: return 5;
  }
}

/** '0001-00000094': sales point (4 digits, 5 above 9999) and number (8 digits), as printed. */
export function formatVoucherNumber(ptoVta: number, nro: number): string {
  return `${String(ptoVta).padStart(4, '0')}-${String(nro).padStart(8, '0')}`;
}

export const FACTURA_NOTA_SIN_ASOCIADO = 'FACTURA_NOTA_SIN_ASOCIADO' as const;
export const FACTURA_NOTA_LETRA_DISTINTA = 'FACTURA_NOTA_LETRA_DISTINTA' as const;

/** A credit or debit note names the voucher it corrects, of the same letter (WSFEv1 CbtesAsoc). */
export function noteAssociationProblem(kind: VoucherKind, letter: VoucherLetter, associatedType: number | null | undefined) {
  if (kind === 'factura') return null;
  if (!associatedType) return FACTURA_NOTA_SIN_ASOCIADO;
  return voucherOfType(associatedType)?.letter === letter ? null : FACTURA_NOTA_LETRA_DISTINTA;
}
