/**
 * Electronic invoicing in the browser (issue 16), against the fake AFIP (tests/support/afip): an admin configures
 * billing at /backOffice/billingConfig (CUIT, tax condition, a sales point; the certificate and its key uploaded
 * as files; the connection checked), and a user issues an invoice from a record's page, sees its CAE, downloads
 * the printed voucher (a PDF holding the CAE), and issues a partial credit note for one unit of a line (its first
 * answer lost: sent again with the same idempotency key, one note).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argentinaToday } from '../../engine/billing/dates';
import { issueCert, makeCa, type TestCert } from '../support/afip/certs';
import { startFakeAfip, type FakeAfip } from '../support/afip/fake';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { loginAs, newPage, signedInPage } from '../support/browser';
import { api, createUser, type Api } from '../support/server';
import { stockWorld, type StockWorld } from '../support/stock';

const CUIT = '20123456786';
const run = promisify(execFile);

let app: Awaited<ReturnType<typeof startApp>>;
let fake: FakeAfip;
let cert: TestCert;
let session: Awaited<ReturnType<typeof signedInPage>>;
let browser: Browser;
let page: Page;
let client: Api;
let token: string;
let w: StockWorld;

beforeAll(async () => {
  const ca = makeCa();
  cert = issueCert(ca, CUIT);
  fake = await startFakeAfip(ca);
  app = await startApp({ billingKey: 'an-e2e-billing-key', afipWsaaUrl: fake.wsaaUrl, afipWsfeUrl: fake.wsfeUrl, afipTimeoutMs: 5000, billingPollMs: 200 });
  client = api(app.baseUrl);
  token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  w = await stockWorld(client, token);
  const control = (await client.post(`/api/actividad/show/${w.ids.control}`, {}, token)).body;
  expect((await client.post(`/api/actividad/update/${w.ids.control}`, { ...control, facturable: true }, token)).status).toBe(200);
  await createUser(app.db, { username: 'vendedora', password: 'Vendedora-clave-1', roles: ['ROLE_USER'] });
  session = await signedInPage(app.baseUrl, 'admin', ADMIN_PASSWORD);
  ({ browser, page } = session);
});
afterAll(async () => {
  await session?.close();
  await app?.close();
  await fake?.close();
});

describe('electronic invoicing in the browser', () => {
  it('an admin configures billing: CUIT, tax condition, a sales point, the certificate and key; the connection works', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/billingConfig`);
    await page.getByRole('heading', { name: 'Facturación', level: 1 }).waitFor();
    // the breadcrumb of the other forms: menu group › this page
    const trail = page.getByRole('navigation', { name: 'Ubicación' });
    await expect.poll(() => trail.getByRole('link').allTextContents()).toEqual(['Administración', 'Facturación']);
    expect(await trail.locator('[aria-current="page"]').textContent()).toBe('Facturación');
    await page.getByRole('textbox', { name: /^CUIT de la empresa/ }).fill('20-12345678-6');
    await page.getByRole('textbox', { name: /^Razón social/ }).fill('Flujos S.A.');
    await page.getByRole('combobox', { name: /^Condición frente al IVA/ }).fill('inscripto');
    await page.getByRole('option', { name: 'IVA responsable inscripto' }).click();
    const points = page.getByRole('group', { name: 'Puntos de venta' });
    await points.getByRole('button', { name: 'Agregar' }).click();
    await points.getByRole('spinbutton', { name: /^Número/ }).or(points.getByRole('textbox', { name: /^Número/ })).first().fill('1');
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    await expect.poll(async () => (await client.post('/api/facturacion/index', {}, token)).body.total, { timeout: 10_000 }).toBe(1);

    await page.getByLabel('Certificado (.crt / .pem)').setInputFiles({ name: 'flujos.crt', mimeType: 'application/x-x509-ca-cert', buffer: Buffer.from(cert.certPem) });
    await page.getByLabel('Clave privada (.key / .pem)').setInputFiles({ name: 'flujos.key', mimeType: 'application/octet-stream', buffer: Buffer.from(cert.keyPem) });
    await page.getByRole('button', { name: 'Cargar certificado y clave' }).click();
    await page.getByTestId('certificate-info').getByText('Vigente').waitFor();
    await page.getByRole('button', { name: 'Probar conexión con AFIP' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Conexión correcta' }).textContent()).toContain('Puntos de venta en AFIP: 1');
  });

  it('a user issues an invoice from a record, sees its CAE, downloads the PDF, and credits one unit', async () => {
    const cliente = (await client.post('/api/perfil/save', { tipo: 'clientes', nombre: 'Ferretería Norte', datos_fiscales: { cuit: '30-54668997-9', condicion_iva: 'responsable_inscripto' } }, token)).body.id;
    const saved = await client.post('/api/registro/save', w.record('control', [{ articulo: w.ids.clavo, cantidad: 2, precio_unitario: 100, alicuota: 21 }], { cliente, fecha: argentinaToday(new Date()) }), token);
    expect(saved.status).toBe(200);

    const { context, page: user } = await newPage(browser, app.baseUrl);
    try {
      await loginAs(user, 'vendedora', 'Vendedora-clave-1');
      await user.getByRole('heading', { name: 'Hola, vendedora' }).waitFor();
      await user.goto(`${app.baseUrl}/#/execution/${w.ids.flujo}/${w.ids.control}/${saved.body.id}`);
      const panel = user.getByRole('region', { name: 'Comprobantes electrónicos' });
      await panel.getByRole('button', { name: 'Emitir factura' }).click();
      const invoice = panel.getByTestId('invoice').filter({ hasText: 'Factura A' });
      await invoice.getByText('Emitida').waitFor({ timeout: 20_000 });
      const issued = fake.vouchers(CUIT).find((v) => v.cbteTipo === 1)!;
      await invoice.getByText(`CAE ${issued.cae}`).waitFor();
      await invoice.getByText('Factura A 0001-00000001').waitFor();

      const [download] = await Promise.all([user.waitForEvent('download'), invoice.getByRole('button', { name: 'Imprimir' }).click()]);
      expect(download.suggestedFilename()).toBe('A-0001-00000001.pdf');
      const dir = await mkdtemp(path.join(tmpdir(), 'e2e-factura-'));
      try {
        const file = path.join(dir, 'f.pdf');
        await download.saveAs(file);
        const { stdout } = await run('pdftotext', ['-layout', file, '-']);
        expect(stdout).toContain(`CAE N°: ${issued.cae}`);
        expect(stdout).toContain('242,00');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }

      await panel.getByRole('button', { name: 'Emitir nota de crédito' }).click();
      const form = panel.getByTestId('note-form');
      await form.getByText('Quedan $ 242 sin acreditar').waitFor();
      await form.getByRole('textbox', { name: /^Clavo \(quedan 2\)/ }).fill('1');
      // the first answer is lost after the server queued the note: the browser sends it again with the same key
      const sent: { clave?: string }[] = [];
      await user.route('**/api/registro/facturar/**', async (route) => {
        sent.push(route.request().postDataJSON());
        const answer = await route.fetch();
        if (sent.length === 1) await route.abort('connectionreset');
        else await route.fulfill({ response: answer });
      });
      await form.getByRole('button', { name: 'Emitir nota de crédito' }).click();
      const note = panel.getByTestId('invoice').filter({ hasText: 'Nota de crédito A' });
      await note.getByText('Emitida').waitFor({ timeout: 20_000 });
      expect(sent).toHaveLength(2);
      expect(sent[0].clave).toMatch(/^[0-9a-f-]{32,36}$/);
      expect(sent[1].clave).toBe(sent[0].clave);
      // the attempt sent again is no failure to the user: no "could not connect" toast for it
      expect(await user.getByText(/No se pudo conectar/).count()).toBe(0);
      expect(await panel.getByTestId('invoice').filter({ hasText: 'Nota de crédito A' }).count()).toBe(1);
      expect(fake.vouchers(CUIT).filter((v) => v.cbteTipo === 3)).toEqual([expect.objectContaining({ impTotal: '121.00', impNeto: '100.00' })]);
    } finally {
      await context.close();
    }
  });

  it('an invoice in dollars: the currency chosen on the record page, AFIP’s rate used and shown', async () => {
    // the currencies offered are AFIP's, once read (the configuration reads them)
    expect((await client.post('/api/facturacion/parametros', {}, token)).status).toBe(200);
    const cliente = (await client.post('/api/perfil/save', { tipo: 'clientes', nombre: 'Importadora Sur', datos_fiscales: { condicion_iva: 'consumidor_final' } }, token)).body.id;
    const saved = await client.post('/api/registro/save', w.record('control', [{ articulo: w.ids.clavo, cantidad: 1, precio_unitario: 100, alicuota: 21 }], { cliente, fecha: argentinaToday(new Date()) }), token);
    const { context, page: user } = await newPage(browser, app.baseUrl);
    try {
      await loginAs(user, 'vendedora', 'Vendedora-clave-1');
      await user.getByRole('heading', { name: 'Hola, vendedora' }).waitFor();
      await user.goto(`${app.baseUrl}/#/execution/${w.ids.flujo}/${w.ids.control}/${saved.body.id}`);
      const panel = user.getByRole('region', { name: 'Comprobantes electrónicos' });
      await panel.getByRole('combobox', { name: 'Moneda' }).selectOption('DOL');
      await panel.getByRole('spinbutton', { name: /^Cotización/ }).waitFor();
      await panel.getByRole('button', { name: 'Emitir factura' }).click();
      const invoice = panel.getByTestId('invoice').filter({ hasText: 'Factura' });
      await invoice.getByText('Emitida').waitFor({ timeout: 20_000 });
      await invoice.getByText('En DOL, cotización 1017.5').waitFor();
      expect(fake.vouchers(CUIT).filter((v) => v.monId === 'DOL')).toEqual([expect.objectContaining({ monCotiz: '1017.5', impTotal: '121.00' })]);
    } finally {
      await context.close();
    }
  });
});
