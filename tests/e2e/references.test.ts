/**
 * References and history in the browser (issue 9): a list shows the name of a referenced row, not its id;
 * the filter of a reference column picks a row; a record's history shows a change made in its form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { signedInPage } from '../support/browser';
import { api } from '../support/server';

let app: Awaited<ReturnType<typeof startApp>>;
let session: Awaited<ReturnType<typeof signedInPage>>;
let page: Page;
const ids: Record<string, number> = {};
let apiChange: () => Promise<void>;

beforeAll(async () => {
  app = await startApp();
  const client = api(app.baseUrl);
  const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  const post = async (path: string, body: object) => {
    const res = await client.post(`/api/${path}`, body, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  ids.ferreteria = await post('categoria/save', { tipo: 'rubro', nombre: 'Ferretería' });
  ids.pintureria = await post('categoria/save', { tipo: 'rubro', nombre: 'Pinturería' });
  ids.clavo = await post('articulo/save', { nombre: 'Clavo', categoria: ids.ferreteria });
  ids.tornillo = await post('articulo/save', { nombre: 'Tornillo', categoria: ids.ferreteria, componentes: [{ articulo: ids.clavo, cantidad: 2 }] });
  ids.latex = await post('articulo/save', { nombre: 'Látex blanco', categoria: ids.pintureria });
  // another change after the one made in the form below: its category, and a component's article
  apiChange = async () => {
    const current = (await client.post(`/api/articulo/show/${ids.tornillo}`, {}, token)).body;
    const res = await client.post(`/api/articulo/update/${ids.tornillo}`, { ...current, categoria: ids.pintureria, componentes: [{ ...current.componentes[0], articulo: ids.latex }] }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  // an employee moved to another position: a stored object's keys (empleado, datos_fiscales) change
  ids.ventas = await post('puesto/save', { nombre: 'Ventas' });
  ids.deposito = await post('puesto/save', { nombre: 'Depósito' });
  const ana = { tipo: 'empleados', nombre: 'Ana', apellido: 'Gómez', empleado: { legajo: '7', puesto: ids.ventas }, datos_fiscales: { condicion_iva: 'monotributo' } };
  ids.ana = await post('perfil/save', ana);
  const current = (await client.post(`/api/perfil/show/${ids.ana}`, {}, token)).body;
  const moved = { ...current, empleado: { ...current.empleado, legajo: '8', puesto: ids.deposito }, datos_fiscales: { ...current.datos_fiscales, condicion_iva: 'responsable_inscripto' } };
  expect((await client.post(`/api/perfil/update/${ids.ana}`, moved, token)).status).toBe(200);
  session = await signedInPage(app.baseUrl, 'admin', ADMIN_PASSWORD);
  ({ page } = session);
});
afterAll(async () => {
  await session?.close();
  await app?.close();
});

const names = () => page.locator('tbody tr[aria-rowindex] td:first-child').allTextContents();

describe('references and history', () => {
  it('the article list shows the category by name and filters by a category picked from the list', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/stock`);
    await page.getByRole('heading', { name: 'Artículos y stock', level: 1 }).waitFor();
    const tornillo = page.getByRole('row').filter({ hasText: 'Tornillo' });
    await tornillo.getByRole('cell', { name: 'Ferretería', exact: true }).waitFor();
    expect(await tornillo.getByRole('cell', { name: String(ids.ferreteria), exact: true }).count()).toBe(0);
    await page.getByRole('row').filter({ hasText: 'Látex blanco' }).getByRole('cell', { name: 'Pinturería', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Filtros' }).click();
    const filter = page.getByRole('combobox', { name: 'Filtrar por Categoría' });
    await filter.fill('pint');
    await page.getByRole('option', { name: 'Pinturería' }).click();
    await expect.poll(names).toEqual(['Látex blanco']);
    await filter.fill('ferre');
    await page.getByRole('option', { name: 'Ferretería' }).click();
    await expect.poll(names).toEqual(['Clavo', 'Tornillo']);
  });

  it("a record's history shows a change made in its form", async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/stock/${ids.tornillo}`);
    await page.getByRole('heading', { name: 'Artículo', level: 1 }).waitFor();
    const nombre = page.getByRole('textbox', { name: /^Nombre/ }).first();
    await expect.poll(() => nombre.inputValue()).toBe('Tornillo');
    await nombre.fill('Tornillo 8 mm');
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    await page.waitForURL(/#\/backOffice\/stock$/);
    await apiChange();

    await page.goto(`${app.baseUrl}/#/backOffice/stock/${ids.tornillo}/show`);
    await page.getByRole('heading', { name: 'Artículo', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Historial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Historial de cambios' });
    const entries = dialog.getByRole('list', { name: 'Historial de cambios' }).getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(3);
    await expect.poll(() => entries.nth(1).textContent()).toContain('admin · Modificó');
    expect(await entries.nth(1).textContent()).toContain('Nombre: Tornillo → Tornillo 8 mm');
    expect(await entries.nth(2).textContent()).toContain('Creó');
    // referenced rows by their names, a component's article too, not their ids
    await expect.poll(() => entries.first().textContent()).toContain('Categoría: Ferretería → Pinturería');
    await expect.poll(() => entries.first().textContent()).toContain('Componentes · Artículo: Clavo → Látex blanco');
  });

  it("a party's history tells each changed value of its employee and tax data, not the whole data as code", async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/profile/${ids.ana}/show`);
    await page.getByRole('button', { name: 'Historial' }).click();
    const entries = page.getByRole('dialog', { name: 'Historial de cambios' }).getByRole('list', { name: 'Historial de cambios' }).getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(2);
    await expect.poll(() => entries.first().textContent()).toContain('Empleado · Puesto: Ventas → Depósito');
    const text = (await entries.first().textContent()) ?? '';
    expect(text).toContain('Empleado · Legajo: 7 → 8');
    expect(text).toContain('Datos fiscales · Condición frente al IVA: Monotributo → Responsable inscripto');
    expect(text).not.toContain('{');
    await page.keyboard.press('Escape');
  });
});
