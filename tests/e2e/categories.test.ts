import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { signedInPage } from '../support/browser';
import { api } from '../support/server';

let app: Awaited<ReturnType<typeof startApp>>;
let session: Awaited<ReturnType<typeof signedInPage>>;
let page: Page;

const MANY = 500;
const LIST = '/#/backOffice/categories';

beforeAll(async () => {
  app = await startApp();
  const client = api(app.baseUrl);
  const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  const names: { tipo: string; grupo?: string; nombre: string; orden: number }[] = Array.from({ length: MANY }, (_, i) => ({ tipo: 'rubro', nombre: `Rubro ${String(i + 1).padStart(3, '0')}`, orden: i }));
  names.push({ tipo: 'calzado', grupo: 'calzado', nombre: 'Zapatos', orden: 1 }, { tipo: 'calzado', grupo: 'calzado', nombre: 'Zapatillas', orden: 2 });
  for (let i = 0; i < names.length; i += 25) {
    await Promise.all(names.slice(i, i + 25).map((n) => client.post('/api/categoria/save', n, token)));
  }
  session = await signedInPage(app.baseUrl, 'admin', ADMIN_PASSWORD);
  ({ page } = session);
});
afterAll(async () => {
  await session?.close();
  await app?.close();
});

const table = () => page.getByRole('table');
const total = () => page.getByText(/^Total: /);
const openList = async () => {
  await page.goto(`${app.baseUrl}${LIST}`);
  await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
  await table().waitFor();
  await expect.poll(() => total().textContent()).toMatch(/Total: \d/);
};
const totalNumber = async () => Number((await total().textContent())!.replace(/\D/g, ''));

describe('categories in the browser', () => {
  it('lists with the default sort by name and searches after typing', async () => {
    await openList();
    // the seeded perfil_tipo categories are there too
    expect(await totalNumber()).toBeGreaterThanOrEqual(MANY + 2);
    const header = page.getByRole('columnheader', { name: 'Nombre' });
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('zapat');
    await expect.poll(totalNumber).toBe(2);
    await expect.poll(() => table().getByRole('row').nth(1).textContent()).toContain('Zapatillas');
    // sort: a click turns name descending
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => table().getByRole('row').nth(1).textContent()).toContain('Zapatos');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
  });

  it('filters by a column in the filter row, which toggles', async () => {
    await openList();
    await page.getByRole('button', { name: 'Filtros' }).click();
    // a category's type reads as its name, not its key (issue 19)
    await page.getByRole('cell', { name: 'Rubro de artículos', exact: true }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'rubro', exact: true }).count()).toBe(0);
    const grupo = page.getByRole('textbox', { name: 'Filtrar por Grupo' });
    await grupo.fill('c'); // one character does not filter yet
    await page.waitForTimeout(500);
    expect(await totalNumber()).toBeGreaterThan(2);
    await grupo.fill('calz');
    await expect.poll(totalNumber).toBe(2);
    await page.getByRole('button', { name: 'Filtros' }).click();
    expect(await page.getByRole('textbox', { name: 'Filtrar por Grupo' }).count()).toBe(0);
    await expect.poll(totalNumber).toBeGreaterThan(MANY);
  });

  it('saves the column choice, which comes back after a reload', async () => {
    await openList();
    const saveColumns = page.getByRole('button', { name: 'Guardar columnas' });
    expect(await saveColumns.count()).toBe(0);
    await page.getByRole('button', { name: 'Columnas' }).click();
    await page.locator('label').filter({ hasText: /^Notas$/ }).click();
    await saveColumns.waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('columnheader', { name: 'Notas' }).count()).toBe(0);
    await saveColumns.click();
    await saveColumns.waitFor({ state: 'detached' });
    await page.reload();
    await table().waitFor();
    await page.getByRole('columnheader', { name: 'Nombre' }).waitFor();
    // the saved choice comes with the first page of rows: until then the default columns show
    await page.getByRole('cell').first().waitFor();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Notas' }).count()).toBe(0);
    expect(await saveColumns.count()).toBe(0);
  });

  it('scrolling near the end loads the next pages, up to the last of 500', async () => {
    await openList();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('rubro');
    await expect.poll(totalNumber).toBe(MANY);
    const scroller = page.getByTestId('data-table-scroll');
    const last = page.getByRole('cell', { name: `Rubro ${MANY}`, exact: true });
    for (let i = 0; i < 60 && !(await last.isVisible()); i++) {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(150);
    }
    await last.waitFor();
  });

  it('the plus key opens a new form; a missing name is explained in both languages; saving adds the row', async () => {
    await openList();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('+');
    await page.waitForURL(/#\/backOffice\/categories\/create$/);
    // the type is a select of the category types, by their names, and of the types only the data holds (issue 19)
    await page.getByRole('combobox', { name: /^Tipo/ }).click();
    await expect
      .poll(() => page.getByRole('listbox').getByRole('option').allTextContents())
      .toEqual(['Rubro de artículos', 'Tipo de interesado', 'Grupo de flujos', 'Grupo de reportes', 'calzado']);
    await page.getByRole('option', { name: 'Rubro de artículos' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El campo Nombre es obligatorio').waitFor();
    await page.getByTestId('language-switch').selectOption('en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The field Name is required').waitFor();
    await page.getByTestId('language-switch').selectOption('es');
    await page.getByRole('textbox', { name: /^Nombre/ }).fill('Turquesa');
    // the parent comes from categoria/select, typed and picked
    await page.getByRole('combobox', { name: /^Categoría padre/ }).fill('zapati');
    await page.getByRole('option', { name: 'Zapatillas' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/#\/backOffice\/categories$/);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('turq');
    await expect.poll(totalNumber).toBe(1);
    await page.getByRole('cell', { name: 'Turquesa', exact: true }).waitFor();
    // the chosen parent is stored and shown by name when the record is viewed (as text: issue 19)
    await page.getByRole('button', { name: 'Ver Turquesa' }).click();
    await expect.poll(() => page.getByRole('group', { name: /^Categoría padre/ }).first().textContent()).toBe('Zapatillas');
  });

  it('edits a cell inline where the manifest allows it', async () => {
    await openList();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Rubro 007');
    await expect.poll(totalNumber).toBe(1);
    await page.getByRole('button', { name: 'Editar Valor de Rubro 007:', exact: true }).click();
    const input = page.getByRole('textbox', { name: 'Nuevo valor de Valor' });
    await input.fill('siete');
    await input.press('Enter');
    await page.getByRole('button', { name: 'Editar Valor de Rubro 007: siete' }).waitFor();
    await page.reload();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Rubro 007');
    await page.getByRole('button', { name: 'Editar Valor de Rubro 007: siete' }).waitFor();
    // nombre is not editable inline
    expect(await page.getByRole('button', { name: /^Editar Nombre/ }).count()).toBe(0);
  });

  it('views, edits and deletes a row', async () => {
    await openList();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Zapatos');
    await expect.poll(totalNumber).toBe(1);
    await page.getByRole('button', { name: 'Ver Zapatos' }).click();
    await page.waitForURL(/#\/backOffice\/categories\/\d+\/show$/);
    // view mode is a read-only detail layout: the values as text, no inputs (issue 19)
    await expect.poll(() => page.getByRole('group', { name: 'Nombre' }).textContent()).toBe('Zapatos');
    // a type the app does not know shows as written
    expect(await page.getByRole('group', { name: 'Tipo' }).textContent()).toBe('calzado');
    expect(await page.getByRole('main').getByRole('textbox').count()).toBe(0);
    await page.getByRole('button', { name: 'Editar' }).click();
    const nombre = page.getByRole('textbox', { name: /^Nombre/ });
    await page.waitForURL(/#\/backOffice\/categories\/\d+$/);
    await nombre.fill('Zapatos de cuero');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/#\/backOffice\/categories$/);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('cuero');
    await expect.poll(totalNumber).toBe(1);
    await page.getByRole('button', { name: 'Eliminar Zapatos de cuero' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('No hay registros para mostrar.').waitFor();
  });
});
