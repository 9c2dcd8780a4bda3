import { describe, expect, it } from 'vitest';
import { receiverDocument } from './receiver';

const LIMIT = 10_000_000;

describe('receiverDocument', () => {
  it('uses a valid CUIT first (80), with separators dropped', () => {
    expect(receiverDocument({ cuit: '30-54668997-9', tipo_documento: 'DNI', numero_documento: '123' }, 'A', 100, LIMIT)).toEqual({ docTipo: 80, docNro: 30546689979 });
  });
  it('refuses an A voucher without a valid CUIT', () => {
    expect(receiverDocument({ cuit: '30-54668997-1' }, 'A', 100, LIMIT)).toBe('FACTURA_RECEPTOR_SIN_CUIT');
    expect(receiverDocument(null, 'A', 100, LIMIT)).toBe('FACTURA_RECEPTOR_SIN_CUIT');
  });
  it('uses the typed document for B and C', () => {
    expect(receiverDocument({ tipo_documento: 'dni', numero_documento: '12.345.678' }, 'B', 100, LIMIT)).toEqual({ docTipo: 96, docNro: 12345678 });
    expect(receiverDocument({ tipo_documento: 'Pasaporte', numero_documento: 'AB123' }, 'C', 100, LIMIT)).toEqual({ docTipo: 94, docNro: 123 });
  });
  it('names an anonymous final consumer 99 / 0 under the limit only', () => {
    expect(receiverDocument({}, 'B', LIMIT - 0.01, LIMIT)).toEqual({ docTipo: 99, docNro: 0 });
    expect(receiverDocument({ tipo_documento: 'XYZ', numero_documento: '1' }, 'B', LIMIT, LIMIT)).toBe('FACTURA_RECEPTOR_SIN_DOCUMENTO');
  });
});
