/**
 * Lists as in the tools people know (issue 19), in real Chromium: a column is sized by dragging its title's edge
 * and keeps its width after a reload; a column moved in the column chooser (from the keyboard) keeps its place
 * after a reload until "Columnas predeterminadas", and a title dragged onto another takes its place; every cell has its whole text as a tooltip; a refused inline edit says why
 * at the cell and keeps what was typed; a number column's filter filters with one digit, and while it holds
 * something else it is marked, not sent, and no error toast shows; a row's actions stay at its end when the table
 * scrolls sideways; a yes / no cell is edited from the keyboard as a checkbox, its row named by its label.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { DESKTOP, PHONE, signedInPage } from '../support/browser';
import { api } from '../support/server';

let app: Awaited<ReturnType<typeof startApp>>;
let session: Awaited<ReturnType<typeof signedInPage>>;
let page: Page;
const LIST = '/#/backOffice/categories';

beforeAll(async () => {
  app = await startApp();
  const client = api(app.baseUrl);
  const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  for (let i = 1; i <= 12; i++) {
    await client.post('/api/categoria/save', { tipo: 'rubro', nombre: `Lista ${String(i).padStart(2, '0')} con un nombre largo que no entra en la columna`, orden: i }, token);
  }
  session = await signedInPage(app.baseUrl, 'admin', ADMIN_PASSWORD);
  ({ page } = session);
});
afterAll(async () => {
  await session?.close();
  await app?.close();
});

const total = () => page.getByText(/^Total: /);
const totalNumber = async () => Number((await total().textContent())!.replace(/\D/g, ''));
const toasts = () => page.locator('[data-scope="toast"][data-part="root"]');

async function openList(pattern = 'lista') {
  await page.goto(`${app.baseUrl}${LIST}`);
  await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(pattern);
  await expect.poll(totalNumber).toBe(12);
}

const headerWidth = () => page.getByRole('columnheader', { name: 'Nombre' }).evaluate((el) => Math.round(el.getBoundingClientRect().width));

describe('lists', () => {
  it('a list fills the screen under the app bar without scrolling the page, on a desktop and on a phone', async () => {
    const pageOverflow = () => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    const tableBottom = () => page.getByTestId('data-table-scroll').evaluate((el) => window.innerHeight - el.getBoundingClientRect().bottom);
    try {
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await openList();
        await expect.poll(pageOverflow).toBe(0);
        // the table ends on the screen, with little left below it
        expect(await tableBottom()).toBeGreaterThanOrEqual(0);
        expect(await tableBottom()).toBeLessThan(60);
      }
      // on a phone the toolbar keeps to one line: its buttons show their icons, named for assistive technology
      for (const name of ['Columnas', 'Exportar', 'Agregar']) expect(await page.getByRole('button', { name }).isVisible()).toBe(true);
      expect(await page.getByText('Columnas', { exact: true }).isVisible()).toBe(false);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it("a row's actions stay in sight at its end while a table wider than the screen scrolls sideways", async () => {
    try {
      await page.setViewportSize(PHONE);
      await openList();
      const scroller = page.getByTestId('data-table-scroll');
      expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth), 'the table is wider than the phone').toBeGreaterThan(50);
      const edit = page.getByRole('button', { name: /^Editar Lista 01/ });
      const right = async () => Math.round((await edit.boundingBox())!.x + (await edit.boundingBox())!.width);
      const atStart = await right();
      expect(atStart).toBeLessThanOrEqual(PHONE.width);
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(50);
      // still at the screen's end (where the table itself ends, past the scroll bar's room)
      expect(Math.abs((await right()) - atStart)).toBeLessThanOrEqual(20);
      await edit.click();
      await page.waitForURL(/#\/backOffice\/categories\/\d+$/);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('a column dragged wider keeps its width after a reload', async () => {
    await openList();
    const before = await headerWidth();
    const edge = page.getByRole('separator', { name: 'Ancho de la columna Nombre' });
    // every edge tells assistive technology the width its column has on screen: a share or a start width alike
    const edgeWidths = () =>
      page.locator('thead th:has([role=separator])').evaluateAll((ths) => ths.map((th) => [Math.round(th.getBoundingClientRect().width), Number(th.querySelector('[role=separator]')!.getAttribute('aria-valuenow'))]));
    const widths = await edgeWidths();
    expect(widths.length).toBeGreaterThan(2);
    expect(new Set(widths.map(([w]) => w)).size, 'columns of different widths').toBeGreaterThan(1);
    for (const [w, now] of widths) expect(now).toBe(w);
    const box = (await edge.boundingBox())!;
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/rowConfig/update') && r.status() === 200);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await saved;
    const dragged = await headerWidth();
    expect(Math.abs(dragged - (before + 120))).toBeLessThanOrEqual(4);
    expect(Number(await edge.getAttribute('aria-valuenow'))).toBe(dragged);
    await page.reload();
    await page.getByRole('cell').first().waitFor();
    await expect.poll(headerWidth).toBe(dragged);
    // double-click gives the column back its share
    await page.getByRole('separator', { name: 'Ancho de la columna Nombre' }).dblclick();
    await expect.poll(headerWidth).toBe(before);
  });

  it('a column moved in the column chooser keeps its place after a reload; the default columns bring the order back', async () => {
    await openList();
    const titles = () => page.getByRole('columnheader').allTextContents();
    const defaults = await titles();
    expect(defaults.slice(0, 2)).toEqual(['Nombre', 'Tipo']);
    await page.getByRole('button', { name: 'Columnas' }).click();
    const down = page.getByRole('button', { name: 'Bajar Nombre (más a la derecha)' });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect.poll(titles).toEqual([defaults[1], defaults[0], ...defaults.slice(2)]);
    // the focus stays on the moved column's button: Enter again moves it once more
    await page.keyboard.press('Enter');
    const moved = [defaults[1], defaults[2], defaults[0], ...defaults.slice(3)];
    await expect.poll(titles).toEqual(moved);
    await page.keyboard.press('Escape');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/rowConfig/update') && r.status() === 200);
    await page.getByRole('button', { name: 'Guardar columnas' }).click();
    await saved;
    await page.reload();
    await page.getByRole('cell').first().waitFor();
    await expect.poll(titles).toEqual(moved);
    await page.getByRole('button', { name: 'Columnas' }).click();
    const reset = page.waitForResponse((r) => r.url().endsWith('/api/rowConfig/update') && r.status() === 200);
    await page.getByRole('button', { name: 'Columnas predeterminadas' }).click();
    await expect.poll(titles).toEqual(defaults);
    await reset;
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('cell').first().waitFor();
    await expect.poll(titles).toEqual(defaults);
  });

  it('a column title dragged onto another takes its place, and the resize edge still sizes the column', async () => {
    await openList();
    const titles = () => page.getByRole('columnheader').allTextContents();
    const defaults = await titles();
    await page.getByRole('columnheader', { name: defaults[2] }).dragTo(page.getByRole('columnheader', { name: defaults[0] }));
    await expect.poll(titles).toEqual([defaults[2], defaults[0], defaults[1], ...defaults.slice(3)]);
    await page.getByRole('button', { name: 'Guardar columnas' }).waitFor();
    // a drag from the edge is a resize, not a move
    const before = await headerWidth();
    const box = (await page.getByRole('separator', { name: 'Ancho de la columna Nombre' }).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(headerWidth).toBeGreaterThan(before + 20);
    expect(await titles()).toEqual([defaults[2], defaults[0], defaults[1], ...defaults.slice(3)]);
    await page.getByRole('separator', { name: 'Ancho de la columna Nombre' }).dblclick();
  });

  it('a cut text has its whole text as a tooltip', async () => {
    await openList();
    const cell = page.getByRole('cell', { name: /^Lista 01 con un nombre largo/ });
    expect(await cell.getAttribute('title')).toBe('Lista 01 con un nombre largo que no entra en la columna');
    // it is cut by the column's width (an ellipsis), not by a length in the metadata
    expect(await cell.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });

  it('a refused inline edit says why at the cell and keeps what was typed; Escape gives it up', async () => {
    await openList('lista 03');
    await expect.poll(totalNumber).toBe(1);
    const toastsBefore = await toasts().count();
    await page.getByRole('button', { name: /^Editar Orden de Lista 03 .*: 3$/ }).click();
    const input = page.getByRole('textbox', { name: 'Nuevo valor de Orden' });
    await input.fill('200000');
    await input.press('Enter');
    const reason = page.getByRole('table').getByRole('alert');
    await expect.poll(() => reason.textContent()).toBe('Debe estar entre 0 y 100.000');
    expect(await input.inputValue()).toBe('200000');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await toasts().count()).toBe(toastsBefore);
    await input.fill('30');
    await input.press('Enter');
    await page.getByRole('button', { name: /^Editar Orden de Lista 03 .*: 30$/ }).waitFor();
    expect(await reason.count()).toBe(0);

    await page.getByRole('button', { name: /^Editar Orden de Lista 03 .*: 30$/ }).click();
    await input.fill('treinta');
    await input.press('Enter');
    await expect.poll(() => reason.textContent()).toBe('Escriba un número entero.');
    await input.press('Escape');
    await page.getByRole('button', { name: /^Editar Orden de Lista 03 .*: 30$/ }).waitFor();
  });

  it('a yes / no cell edits from the keyboard as a checkbox: Enter opens it, Space toggles, Enter saves, Escape gives up', async () => {
    const client = api(app.baseUrl);
    const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    const party = await client.post('/api/perfil/save', { tipo: 'clientes', razon_social: 'Ferretería Teclado', activo: true }, token);
    expect(party.status).toBe(200);
    const id = (party.body as { id: number }).id;
    const openParties = async () => {
      await page.goto(`${app.baseUrl}/#/backOffice/profile`);
      await page.getByRole('heading', { name: 'Interesados', level: 1 }).waitFor();
      await page.getByRole('searchbox', { name: 'Buscar' }).fill('teclado');
      await expect.poll(totalNumber).toBe(1);
    };
    const activo = (shown: string) => page.getByRole('button', { name: `Editar Activo de Ferretería Teclado: ${shown}`, exact: true });
    const box = page.getByRole('checkbox', { name: 'Nuevo valor de Activo' });
    await openParties();
    // a party known by its business name only is named by it, not by its id
    await page.getByRole('button', { name: 'Ver Ferretería Teclado', exact: true }).waitFor();

    await activo('Sí').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await box.isChecked()).toBe(true);
    expect(await page.getByRole('table').getByRole('textbox').count()).toBe(0);
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(false);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/perfil/updateColumn'));
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await activo('No').waitFor();
    expect(await page.getByRole('table').getByRole('alert').count()).toBe(0);

    // Escape gives a change up; a second edit goes with the version the first one left
    await activo('No').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await page.keyboard.press('Escape');
    await activo('No').waitFor();
    expect(await box.count()).toBe(0);
    await activo('No').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    const again = page.waitForResponse((r) => r.url().endsWith('/api/perfil/updateColumn'));
    await page.keyboard.press('Enter');
    expect((await again).status()).toBe(200);
    await activo('Sí').waitFor();
    // stored: read again it is "Sí"
    await openParties();
    await activo('Sí').waitFor();
    expect(((await client.post(`/api/perfil/show/${id}`, {}, token)).body as { activo: boolean }).activo).toBe(true);
  });

  it('a number column filters with one digit; letters send nothing, raise no toast and say why under the filter', async () => {
    await openList();
    await page.getByRole('button', { name: 'Filtros' }).click();
    const orden = page.getByRole('textbox', { name: 'Filtrar por Orden' });
    await orden.fill('5');
    await expect.poll(totalNumber).toBe(1);
    await page.getByRole('cell', { name: /^Lista 05/ }).waitFor();
    const toastsBefore = await toasts().count();
    const sent: string[] = [];
    const watch = (r: { postData(): string | null }) => void sent.push(r.postData() ?? '');
    page.on('request', watch);
    await orden.fill('cinco');
    await expect.poll(() => orden.getAttribute('aria-invalid')).toBe('true');
    // why shows under the filter, over the rows (not only as a tooltip, which a phone never shows)
    const reason = page.getByRole('alert').filter({ hasText: 'Escriba un número entero.' });
    await reason.waitFor();
    const [shown, field] = [(await reason.boundingBox())!, (await orden.boundingBox())!];
    expect(shown.y).toBeGreaterThanOrEqual(field.y + field.height - 1);
    const onTop = await reason.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(onTop).toBe(true);
    expect(await orden.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
    // what is not a number does not filter (as a one-letter text filter), and is never sent
    await expect.poll(totalNumber).toBe(12);
    await page.waitForTimeout(400);
    page.off('request', watch);
    expect(sent.filter((body) => body.includes('cinco'))).toEqual([]);
    expect(await toasts().count()).toBe(toastsBefore);
  });
});
