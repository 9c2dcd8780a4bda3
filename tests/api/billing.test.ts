/**
 * Electronic invoicing (issue 16) on both databases, against the fake WSAA + WSFEv1 (tests/support/afip):
 * the configuration (CUIT rule, ADMIN only, certificate and key checked, the key stored encrypted and never
 * answered back, the expiry warned), the connection check and the cached parameters, and issuing from records:
 * invoices A, B and C, a credit note with its associated invoice, a rejection with observations, a timeout after
 * the CAE was issued reconciled to the same number and CAE with nothing duplicated, one ticket shared by two
 * instances, and asking twice never giving two CAEs; AFIP's answer heard by event subscriptions (web hooks).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, argentinaToday } from '../../engine/billing/dates';
import { decodeQrUrl } from '../../engine/billing/qr';
import { issueCert, makeCa, type TestCa, type TestCert } from '../support/afip/certs';
import { startFakeAfip, type FakeAfip } from '../support/afip/fake';
import { FAST_EVENTS, until } from '../support/events';
import { startReceiver } from '../support/receiver';
import { ADMIN_PASSWORD, api, createUser, describeBackends, freshStore, PLAIN_PASSWORD, startTestServer, type Api, type Store, type TestServer } from '../support/server';
import { stockWorld, type StockWorld } from '../support/stock';

const CUIT = '20123456786';
const run = promisify(execFile);
const BILLING_KEY = 'a-test-billing-key-of-32-chars!!';
const today = () => argentinaToday(new Date());

describeBackends('electronic invoicing', (backend) => {
  let ca: TestCa;
  let fake: FakeAfip;
  let store: Store;
  let srv: TestServer;
  let srv2: TestServer | undefined;
  let client: Api;
  let db: Kysely<any>;
  let admin: string;
  let plain: string;
  let w: StockWorld;
  let cert: TestCert;
  const options = () => ({ ...FAST_EVENTS, store, billingKey: BILLING_KEY, afipWsaaUrl: fake.wsaaUrl, afipWsfeUrl: fake.wsfeUrl, afipTimeoutMs: 1500, billingPollMs: 100, billingLeaseSeconds: 2 });
  const post = (path: string, body: unknown = {}, token = admin) => client.post(`/api/${path}`, body, token);
  const ok = async (path: string, body: unknown = {}, token = admin) => {
    const res = await post(path, body, token);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const party = async (nombre: string, fiscal: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
    (await ok('perfil/save', { tipo: 'clientes', nombre, datos_fiscales: fiscal, ...extra })).id as number;
  const record = async (cliente: number | null, items: Record<string, unknown>[], extra: Record<string, unknown> = {}, actividad = 'control') =>
    (await ok('registro/save', w.record(actividad, items, { cliente, fecha: today(), ...extra }))).id as number;
  /** Changes the billing configuration (keeping what is not given). */
  const configure = async (changes: Record<string, unknown>) => {
    const id = (await ok('facturacion/index')).rows[0].id;
    const cfg = await ok(`facturacion/show/${id}`);
    await ok(`facturacion/update/${id}`, { entorno: cfg.entorno, cuit: cfg.cuit, razon_social: cfg.razon_social, condicion_iva: cfg.condicion_iva, puntos_venta: cfg.puntos_venta.map((p: any) => ({ numero: p.numero, tipo: p.tipo })), version: cfg.version, ...changes });
  };
  const setActivity = async (id: number, changes: Record<string, unknown>) => ok(`actividad/update/${id}`, { ...(await ok(`actividad/show/${id}`)), ...changes });
  /** Waits until one voucher leaves pendiente / solicitando. */
  const settledVoucher = async (id: number) => {
    for (let i = 0; i < 300; i++) {
      const f = await ok(`factura/show/${id}`);
      if (f.estado === 'emitida' || f.estado === 'rechazada') return f;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`voucher ${id} did not settle`);
  };
  /** Waits (polling the API, like the screen) until the voucher leaves pendiente / solicitando. */
  const settled = async (id: number) => {
    for (let i = 0; i < 300; i++) {
      const f = (await ok('factura/index', { filters: { registro: String(id) } })).rows;
      const done = f.filter((r: any) => r.estado === 'emitida' || r.estado === 'rechazada');
      if (f.length && done.length === f.length) return ok(`factura/show/${done[0].id}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the voucher of record ${id} did not settle: ${JSON.stringify(await invoices(id))}`);
  };
  /** The text of a voucher's printed PDF. */
  const pdfText = async (id: number) => {
    const res = await fetch(`${srv.baseUrl}/api/factura/pdf/${id}`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: '{}' });
    const dir = await mkdtemp(path.join(tmpdir(), 'factura-pdf-'));
    try {
      await writeFile(path.join(dir, 'f.pdf'), Buffer.from(await res.arrayBuffer()));
      return (await run('pdftotext', ['-layout', path.join(dir, 'f.pdf'), '-'])).stdout;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const invoices = async (registro: number) => (await ok('factura/index', { filters: { registro: String(registro) } })).rows;

  beforeAll(async () => {
    ca = makeCa();
    cert = issueCert(ca, CUIT);
    fake = await startFakeAfip(ca);
    store = await freshStore(backend, true);
    srv = await startTestServer(backend, options());
    client = api(srv.baseUrl);
    db = srv.db as unknown as Kysely<any>;
    admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    await createUser(srv.db, { username: 'plain', password: PLAIN_PASSWORD, roles: ['ROLE_USER'] });
    plain = (await client.login('plain', PLAIN_PASSWORD)).access_token;
    w = await stockWorld(client, admin);
    // the activity records are invoiced from (an activity flag: only those marked issue vouchers)
    await setActivity(w.ids.control, { facturable: true });
  });
  afterAll(async () => {
    await srv2?.close();
    await srv?.close();
    await store?.dispose();
    await fake?.close();
  });

  describe('configuration', () => {
    it('is ADMIN only; its CUIT and the company’s pass the CUIT rule (EPF0003)', async () => {
      const body = { entorno: 'homologacion', cuit: '20-12345678-6', condicion_iva: 'responsable_inscripto', razon_social: 'Flujos S.A.', puntos_venta: [{ numero: 1, tipo: 'cae' }] };
      expect((await post('facturacion/save', body, plain)).status).toBe(403);
      const bad = await post('facturacion/save', { ...body, cuit: '20-12345678-1' });
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect(bad.body.errors).toContainEqual(expect.objectContaining({ field: 'cuit', code: 'EPF0003' }));
      const badCompany = await post('empresa/save', { nombre: 'Flujos', cuit: '30-11111111-1' });
      expect(badCompany.body.errors).toContainEqual(expect.objectContaining({ field: 'cuit', code: 'EPF0003' }));
      await ok('empresa/save', { nombre: 'Flujos', razon_social: 'Flujos S.A.', cuit: '20-12345678-6', condicion_iva: 'responsable_inscripto', direccion: 'Av. Siempre Viva 742' });
      await ok('facturacion/save', body);
    });

    it('before a certificate, issuing says so', async () => {
      const r = await record(null, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 10, alicuota: 21 }]);
      expect(await post(`registro/facturar/${r}`)).toMatchObject({ status: 406, body: { code: 'FACTURA_SIN_CERTIFICADO' } });
    });

    it('takes a certificate with its key: checked, the key encrypted, neither answered back nor audited', async () => {
      const other = issueCert(ca, '20111111112');
      expect((await post('facturacion/certificado', { certificado: other.certPem, clave: other.keyPem })).body).toMatchObject({ code: 'FACTURA_CERTIFICADO_OTRO_CUIT', errors: [{ params: { cuit: '20111111112' } }] });
      expect((await post('facturacion/certificado', { certificado: cert.certPem, clave: other.keyPem })).body.code).toBe('FACTURA_CLAVE_NO_CORRESPONDE');
      expect((await post('facturacion/certificado', { certificado: 'hola', clave: cert.keyPem })).body.code).toBe('FACTURA_CERTIFICADO_INVALIDO');
      expect((await post('facturacion/certificado', { certificado: cert.certPem, clave: cert.keyPem }, plain)).status).toBe(403);
      const soon = issueCert(ca, CUIT, 20);
      expect((await ok('facturacion/certificado', { certificado: soon.certPem, clave: soon.keyPem })).certificado).toMatchObject({ state: 'por_vencer', daysLeft: 19 });
      const up = await ok('facturacion/certificado', { certificado: cert.certPem, clave: cert.keyPem });
      expect(up.certificado).toMatchObject({ cuit: CUIT, state: 'vigente' });
      const id = (await ok('facturacion/index')).rows[0].id;
      const shown = JSON.stringify(await ok(`facturacion/show/${id}`));
      expect(shown).toContain('"state":"vigente"');
      expect(shown).not.toContain('PRIVATE KEY');
      const stored = await db.selectFrom('facturacion_credencial').selectAll().executeTakeFirstOrThrow();
      expect(stored.clave_cifrada).not.toContain('PRIVATE KEY');
      const audit = await db.selectFrom('audit_log').select('changes').where('action', '=', 'certificado').execute();
      expect(audit.length).toBe(2);
      expect(JSON.stringify(audit)).not.toContain('PRIVATE KEY');
    });

    it('checks the connection (FEDummy, a ticket, the sales points) and caches the parameters', async () => {
      expect(await ok('facturacion/probar')).toMatchObject({ entorno: 'homologacion', servidores: { appServer: 'OK' }, puntos_venta: [{ nro: 1, bloqueado: false }] });
      const params = await ok('facturacion/parametros');
      expect(params.TiposIva).toContainEqual({ id: '5', desc: '21%' });
      expect(params.TiposDoc).toContainEqual({ id: '80', desc: 'CUIT' });
      const asked = fake.count('FEParamGetTiposCbte');
      await ok('facturacion/parametros');
      expect(fake.count('FEParamGetTiposCbte')).toBe(asked);
      expect(fake.count('loginCms')).toBe(1);
    });

    it('a new certificate drops the cached ticket: the next call logs in with it', async () => {
      const renewed = issueCert(ca, CUIT, 365, 'flujos-renovado');
      await ok('facturacion/certificado', { certificado: renewed.certPem, clave: renewed.keyPem });
      expect(await db.selectFrom('facturacion_ticket').selectAll().execute()).toEqual([]);
      await ok('facturacion/probar');
      expect(fake.count('loginCms')).toBe(2);
      // and the call to WSAA held no lease, lock or transaction once done
      expect(await db.selectFrom('facturacion_ticket_pedido').selectAll().execute()).toEqual([]);
      await ok('facturacion/probar');
      expect(fake.count('loginCms')).toBe(2);
    });
  });

  describe('issuing', () => {
    let clienteRI: number;
    let clienteCF: number;
    let invoiceA: any;
    let recordA: number;

    beforeAll(async () => {
      clienteRI = await party('Ferretería Norte', { cuit: '30-54668997-9', condicion_iva: 'responsable_inscripto' });
      clienteCF = await party('Ana Pérez', { condicion_iva: 'consumidor_final' }, { tipo_documento: 'DNI', numero_documento: '12.345.678' });
    });

    it('an A invoice: the amounts from the record’s exact totals, a CAE from the fake, its QR', async () => {
      recordA = await record(clienteRI, [
        { articulo: w.ids.clavo, cantidad: 3, precio_unitario: 0.1, alicuota: 21 },
        { articulo: w.ids.clavo, cantidad: 2.5, precio_unitario: 0.41, alicuota: 10.5 },
        { articulo: w.ids.clavo, cantidad: 1, precio_unitario: 100, alicuota: 21 },
      ]);
      const queued = await ok(`registro/facturar/${recordA}`, {}, plain);
      expect(queued).toMatchObject({ letra: 'A', cbte_tipo: 1, punto_venta: 1, importe_total: 122.5, doc_tipo: 80, doc_nro: '30546689979' });
      expect(queued).not.toHaveProperty('solicitud');
      invoiceA = await settled(recordA);
      expect(invoiceA).toMatchObject({ estado: 'emitida', numero: 1, letra: 'A', observaciones: [] });
      expect(invoiceA.cae).toMatch(/^\d{14}$/);
      expect(invoiceA.cae_vencimiento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const v = fake.vouchers(CUIT).find((x) => x.cbteTipo === 1 && x.nro === 1)!;
      expect(v).toMatchObject({ impNeto: '101.33', impIVA: '21.17', impTotal: '122.50', impOpEx: '0.00', docTipo: 80, cae: invoiceA.cae });
      expect(v.iva).toEqual([{ Id: '4', BaseImp: '1.03', Importe: '0.11' }, { Id: '5', BaseImp: '100.30', Importe: '21.06' }]);
      expect(decodeQrUrl(invoiceA.qr)).toEqual({
        ver: 1, fecha: invoiceA.fecha, cuit: Number(CUIT), ptoVta: 1, tipoCmp: 1, nroCmp: 1, importe: 122.5, moneda: 'PES', ctz: 1, tipoDocRec: 80, nroDocRec: 30546689979, tipoCodAut: 'E', codAut: Number(invoiceA.cae),
      });
    });

    it('prints the issued voucher: a PDF that renders, with the CAE, the numbers and the QR', async () => {
      const res = await fetch(`${srv.baseUrl}/api/factura/pdf/${invoiceA.id}`, { method: 'POST', headers: { authorization: `Bearer ${plain}`, 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/pdf');
      const dir = await mkdtemp(path.join(tmpdir(), 'factura-pdf-'));
      try {
        await writeFile(path.join(dir, 'f.pdf'), Buffer.from(await res.arrayBuffer()));
        await run('pdftoppm', ['-png', '-r', '50', path.join(dir, 'f.pdf'), path.join(dir, 'page')]);
        expect((await readdir(dir)).filter((f) => f.startsWith('page'))).toHaveLength(1);
        const { stdout } = await run('pdftotext', ['-layout', path.join(dir, 'f.pdf'), '-']);
        for (const text of ['FACTURA', 'COD. 01', '0001', '00000001', `CAE N°: ${invoiceA.cae}`, '20-12345678-6', '30-54668997-9', 'IVA Responsable Inscripto', '101,33', '122,50', 'IVA 21%', 'IVA 10,5%'])
          expect(stdout).toContain(text);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      const pending = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 1, alicuota: 21 }]);
      expect((await post(`factura/pdf/${(await invoices(recordA))[0].id + 1000}`)).status).toBe(404);
      expect(pending).toBeGreaterThan(0);
    });

    it('asking again answers the same voucher: never two CAEs for one record', async () => {
      const again = await ok(`registro/facturar/${recordA}`);
      expect(again).toMatchObject({ id: invoiceA.id, cae: invoiceA.cae });
      expect(await invoices(recordA)).toHaveLength(1);
      expect(fake.vouchers(CUIT).filter((v) => v.cbteTipo === 1)).toHaveLength(1);
    });

    it('a B invoice to a final consumer with a DNI, and a C one when the company is a monotributista', async () => {
      const b = await record(clienteCF, [{ articulo: w.ids.flete, cantidad: 1, precio_unitario: 1000, alicuota: 21 }]);
      await ok(`registro/facturar/${b}`);
      const fb = await settled(b);
      expect(fb).toMatchObject({ estado: 'emitida', letra: 'B', cbte_tipo: 6, numero: 1, doc_tipo: 96, doc_nro: '12345678', importe_total: 1210 });
      const vb = fake.vouchers(CUIT).find((x) => x.cbteTipo === 6)!;
      expect(vb).toMatchObject({ concepto: 2, impNeto: '1000.00', impIVA: '210.00' });

      const id = (await ok('facturacion/index')).rows[0].id;
      const setCondition = async (condicion_iva: string) => {
        const cfg = await ok(`facturacion/show/${id}`);
        await ok(`facturacion/update/${id}`, { entorno: cfg.entorno, cuit: cfg.cuit, razon_social: cfg.razon_social, puntos_venta: cfg.puntos_venta.map((p: any) => ({ numero: p.numero, tipo: p.tipo })), condicion_iva, version: cfg.version });
      };
      await setCondition('monotributo');
      const c = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 2, precio_unitario: 10, alicuota: 21 }]);
      await ok(`registro/facturar/${c}`);
      expect(await settled(c)).toMatchObject({ estado: 'emitida', letra: 'C', cbte_tipo: 11, importe_total: 24.2 });
      expect(fake.vouchers(CUIT).find((x) => x.cbteTipo === 11)).toMatchObject({ impNeto: '24.20', impIVA: '0.00', iva: [] });
      await setCondition('responsable_inscripto');
    });

    it('a credit note carries its invoice as the associated voucher', async () => {
      expect((await post(`registro/facturar/${recordA}`, { tipo: 'nota_credito' })).status).toBe(200);
      const notes = (await invoices(recordA)).filter((r: any) => r.tipo === 'nota_credito');
      expect(notes).toHaveLength(1);
      const nc = await ok(`factura/show/${notes[0].id}`);
      for (let i = 0; i < 100 && nc.estado !== 'emitida'; i++) Object.assign(nc, await ok(`factura/show/${notes[0].id}`), await new Promise((r) => setTimeout(r, 100)));
      expect(nc).toMatchObject({ estado: 'emitida', letra: 'A', cbte_tipo: 3, numero: 1, asociada: invoiceA.id });
      expect(fake.vouchers(CUIT).find((x) => x.cbteTipo === 3)?.cbtesAsoc).toEqual([expect.objectContaining({ Tipo: '1', PtoVta: '1', Nro: '1' })]);
      const noInvoice = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 5, alicuota: 21 }]);
      expect((await post(`registro/facturar/${noInvoice}`, { tipo: 'nota_credito' })).body.code).toBe('FACTURA_NOTA_SIN_ASOCIADO');
    });

    it('refuses what AFIP would refuse before asking: A without the client’s CUIT, an unknown rate, a sales point not configured', async () => {
      const noCuit = await party('Sin CUIT', { condicion_iva: 'responsable_inscripto' });
      const r1 = await record(noCuit, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 5, alicuota: 21 }]);
      expect((await post(`registro/facturar/${r1}`)).body).toMatchObject({ code: 'FACTURA_RECEPTOR_SIN_CUIT', message: 'Un comprobante A necesita el CUIT válido del cliente (datos fiscales).' });
      const r2 = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 5, alicuota: 19 }]);
      expect((await client.post(`/api/registro/facturar/${r2}`, {}, admin, { 'accept-language': 'en' })).body).toMatchObject({ code: 'FACTURA_ALICUOTA_DESCONOCIDA', message: 'AFIP has no VAT rate of 19 %.' });
      expect((await post(`registro/facturar/${r1}`, { punto_venta: 7 })).body.code).toBe('FACTURA_SIN_PUNTO_VENTA');
      expect(await invoices(r1)).toHaveLength(0);
    });

    it('a rejection keeps AFIP’s observations, uses no number, and the record can be issued again', async () => {
      fake.rejectNext({ code: 10015, msg: 'El numero de documento del receptor no es valido' });
      const r = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 50, alicuota: 21 }]);
      await ok(`registro/facturar/${r}`);
      const rejected = await settled(r);
      expect(rejected.numero ?? null).toBeNull();
      expect(rejected.cae ?? null).toBeNull();
      expect(rejected).toMatchObject({ estado: 'rechazada', observaciones: [{ code: 10015, msg: 'El numero de documento del receptor no es valido', conocido: true }] });
      await ok(`registro/facturar/${r}`);
      const rows = await invoices(r);
      expect(rows).toHaveLength(2);
      const issued = await settled(r).catch(() => null);
      const again = (await invoices(r)).find((x: any) => x.estado === 'emitida');
      expect(again ?? issued).toMatchObject({ estado: 'emitida', numero: 2 });
    });

    it('a timeout after AFIP issued the CAE: reconciled to the same number and CAE, nothing requested twice', async () => {
      const before = fake.count('FECAESolicitar');
      fake.next('FECAESolicitar', 'timeout');
      const r = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 4, precio_unitario: 25, alicuota: 21 }]);
      await ok(`registro/facturar/${r}`);
      const f = await settled(r);
      expect(f).toMatchObject({ estado: 'emitida', numero: 3 });
      expect(fake.count('FECAESolicitar')).toBe(before + 1);
      expect(fake.count('FECompConsultar')).toBeGreaterThanOrEqual(1);
      const issued = fake.vouchers(CUIT).filter((v) => v.cbteTipo === 1);
      expect(issued.map((v) => v.nro)).toEqual([1, 2, 3]);
      expect(issued[2].cae).toBe(f.cae);
    });

    it('only activities marked to invoice issue vouchers (FACTURA_ACTIVIDAD_NO_HABILITADA), in both languages', async () => {
      const r = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 10, alicuota: 21 }], {}, 'recepcion');
      expect(await post(`registro/facturar/${r}`)).toMatchObject({ status: 406, body: { code: 'FACTURA_ACTIVIDAD_NO_HABILITADA', message: 'La actividad «Recepción» no emite comprobantes electrónicos.' } });
      expect((await client.post(`/api/registro/facturar/${r}`, {}, admin, { 'accept-language': 'en' })).body.message).toBe('The activity “Recepción” does not issue electronic vouchers.');
      expect(await invoices(r)).toHaveLength(0);
    });

    it('the voucher bears the record’s date, refused when AFIP would not take it today', async () => {
      // sales point 2 has no voucher yet (on 1 the A invoices are dated today: an earlier date is refused, below)
      await configure({ puntos_venta: [{ numero: 1, tipo: 'cae' }, { numero: 2, tipo: 'cae' }, { numero: 3, tipo: 'caea' }] });
      fake.salesPoints.set(CUIT, [1, 2, 3]);
      const date = addDays(today(), -3);
      const r = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 10, alicuota: 21 }], { fecha: date });
      await ok(`registro/facturar/${r}`, { punto_venta: 2 });
      const f = await settled(r);
      expect(f).toMatchObject({ estado: 'emitida', fecha: date, punto_venta: 2 });
      expect(fake.vouchers(CUIT).find((v) => v.cae === f.cae)?.cbteFch).toBe(date.replace(/-/g, ''));
      const old = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 10, alicuota: 21 }], { fecha: addDays(today(), -30) });
      const refused = await post(`registro/facturar/${old}`);
      expect(refused).toMatchObject({ status: 406, body: { code: 'FACTURA_FECHA_FUERA_DE_RANGO', errors: [{ params: { fecha: addDays(today(), -30), desde: addDays(today(), -5), hasta: addDays(today(), 5) } }] } });
      expect(refused.body.message).toContain(addDays(today(), -5));
      expect(await invoices(old)).toHaveLength(0);
    });

    it('a voucher dated before the last one of its sales point and type is refused before AFIP is asked, in both languages', async () => {
      const asked = fake.count('FECAESolicitar');
      const earlier = addDays(today(), -4);
      const r = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 10, alicuota: 21 }], { fecha: earlier });
      // point 2's last A invoice is dated today - 3; point 1's today
      const onTwo = await post(`registro/facturar/${r}`, { punto_venta: 2 });
      expect(onTwo).toMatchObject({ status: 406, body: { code: 'FACTURA_FECHA_ANTERIOR_AL_ULTIMO', errors: [{ params: { fecha: earlier, ultima: addDays(today(), -3) } }] } });
      expect(onTwo.body.message).toBe(`El comprobante sería del ${earlier}, anterior al último del mismo tipo y punto de venta (${addDays(today(), -3)}): AFIP no lo autoriza.`);
      const onOne = await client.post(`/api/registro/facturar/${r}`, {}, admin, { 'accept-language': 'en' });
      expect(onOne.body).toMatchObject({ code: 'FACTURA_FECHA_ANTERIOR_AL_ULTIMO', message: `The voucher would be dated ${earlier}, before the last one of its type and sales point (${today()}): AFIP does not authorise it.` });
      expect(await invoices(r)).toHaveLength(0);
      expect(fake.count('FECAESolicitar')).toBe(asked);

      // the same day as the last one is fine; a voucher AFIP holds from outside this app is checked by the worker
      fake.issueOutside(CUIT, 2, 1, today().replace(/-/g, ''));
      const same = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 11, alicuota: 21 }], { fecha: addDays(today(), -3) });
      await ok(`registro/facturar/${same}`, { punto_venta: 2 });
      const rejected = await settled(same);
      expect(rejected).toMatchObject({ estado: 'rechazada', observaciones: [{ code: 10016, conocido: true }] });
      expect(rejected.numero ?? null).toBeNull();
      expect(fake.count('FECAESolicitar')).toBe(asked);
    });

    it('a CAEA sales point cannot issue: refused clearly, nothing written', async () => {
      const r = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 10, alicuota: 21 }]);
      expect(await post(`registro/facturar/${r}`, { punto_venta: 3 })).toMatchObject({ status: 406, body: { code: 'FACTURA_PUNTO_VENTA_CAEA', message: 'El punto de venta 3 es CAEA (anticipado): esta aplicación solo emite con CAE. Use un punto de venta CAE.' } });
      expect((await client.post(`/api/registro/facturar/${r}`, { punto_venta: 3 }, admin, { 'accept-language': 'en' })).body.message).toBe('Sales point 3 is a CAEA (advance) one: this app only issues with a CAE. Use a CAE sales point.');
      expect(await invoices(r)).toHaveLength(0);
    });

    it('a line at 0 % VAT goes as VAT Id 3 (0 %), in the net, not as exempt', async () => {
      const r = await record(clienteRI, [
        { articulo: w.ids.clavo, cantidad: 1, precio_unitario: 40, alicuota: 0 },
        { articulo: w.ids.clavo, cantidad: 1, precio_unitario: 100, alicuota: 21 },
      ]);
      await ok(`registro/facturar/${r}`);
      const f = await settled(r);
      expect(f).toMatchObject({ estado: 'emitida', importe_total: 161 });
      const v = fake.vouchers(CUIT).find((x) => x.cae === f.cae)!;
      expect(v).toMatchObject({ impNeto: '140.00', impOpEx: '0.00', impIVA: '21.00', impTotal: '161.00' });
      expect(v.iva).toEqual([{ Id: '3', BaseImp: '40.00', Importe: '0.00' }, { Id: '5', BaseImp: '100.00', Importe: '21.00' }]);
    });

    it('partial credit notes (some lines, some amounts) never credit more than what remains; debit notes for an amount', async () => {
      const r = await record(clienteRI, [
        { articulo: w.ids.clavo, cantidad: 2, precio_unitario: 100, alicuota: 21 },
        { articulo: w.ids.clavo, cantidad: 1, precio_unitario: 50, alicuota: 10.5 },
      ]);
      const [nails, other] = (await ok(`registro/show/${r}`)).items.map((i: any) => i.id as number);
      await ok(`registro/facturar/${r}`);
      const inv = await settled(r);
      expect(inv).toMatchObject({ estado: 'emitida', importe_total: 297.25, acreditable: { total: 297.25 } });
      expect((await post(`registro/facturar/${r}`, { items: [{ item: nails, cantidad: 1 }] })).body.code).toBe('FACTURA_PARCIAL_SOLO_NOTAS');

      const one = await ok(`registro/facturar/${r}`, { tipo: 'nota_credito', items: [{ item: nails, cantidad: 1 }] }, plain);
      expect(one).toMatchObject({ tipo: 'nota_credito', estado: 'pendiente', importe_total: 121, asociada: inv.id, lineas: [expect.objectContaining({ item: nails, cantidad: 1, subtotal: 100, impuesto: 21 })] });
      const nc1 = await settledVoucher(one.id);
      expect(nc1).toMatchObject({ estado: 'emitida', letra: 'A', cbte_tipo: 3 });
      const v1 = fake.vouchers(CUIT).find((x) => x.cae === nc1.cae)!;
      expect(v1).toMatchObject({ impNeto: '100.00', impIVA: '21.00', impTotal: '121.00' });
      expect(v1.cbtesAsoc).toEqual([expect.objectContaining({ Tipo: '1', Nro: String(inv.numero) })]);
      expect((await ok(`factura/show/${inv.id}`)).acreditable).toEqual({ total: 176.25, items: [expect.objectContaining({ item: nails, cantidad: 1 }), expect.objectContaining({ item: other, cantidad: 1 })] });

      const tooMany = await post(`registro/facturar/${r}`, { tipo: 'nota_credito', items: [{ item: nails, cantidad: 2 }] });
      expect(tooMany).toMatchObject({ status: 406, body: { code: 'FACTURA_NOTA_EXCEDE_ITEM', message: `De la línea ${nails} quedan 1 unidades sin acreditar.` } });
      expect((await post(`registro/facturar/${r}`, { tipo: 'nota_credito', importes: [{ alicuota: 10.5, neto: 50.01 }] })).body).toMatchObject({ code: 'FACTURA_NOTA_EXCEDE_SALDO', errors: [{ params: { restante: 176.25 } }] });
      expect((await client.post(`/api/registro/facturar/${r}`, { tipo: 'nota_credito', importes: [{ alicuota: 27, neto: 1 }] }, admin, { 'accept-language': 'en' })).body.message).toBe('The invoice has no amounts at 27 % VAT.');
      expect((await post(`registro/facturar/${r}`, { tipo: 'nota_credito', items: [{ item: 999999, cantidad: 1 }] })).body.code).toBe('FACTURA_NOTA_ITEM_DESCONOCIDO');

      const amount = await ok(`registro/facturar/${r}`, { tipo: 'nota_credito', importes: [{ alicuota: 10.5, neto: 20 }] });
      expect(await settledVoucher(amount.id)).toMatchObject({ estado: 'emitida', importe_total: 22.1 });
      const rest = await ok(`registro/facturar/${r}`, { tipo: 'nota_credito' });
      expect(rest.importe_total).toBe(154.15);
      expect(await settledVoucher(rest.id)).toMatchObject({ estado: 'emitida' });
      expect((await post(`registro/facturar/${r}`, { tipo: 'nota_credito' })).body).toMatchObject({ code: 'FACTURA_NOTA_EXCEDE_SALDO', errors: [{ params: { restante: 0 } }] });
      expect((await ok(`factura/show/${inv.id}`)).acreditable.total).toBe(0);

      const debit = await ok(`registro/facturar/${r}`, { tipo: 'nota_debito', importes: [{ alicuota: 21, neto: 10 }] });
      expect(await settledVoucher(debit.id)).toMatchObject({ estado: 'emitida', cbte_tipo: 2, importe_total: 12.1 });
    });

    it('a retried call with the same key gives one voucher (also concurrent twins); the key with another body is refused', async () => {
      const r = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 2, precio_unitario: 100, alicuota: 21 }]);
      const invoiceKey = randomUUID();
      const first = await ok(`registro/facturar/${r}`, { clave: invoiceKey });
      expect(await ok(`registro/facturar/${r}`, { clave: invoiceKey })).toMatchObject({ id: first.id, clave: invoiceKey });
      expect(first).not.toHaveProperty('huella');
      expect(await post(`registro/facturar/${r}`, { clave: 'a\u0000b' })).toMatchObject({ status: 400, body: { errors: [expect.objectContaining({ field: 'clave' })] } });
      const inv = await settled(r);
      const rows = (tipo: string) => db.selectFrom('factura').select('id').where('registro', '=', r).where('tipo', '=', tipo).execute();

      // a debit note: retried, then three concurrent twins of another key
      const debit = { tipo: 'nota_debito', importes: [{ alicuota: 21, neto: 10 }], clave: randomUUID() };
      const d1 = await ok(`registro/facturar/${r}`, debit);
      expect((await ok(`registro/facturar/${r}`, debit)).id).toBe(d1.id);
      const twin = { ...debit, clave: randomUUID() };
      const twins = await Promise.all([1, 2, 3].map(() => post(`registro/facturar/${r}`, twin)));
      expect(twins.map((t) => t.status)).toEqual([200, 200, 200]);
      expect(new Set(twins.map((t) => t.body.id)).size).toBe(1);
      expect(await rows('nota_debito')).toHaveLength(2);

      // a credit note the same way: never credited twice
      const credit = { tipo: 'nota_credito', items: [{ item: (await ok(`registro/show/${r}`)).items[0].id, cantidad: 1 }], clave: randomUUID() };
      const creditTwins = await Promise.all([1, 2].map(() => post(`registro/facturar/${r}`, credit)));
      expect(creditTwins.map((t) => t.status)).toEqual([200, 200]);
      expect(creditTwins[0].body.id).toBe(creditTwins[1].body.id);
      expect(await rows('nota_credito')).toHaveLength(1);

      // the key with another body: 422, nothing written, in both languages
      const other = await post(`registro/facturar/${r}`, { ...debit, importes: [{ alicuota: 21, neto: 11 }] });
      expect(other).toMatchObject({ status: 422, body: { code: 'FACTURA_CLAVE_OTRO_PEDIDO', message: `La clave ${debit.clave} ya se usó para otro pedido de comprobante de este registro: use una clave nueva.` } });
      expect((await client.post(`/api/registro/facturar/${r}`, { ...debit, tipo: 'nota_credito' }, admin, { 'accept-language': 'en' })).body).toMatchObject({ code: 'FACTURA_CLAVE_OTRO_PEDIDO', message: `The key ${debit.clave} was already used for another voucher request of this record: use a new key.` });
      expect(await rows('nota_debito')).toHaveLength(2);

      // once issued, a retry answers the issued voucher; AFIP was asked once per key, each insert audited once
      const issued = await settledVoucher(d1.id);
      expect(await ok(`registro/facturar/${r}`, debit)).toMatchObject({ id: d1.id, estado: 'emitida', cae: issued.cae });
      await settledVoucher(twins[0].body.id);
      await settledVoucher(creditTwins[0].body.id);
      const ids = [inv.id, d1.id, twins[0].body.id, creditTwins[0].body.id];
      expect(fake.vouchers(CUIT).filter((v) => [inv.cae, issued.cae].includes(v.cae))).toHaveLength(2);
      expect(fake.vouchers(CUIT).filter((v) => v.cbtesAsoc.some((a) => a.Tipo === '1' && a.PtoVta === '1' && a.Nro === String(inv.numero)))).toHaveLength(3);
      const audited = await db.selectFrom('audit_log').select('record_id').where('entity', '=', 'factura').where('action', '=', 'insert').where('record_id', 'in', ids).execute();
      expect(audited.map((a) => a.record_id).sort()).toEqual([...ids].sort());
    });

    it('a USD invoice: the currency checked against AFIP’s, AFIP’s rate when none is given, on the PDF and in the QR', async () => {
      const r = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 100, alicuota: 21 }]);
      expect((await post(`registro/facturar/${r}`, { moneda: 'XYZ' })).body).toMatchObject({ code: 'FACTURA_MONEDA_DESCONOCIDA', message: 'AFIP no tiene la moneda XYZ.' });
      expect((await client.post(`/api/registro/facturar/${r}`, { moneda: 'XYZ' }, admin, { 'accept-language': 'en' })).body.message).toBe('AFIP has no currency XYZ.');
      expect((await post(`registro/facturar/${r}`, { cotizacion: 2 })).body.code).toBe('FACTURA_COTIZACION_PESOS');
      // the currencies are AFIP's cached list: not read yet, it says so
      await db.deleteFrom('facturacion_parametro').where('clave', '=', 'TiposMonedas').execute();
      expect((await post(`registro/facturar/${r}`, { moneda: 'DOL' })).body.code).toBe('FACTURA_MONEDAS_SIN_LEER');
      expect(await ok('factura/monedas', {}, plain)).toEqual([]);
      await ok('facturacion/parametros');
      // the issuing panel offers them to whoever may issue
      expect(await ok('factura/monedas', {}, plain)).toContainEqual({ id: 'DOL', desc: 'Dólar Estadounidense' });
      expect(await invoices(r)).toHaveLength(0);

      const rates = fake.count('FEParamGetCotizacion');
      expect(await ok(`registro/facturar/${r}`, { moneda: 'DOL' })).toMatchObject({ moneda: 'DOL', cotizacion: null });
      const f = await settled(r);
      expect(f).toMatchObject({ estado: 'emitida', moneda: 'DOL', cotizacion: 1017.5, importe_total: 121 });
      expect(fake.count('FEParamGetCotizacion')).toBe(rates + 1);
      expect(fake.vouchers(CUIT).find((v) => v.cae === f.cae)).toMatchObject({ monId: 'DOL', monCotiz: '1017.5', impTotal: '121.00' });
      expect(decodeQrUrl(f.qr)).toMatchObject({ importe: 121, moneda: 'DOL', ctz: 1017.5, codAut: Number(f.cae) });
      const text = await pdfText(f.id);
      for (const t of ['Moneda: DOL', 'DOL 121,00', '1.017,5']) expect(text).toContain(t);

      // a rate given is sent as is; a note is in its invoice's currency
      const r2 = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 2, precio_unitario: 50, alicuota: 21 }]);
      await ok(`registro/facturar/${r2}`, { moneda: 'DOL', cotizacion: 1000.25 });
      const f2 = await settled(r2);
      expect(f2).toMatchObject({ estado: 'emitida', moneda: 'DOL', cotizacion: 1000.25 });
      expect(decodeQrUrl(f2.qr)).toMatchObject({ moneda: 'DOL', ctz: 1000.25 });
      expect((await post(`registro/facturar/${r2}`, { tipo: 'nota_credito', moneda: 'PES' })).body).toMatchObject({ code: 'FACTURA_NOTA_OTRA_MONEDA', message: 'La nota debe ser en la moneda de su factura (DOL).' });
      const note = await ok(`registro/facturar/${r2}`, { tipo: 'nota_credito', cotizacion: 1001 });
      expect(await settledVoucher(note.id)).toMatchObject({ estado: 'emitida', moneda: 'DOL', cotizacion: 1001 });
      expect(fake.vouchers(CUIT).find((v) => v.cbteTipo === 3 && v.monId === 'DOL')).toMatchObject({ monCotiz: '1001' });
    });

    it('a user sees only the vouchers of records they may see; ADMIN sees all', async () => {
      const puesto = (await ok('puesto/save', { nombre: 'Facturación' })).id;
      const before = (await ok('factura/index', {}, plain)).total;
      expect(before).toBeGreaterThan(0);
      const some = (await ok('factura/index', {}, plain)).rows[0];
      await setActivity(w.ids.control, { puestos: [{ puesto }] });
      try {
        expect((await ok('factura/index', {}, plain)).total).toBe(0);
        expect((await post(`factura/show/${some.id}`, {}, plain)).status).toBe(403);
        expect((await post(`factura/pdf/${some.id}`, {}, plain)).status).toBe(403);
        // its history tells no more than show would
        expect((await post(`factura/history/${some.id}`, {}, plain)).status).toBe(403);
        expect((await post(`factura/history/${some.id}`, {}, admin)).status).toBe(200);
        expect((await ok('factura/index', {}, admin)).total).toBe(before);
        expect((await post(`factura/show/${some.id}`, {}, admin)).status).toBe(200);
      } finally {
        await setActivity(w.ids.control, { puestos: [] });
      }
      expect((await ok('factura/index', {}, plain)).total).toBe(before);
    });

    it('AFIP’s answer is an event: an authorised voucher goes to the web hook of `cae`, a rejected one to that of `rechazo`; both audited', async () => {
      const [authorised, rejected] = [await startReceiver(), await startReceiver()];
      try {
        const hook = async (accion: string, rx: typeof authorised) => {
          const saved = await ok('evento/save', { nombre: `facturas ${accion}`, origen: 'factura', accion, uri: rx.url });
          rx.secret = saved.secreto;
          return saved.id as number;
        };
        const [onCae, onRechazo] = [await hook('cae', authorised), await hook('rechazo', rejected)];
        const deliveries = (evento: number) => db.selectFrom('evento_entrega').select(['accion', 'registro_id', 'estado']).where('evento', '=', evento).orderBy('id').execute();

        const r = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 30, alicuota: 21 }]);
        await ok(`registro/facturar/${r}`);
        const f = await settled(r);
        expect(f).toMatchObject({ estado: 'emitida' });
        const got = await until(async () => authorised.received[0], 'the authorised voucher’s delivery');
        expect(got.verified).toBe(true);
        expect(got.event).toBe('cae');
        expect(got.body).toMatchObject({ event: 'cae', entity: 'factura', recordId: f.id, data: { id: f.id, estado: 'emitida', cae: f.cae, numero: f.numero, registro: r } });
        for (const internal of ['solicitud', 'huella', 'bloqueado_hasta']) expect(got.body.data).not.toHaveProperty(internal);
        await until(async () => (await deliveries(onCae)).every((d) => d.estado === 'entregado'), 'the delivery logged');
        expect(await deliveries(onCae)).toEqual([{ accion: 'cae', registro_id: f.id, estado: 'entregado' }]);

        fake.rejectNext({ code: 10015, msg: 'El numero de documento del receptor no es valido' });
        const r2 = await record(clienteRI, [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 31, alicuota: 21 }]);
        await ok(`registro/facturar/${r2}`);
        const no = await settled(r2);
        expect(no).toMatchObject({ estado: 'rechazada' });
        const gotNo = await until(async () => rejected.received[0], 'the rejected voucher’s delivery');
        expect(gotNo).toMatchObject({ verified: true, event: 'rechazo', body: { event: 'rechazo', entity: 'factura', recordId: no.id, data: { id: no.id, estado: 'rechazada', observaciones: [{ code: 10015 }] } } });
        // each answer only to its own subscription
        expect(await deliveries(onCae)).toHaveLength(1);
        expect((await deliveries(onRechazo)).map((d) => [d.accion, d.registro_id])).toEqual([['rechazo', no.id]]);
        expect(authorised.received).toHaveLength(1);

        // audited as what changed, like any write; the chain holds
        const audit = await db.selectFrom('audit_log').select(['action', 'changes']).where('entity', '=', 'factura').where('record_id', '=', f.id).orderBy('id').execute();
        expect(audit.map((a) => a.action)).toEqual(['insert', 'cae']);
        const changes = (a: (typeof audit)[number]) => (typeof a.changes === 'string' ? JSON.parse(a.changes) : a.changes);
        expect(changes(audit[1]).fields).toMatchObject({ estado: ['solicitando', 'emitida'], cae: [null, f.cae] });
        expect(changes(audit[0]).fields).toMatchObject({ estado: [null, 'pendiente'], registro: [null, r] });
        for (const internal of ['solicitud', 'bloqueado_hasta']) expect(JSON.stringify(audit)).not.toContain(internal);
        expect((await client.post('/api/audit/verify', {}, admin)).body).toMatchObject({ ok: true });
      } finally {
        await db.updateTable('evento').set({ activo: false }).execute();
        await authorised.close();
        await rejected.close();
      }
    });

    // several instances share one PostgreSQL; PGlite is one process's embedded database
    it.skipIf(backend.name === 'pglite')('a second instance on the same database uses the same ticket and the same queue', async () => {
      const logins = fake.count('loginCms');
      const issuedA = fake.vouchers(CUIT).filter((v) => v.cbteTipo === 1 && v.ptoVta === 1).length;
      srv2 = await startTestServer(backend, options());
      const client2 = api(srv2.baseUrl);
      const token2 = (await client2.login('admin', ADMIN_PASSWORD)).access_token;
      expect((await client2.post('/api/facturacion/probar', {}, token2)).status).toBe(200);
      const rs = await Promise.all([1, 2, 3, 4].map((n) => record(clienteRI, [{ articulo: w.ids.clavo, cantidad: n, precio_unitario: 10, alicuota: 21 }])));
      const asked = await Promise.all(rs.map((r, i) => (i % 2 ? client2.post(`/api/registro/facturar/${r}`, {}, token2) : post(`registro/facturar/${r}`))));
      expect(asked.map((a) => [a.status, a.body.estado ?? a.body.code])).toEqual(rs.map(() => [200, 'pendiente']));
      for (const r of rs) expect(await settled(r)).toMatchObject({ estado: 'emitida' });
      expect(fake.count('loginCms')).toBe(logins);
      expect(fake.vouchers(CUIT).filter((v) => v.cbteTipo === 1 && v.ptoVta === 1).map((v) => v.nro)).toEqual(Array.from({ length: issuedA + 4 }, (_, i) => i + 1));
    });
  });
});
