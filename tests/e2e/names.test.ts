/**
 * Names, not keys (issue 19), in the browser: a party type an administrator adds to the perfil_tipo group shows
 * by its name in the parties' list and is picked in its column filter, which filters on the server; a category's
 * type reads as its translated name in the list, its filter, the form's select, view mode and the record's
 * history; a seeded category's group and value (free text used as keys) read as their names in the list and view
 * mode, in Spanish and English, while the form edits the stored keys; a type that exists only in the data (saved
 * through the API, as an import would) is picked in the category list's type filter; the event lists' entity
 * columns filter by a pick-list of the entities' titles; a list sorted by the category group follows the names
 * shown, in either language.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { signedInPage } from '../support/browser';
import { api } from '../support/server';

let app: Awaited<ReturnType<typeof startApp>>;
let session: Awaited<ReturnType<typeof signedInPage>>;
let page: Page;

beforeAll(async () => {
  app = await startApp({ eventWorker: false });
  const client = api(app.baseUrl);
  const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  const save = async (entity: string, body: unknown) => {
    const res = await client.post(`/api/${entity}/save`, body, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  await save('categoria', { tipo: 'perfil_tipo', grupo: 'perfil_tipo', nombre: 'Distribuidores', valor: 'distribuidores', orden: 4 });
  await save('perfil', { tipo: 'distribuidores', razon_social: 'Distribuidora Norte' });
  await save('perfil', { tipo: 'clientes', razon_social: 'Almacén Sur' });
  // a category type no screen offers: through the API, as an import brings it
  await save('categoria', { tipo: 'calzado', nombre: 'Zapatillas' });
  const hook = { accion: '*', uri: 'https://hooks.example.com/flujos' };
  await save('evento', { ...hook, nombre: 'Comprobantes', origen: 'factura' });
  await save('evento', { ...hook, nombre: 'Configuración AFIP', origen: 'facturacion' });
  await save('evento', { ...hook, nombre: 'Todo', origen: '*' });
  // the subscription to every entity queues a delivery of each later write
  await save('secuencia', { nombre: 'nombres-e2e', proximo_valor: 1 });
  session = await signedInPage(app.baseUrl, 'admin', ADMIN_PASSWORD);
  ({ page } = session);
});
afterAll(async () => {
  await session?.close();
  await app?.close();
});

const total = async () => Number(((await page.getByText(/^Total: /).textContent()) ?? '').replace(/\D/g, ''));
// the blank entry (no filter) first, shown as a space
const options = async () => (await page.getByRole('listbox').getByRole('option').allTextContents()).map((o) => o.trim());
const column = async (name: string) => {
  const headers = await page.getByRole('columnheader').allTextContents();
  const at = headers.findIndex((h) => h.startsWith(name));
  const rows = page.getByRole('table').getByRole('row');
  const texts: string[] = [];
  for (let i = 1; i < (await rows.count()); i++) {
    const cell = rows.nth(i).getByRole('cell').nth(at);
    if (await cell.count()) texts.push(((await cell.textContent()) ?? '').trim());
  }
  return texts.filter(Boolean);
};

describe('names, not keys', () => {
  it("a party type added as a category of the perfil_tipo group shows by its name and is picked in the list's filter", async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/profile`);
    await page.getByRole('heading', { name: 'Interesados', level: 1 }).waitFor();
    const norte = page.getByRole('row').filter({ hasText: 'Distribuidora Norte' });
    await norte.getByRole('cell', { name: 'Distribuidores', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'distribuidores', exact: true }).count()).toBe(0);
    await page.getByRole('row').filter({ hasText: 'Almacén Sur' }).getByRole('cell', { name: 'Clientes', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Filtros' }).click();
    const filter = page.getByRole('combobox', { name: 'Filtrar por Tipo' });
    await filter.click();
    // the group's entries as they are in the database, the administrator's one too
    await expect.poll(options).toEqual(['', 'Clientes', 'Proveedores', 'Empleados', 'Distribuidores']);
    await page.getByRole('option', { name: 'Distribuidores', exact: true }).click();
    // the server matches the category's valor exactly: the name shown is not what is sent
    await expect.poll(total).toBe(1);
    await expect.poll(() => column('Razón social')).toEqual(['Distribuidora Norte']);
    await expect.poll(() => filter.inputValue()).toBe('Distribuidores');

    // in English: a built-in type by its locale name, the administrator's by its own
    await page.getByTestId('language-switch').selectOption('en');
    const english = page.getByRole('combobox', { name: 'Filter by Type' });
    await expect.poll(() => english.inputValue()).toBe('Distribuidores');
    await english.fill('');
    await expect.poll(total).toBeGreaterThanOrEqual(2);
    await page.getByRole('row').filter({ hasText: 'Almacén Sur' }).getByRole('cell', { name: 'Customers', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Filter by Type' }).click();
    await expect.poll(options).toEqual(['', 'Customers', 'Suppliers', 'Employees', 'Distribuidores']);
    await page.keyboard.press('Escape');
    await page.getByTestId('language-switch').selectOption('es');
  });

  it("a category's type reads as its name in the list, its filter, the form's select, view mode and history", async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/categories`);
    await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Distribuidores');
    await expect.poll(total).toBe(1);
    const row = page.getByRole('row').filter({ hasText: 'Distribuidores' });
    // (its group, perfil_tipo, reads the same)
    await row.getByRole('cell', { name: 'Tipo de interesado', exact: true }).first().waitFor();
    expect(await column('Tipo')).toEqual(['Tipo de interesado']);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');

    await page.getByRole('button', { name: 'Filtros' }).click();
    const filter = page.getByRole('combobox', { name: 'Filtrar por Tipo' });
    await filter.click();
    // the built-in types by their names, then the one only the data holds, as stored
    await expect.poll(options).toEqual(['', 'Rubro de artículos', 'Tipo de interesado', 'Grupo de flujos', 'Grupo de reportes', 'calzado']);
    await page.getByRole('option', { name: 'Tipo de interesado', exact: true }).click();
    // the three seeded party types and the administrator's
    await expect.poll(total).toBe(4);

    await page.getByRole('button', { name: 'Ver Distribuidores' }).click();
    await page.waitForURL(/#\/backOffice\/categories\/\d+\/show$/);
    const shown = page.url();
    await expect.poll(() => page.getByRole('group', { name: 'Tipo' }).textContent()).toBe('Tipo de interesado');
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(/#\/backOffice\/categories\/\d+$/);
    await expect.poll(() => page.getByRole('combobox', { name: /^Tipo/ }).inputValue()).toBe('Tipo de interesado');
    await page.getByTestId('language-switch').selectOption('en');
    await expect.poll(() => page.getByRole('combobox', { name: /^Type/ }).inputValue()).toBe('Party type');
    await page.getByTestId('language-switch').selectOption('es');

    // a change of type reads by the names in the record's history
    await page.getByRole('combobox', { name: /^Tipo/ }).click();
    await page.getByRole('option', { name: 'Grupo de reportes', exact: true }).click();
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    await page.waitForURL(/#\/backOffice\/categories$/);
    await page.goto(shown);
    await expect.poll(() => page.getByRole('group', { name: 'Tipo' }).textContent()).toBe('Grupo de reportes');
    await page.getByRole('button', { name: 'Historial' }).click();
    const history = page.getByRole('list', { name: 'Historial de cambios' }).getByRole('listitem');
    await expect.poll(() => history.first().textContent()).toContain('Tipo: Tipo de interesado → Grupo de reportes');
    await page.keyboard.press('Escape');
  });

  it("a seeded category's group and value read as their names in the list and view mode, the form edits the stored keys; an imported type is picked in the filter", async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/categories`);
    await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
    const filter = page.getByRole('combobox', { name: 'Filtrar por Tipo' });
    if (!(await filter.isVisible())) await page.getByRole('button', { name: 'Filtros' }).click();
    await filter.fill('');
    await filter.click();
    await page.getByRole('option', { name: 'Tipo de interesado', exact: true }).click();
    await expect.poll(() => filter.inputValue()).toBe('Tipo de interesado');
    // the seeded party types: group perfil_tipo, values clientes, proveedores, empleados — shown by their names
    await expect.poll(async () => [...new Set(await column('Grupo'))]).toEqual(['Tipo de interesado']);
    await expect.poll(() => column('Valor')).toEqual(expect.arrayContaining(['Clientes', 'Proveedores', 'Empleados']));
    for (const key of ['perfil_tipo', 'clientes', 'proveedores', 'empleados']) expect(await page.getByRole('cell', { name: key, exact: true }).count(), key).toBe(0);

    await page.getByTestId('language-switch').selectOption('en');
    await expect.poll(async () => [...new Set(await column('Group'))]).toEqual(['Party type']);
    await expect.poll(() => column('Value')).toEqual(expect.arrayContaining(['Customers', 'Suppliers', 'Employees']));
    // a type only the data holds is offered as stored and filters exactly
    const english = page.getByRole('combobox', { name: 'Filter by Type' });
    await english.fill('calz');
    await page.getByRole('option', { name: 'calzado', exact: true }).click();
    await expect.poll(total).toBe(1);
    await expect.poll(() => column('Name')).toEqual(['Zapatillas']);
    await expect.poll(() => column('Type')).toEqual(['calzado']);
    await page.getByTestId('language-switch').selectOption('es');
    await expect.poll(() => filter.inputValue()).toBe('calzado');

    // view mode names them too; the form's inputs hold the stored keys an administrator edits
    await filter.fill('');
    await filter.click();
    await page.getByRole('option', { name: 'Tipo de interesado', exact: true }).click();
    await page.getByRole('button', { name: 'Ver Clientes', exact: true }).click();
    await page.waitForURL(/#\/backOffice\/categories\/\d+\/show$/);
    await expect.poll(() => page.getByRole('group', { name: 'Grupo' }).textContent()).toBe('Tipo de interesado');
    await expect.poll(() => page.getByRole('group', { name: 'Valor' }).textContent()).toBe('Clientes');
    await page.getByTestId('language-switch').selectOption('en');
    await expect.poll(() => page.getByRole('group', { name: 'Group' }).textContent()).toBe('Party type');
    await expect.poll(() => page.getByRole('group', { name: 'Value' }).textContent()).toBe('Customers');
    await page.getByTestId('language-switch').selectOption('es');
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(/#\/backOffice\/categories\/\d+$/);
    await expect.poll(() => page.getByRole('textbox', { name: /^Grupo/ }).inputValue()).toBe('perfil_tipo');
    await expect.poll(() => page.getByRole('textbox', { name: /^Valor/ }).inputValue()).toBe('clientes');

    // an administrator's keys are saved as typed; the history names the group, and a value that happens to be a
    // group's key reads as written
    await page.goto(`${app.baseUrl}/#/backOffice/categories`);
    await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
    if (!(await filter.isVisible())) await page.getByRole('button', { name: 'Filtros' }).click();
    await filter.fill('');
    await filter.click();
    await page.getByRole('option', { name: 'calzado', exact: true }).click();
    await page.getByRole('button', { name: 'Editar Zapatillas', exact: true }).click();
    await page.waitForURL(/#\/backOffice\/categories\/\d+$/);
    const edited = page.url();
    await page.getByRole('textbox', { name: /^Grupo/ }).fill('perfil_tipo');
    await page.getByRole('textbox', { name: /^Valor/ }).fill('perfil_tipo');
    const saved = page.waitForResponse((r) => /\/api\/categoria\/(update\/\d+|save)$/.test(r.url()));
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    expect((await (await saved).json())).toMatchObject({ grupo: 'perfil_tipo', valor: 'perfil_tipo' });
    // a saved form goes back to its list: wait for it, or that navigation lands after the next one
    await page.waitForURL(/#\/backOffice\/categories$/);
    await page.goto(`${edited}/show`);
    await expect.poll(() => page.getByRole('group', { name: 'Grupo' }).textContent()).toBe('Tipo de interesado');
    await expect.poll(() => page.getByRole('group', { name: 'Valor' }).textContent()).toBe('perfil_tipo');
    await page.getByRole('button', { name: 'Historial' }).click();
    const history = page.getByRole('list', { name: 'Historial de cambios' }).getByRole('listitem');
    await expect.poll(() => history.first().textContent()).toContain('Grupo: — → Tipo de interesado');
    expect(await history.first().textContent()).toContain('Valor: — → perfil_tipo');
    await page.keyboard.press('Escape');
    // a value of the group's own entries reads by its name within the group the record had then
    await page.goto(edited);
    await page.getByRole('textbox', { name: /^Valor/ }).fill('clientes');
    const again = page.waitForResponse((r) => /\/api\/categoria\/update\/\d+$/.test(r.url()));
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    expect((await again).status()).toBe(200);
    await page.waitForURL(/#\/backOffice\/categories$/);
    await page.goto(`${edited}/show`);
    await page.getByRole('button', { name: 'Historial' }).click();
    await expect.poll(() => history.first().textContent()).toContain('Valor: perfil_tipo → Clientes');
    await page.keyboard.press('Escape');
  });

  it("the event lists' entity columns filter by a pick-list of the entities' titles", async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/eventosConfig`);
    await page.getByRole('heading', { name: 'Eventos', level: 1 }).waitFor();
    await expect.poll(total).toBe(3);
    await page.getByRole('button', { name: 'Filtros' }).click();
    const origin = page.getByRole('combobox', { name: 'Filtrar por Origen' });
    await origin.fill('compro');
    await expect.poll(options).toEqual(['Comprobante']);
    await page.getByRole('option', { name: 'Comprobante', exact: true }).click();
    // the key is sent and matched exactly (the title shown would match nothing): not the electronic invoicing
    // set-up (facturacion)
    await expect.poll(total).toBe(1);
    await expect.poll(() => column('Nombre')).toEqual(['Comprobantes']);
    await origin.fill('todas');
    await page.getByRole('option', { name: 'Todas las entidades', exact: true }).click();
    await expect.poll(() => column('Nombre')).toEqual(['Todo']);

    await page.goto(`${app.baseUrl}/#/backOffice/eventosEntregas`);
    await page.getByRole('heading', { name: 'Entregas de eventos', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Secuencia', exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Filtros' }).click();
    const entity = page.getByRole('combobox', { name: 'Filtrar por Entidad' });
    await entity.fill('secu');
    await page.getByRole('option', { name: 'Secuencia', exact: true }).click();
    await expect.poll(async () => [...new Set(await column('Entidad'))]).toEqual(['Secuencia']);
  });

  it('a list sorted by the group orders it by the names shown, and again when the language changes', async () => {
    const client = api(app.baseUrl);
    const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    // a group no locale names, between the key perfil_tipo and its Spanish name "Tipo de interesado"
    expect((await client.post('/api/categoria/save', { tipo: 'perfil_tipo', grupo: 'Ropa', nombre: 'Ropa', valor: 'ropa' }, token)).status).toBe(200);
    await page.goto(`${app.baseUrl}/#/backOffice/categories`);
    await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
    const filter = page.getByRole('combobox', { name: 'Filtrar por Tipo' });
    if (!(await filter.isVisible())) await page.getByRole('button', { name: 'Filtros' }).click();
    await filter.fill('');
    await filter.click();
    await page.getByRole('option', { name: 'Tipo de interesado', exact: true }).click();
    await page.getByRole('columnheader', { name: 'Grupo' }).getByRole('button').click();
    await expect.poll(async () => [...new Set(await column('Grupo'))]).toEqual(['Ropa', 'Tipo de interesado']);
    await page.getByTestId('language-switch').selectOption('en');
    await expect.poll(async () => [...new Set(await column('Group'))]).toEqual(['Party type', 'Ropa']);
    await page.getByTestId('language-switch').selectOption('es');
    await expect.poll(async () => [...new Set(await column('Grupo'))]).toEqual(['Ropa', 'Tipo de interesado']);
  });
});
