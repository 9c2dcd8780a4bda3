import { describe, expect, it } from 'vitest';
import { formatVoucherNumber, noteAssociationProblem, receiverConditionId, voucherLetter, voucherOfType, voucherType, type TaxCondition } from './voucher';

describe('voucherLetter', () => {
  const table: [TaxCondition | null, TaxCondition | null, string][] = [
    ['responsable_inscripto', 'responsable_inscripto', 'A'],
    ['responsable_inscripto', 'monotributo', 'A'],
    ['responsable_inscripto', 'exento', 'B'],
    ['responsable_inscripto', 'consumidor_final', 'B'],
    ['responsable_inscripto', 'no_responsable', 'B'],
    ['responsable_inscripto', null, 'B'],
    ['monotributo', 'responsable_inscripto', 'C'],
    ['monotributo', 'consumidor_final', 'C'],
    ['exento', 'responsable_inscripto', 'C'],
    ['exento', null, 'C'],
    ['consumidor_final', 'responsable_inscripto', 'FACTURA_EMISOR_NO_HABILITADO'],
    ['no_responsable', 'consumidor_final', 'FACTURA_EMISOR_NO_HABILITADO'],
    [null, 'responsable_inscripto', 'FACTURA_EMISOR_NO_HABILITADO'],
  ];
  it.each(table)('issuer %s, receiver %s -> %s', (issuer, receiver, letter) => {
    expect(voucherLetter(issuer, receiver)).toBe(letter);
  });
});

describe('voucher types', () => {
  it('are the WSFEv1 codes of invoices, debit and credit notes A, B, C', () => {
    expect(['A', 'B', 'C'].map((l) => ['factura', 'nota_debito', 'nota_credito'].map((k) => voucherType(l as 'A', k as 'factura')))).toEqual([
      [1, 2, 3],
      [6, 7, 8],
      [11, 12, 13],
    ]);
    expect(voucherOfType(8)).toEqual({ letter: 'B', kind: 'nota_credito' });
    expect(voucherOfType(51)).toBeNull();
  });
  it('print the sales point and number padded', () => {
    expect(formatVoucherNumber(1, 94)).toBe('0001-00000094');
    expect(formatVoucherNumber(12345, 1)).toBe('12345-00000001');
  });
  it('give the receiver condition id of RG 5616', () => {
    expect(['responsable_inscripto', 'exento', 'monotributo', 'no_responsable', 'consumidor_final', null].map((c) => receiverConditionId(c as TaxCondition))).toEqual([1, 4, 6, 15, 5, 5]);
  });
  it('ask a note for its associated voucher of the same letter', () => {
    expect(noteAssociationProblem('factura', 'A', null)).toBeNull();
    expect(noteAssociationProblem('nota_credito', 'A', null)).toBe('FACTURA_NOTA_SIN_ASOCIADO');
    expect(noteAssociationProblem('nota_credito', 'A', 6)).toBe('FACTURA_NOTA_LETRA_DISTINTA');
    expect(noteAssociationProblem('nota_debito', 'B', 6)).toBeNull();
  });
});
