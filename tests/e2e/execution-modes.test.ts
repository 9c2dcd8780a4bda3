/**
 * Executing activities (issues 11 and 12), the activity's modes in real Chromium: the activity's own list
 * columns, a user's own choice of them (kept over the administrator's changes until reset); a client and an
 * article created, and an existing one changed, from the record form where the activity's edit modes allow, and
 * what a mode leaves out said on the form; save
 * mode "a chosen one" (the record goes to the user picked); a move into a pre-assigning activity asks who gets
 * it; a move out of an activity with open instructive tasks is refused in the dialog, naming them; a record
 * made from its parent (more than remains is refused on its row, the parent then shows delivered and
 * remaining); the stock location of an item picked under its row; an audio note recorded (fake microphone) where
 * the activity allows audio, listed, played in the page and downloaded, and no record button where it does not.
 */
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { launchBrowser, loginAs, newPage } from '../support/browser';
import { api, createUser } from '../support/server';
import { seedTasks, TECH } from '../support/tasks-seed';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let tasks: Awaited<ReturnType<typeof seedTasks>>;
const ids: Record<string, number> = {};
const SELLER = { username: 'vendedora', password: 'Vende-pass1!' };
let ok: (path: string, body?: unknown, token?: string) => Promise<any>;
let seller = '';

beforeAll(async () => {
  app = await startApp();
  tasks = await seedTasks(app.baseUrl, app.db as unknown as Kysely<any>, ADMIN_PASSWORD);
  ok = tasks.ok;
  const puesto = (await ok('puesto/save', { nombre: 'Ventas' })).id;
  const proceso = (await ok('proceso/save', { titulo: 'Ventas' })).id;
  const act = async (titulo: string, extra: object = {}) => (await ok('actividad/save', { proceso, titulo, puestos: [{ puesto }], ...extra })).id as number;
  ids.entrega = await act('Entrega', { preasignar_usuario: 'preasignar' });
  ids.parcial = await act('Entrega parcial');
  ids.recepcion = await act('Recepción', { impacto_stock: 'ingreso' });
  ids.pedido = await act('Pedido', {
    edicion_cliente: 'ambos',
    edicion_articulo: 'solo_crear',
    modo_guardado: 'elegido',
    hijas: [{ actividad: ids.parcial }],
    columnas: [{ campo: 'numero' }, { campo: 'total' }, { campo: 'cliente' }],
  });
  const node = (clave: string, actividad: number) => ({ clave, tipo: 'actividad', actividad });
  ids.flujo = (
    await ok('flujo/save', {
      nombre: 'Ventas',
      nodos: [{ clave: 'i', tipo: 'inicio' }, node('pedido', ids.pedido), node('entrega', ids.entrega), node('parcial', ids.parcial), node('recepcion', ids.recepcion), { clave: 'f', tipo: 'fin' }],
      conexiones: [
        { desde: 'i', hacia: 'pedido' },
        { desde: 'pedido', hacia: 'entrega' },
        { desde: 'entrega', hacia: 'f' },
        { desde: 'i', hacia: 'parcial' },
        { desde: 'parcial', hacia: 'f' },
        { desde: 'i', hacia: 'recepcion' },
        { desde: 'recepcion', hacia: 'f' },
      ],
    })
  ).id;
  await ok(`flujo/verify/${ids.flujo}`);
  ids.cheque = (await ok('articulo/save', { nombre: 'Cheque de tercero', codigo_interno: 'CHQ', es_cheque: true })).id;
  ids.tuerca = (await ok('articulo/save', { nombre: 'Tuerca', codigo_interno: 'TUE-1', alicuota_iva: 21 })).id;
  ids.norte = (await ok('perfil/save', { razon_social: 'Ferretería Norte', tipo: 'clientes' })).id;
  ids.clavo = (await ok('articulo/save', { nombre: 'Clavo', codigo_interno: 'CLA-1', alicuota_iva: 21, ubicaciones: [{ nombre: 'Depósito' }, { nombre: 'Local' }] })).id;
  for (const username of [SELLER.username, 'otra']) {
    const party = await ok('perfil/save', { nombre: username, tipo: 'empleados', empleado: { puesto } });
    ids[username] = await createUser(app.db, { username, password: SELLER.password, roles: ['ROLE_USER'], perfilid: party.id });
  }
  seller = (await api(app.baseUrl).login(SELLER.username, SELLER.password)).access_token;
  browser = await launchBrowser({ fakeMicrophone: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function signedIn(user: { username: string; password: string }) {
  const { page, context } = await newPage(browser.browser, app.baseUrl);
  await loginAs(page, user.username, user.password);
  await page.getByRole('heading', { name: `Hola, ${user.username}` }).waitFor();
  return { page, context };
}

const order = (extra: object = {}) =>
  ok('registro/save', { flujo: ids.flujo, actividad: ids.pedido, fecha: '2026-11-20', asignar_a: ids.vendedora, items: [{ articulo: ids.clavo, cantidad: 10, precio_unitario: 2 }], ...extra }, seller);

const setModes = async (actividad: number, modes: object) => {
  const a = await ok(`actividad/show/${actividad}`);
  await ok(`actividad/update/${actividad}`, { ...a, ...modes });
};

/** The record list's column titles, in order (without the row actions). */
async function columnTitles(page: Page): Promise<string[]> {
  await page.getByRole('cell').first().waitFor();
  const texts = await page.getByRole('table').first().getByRole('columnheader').allTextContents();
  return texts.map((h) => h.replace(/[^A-Za-zÁÉÍÓÚáéíóúñ ].*$/, '').trim()).filter((h) => h !== '' && h !== 'Acciones');
}

async function pickArticle(page: Page, n: number, text: string, option: RegExp) {
  await page.getByRole('combobox', { name: `Artículo, ítem ${n}` }).focus();
  await page.keyboard.type(text);
  await page.getByRole('option', { name: option }).waitFor();
  await page.getByRole('option', { name: option }).click();
}

describe('the activity’s modes on the execution screen', () => {
  it('the record list shows the activity’s own columns, in its order', async () => {
    await order();
    const { page, context } = await signedIn(SELLER);
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}`);
      await page.getByRole('heading', { name: 'Pedido', level: 1 }).waitFor();
      await page.getByRole('columnheader', { name: /Total/ }).first().waitFor();
      const headers = (await page.getByRole('columnheader').allTextContents()).map((h) => h.trim()).filter((h) => /^(Número|Total|Cliente|Estado|Fecha)/.test(h));
      expect(headers.map((h) => h.replace(/[^A-Za-zÁÉÍÓÚáéíóúñ].*$/, ''))).toEqual(['Número', 'Total', 'Cliente']);
    } finally {
      await context.close();
    }
  });

  it('a user’s own column choice outlives the administrator’s changes until she resets it; a user without one follows them', async () => {
    const list = `${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}`;
    const seller = await signedIn(SELLER);
    const other = await signedIn({ username: 'otra', password: SELLER.password });
    try {
      const { page } = seller;
      await page.goto(list);
      await expect.poll(() => columnTitles(page)).toEqual(['Número', 'Total', 'Cliente']);
      await page.getByRole('button', { name: 'Columnas' }).click();
      await page.locator('label').filter({ hasText: /^Estado$/ }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Guardar columnas' }).click();
      await page.getByRole('button', { name: 'Guardar columnas' }).waitFor({ state: 'detached' });

      // the administrator lists other columns: the subtotal and the date
      await setModes(ids.pedido, { columnas: [{ campo: 'numero' }, { campo: 'fecha' }, { campo: 'subtotal' }] });
      await other.page.goto(list);
      await expect.poll(() => columnTitles(other.page)).toEqual(['Número', 'Fecha', 'Subtotal']);
      await page.reload();
      await expect.poll(async () => (await columnTitles(page)).sort()).toEqual(['Cliente', 'Estado', 'Número', 'Total']);

      // back to the activity's columns, for good
      await page.getByRole('button', { name: 'Columnas' }).click();
      await page.getByRole('button', { name: 'Columnas predeterminadas' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => columnTitles(page)).toEqual(['Número', 'Fecha', 'Subtotal']);
      await page.reload();
      await expect.poll(() => columnTitles(page)).toEqual(['Número', 'Fecha', 'Subtotal']);
      expect(await page.getByRole('button', { name: 'Guardar columnas' }).count()).toBe(0);
    } finally {
      await setModes(ids.pedido, { columnas: [{ campo: 'numero' }, { campo: 'total' }, { campo: 'cliente' }] });
      await seller.context.close();
      await other.context.close();
    }
  });

  it('a seller creates a client and an article from the record form, and saves the record for the user she picks', async () => {
    const { page, context } = await signedIn(SELLER);
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/create`);
      await page.getByRole('heading', { name: 'Nuevo registro · Pedido', level: 1 }).waitFor();
      // update of clients is allowed too, but there is no client to update yet
      expect(await page.getByRole('button', { name: 'Editar cliente' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Nuevo cliente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo cliente' });
      await dialog.getByRole('textbox', { name: /^Razón social/ }).fill('Corralón Oeste');
      // typed: Escape asks before dropping it; staying keeps it
      await page.keyboard.press('Escape');
      const ask = page.getByRole('dialog', { name: 'Cambios sin guardar' });
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await dialog.getByRole('textbox', { name: /^Razón social/ }).inputValue()).toBe('Corralón Oeste');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByRole('combobox', { name: /^Cliente/ }).inputValue()).toMatch(/Corralón Oeste/);
      await page.getByRole('button', { name: 'Editar cliente' }).waitFor();

      // articles may only be created here
      await pickArticle(page, 1, 'CLA', /CLA-1 · Clavo/);
      await page.getByRole('textbox', { name: 'Cantidad, ítem 1' }).fill('3');
      await page.getByRole('textbox', { name: 'Precio unitario, ítem 1' }).fill('2');
      expect(await page.getByRole('button', { name: /^Editar el artículo/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Nuevo artículo' }).click();
      const articleDialog = page.getByRole('dialog', { name: 'Nuevo artículo' });
      await articleDialog.getByRole('textbox', { name: /^Nombre/ }).fill('Arandela');
      await articleDialog.getByRole('button', { name: 'Guardar' }).click();
      await articleDialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByRole('combobox', { name: 'Artículo, ítem 2' }).inputValue()).toBe('Arandela');
      await page.getByRole('textbox', { name: 'Cantidad, ítem 2' }).fill('1');
      await page.getByRole('textbox', { name: 'Precio unitario, ítem 2' }).fill('5');

      // save mode "a chosen one": the record goes to the user picked
      await page.getByRole('combobox', { name: 'Asignar a' }).selectOption({ label: 'otra' });
      await page.keyboard.press('Control+s');
      await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
      await page.getByText('Lo tiene tomado otra.').waitFor();
      const id = Number(page.url().split('/').pop());
      const stored = await ok(`registro/show/${id}`);
      const client = await ok(`perfil/show/${stored.cliente}`);
      expect(client).toMatchObject({ razon_social: 'Corralón Oeste', tipo: 'clientes' });
      // 3 × 2 + 21 % VAT, and the new article (no VAT rate) 1 × 5
      expect(stored).toMatchObject({ asignado_nombre: 'otra', total: 12.26 });
      expect(stored.items).toHaveLength(2);
    } finally {
      await context.close();
    }
  });

  it('a seller corrects the record’s client and an item’s article from the record form, where the modes allow updating', async () => {
    await setModes(ids.pedido, { edicion_articulo: 'ambos' });
    const r = await order({ cliente: ids.norte, items: [{ articulo: ids.tuerca, cantidad: 4, precio_unitario: 10 }] });
    const { page, context } = await signedIn(SELLER);
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/${r.id}`);
      await page.getByRole('heading', { name: `Registro ${r.numero} · Pedido`, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Editar cliente' }).click();
      const party = page.getByRole('dialog', { name: 'Editar cliente' });
      const name = party.getByRole('textbox', { name: /^Razón social/ });
      await expect.poll(() => name.inputValue()).toBe('Ferretería Norte');
      await name.fill('Ferretería Norte SRL');
      await party.getByRole('textbox', { name: /^Calle/ }).fill('Mitre');
      await party.getByRole('button', { name: 'Guardar' }).click();
      await party.waitFor({ state: 'detached' });
      expect(await ok(`perfil/show/${ids.norte}`)).toMatchObject({ razon_social: 'Ferretería Norte SRL', calle: 'Mitre', tipo: 'clientes' });

      // the article of the item being edited: its VAT rate was wrong
      await page.getByRole('textbox', { name: 'Cantidad, ítem 1' }).click();
      await page.getByRole('button', { name: 'Editar el artículo del ítem 1' }).click();
      const article = page.getByRole('dialog', { name: 'Editar artículo' });
      await expect.poll(() => article.getByRole('textbox', { name: /^Nombre/ }).inputValue()).toBe('Tuerca');
      await article.getByRole('textbox', { name: /^Nombre/ }).fill('Tuerca hexagonal');
      await article.getByLabel(/^Alícuota de IVA/).fill('10.5');
      await article.getByRole('button', { name: 'Guardar' }).click();
      await article.waitFor({ state: 'detached' });
      expect(await ok(`articulo/show/${ids.tuerca}`)).toMatchObject({ nombre: 'Tuerca hexagonal', alicuota_iva: 10.5 });
      await expect.poll(() => page.getByRole('combobox', { name: 'Artículo, ítem 1' }).inputValue()).toMatch(/Tuerca hexagonal/);
    } finally {
      await setModes(ids.pedido, { edicion_articulo: 'solo_crear' });
      await context.close();
    }
  });

  it('where the modes leave something out, the form says so instead of hiding it silently', async () => {
    await setModes(ids.pedido, { edicion_cliente: 'solo_crear', edicion_articulo: 'no_permitido' });
    const r = await order({ cliente: ids.norte });
    const { page, context } = await signedIn(SELLER);
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/${r.id}`);
      await page.getByRole('heading', { name: `Registro ${r.numero} · Pedido`, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Nuevo cliente' }).waitFor();
      await page.getByText('Esta actividad permite crear clientes desde el registro, no modificarlos.').waitFor();
      // said under the Cliente field, as its description (where one looks for a client, and what a screen reader reads with it)
      const described = await page.getByRole('combobox', { name: /^Cliente/ }).getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).textContent()).toBe('Esta actividad permite crear clientes desde el registro, no modificarlos.');
      expect(await page.getByRole('button', { name: 'Editar cliente' }).count()).toBe(0);
      await page.getByText('Los artículos se eligen de la lista; esta actividad no permite crearlos ni modificarlos aquí.').waitFor();
      expect(await page.getByRole('button', { name: /artículo/ }).count()).toBe(0);
      await page.getByTestId('language-switch').first().selectOption('en');
      await page.getByText('This activity allows creating clients from the record, not changing them.').waitFor();
      await page.getByText('Articles are picked from the list; this activity does not allow creating or changing them here.').waitFor();
      await page.getByTestId('language-switch').first().selectOption('es');
    } finally {
      await setModes(ids.pedido, { edicion_cliente: 'ambos', edicion_articulo: 'solo_crear' });
      await context.close();
    }
  });

  it('moving into an activity that pre-assigns asks who gets the record', async () => {
    const r = await order();
    const { page, context } = await signedIn(SELLER);
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/${r.id}`);
      await page.getByRole('heading', { name: `Registro ${r.numero} · Pedido`, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Mover', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Mover el registro' });
      await dialog.getByRole('button', { name: 'Entrega' }).click();
      await dialog.getByRole('combobox', { name: 'Quién lo recibe en Entrega' }).selectOption({ label: 'otra' });
      await dialog.getByRole('button', { name: 'Mover y asignar' }).click();
      await page.getByText('Registro movido a Entrega.').waitFor();
      expect(await ok(`registro/show/${r.id}`)).toMatchObject({ actividad: ids.entrega, asignado_nombre: 'otra' });
    } finally {
      await context.close();
    }
  });

  it('moving on with open instructive tasks is refused in the dialog, with its text and the open tasks', async () => {
    const { page, context } = await signedIn(TECH);
    try {
      const r = tasks.registros[0];
      await page.goto(`${app.baseUrl}/#/execution/${tasks.flujo}/${tasks.instalacion}/${r.id}`);
      await page.getByRole('heading', { name: `Registro ${r.numero} · Instalación`, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Mover', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Mover el registro' });
      await dialog.getByRole('button', { name: 'Cierre' }).click();
      const alert = dialog.getByRole('alert');
      await alert.getByText('Primero deben cerrarse todas las tareas de los instructivos asociados.').waitFor();
      // said in words: the code is no part of what staff read
      expect(await alert.textContent()).not.toContain('REQUIERE_CERRAR_TAREAS_INSTRUCTIVO');
      expect((await alert.getByRole('listitem').allTextContents()).sort()).toEqual(['Instalar', 'Limpiar', 'Medir', 'Probar']);
      expect((await ok(`registro/show/${r.id}`)).actividad).toBe(tasks.instalacion);
    } finally {
      await context.close();
    }
  });

  it('a record made from its parent: more than remains is refused on its row; the parent then shows delivered and remaining', async () => {
    const parent = await order();
    const { page, context } = await signedIn(SELLER);
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/${parent.id}`);
      await page.getByRole('heading', { name: `Registro ${parent.numero} · Pedido`, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Crear registro hijo' }).click();
      const dialog = page.getByRole('dialog', { name: `Registro hijo de ${parent.numero}` });
      const take = dialog.getByRole('textbox', { name: 'A tomar de CLA-1 · Clavo (ítem 1)' });
      expect(await take.inputValue()).toBe('10');
      await take.fill('12');
      await dialog.getByRole('button', { name: 'Crear registro' }).click();
      await dialog.getByRole('alert').getByText('La cantidad supera lo que queda del registro padre.').waitFor();
      await take.fill('4');
      await dialog.getByRole('button', { name: 'Crear registro' }).click();
      await page.getByRole('heading', { name: /· Entrega parcial$/, level: 1 }).waitFor();
      const child = await ok(`registro/show/${Number(page.url().split('/').pop())}`);
      expect(child).toMatchObject({ padre: parent.id, actividad: ids.parcial, items: [expect.objectContaining({ cantidad: 4 })] });

      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/${parent.id}`);
      const deliveries = page.getByRole('table', { name: 'Entregas' });
      await deliveries.waitFor();
      expect((await deliveries.getByRole('row').nth(1).getByRole('cell').allTextContents()).slice(1)).toEqual(['10', '4', '6']);
    } finally {
      await context.close();
    }
  });

  it('an item of a receipt is stocked at the location picked under its row', async () => {
    const { page, context } = await signedIn(SELLER);
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.recepcion}/create`);
      await page.getByRole('heading', { name: 'Nuevo registro · Recepción', level: 1 }).waitFor();
      await pickArticle(page, 1, 'CLA', /CLA-1 · Clavo/);
      await page.getByRole('textbox', { name: 'Cantidad, ítem 1' }).fill('5');
      await page.getByRole('textbox', { name: 'Precio unitario, ítem 1' }).fill('1');
      const location = page.getByRole('group', { name: 'Datos del ítem 1' }).getByRole('combobox', { name: 'Ubicación (ítem 1)' });
      expect(await location.inputValue()).toBe('Depósito');
      await location.selectOption('Local');
      await page.keyboard.press('Control+s');
      await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
      const stored = await ok(`registro/show/${Number(page.url().split('/').pop())}`);
      expect(stored.items[0]).toMatchObject({ ubicacion: 'Local', cantidad: 5 });
      const article = await ok(`articulo/show/${ids.clavo}`);
      expect(article.ubicaciones.find((u: { nombre: string }) => u.nombre === 'Local')).toMatchObject({ cantidad_actual: 5 });
    } finally {
      await context.close();
    }
  });

  it('a cheque received in a receipt: its bank, collection date, number and drawer typed under its row go to the wallet', async () => {
    const { page, context } = await signedIn(SELLER);
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.recepcion}/create`);
      await page.getByRole('heading', { name: 'Nuevo registro · Recepción', level: 1 }).waitFor();
      await pickArticle(page, 1, 'CHQ', /CHQ · Cheque de tercero/);
      await page.getByRole('textbox', { name: 'Cantidad, ítem 1' }).fill('1');
      await page.getByRole('textbox', { name: 'Precio unitario, ítem 1' }).fill('1500');
      const details = page.getByRole('group', { name: 'Datos del ítem 1' });
      await details.getByRole('textbox', { name: /^Banco \(ítem 1\)/ }).fill('Banco Nación');
      await details.getByRole('textbox', { name: /^Número de cheque \(ítem 1\)/ }).fill('00123456');
      await details.getByRole('textbox', { name: /^Librador \(ítem 1\)/ }).fill('Corralón Oeste');
      // typed as the app writes days, whatever the browser's language
      await details.getByLabel(/^Fecha de cobro \(ítem 1\)/).fill('15/12/2026');
      await page.keyboard.press('Control+s');
      await page.waitForURL(/#\/execution\/\d+\/\d+\/\d+$/);
      const stored = await ok(`registro/show/${Number(page.url().split('/').pop())}`);
      expect(stored.items[0]).toMatchObject({ banco: 'Banco Nación', identificador: '00123456', librador: 'Corralón Oeste', fecha_cobro: '2026-12-15' });
      const wallet = await ok('cheque/index', { filters: { registro: stored.id } });
      expect(wallet.rows).toEqual([expect.objectContaining({ banco: 'Banco Nación', identificador: '00123456', importe: 1500, fecha_cobro: '2026-12-15', estado: 'en_cartera' })]);
    } finally {
      await context.close();
    }
  });
  it('an audio note recorded on a record where the activity allows audio is listed, plays in the page and downloads as audio; no record button where it does not', async () => {
    await setModes(ids.pedido, { audio: true });
    const id = (await order()).id as number;
    const { page, context } = await signedIn(SELLER);
    try {
      await page.goto(`${app.baseUrl}/#/execution/${ids.flujo}/${ids.pedido}/${id}`);
      const panel = page.getByRole('region', { name: 'Adjuntos' });
      await panel.getByRole('button', { name: 'Grabar nota de voz' }).click();
      await panel.getByText('Grabando… 1 s').waitFor();
      await panel.getByRole('button', { name: 'Detener la grabación' }).click();
      const note = panel.getByRole('list', { name: 'Adjuntos' }).getByRole('listitem').filter({ hasText: /nota-de-voz-\d{14}\.(webm|ogg|m4a)/ });
      await note.getByText('Audio', { exact: true }).waitFor();
      const name = (await note.textContent())!.match(/nota-de-voz-\d{14}\.(webm|ogg|m4a)/)![0];
      // it plays in the page when asked: loaded with the token, from a blob URL the Content-Security-Policy lets <audio> use
      await note.getByRole('button', { name: `Escuchar ${name}` }).click();
      const player = note.locator('audio');
      expect(await player.getAttribute('aria-label')).toBe(`Escuchar ${name}`);
      await expect.poll(() => player.evaluate((a: HTMLAudioElement) => (a.src.startsWith('blob:') ? a.readyState : -1)), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await player.evaluate((a: HTMLAudioElement) => a.error)).toBeNull();
      const [download] = await Promise.all([page.waitForEvent('download'), note.getByRole('button', { name: `Descargar ${name}` }).click()]);
      expect(download.suggestedFilename()).toBe(name);
      const bytes = readFileSync((await download.path())!);
      // a WebM (EBML) or Ogg container with some sound in it, not an empty file
      expect(bytes.length).toBeGreaterThan(100);
      expect([bytes.subarray(0, 4).toString('hex'), bytes.subarray(0, 4).toString('latin1')]).toContain(name.endsWith('webm') ? '1a45dfa3' : 'OggS');
      const [stored] = (await ok('adjunto/index', { filters: { registro: id } })).rows;
      expect(stored).toMatchObject({ nombre: name, audio: true });

      await setModes(ids.pedido, { audio: false });
      await page.reload();
      await panel.getByRole('button', { name: 'Adjuntar archivo' }).waitFor();
      expect(await panel.getByRole('button', { name: 'Grabar nota de voz' }).count()).toBe(0);
    } finally {
      await setModes(ids.pedido, { audio: false });
      await context.close();
    }
  });
});
