/**
 * Stock in the browser (issue 12): a goods receipt keyed in the execution screen raises the article's stock, a
 * delivery lowers it and an over-delivery shows STOCK_INSUFICIENTE naming article, location and what is
 * available; the article list shows on hand and available, the article form its locations' quantities
 * (read-only) and its movements, and its stock adjustment refuses taking out more than is available;
 * maintenance previews and deletes a test batch, and the stock comes back; a delivery names, under its rows, the
 * made-to-measure piece and the wallet cheque it takes out.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { signedInPage } from '../support/browser';
import { api, type Api } from '../support/server';
import { stockWorld, type StockWorld } from '../support/stock';

let app: Awaited<ReturnType<typeof startApp>>;
let session: Awaited<ReturnType<typeof signedInPage>>;
let page: Page;
let client: Api;
let token: string;
let w: StockWorld;

const record = async (step: string, cantidad: number, referencia_texto?: string) => {
  const res = await client.post('/api/registro/save', w.record(step, [{ articulo: w.ids.clavo, cantidad, ubicacion: 'Depósito' }], referencia_texto ? { referencia_texto } : {}), token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** The cells of Clavo's row in the article list, freshly loaded. */
async function clavoRow(): Promise<string[]> {
  await page.goto(`${app.baseUrl}/#/backOffice/stock`);
  // the same address again keeps the mounted list: load the page anew
  await page.reload();
  await page.getByRole('heading', { name: 'Artículos y stock', level: 1 }).waitFor();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('clavo');
  const row = page.getByRole('row').filter({ hasText: 'Clavo' }).first();
  await row.waitFor();
  return row.getByRole('cell').allTextContents();
}

/** The list's "En mano" and "Disponible" cells of Clavo (side by side). */
const expectOnHand = (en_mano: string, disponible: string) =>
  expect
    .poll(
      async () => {
        const cells = await clavoRow();
        const at = cells.indexOf(en_mano);
        return at >= 0 && cells[at + 1] === disponible;
      },
      { timeout: 20_000 },
    )
    .toBe(true);

beforeAll(async () => {
  app = await startApp();
  client = api(app.baseUrl);
  token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  w = await stockWorld(client, token);
  session = await signedInPage(app.baseUrl, 'admin', ADMIN_PASSWORD);
  page = session.page;
});
afterAll(async () => {
  await session?.close();
  await app?.close();
});

/** Keys a record of one Tornillo line into the execution screen of `step` and saves it (Ctrl+S). */
async function keyRecord(step: string, cantidad: string) {
  await page.goto(`${app.baseUrl}/#/execution/${w.ids.flujo}/${w.ids[step]}`);
  // the page before may have an Agregar of its own (the article list): wait for this one's list first
  const title = ({ recepcion: 'Recepción', entrega: 'Entrega' } as Record<string, string>)[step] ?? step;
  await page.getByRole('heading', { name: title, exact: true, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Agregar' }).click();
  await page.getByRole('heading', { name: /^Nuevo registro · /, level: 1 }).waitFor();
  await page.getByRole('combobox', { name: 'Artículo, ítem 1' }).focus();
  await page.keyboard.type('Tornillo');
  await page.getByRole('option', { name: 'Tornillo' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Cantidad, ítem 1');
  await page.keyboard.type(cantidad);
  await page.getByRole('textbox', { name: 'Precio unitario, ítem 1' }).fill('100');
  await page.keyboard.press('Control+s');
}

describe('stock in the browser', () => {
  it('a goods receipt raises stock and a delivery lowers it: the list shows on hand and available', async () => {
    await record('recepcion', 10);
    await expectOnHand('10', '10');
    await record('entrega', 3);
    await record('reserva', 2);
    await expectOnHand('7', '5');
  });

  it('the article form shows its locations’ quantities from the ledger, read-only, and its movements', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/stock/${w.ids.clavo}`);
    const ubicaciones = page.getByRole('group', { name: 'Ubicaciones' });
    const quantity = ubicaciones.getByRole('spinbutton', { name: /^Cantidad actual/ }).or(ubicaciones.getByRole('textbox', { name: /^Cantidad actual/ })).first();
    await expect.poll(() => quantity.inputValue()).toBe('7');
    expect(await quantity.getAttribute('readonly')).not.toBeNull();
    const movements = page.getByRole('table', { name: 'Movimientos de stock' });
    await movements.getByRole('row').filter({ hasText: 'Comprometido' }).first().waitFor();
    await expect.poll(() => movements.getByRole('row').filter({ hasText: 'Depósito' }).count()).toBe(3);
  });

  it('taking out more than is available says so, naming the article, location and what is available', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/stock/${w.ids.clavo}`);
    await page.getByRole('button', { name: 'Ajustar stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajuste de stock' });
    // what is wrong with a quantity is said on it: no number, zero, more decimals than the ledger keeps
    await dialog.getByRole('textbox', { name: /^Cantidad/ }).fill('seis');
    await dialog.getByText('Ingrese un número').waitFor();
    await dialog.getByRole('textbox', { name: /^Cantidad/ }).fill('0');
    await dialog.getByText('La cantidad no puede ser cero.').waitFor();
    await dialog.getByRole('textbox', { name: /^Cantidad/ }).fill('1,23456');
    await page.getByRole('button', { name: 'Ajustar', exact: true }).click();
    await dialog.getByText('Máximo 4 decimales').waitFor();
    expect(await dialog.getByRole('textbox', { name: /^Cantidad/ }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('textbox', { name: /^Cantidad/ }).fill('-6');
    expect(await dialog.getByText('Máximo 4 decimales').count()).toBe(0);
    await dialog.getByRole('textbox', { name: /^Motivo/ }).fill('Recuento');
    await page.getByRole('button', { name: 'Ajustar', exact: true }).click();
    await page.getByText('La cantidad supera lo disponible de Clavo en Depósito: disponible 5.').first().waitFor();
    await dialog.getByRole('textbox', { name: /^Cantidad/ }).fill('5');
    await page.getByRole('button', { name: 'Ajustar', exact: true }).click();
    await page.getByText('Stock ajustado: Depósito queda con 12 en mano.').first().waitFor();
    const ubicaciones = page.getByRole('group', { name: 'Ubicaciones' });
    const quantity = ubicaciones.getByRole('spinbutton', { name: /^Cantidad actual/ }).or(ubicaciones.getByRole('textbox', { name: /^Cantidad actual/ })).first();
    await expect.poll(() => quantity.inputValue()).toBe('12');
  });

  it('maintenance previews a test batch, deletes it after confirming, and the stock comes back', async () => {
    await record('entrega', 4, 'PRUEBA-E2E uno');
    await record('entrega', 1, 'PRUEBA-E2E dos');
    await expectOnHand('7', '5');
    await page.goto(`${app.baseUrl}/#/backOffice/mantenimientosConfig`);
    await page.getByRole('heading', { name: 'Mantenimiento', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Buscar' }).click();
    // nothing typed asks for the text
    await page.getByText('El campo Texto de referencia es obligatorio').waitFor();
    await page.getByRole('textbox', { name: 'Texto de referencia' }).fill('prueba-e2e');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('2 registros con esa referencia.').waitFor();
    // their days as the app writes them
    const cells = await page.getByRole('cell').allTextContents();
    expect(cells.some((c) => /^\d{2}\/\d{2}\/\d{4}$/.test(c))).toBe(true);
    expect(cells.filter((c) => /^\d{4}-\d{2}-\d{2}/.test(c))).toEqual([]);
    const effects = page.getByRole('table', { name: 'Efecto en el stock al borrarlos' });
    await effects.getByRole('row').filter({ hasText: 'Clavo' }).filter({ hasText: '+5' }).waitFor();
    await page.getByRole('button', { name: 'Borrar 2 registros' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Borrar estos registros?' });
    await confirm.getByRole('button', { name: 'Borrar', exact: true }).click();
    await page.getByText('Se borraron 2 registros y su stock volvió.').first().waitFor();
    await expectOnHand('12', '10');
  });
});

describe('records in the execution screen', () => {
  it('a goods receipt raises stock, a delivery lowers it, an over-delivery shows STOCK_INSUFICIENTE', async () => {
    await keyRecord('recepcion', '8');
    await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
    await expect.poll(() => w.place(w.ids.tornillo, 'Depósito')).toMatchObject({ en_mano: 8 });
    await keyRecord('entrega', '3');
    await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
    await expect.poll(() => w.place(w.ids.tornillo, 'Depósito')).toMatchObject({ en_mano: 5 });
    const deliveries = async () => (await client.post('/api/registro/index', { filters: { actividad: w.ids.entrega } }, token)).body.total;
    const before = await deliveries();
    await keyRecord('entrega', '9');
    await page.getByText('La cantidad supera lo disponible de Tornillo en Depósito: disponible 5.').first().waitFor();
    // nothing was stored
    expect(await deliveries()).toBe(before);
    expect(await w.place(w.ids.tornillo, 'Depósito')).toMatchObject({ en_mano: 5 });
  });

  it('a delivery takes out a made-to-measure piece and a wallet cheque picked under their rows', async () => {
    await client.post('/api/registro/save', w.record('recepcion', [{ articulo: w.ids.vidrio, cantidad: 2, largo: 1.2, ancho: 0.8 }]), token);
    const cheque = { articulo: w.ids.cheque, cantidad: 1, precio_unitario: 1500, banco: 'Banco Provincia', fecha_cobro: '2026-12-20', identificador: '00999', librador: 'Obras del Sur' };
    expect((await client.post('/api/registro/save', w.record('recepcion', [cheque]), token)).status).toBe(200);
    const piece = (await client.post('/api/a_medida/index', { filters: { articulo: w.ids.vidrio } }, token)).body.rows[0];
    const held = (await client.post('/api/cheque/index', { pattern: '00999' }, token)).body.rows[0];

    // the refused delivery before is still on screen, unsaved: leave it
    await page.goto(`${app.baseUrl}/#/execution/${w.ids.flujo}/${w.ids.entrega}`);
    const add = page.getByRole('button', { name: 'Agregar', exact: true });
    // (the list's own Agregar, once the list is there)
    const list = page.getByRole('heading', { name: 'Entrega', exact: true, level: 1 });
    const leave = page.getByRole('button', { name: 'Salir sin guardar' });
    await list.or(leave).first().waitFor();
    if (await leave.count()) await leave.click();
    await list.waitFor();
    await add.click();
    await page.getByRole('heading', { name: /^Nuevo registro · Entrega/, level: 1 }).waitFor();
    const pick = async (n: number, text: string, option: string, price: string) => {
      await page.getByRole('combobox', { name: `Artículo, ítem ${n}` }).focus();
      await page.keyboard.type(text);
      await page.getByRole('option', { name: option }).click();
      await page.getByRole('textbox', { name: `Cantidad, ítem ${n}` }).fill('1');
      await page.getByRole('textbox', { name: `Precio unitario, ítem ${n}` }).fill(price);
    };
    await pick(1, 'Vidrio', 'Vidrio templado', '100');
    const first = page.getByRole('group', { name: 'Datos del ítem 1' });
    const pieces = first.getByRole('combobox', { name: 'Ítem a medida de la cartera (ítem 1)' });
    await expect.poll(() => pieces.locator('option').allTextContents()).toEqual(['Elija la pieza a medida', 'Vidrio templado 1.2 × 0.8 · 1.2 × 0.8']);
    await pieces.selectOption(String(piece.id));
    await page.getByRole('button', { name: 'Agregar ítem' }).click();
    await pick(2, 'Cheque', 'Cheque de terceros', '1500');
    const cheques = page.getByRole('group', { name: 'Datos del ítem 2' }).getByRole('combobox', { name: 'Cheque de la cartera (ítem 2)' });
    await expect.poll(() => cheques.locator('option').allTextContents()).toContain('00999 · Banco Provincia · 20/12/2026');
    await cheques.selectOption(String(held.id));
    await page.keyboard.press('Control+s');
    await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
    const stored = (await client.post(`/api/registro/show/${Number(page.url().split('/').pop())}`, {}, token)).body;
    expect(stored.items.map((i: { a_medida?: number; cheque?: number }) => [i.a_medida ?? null, i.cheque ?? null])).toEqual([
      [piece.id, null],
      [null, held.id],
    ]);
    expect((await client.post(`/api/a_medida/show/${piece.id}`, {}, token)).body).toMatchObject({ en_mano: 1, estado: 'disponible' });
    // a cheque handed over in a delivery is endorsed
    expect((await client.post(`/api/cheque/show/${held.id}`, {}, token)).body).toMatchObject({ estado: 'endosado' });
  });
});
