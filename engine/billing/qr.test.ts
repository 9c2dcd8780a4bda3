import { describe, expect, it } from 'vitest';
import { decodeQrUrl, qrUrl } from './qr';

describe('qrUrl', () => {
  it('is the RG 4892 URL with the base64 JSON in the specified order', () => {
    const url = qrUrl({ fecha: '2020-10-13', cuit: 30000000007, ptoVta: 10, tipoCmp: 1, nroCmp: 94, importe: 12100, moneda: 'DOL', ctz: 65, tipoDocRec: 80, nroDocRec: 20000000001, codAut: 70417054367476 });
    expect(url.startsWith('https://www.afip.gob.ar/fe/qr/?p=')).toBe(true);
    const json = Buffer.from(url.split('?p=')[1], 'base64').toString('utf8');
    expect(json).toBe(
      '{"ver":1,"fecha":"2020-10-13","cuit":30000000007,"ptoVta":10,"tipoCmp":1,"nroCmp":94,"importe":12100,"moneda":"DOL","ctz":65,"tipoDocRec":80,"nroDocRec":20000000001,"tipoCodAut":"E","codAut":70417054367476}',
    );
    expect(decodeQrUrl(url)?.codAut).toBe(70417054367476);
  });
  it('leaves the receiver out for an anonymous final consumer', () => {
    const p = decodeQrUrl(qrUrl({ fecha: '2026-11-27', cuit: 30546689979, ptoVta: 1, tipoCmp: 6, nroCmp: 1, importe: 121.5, moneda: 'PES', ctz: 1, tipoDocRec: 99, nroDocRec: 0, codAut: 12345678901234 }));
    expect(p).not.toHaveProperty('tipoDocRec');
    expect(p).toMatchObject({ importe: 121.5, tipoCodAut: 'E' });
    expect(decodeQrUrl('https://example.com/?p=x')).toBeNull();
  });
});
