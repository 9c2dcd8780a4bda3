/**
 * Electronic invoicing survives a crash (issue 16): the server process is killed (SIGKILL) while FECAESolicitar
 * is in flight — AFIP has already issued the CAE — and started again on the same data: the worker takes the
 * voucher again when its lease ends, asks FECompConsultar, and records the CAE AFIP issued: the same number and
 * CAE, requested once, no second login (the ticket is read from the database).
 */
import { argentinaToday } from '../../engine/billing/dates';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCert, makeCa } from '../support/afip/certs';
import { startFakeAfip, type FakeAfip } from '../support/afip/fake';
import { startChildServer, type ChildServer } from '../support/child-server';
import { api } from '../support/server';
import { stockWorld } from '../support/stock';

const CUIT = '20123456786';
const PASSWORD = 'Admin-pass1!';

/** server/main.ts on the test's PGlite folder, with the fake AFIP, quick polls and a short lease. */
const startMain = (dataDir: string, fake: FakeAfip): Promise<ChildServer> =>
  startChildServer({
    DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, BILLING_KEY: 'restart-test-billing-key', AFIP_WSAA_URL: fake.wsaaUrl, AFIP_WSFE_URL: fake.wsfeUrl,
    AFIP_TIMEOUT_MS: '60000', BILLING_POLL_MS: '100', BILLING_LEASE_SECONDS: '2',
  });

const until = async (what: string, test: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 400; i++) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('invoicing after a kill -9 mid-call [pglite]', () => {
  let dataDir: string;
  let fake: FakeAfip;
  let child: ChildServer | undefined;
  const ca = makeCa();
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'flujos-billing-'));
    fake = await startFakeAfip(ca);
  });
  afterAll(async () => {
    await child?.kill();
    await fake?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('records the CAE AFIP issued before the crash, with nothing requested twice', async () => {
    const cert = issueCert(ca, CUIT);
    child = await startMain(dataDir, fake);
    let client = api(child.baseUrl);
    let token = (await client.login('admin', PASSWORD)).access_token;
    const ok = async (p: string, body: unknown = {}) => {
      const res = await client.post(`/api/${p}`, body, token);
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    };
    await ok('facturacion/save', { entorno: 'homologacion', cuit: CUIT, condicion_iva: 'responsable_inscripto', puntos_venta: [{ numero: 1, tipo: 'cae' }] });
    await ok('facturacion/certificado', { certificado: cert.certPem, clave: cert.keyPem });
    const w = await stockWorld(client, token);
    await ok(`actividad/update/${w.ids.control}`, { ...(await ok(`actividad/show/${w.ids.control}`)), facturable: true });
    const cliente = (await ok('perfil/save', { tipo: 'clientes', nombre: 'Ferretería Norte', datos_fiscales: { cuit: '30-54668997-9', condicion_iva: 'responsable_inscripto' } })).id;
    const registro = (await ok('registro/save', w.record('control', [{ articulo: w.ids.clavo, cantidad: 2, precio_unitario: 50, alicuota: 21 }], { cliente, fecha: argentinaToday(new Date()) }))).id;

    fake.next('FECAESolicitar', 'hang');
    await ok(`registro/facturar/${registro}`);
    await until('FECAESolicitar to arrive', () => fake.count('FECAESolicitar') === 1);
    expect(fake.vouchers(CUIT)).toHaveLength(1);
    await child.kill();
    fake.release();

    child = await startMain(dataDir, fake);
    client = api(child.baseUrl);
    token = (await client.login('admin', PASSWORD)).access_token;
    let invoice: any;
    await until('the voucher to be recorded', async () => {
      const rows = (await ok('factura/index', { filters: { registro: String(registro) } })).rows;
      invoice = rows[0];
      return invoice?.estado === 'emitida';
    });
    const issued = fake.vouchers(CUIT);
    expect(issued).toHaveLength(1);
    expect(invoice).toMatchObject({ numero: 1, cae: issued[0].cae });
    expect(fake.count('FECAESolicitar')).toBe(1);
    expect(fake.count('FECompConsultar')).toBe(1);
    expect(fake.count('loginCms')).toBe(1);
    await child.stop();
    child = undefined;
    // two server processes start in this test (a minute each on a loaded machine)
  }, 300_000);
});
