/**
 * Electronic invoicing survives a crash (issue 16): the server process is killed (SIGKILL) while FECAESolicitar
 * is in flight — AFIP has already issued the CAE — and started again on the same data: the worker takes the
 * voucher again when its lease ends, asks FECompConsultar, and records the CAE AFIP issued: the same number and
 * CAE, requested once, no second login (the ticket is read from the database).
 */
import { argentinaToday } from '../../engine/billing/dates';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCert, makeCa } from '../support/afip/certs';
import { startFakeAfip, type FakeAfip } from '../support/afip/fake';
import { api } from '../support/server';
import { stockWorld } from '../support/stock';

const CUIT = '20123456786';
const PASSWORD = 'Admin-pass1!';

interface Child {
  proc: ChildProcess;
  baseUrl: string;
  exited: Promise<unknown>;
}

async function startMain(dataDir: string, fake: FakeAfip): Promise<Child> {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'PUBLIC_URL']) delete env[k];
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-dist'), ADMIN_PASSWORD: PASSWORD,
      BILLING_KEY: 'restart-test-billing-key', AFIP_WSAA_URL: fake.wsaaUrl, AFIP_WSFE_URL: fake.wsfeUrl, AFIP_TIMEOUT_MS: '60000', BILLING_POLL_MS: '100', BILLING_LEASE_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listen line in 60 s:\n${out}`)), 60_000);
    proc.stdout!.on('data', () => {
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    });
    proc.on('exit', () => reject(new Error(`exited early:\n${out}`)));
  });
  return { proc, baseUrl, exited };
}

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
  let child: Child | undefined;
  const ca = makeCa();
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'flujos-billing-'));
    fake = await startFakeAfip(ca);
  });
  afterAll(async () => {
    child?.proc.kill('SIGKILL');
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
    child.proc.kill('SIGKILL');
    await child.exited;
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
    // two server processes start in this test (a minute each on a loaded machine)
  }, 300_000);
});
