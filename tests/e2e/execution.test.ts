/**
 * Executing activities (issue 11) in real Chromium over the demo company (`npm run seed:demo`): a seller opens
 * the sales card and creates an order with three items using the keyboard only, sees the line and record
 * totals update as she types (the server's rule: the client's wholesale list, VAT per line), saves with Ctrl+S,
 * attaches a file (and is told in words when a file is over the limits), is asked before losing unsaved
 * changes, and moves the order through the approval question. A second seller opening it while she holds it
 * sees REGISTRO_TOMADO with her name; a user of another job position gets a message page without a toast
 * (spec §8). The form is checked in English and at phone width too; and a whole sale, in English on a phone,
 * goes from the order to its end: keyed, totals seen, approved, prepared, delivered with its mandatory file; the
 * Spanish order is taken to its end too. A client's name typed and Enter picks the one client it matches. The move
 * dialog asks the flow's question above its answers, and closing a record (the end) is asked first. On a touch
 * phone, a fast double tap on Guardar of a new order saves it once and releases nothing (the buttons that take
 * Guardar's place wait a moment), and releasing asks first.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/seed-demo';
import { startApp } from '../support/app';
import { PHONE, launchBrowser, loginAs, newPage } from '../support/browser';
import { api, createUser } from '../support/server';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let db: Kysely<any>;
const ids: Record<string, number> = {};
let recordPath = '';

beforeAll(async () => {
  app = await startApp();
  expect((await seedDemo(app)).seeded).toBe(true);
  db = app.db as unknown as Kysely<any>;
  const activity = async (titulo: string) => (await db.selectFrom('actividad').select('id').where('titulo', '=', titulo).executeTakeFirstOrThrow()).id as number;
  ids.flujo = (await db.selectFrom('flujo').select('id').where('nombre', '=', 'Ventas').executeTakeFirstOrThrow()).id;
  ids.pedido = await activity('Pedido de cliente');
  ids.aprobacion = await activity('Aprobación del pedido');
  ids.preparacion = await activity('Preparación en depósito');
  // a second seller, with the same job position
  const client = api(app.baseUrl);
  const admin = (await client.login('admin', 'Admin-pass1!')).access_token;
  const vendedor = (await db.selectFrom('puesto').select('id').where('nombre', '=', 'Vendedor de salón').executeTakeFirstOrThrow()).id;
  const party = await client.post('/api/perfil/save', { tipo: 'empleados', nombre: 'Tomás', apellido: 'Gil', empleado: { puesto: vendedor } }, admin);
  await createUser(app.db, { username: 'tomas.gil', password: 'Demo-User3!', roles: ['ROLE_USER'], perfilid: party.body.id });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function signedIn(username: string, password: string, viewport?: { width: number; height: number }, options?: { touch?: boolean }) {
  const { page, context } = await newPage(browser.browser, app.baseUrl, viewport, options);
  await loginAs(page, username, password);
  await page.getByRole('heading', { name: `Hola, ${username}` }).waitFor();
  return { page, context };
}

const totalOf = (page: Page, name = 'Totales') => page.getByRole('region', { name }).locator('dd').last();

/** Types a code in the article cell that has focus, picks the option with the keyboard, then the quantity. */
async function keyItem(page: Page, code: string, option: string, quantity: string) {
  await page.keyboard.type(code);
  await page.getByRole('option', { name: option }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // picking the article moves on to its quantity
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Cantidad, ítem \d$/);
  await page.keyboard.type(quantity);
}

async function serious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('executing an activity', () => {
  it('a seller creates an order of three items with the keyboard, sees the totals as she types, saves it and attaches a file', async () => {
    const { page, context } = await signedIn('carla.rios', 'Demo-User1!');
    try {
      await page.goto(`${app.baseUrl}/#/workspacecard`);
      await page.getByRole('link', { name: 'Comercial' }).click();
      await page.getByRole('link', { name: 'Ventas' }).click();
      await page.getByRole('link', { name: 'Pedido de cliente' }).click();
      await page.getByRole('heading', { name: 'Pedido de cliente', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Agregar' }).click();
      await page.getByRole('heading', { name: 'Nuevo registro · Pedido de cliente', level: 1 }).waitFor();
      // with a keyboard, the grid says which keys do what
      expect(await page.getByText(/^Enter: ítem siguiente o nuevo/).isVisible()).toBe(true);

      // the client (a company: the wholesale list, 90 % of retail)
      await page.getByRole('combobox', { name: /^Cliente/ }).focus();
      await page.keyboard.type('Andina');
      await page.getByRole('option', { name: /Constructora Andina/ }).waitFor();
      // what was typed finds the client (no blank entry on top while searching: a tap there emptied the field)
      expect(await page.getByRole('option', { name: 'Sin valor' }).count()).toBe(0);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('combobox', { name: /^Cliente/ }).inputValue()).toMatch(/^Constructora Andina/);

      await page.getByRole('combobox', { name: 'Artículo, ítem 1' }).focus();
      await keyItem(page, 'CEM-050', 'CEM-050 · Cemento portland 50 kg', '10');
      // 10 × 8,820 + 21 % VAT, as she types
      await expect.poll(() => totalOf(page).textContent()).toBe('106.722,00');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Artículo, ítem 2');
      await keyItem(page, 'CAL-025', 'CAL-025 · Cal hidratada 25 kg', '4');
      await page.keyboard.press('Enter');
      await keyItem(page, 'HIE-08', 'HIE-08 · Hierro nervado 8 mm x 12 m', '2');
      await page.keyboard.type('5');
      // 88,200 + 15,120 + 258,750 = 362,070 plus 21 % = 438,104.70
      await expect.poll(() => totalOf(page).textContent()).toBe('438.104,70');
      expect(await page.getByTestId('item-total-3').textContent()).toBe('313.087,50');
      // on a desktop the items take the page's whole width (the side panels sit beside the header): their totals
      // and remove buttons are in view without scrolling the table sideways
      const items = page.getByRole('table', { name: 'Ítems' });
      expect(await items.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBe(0);
      expect(await page.getByRole('button', { name: 'Quitar el ítem 3' }).isVisible()).toBe(true);

      await page.keyboard.press('Control+s');
      await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
      recordPath = new URL(page.url()).hash.slice(1);
      await page.getByRole('heading', { name: /^Registro PED-\d{6} · Pedido de cliente$/, level: 1 }).waitFor();
      await expect.poll(() => totalOf(page).textContent()).toBe('438.104,70');
      const stored = await db.selectFrom('registro').select(['id', 'total', 'asignado_nombre']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ total: 438104.7, asignado_nombre: 'carla.rios' });
      ids.record = stored.id;

      // attachments: the limits are said in words, a good file is listed
      const files = page.locator('input[type=file]');
      await files.setInputFiles({ name: 'grande.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
      await page.getByText('El archivo supera los 5 MB.').waitFor();
      await files.setInputFiles({ name: `${'n'.repeat(96)}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') });
      await page.getByText('El nombre del archivo debe tener menos de 100 caracteres.').waitFor();
      await files.setInputFiles({ name: 'orden-de-compra.txt', mimeType: 'text/plain', buffer: Buffer.from('Orden de compra 4471') });
      await page.getByRole('list', { name: 'Adjuntos' }).getByText('orden-de-compra.txt').waitFor();
      expect(await serious(page)).toEqual([]);

      // unsaved changes are not lost silently
      await page.getByRole('textbox', { name: /^Notas/ }).fill('Entregar por la mañana');
      await page.getByRole('navigation', { name: 'Ubicación' }).getByRole('link', { name: 'Pedido de cliente' }).click();
      await page.getByRole('dialog', { name: 'Cambios sin guardar' }).waitFor();
      await page.getByRole('button', { name: 'Seguir editando' }).click();
      await page.getByRole('dialog', { name: 'Cambios sin guardar' }).waitFor({ state: 'detached' });
      expect(new URL(page.url()).hash.slice(1)).toBe(recordPath);
      expect(await page.getByRole('textbox', { name: /^Notas/ }).inputValue()).toBe('Entregar por la mañana');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText('Guardado.').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('a second seller opening it while she holds it sees REGISTRO_TOMADO and who holds it', async () => {
    const { page, context } = await signedIn('tomas.gil', 'Demo-User3!');
    try {
      await page.goto(`${app.baseUrl}/#${recordPath}`);
      const alert = page.getByRole('status').filter({ hasText: 'Otro usuario tiene tomado este registro.' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain('Lo tiene tomado carla.rios.');
      expect(await page.getByRole('button', { name: 'Guardar' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Tomar' }).click();
      await page.getByText('Otro usuario tiene tomado este registro. Lo tiene tomado carla.rios.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a user of another job position gets a message page, without a toast', async () => {
    const { page, context } = await signedIn('jorge.paez', 'Demo-User2!');
    try {
      await page.goto(`${app.baseUrl}/#${recordPath}`);
      await page.getByRole('heading', { name: 'Sin acceso a este registro', level: 1 }).waitFor();
      await page.getByText('No tiene permiso para trabajar en esta actividad.').waitFor();
      await page.waitForTimeout(500);
      expect(await page.locator('[data-scope="toast"][data-part="root"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('she moves it to the approval, then through the approval question', async () => {
    const { page, context } = await signedIn('carla.rios', 'Demo-User1!');
    try {
      await page.goto(`${app.baseUrl}/#${recordPath}`);
      await page.getByRole('heading', { name: /^Registro PED-/, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Mover' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mover el registro' });
      await dialog.getByRole('button', { name: 'Aprobación del pedido' }).click();
      await page.getByText('Registro movido a Aprobación del pedido.').waitFor();
      await page.waitForURL(new RegExp(`#/execution/${ids.flujo}/${ids.pedido}$`));

      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.aprobacion}/${ids.record}`);
      await page.getByRole('heading', { name: /^Registro PED-\d{6} · Aprobación del pedido$/, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Mover' }).click();
      // the question heads its answers: "Sí" and "No" alone do not say what is decided
      const answers = dialog.getByRole('group', { name: '¿Se aprueba el pedido?' });
      await answers.getByRole('button', { name: 'No → Fin (cierra el registro)' }).waitFor();
      await answers.getByRole('button', { name: 'Sí → Preparación en depósito' }).click();
      await page.getByText('Registro movido a Preparación en depósito.').waitFor();
      const moved = await db.selectFrom('registro').select(['actividad', 'estado']).where('id', '=', ids.record).executeTakeFirstOrThrow();
      expect(moved).toEqual({ actividad: ids.preparacion, estado: 'abierto' });
    } finally {
      await context.close();
    }
  });

  it('the record form reads in English, and works at phone width', async () => {
    const path = `${app.baseUrl}/#/execution/${ids.flujo}/${ids.preparacion}/${ids.record}`;
    const { page, context } = await signedIn('jorge.paez', 'Demo-User2!');
    try {
      await page.goto(path);
      await page.getByRole('heading', { name: /^Registro PED-\d{6} · Preparación en depósito$/, level: 1 }).waitFor();
      await page.getByTestId('language-switch').first().selectOption('en');
      await page.getByRole('heading', { name: /^Record PED-\d{6} · Preparación en depósito$/, level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Items', level: 2 }).waitFor();
      await expect.poll(() => totalOf(page, 'Totals').textContent()).toBe('438,104.70');
      await page.getByRole('combobox', { name: 'Article, item 1' }).waitFor();
      // view only here: the file is listed, nothing can be added
      await page.getByRole('list', { name: 'Attachments' }).getByText('orden-de-compra.txt').waitFor();
      expect(await page.getByRole('button', { name: 'Attach a file' }).count()).toBe(0);
      expect(await serious(page)).toEqual([]);
      await page.getByTestId('language-switch').first().selectOption('es');
    } finally {
      await context.close();
    }
    const phone = await signedIn('jorge.paez', 'Demo-User2!', PHONE);
    try {
      await phone.page.goto(path);
      await phone.page.getByRole('heading', { name: /^Registro PED-/, level: 1 }).waitFor();
      await expect.poll(() => totalOf(phone.page).textContent()).toBe('438.104,70');
      // the items grid scrolls inside itself, the page does not
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await phone.page.getByRole('combobox', { name: 'Artículo, ítem 1' }).waitFor();
      expect(await serious(phone.page)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('on a phone, in English: an order keyed, its totals seen, and moved to its end by the seller and the warehouse', async () => {
    /** Everything on screen fits the phone's width (the items grid scrolls inside itself) and `name` is reachable. */
    const fits = async (page: Page, button: string) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const box = await page.getByRole('button', { name: button, exact: true }).boundingBox();
      const width = page.viewportSize()!.width;
      expect(box && box.x >= 0 && box.x + box.width <= width, `${button} within the screen`).toBe(true);
    };
    const english = async (page: Page) => {
      await page.getByTestId('language-switch').first().selectOption('en');
      await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    };
    const seller = await signedIn('carla.rios', 'Demo-User1!', PHONE, { touch: true });
    let id = 0;
    let numero = '';
    try {
      const { page } = seller;
      await english(page);
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}`);
      await page.getByRole('heading', { name: 'Pedido de cliente', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('heading', { name: 'New record · Pedido de cliente', level: 1 }).waitFor();
      await fits(page, 'Save');
      // a touch screen has no keys to tell of: the hint is there, not shown
      const keys = page.getByText(/^Enter: next or new item/);
      expect([await keys.count(), await keys.isVisible()]).toEqual([1, false]);
      // a retail client: no client, the activity's retail list
      await page.getByRole('combobox', { name: 'Article, item 1' }).click();
      await page.keyboard.type('CEM-050');
      await page.getByRole('option', { name: 'CEM-050 · Cemento portland 50 kg' }).click();
      await page.getByRole('textbox', { name: 'Quantity, item 1' }).click();
      await page.keyboard.type('2');
      // 2 × 9,800 + 21 % VAT, in English numbers
      await expect.poll(() => totalOf(page, 'Totals').textContent()).toBe('23,716.00');
      // an item is a card on a phone: its cells are on screen, none to scroll sideways to
      for (const name of ['Article, item 1', 'Quantity, item 1', 'Unit price, item 1', 'VAT %, item 1']) {
        const box = (await page.getByRole(name.startsWith('Article') ? 'combobox' : 'textbox', { name }).boundingBox())!;
        expect(box.x >= 0 && box.x + box.width <= page.viewportSize()!.width, `${name} on screen`).toBe(true);
      }
      expect(await page.getByRole('table', { name: 'Items' }).evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
      await page.getByRole('button', { name: 'Add item' }).click();
      await page.getByRole('combobox', { name: 'Article, item 2' }).click();
      await page.keyboard.type('CAL-025');
      await page.getByRole('option', { name: 'CAL-025 · Cal hidratada 25 kg' }).click();
      await page.getByRole('textbox', { name: 'Quantity, item 2' }).fill('3');
      // + 3 × 4,200 + 21 %
      await expect.poll(() => totalOf(page, 'Totals').textContent()).toBe('38,962.00');
      // the header form shows the header only (the server's tax lines and flow position are not fields)
      expect(await page.getByText('Taxes', { exact: true }).isVisible()).toBe(false);
      await fits(page, 'Save');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
      id = Number(page.url().split('/').pop());
      await page.getByRole('heading', { name: /^Record PED-\d{6} · Pedido de cliente$/, level: 1 }).waitFor();
      numero = (await db.selectFrom('registro').select('numero').where('id', '=', id).executeTakeFirstOrThrow()).numero;
      expect(await db.selectFrom('registro').select('total').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ total: 38962 });
      await fits(page, 'Move');
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Move the record' });
      await dialog.getByRole('button', { name: 'Aprobación del pedido' }).click();
      await page.getByText('Record moved to Aprobación del pedido.').waitFor();

      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.aprobacion}/${id}`);
      await page.getByRole('heading', { name: `Record ${numero} · Aprobación del pedido`, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      await dialog.getByRole('button', { name: 'No → End (closes the record)' }).waitFor();
      await dialog.getByRole('button', { name: 'Sí → Preparación en depósito' }).click();
      await page.getByText('Record moved to Preparación en depósito.').waitFor();
    } finally {
      await seller.context.close();
    }

    const warehouse = await signedIn('jorge.paez', 'Demo-User2!', PHONE);
    try {
      const { page } = warehouse;
      await english(page);
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.preparacion}/${id}`);
      await page.getByRole('heading', { name: `Record ${numero} · Preparación en depósito`, level: 1 }).waitFor();
      await expect.poll(() => totalOf(page, 'Totals').textContent()).toBe('38,962.00');
      await fits(page, 'Move');
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Move the record' });
      await dialog.getByRole('button', { name: 'Entrega al cliente' }).click();
      await page.getByText('Record moved to Entrega al cliente.').waitFor();

      const entrega = (await db.selectFrom('actividad').select('id').where('titulo', '=', 'Entrega al cliente').executeTakeFirstOrThrow()).id;
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${entrega}/${id}`);
      await page.getByRole('heading', { name: `Record ${numero} · Entrega al cliente`, level: 1 }).waitFor();
      // the delivery needs its signed delivery note before it ends
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      await dialog.getByRole('button', { name: 'End (closes the record)' }).click();
      // the end closes the record for good: asked first
      const closing = page.getByRole('dialog', { name: 'Close the record?' });
      await closing.getByText('This closes the record; it cannot be reopened.').waitFor();
      await closing.getByRole('button', { name: 'Close the record' }).click();
      await dialog.getByText('This activity requires at least one attached file before moving on.').waitFor();
      // said in words, not by its code
      expect(await dialog.getByRole('alert').textContent()).not.toContain('ADJUNTO_OBLIGATORIO');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.locator('input[type=file]').setInputFiles({ name: 'remito-firmado.txt', mimeType: 'text/plain', buffer: Buffer.from('Remito firmado') });
      await page.getByRole('list', { name: 'Attachments' }).getByText('remito-firmado.txt').waitFor();
      await fits(page, 'Move');
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      await dialog.getByRole('button', { name: 'End (closes the record)' }).click();
      await closing.getByRole('button', { name: 'Close the record' }).click();
      await page.getByText('Record closed.').first().waitFor();
      expect(await db.selectFrom('registro').select(['estado', 'total']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ estado: 'cerrado', total: 38962 });
    } finally {
      await warehouse.context.close();
    }
  });

  it('on a touch phone, a fast double tap on Guardar of a new order saves it once and keeps it held; releasing asks first', async () => {
    const { page, context } = await signedIn('carla.rios', 'Demo-User1!', PHONE, { touch: true });
    const releases: string[] = [];
    page.on('request', (r) => void (/\/registro\/release\//.test(r.url()) && releases.push(r.url())));
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/create`);
      await page.getByRole('heading', { name: 'Nuevo registro · Pedido de cliente', level: 1 }).waitFor();
      await page.getByRole('combobox', { name: 'Artículo, ítem 1' }).click();
      await page.keyboard.type('CEM-050');
      await page.getByRole('option', { name: 'CEM-050 · Cemento portland 50 kg' }).click();
      await page.getByRole('textbox', { name: 'Cantidad, ítem 1' }).fill('1');
      const save = (await page.getByRole('button', { name: 'Guardar', exact: true }).boundingBox())!;
      const x = save.x + save.width / 2;
      const y = save.y + save.height / 2;
      // the first tap saves; the second lands where Guardar was, right as the saved record's buttons appear there
      await page.touchscreen.tap(x, y);
      await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
      const id = Number(page.url().split('/').pop());
      await page.getByRole('button', { name: 'Liberar' }).waitFor();
      await page.touchscreen.tap(x, y);
      await page.waitForTimeout(800);
      expect(releases).toEqual([]);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(new URL(page.url()).hash).toMatch(new RegExp(`/${id}$`));
      expect(await db.selectFrom('registro').select('asignado_nombre').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ asignado_nombre: 'carla.rios' });

      // releasing hands it to others: asked first; cancelling keeps it
      await page.getByRole('button', { name: 'Liberar' }).tap();
      const ask = page.getByRole('dialog', { name: '¿Liberar el registro?' });
      await ask.getByText('Deja de estar a su cargo: sale de «Registros a mi cargo» y otro responsable de la actividad puede tomarlo.').waitFor();
      await ask.getByRole('button', { name: 'Cancelar' }).tap();
      await ask.waitFor({ state: 'detached' });
      expect(releases).toEqual([]);
      await page.getByRole('button', { name: 'Liberar' }).tap();
      await ask.getByRole('button', { name: 'Liberar' }).tap();
      await page.getByText('Registro liberado.').first().waitFor();
      await page.getByRole('button', { name: 'Tomar' }).waitFor();
      expect(releases).toHaveLength(1);
      expect((await db.selectFrom('registro').select('asignado_a').where('id', '=', id).executeTakeFirstOrThrow()).asignado_a).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('the warehouse takes the approved order to its end in Spanish: prepared, delivered with its signed note, closed', async () => {
    const { page, context } = await signedIn('jorge.paez', 'Demo-User2!');
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.preparacion}/${ids.record}`);
      await page.getByRole('heading', { name: /^Registro PED-\d{6} · Preparación en depósito$/, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Mover', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Mover el registro' });
      await dialog.getByRole('button', { name: 'Entrega al cliente' }).click();
      await page.getByText('Registro movido a Entrega al cliente.').waitFor();
      const entrega = (await db.selectFrom('actividad').select('id').where('titulo', '=', 'Entrega al cliente').executeTakeFirstOrThrow()).id;
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${entrega}/${ids.record}`);
      await page.getByRole('heading', { name: /^Registro PED-\d{6} · Entrega al cliente$/, level: 1 }).waitFor();
      await page.locator('input[type=file]').setInputFiles({ name: 'remito-4471.txt', mimeType: 'text/plain', buffer: Buffer.from('Remito firmado') });
      await page.getByRole('list', { name: 'Adjuntos' }).getByText('remito-4471.txt').waitFor();
      await page.getByRole('button', { name: 'Mover', exact: true }).click();
      await dialog.getByRole('button', { name: 'Fin (cierra el registro)' }).click();
      // closing cannot be undone by staff: it is asked first, and cancelling leaves the record as it was
      const closing = page.getByRole('dialog', { name: '¿Cerrar el registro?' });
      await closing.getByText('Esto cierra el registro; no se puede reabrir.').waitFor();
      await closing.getByRole('button', { name: 'Cancelar' }).click();
      await closing.waitFor({ state: 'detached' });
      expect((await db.selectFrom('registro').select('estado').where('id', '=', ids.record).executeTakeFirstOrThrow()).estado).not.toBe('cerrado');
      await dialog.getByRole('button', { name: 'Fin (cierra el registro)' }).click();
      await closing.getByRole('button', { name: 'Cerrar el registro' }).click();
      await page.getByText('Registro cerrado.').first().waitFor();
      // the page goes back to the activity's list after the move: opening the record before it does would be undone
      await page.waitForURL((url) => url.hash === `#/execution/${ids.flujo}/${entrega}`);
      // …and shows it: the router renders the list after changing the address, and a record page still on screen
      // when the same address is opened again stays as it was (before it closed)
      await page.getByText('Registros de esta actividad en el flujo Ventas').waitFor();
      expect(await db.selectFrom('registro').select(['estado', 'total']).where('id', '=', ids.record).executeTakeFirstOrThrow()).toEqual({ estado: 'cerrado', total: 438104.7 });
      // its history tells what people did in their words: activities and the client by name, a day and an amount as
      // they are written; the app's plumbing (the flow position, the holder's id, the computed taxes) is not listed
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${entrega}/${ids.record}`);
      await page.getByRole('heading', { name: /^Registro PED-\d{6} · Entrega al cliente$/, level: 1 }).waitFor();
      // a closed record says so and offers only its history
      await page.getByText('Estado: Cerrado. El registro no se puede modificar.').waitFor();
      expect(await page.getByRole('button', { name: 'Mover', exact: true }).count()).toBe(0);
      // its signed note stays: it can be downloaded, not removed, and nothing more can be attached
      await page.getByText('El registro está cerrado: sus adjuntos solo se pueden ver.').waitFor();
      await page.getByRole('button', { name: 'Descargar remito-4471.txt' }).waitFor();
      expect(await page.getByRole('button', { name: /^Quitar remito|Adjuntar archivo/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Historial' }).click();
      const history = page.getByRole('list', { name: 'Historial de cambios' });
      await expect.poll(() => history.innerText()).toContain('Actividad: Preparación en depósito → Entrega al cliente');
      const text = await history.innerText();
      expect(text).toMatch(/Cliente: — → Constructora Andina S\.A\./);
      expect(text).toMatch(/Fecha: — → \d{2}\/\d{2}\/\d{4}\n/);
      expect(text).toContain('Total: — → 438.104,70');
      expect(text).toContain('Subtotal: — → 362.070,00');
      expect(text).not.toMatch(/Paso|Subflujos|Impuestos|\(id\)|\(valor\)/);
      // an action's entry tells the choice made as the flow words it, never the request as code
      // a move is one entry: where it went and the answer chosen
      expect(text).toMatch(/· Movió\n+Estado: Abierto → En espera\n+Actividad: Preparación en depósito → Entrega al cliente\n/);
      expect(text).toMatch(/· Movió\n+Actividad: Aprobación del pedido → Preparación en depósito\n+Respuesta: Sí\n/);
      expect(text).not.toMatch(/[{}[\]]/);
      // the items the order was made with, by their articles
      expect(text).toContain('Ítems: se agregaron Cemento portland 50 kg; Cal hidratada 25 kg; Hierro nervado 8 mm x 12 m');
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
    }
  });

  it("an activity's list exports its own records, not every record the user may see", async () => {
    const { page, context } = await signedIn('jorge.paez', 'Demo-User2!');
    try {
      const entrega = (await db.selectFrom('actividad').select('id').where('titulo', '=', 'Entrega al cliente').executeTakeFirstOrThrow()).id;
      const here = await db.selectFrom('registro').select('numero').where('flujo', '=', ids.flujo).where('actividad', '=', entrega).execute();
      const elsewhere = await db.selectFrom('registro').select('numero').where('actividad', '!=', entrega).execute();
      expect(here.length).toBeGreaterThan(0);
      expect(elsewhere.length).toBeGreaterThan(0);
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${entrega}`);
      await page.getByText('Registros de esta actividad en el flujo Ventas').waitFor();
      await page.getByRole('button', { name: 'Exportar' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV (todas las filas)' }).click()]);
      const text = await readFile(await download.path(), 'utf8');
      const lines = text.trim().split(/\r?\n/).slice(1);
      expect(lines).toHaveLength(here.length);
      for (const r of here) expect(text).toContain(String(r.numero));
      for (const r of elsewhere) expect(text).not.toContain(String(r.numero));
    } finally {
      await context.close();
    }
  });

  it("a goods receipt's party is its supplier: named in the record and offered when keying a new one", async () => {
    const { page, context } = await signedIn('jorge.paez', 'Demo-User2!');
    try {
      const r = await db.selectFrom('registro').select(['id', 'flujo', 'actividad']).where('referencia_texto', '=', 'Remito 0003-00012877 Cementera del Sur').executeTakeFirstOrThrow();
      await page.goto(`${app.baseUrl}/#/execution/${r.flujo}/${r.actividad}/${r.id}/show`);
      await page.getByRole('heading', { name: /Recepción en depósito$/, level: 1 }).waitFor();
      await expect.poll(() => page.getByRole('group', { name: 'Cliente' }).or(page.getByRole('combobox', { name: /^Cliente/ })).first().evaluate((el) => (el instanceof HTMLInputElement ? el.value : el.textContent ?? ''))).toContain('Cementera del Sur S.A.');
      await page.goto(`${app.baseUrl}/#/execution/${r.flujo}/${r.actividad}/create`);
      await page.getByRole('combobox', { name: /^Cliente/ }).focus();
      await page.keyboard.type('Ceme');
      await page.getByRole('option', { name: 'Cementera del Sur S.A.' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('Exit asks before dropping typed changes, also back to a list opened by its address (the router cannot hold that move)', async () => {
    const { page, context } = await signedIn('carla.rios', 'Demo-User1!');
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}`);
      await page.getByText('Registros de esta actividad en el flujo Ventas').waitFor();
      await page.getByRole('button', { name: /^Editar / }).first().click();
      await page.getByRole('heading', { name: /^Registro .* · Pedido de cliente$/, level: 1 }).waitFor();
      const record = page.url();
      await page.getByRole('textbox', { name: /^Notas/ }).fill('Llamar antes de entregar');
      await page.getByRole('button', { name: 'Salir', exact: true }).click();
      const ask = page.getByRole('dialog', { name: 'Cambios sin guardar' });
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(page.url()).toBe(record);
      expect(await page.getByRole('textbox', { name: /^Notas/ }).inputValue()).toBe('Llamar antes de entregar');
      await page.getByRole('button', { name: 'Salir', exact: true }).click();
      await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
      await page.getByText('Registros de esta actividad en el flujo Ventas').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a quantity typed in Spanish keeps its meaning when the language changes before saving: 1.000 is saved as a thousand', async () => {
    const { page, context } = await signedIn('carla.rios', 'Demo-User1!');
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/create`);
      await page.getByRole('heading', { name: 'Nuevo registro · Pedido de cliente', level: 1 }).waitFor();
      await page.getByRole('combobox', { name: 'Artículo, ítem 1' }).focus();
      await keyItem(page, 'CEM-050', 'CEM-050 · Cemento portland 50 kg', '1.000');
      // a thousand at the retail 9,800 plus 21 % VAT
      await expect.poll(() => totalOf(page).textContent()).toBe('11.858.000,00');
      await page.getByTestId('language-switch').first().selectOption('en');
      await page.getByRole('heading', { name: 'New record · Pedido de cliente', level: 1 }).waitFor();
      // the cell now says its number as English writes it; the total is the one it was
      await expect.poll(() => page.getByRole('textbox', { name: 'Quantity, item 1' }).inputValue()).toBe('1000');
      await expect.poll(() => totalOf(page, 'Totals').textContent()).toBe('11,858,000.00');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
      const id = Number(page.url().split('/').pop());
      const item = await db.selectFrom('registro__items').select('cantidad').where('parent_id', '=', id).executeTakeFirstOrThrow();
      expect(Number(item.cantidad)).toBe(1000);
      expect(await db.selectFrom('registro').select('total').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ total: 11858000 });
    } finally {
      await context.close();
    }
  });

  it('Cliente: a name typed and Enter, with no arrow key, picks the one client it matches, and the order is saved with him', async () => {
    const { page, context } = await signedIn('carla.rios', 'Demo-User1!');
    try {
      const videla = await db.selectFrom('perfil').select('id').where('apellido', '=', 'Videla').executeTakeFirstOrThrow();
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/create`);
      await page.getByRole('heading', { name: 'Nuevo registro · Pedido de cliente', level: 1 }).waitFor();
      const client = page.getByRole('combobox', { name: /^Cliente/ });
      await client.focus();
      // Enter at once, before the search has answered: the only match is picked when it does
      await page.keyboard.type('videla');
      await page.keyboard.press('Enter');
      await expect.poll(() => client.inputValue()).toMatch(/Videla/);
      await page.getByRole('combobox', { name: 'Artículo, ítem 1' }).focus();
      await keyItem(page, 'CEM-050', 'CEM-050 · Cemento portland 50 kg', '1');
      // what the field shows is what is saved
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
      const id = Number(page.url().split('/').pop());
      expect(await db.selectFrom('registro').select('cliente').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ cliente: videla.id });
      await expect.poll(() => client.inputValue()).toMatch(/Videla/);
    } finally {
      await context.close();
    }
  });

  it('saving an order without items says so (the activity needs one), not "check the marked items" with none marked', async () => {
    const { page, context } = await signedIn('carla.rios', 'Demo-User1!');
    try {
      const before = (await db.selectFrom('registro').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/create`);
      await page.getByRole('heading', { name: 'Nuevo registro · Pedido de cliente', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.getByRole('alert').filter({ hasText: 'Debe haber al menos 1 ítem' }).first().waitFor();
      expect(await page.getByText('Revise los ítems marcados.').count()).toBe(0);
      expect((await db.selectFrom('registro').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toBe(before);
    } finally {
      await context.close();
    }
  });

  it('an order half-typed on a phone outlives a reload: offered again, recovered as typed, and gone once saved', async () => {
    const { page, context } = await signedIn('carla.rios', 'Demo-User1!', PHONE);
    const drafts = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(':registro:new:')));
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/create`);
      await page.getByRole('heading', { name: 'Nuevo registro · Pedido de cliente', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: /^Notas/ }).fill('Entregar por la mañana');
      await page.getByRole('combobox', { name: 'Artículo, ítem 1' }).focus();
      await keyItem(page, 'CEM-050', 'CEM-050 · Cemento portland 50 kg', '2,5');
      // kept once the typing pauses
      await expect.poll(drafts).toHaveLength(1);
      // the tab reloads (a phone gives no warning; here the browser's own is answered)
      page.once('dialog', (d) => void d.accept());
      await page.reload();
      await page.getByText(/^Hay cambios sin guardar de hace/).waitFor();
      expect(await page.getByRole('textbox', { name: /^Notas/ }).inputValue()).toBe('');
      await page.getByRole('button', { name: 'Recuperar' }).click();
      await expect.poll(() => page.getByRole('textbox', { name: /^Notas/ }).inputValue()).toBe('Entregar por la mañana');
      await expect.poll(() => page.getByRole('textbox', { name: 'Cantidad, ítem 1' }).inputValue()).toBe('2,5');
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
      const id = Number(page.url().split('/').pop());
      const item = await db.selectFrom('registro__items').select('cantidad').where('parent_id', '=', id).executeTakeFirstOrThrow();
      expect(Number(item.cantidad)).toBe(2.5);
      expect(await db.selectFrom('registro').select('notas').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ notas: 'Entregar por la mañana' });
      expect(await drafts()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
