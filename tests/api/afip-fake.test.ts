/**
 * The fake tax authority (tests/support/afip) against the server's own WSAA / WSFEv1 client: it checks the CMS
 * signature and the chain, refuses a second ticket while one is valid, and answers the real shapes — CAE,
 * rejections with observations, the last authorised number, a voucher query — and misbehaves on request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voucherAmounts } from '../../engine/billing/amounts';
import { addDays, argentinaToday, toAfipDate } from '../../engine/billing/dates';
import { AfipFault, AfipUnreachable } from '../../server/entities/factura/afip/soap';
import { loginCms, loginTicketRequest, signTra } from '../../server/entities/factura/afip/wsaa';
import { wsfeClient, WsfeError, type Auth, type VoucherRequest } from '../../server/entities/factura/afip/wsfe';
import { issueCert, makeCa, type TestCa } from '../support/afip/certs';
import { startFakeAfip, type FakeAfip } from '../support/afip/fake';

const CUIT = '20123456786';

describe('fake AFIP (WSAA + WSFEv1)', () => {
  let ca: TestCa;
  let fake: FakeAfip;
  let auth: Auth;
  const login = (certPem: string, keyPem: string) => loginCms(fake.wsaaUrl, signTra(loginTicketRequest('wsfe', new Date()), certPem, keyPem), 5000);
  const wsfe = () => wsfeClient(fake.wsfeUrl, 2000);
  const amounts = voucherAmounts({ subtotal: 100, impuestos: { lineas: [{ alicuota: 21, base: 100, importe: 21 }] }, total: 121 }, 'A');
  const voucher = (nro: number, over: Partial<VoucherRequest> = {}): VoucherRequest => ({
    ptoVta: 1, cbteTipo: 1, nro, concepto: 1, docTipo: 80, docNro: 30546689979, cbteFch: toAfipDate(argentinaToday(new Date())), amounts: amounts as never, monId: 'PES', monCotiz: 1, condicionIvaReceptorId: 1, ...over,
  });

  beforeAll(async () => {
    ca = makeCa();
    fake = await startFakeAfip(ca);
  });
  afterAll(() => fake?.close());

  it('WSAA gives a ticket for a CMS signed with a certificate of its CA, and refuses a second while it is valid', async () => {
    const cert = issueCert(ca, CUIT);
    const ta = await login(cert.certPem, cert.keyPem);
    expect(ta.token.length).toBeGreaterThan(20);
    expect(ta.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
    auth = { token: ta.token, sign: ta.sign, cuit: CUIT };
    await expect(login(cert.certPem, cert.keyPem)).rejects.toMatchObject({ faultCode: 'coe.alreadyAuthenticated' });
    // the ticket is the computer's (the certificate's subject), not the CUIT's: another computer gets its own
    const otherComputer = issueCert(ca, CUIT, 365, 'flujos-2');
    expect((await login(otherComputer.certPem, otherComputer.keyPem)).token).not.toBe(ta.token);
  });

  it('WSAA refuses a certificate of another CA, an expired one, and a key that is not the certificate’s', async () => {
    const other = issueCert(makeCa(), '20111111112');
    await expect(login(other.certPem, other.keyPem)).rejects.toBeInstanceOf(AfipFault);
    await expect(login(other.certPem, other.keyPem)).rejects.toMatchObject({ faultCode: 'cms.cert.untrusted' });
    const expired = issueCert(ca, '20111111112', -1);
    await expect(login(expired.certPem, expired.keyPem)).rejects.toMatchObject({ faultCode: 'cms.cert.expired' });
    const a = issueCert(ca, '20111111112');
    const b = issueCert(ca, '20111111112');
    await expect(login(a.certPem, b.keyPem)).rejects.toMatchObject({ faultCode: 'cms.sign.invalid' });
  });

  it('WSFEv1 answers FEDummy, the parameters and the sales points, and refuses a bad token (600)', async () => {
    expect(await wsfe().dummy()).toEqual({ appServer: 'OK', dbServer: 'OK', authServer: 'OK' });
    expect((await wsfe().param(auth, 'TiposCbte')).map((t) => t.id)).toEqual(['1', '2', '3', '6', '7', '8', '11', '12', '13']);
    expect(await wsfe().param(auth, 'TiposIva')).toContainEqual({ id: '5', desc: '21%' });
    expect(await wsfe().salesPoints(auth)).toEqual([{ nro: 1, emisionTipo: 'CAE - RECE', bloqueado: false }]);
    await expect(wsfe().lastAuthorized({ ...auth, token: 'x' }, 1, 1)).rejects.toMatchObject({ errors: [{ code: 600 }] });
  });

  it('FECAESolicitar gives a CAE to the next number, rejects others with observations, FECompConsultar finds it', async () => {
    expect(await wsfe().lastAuthorized(auth, 1, 1)).toBe(0);
    const ok = await wsfe().request(auth, voucher(1));
    expect(ok).toMatchObject({ resultado: 'A', observaciones: [], errors: [] });
    expect(ok.cae).toMatch(/^\d{14}$/);
    // the voucher's date (today in Argentina) and ten days
    expect(ok.caeFchVto).toBe(toAfipDate(addDays(argentinaToday(new Date()), 10)));
    const skipped = await wsfe().request(auth, voucher(3));
    expect(skipped).toMatchObject({ resultado: 'R', cae: null, observaciones: [{ code: 10016 }] });
    const noCuit = await wsfe().request(auth, voucher(2, { docTipo: 96, docNro: 12345678 }));
    expect(noCuit.observaciones.map((o) => o.code)).toEqual([10013]);
    expect(await wsfe().query(auth, 1, 1, 1)).toMatchObject({ nro: 1, cae: ok.cae, impTotal: 121, resultado: 'A' });
    expect(await wsfe().query(auth, 1, 1, 2)).toBeNull();
  });

  it('FEParamGetCotizacion gives AFIP’s rate; a foreign-currency voucher carries it and CanMisMonExt; a date before the last voucher is 10016', async () => {
    expect(await wsfe().rate(auth, 'DOL')).toBe(1017.5);
    await expect(wsfe().rate(auth, 'XYZ')).rejects.toBeInstanceOf(WsfeError);
    const last = await wsfe().lastAuthorized(auth, 1, 6);
    const b = (nro: number, over: Partial<VoucherRequest> = {}) => voucher(nro, { cbteTipo: 6, docTipo: 99, docNro: 0, condicionIvaReceptorId: 5, ...over });
    expect((await wsfe().request(auth, b(last + 1, { monId: 'DOL', monCotiz: 1017.5 }))).resultado).toBe('R');
    const usd = await wsfe().request(auth, b(last + 1, { monId: 'DOL', monCotiz: 1017.5, canMisMonExt: 'N' }));
    expect(usd).toMatchObject({ resultado: 'A', observaciones: [] });
    expect(fake.vouchers(CUIT).find((v) => v.cae === usd.cae)).toMatchObject({ monId: 'DOL', monCotiz: '1017.5' });
    const yesterday = toAfipDate(addDays(argentinaToday(new Date()), -1));
    expect(await wsfe().request(auth, b(last + 2, { cbteFch: yesterday }))).toMatchObject({ resultado: 'R', observaciones: [{ code: 10016 }] });
  });

  it('a timeout after the CAE was issued: the client gives up, the voucher exists', async () => {
    fake.next('FECAESolicitar', 'timeout');
    await expect(wsfeClient(fake.wsfeUrl, 300).request(auth, voucher(2))).rejects.toBeInstanceOf(AfipUnreachable);
    expect(await wsfe().lastAuthorized(auth, 1, 1)).toBe(2);
    expect((await wsfe().query(auth, 1, 1, 2))?.cae).toMatch(/^\d{14}$/);
  });
});
