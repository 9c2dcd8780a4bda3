/**
 * Record forms opened from a list (issue 19), in real Chromium: the breadcrumb (menu group › list › the record)
 * leads back to the list with its filter and sort; previous / next follow the list's filter and sort and cross
 * its page boundary (the list loads 20 rows on this short window; the 21st comes from the next page), are
 * disabled at the ends, answer Alt+Arrow, and ask before dropping typed data (the browser's Back too, with the list
 * opened by its address). A party's type offers its category group's entries, one added by an administrator
 * included. The browser's Back (and the form's exit) bring the list back as it was left: its search, filter, sort
 * and scroll, with the rows it had loaded shown at once and read again. A date typed wrong stays as typed and is named
 * at its field; nothing is saved until it is corrected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { closeToasts, launchBrowser, loginAs, newPage } from '../support/browser';
import { api } from '../support/server';
import { step, world } from '../support/world';

let app: Awaited<ReturnType<typeof startApp>>;
let closeBrowser: () => Promise<void>;
let page: Page;
/** The records of one activity, newest date first (the list's order). */
let execution = { flujo: 0, actividad: 0, records: [] as number[] };
/** Short, so the list's first page (20 rows) is all it loads until scrolled. */
const WINDOW = { width: 1280, height: 400 };
const name = (n: number) => `Paso ${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  app = await startApp();
  const client = api(app.baseUrl);
  const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  for (let i = 1; i <= 25; i++) {
    await client.post('/api/categoria/save', { tipo: 'rubro', nombre: name(i), grupo: 'pasos', orden: i }, token);
    // between them in the order, outside the filter
    if (i % 5 === 0) await client.post('/api/categoria/save', { tipo: 'rubro', nombre: `${name(i)}b`, grupo: 'otros' }, token);
  }
  await client.post('/api/categoria/save', { tipo: 'perfil_tipo', grupo: 'perfil_tipo', nombre: 'Distribuidores', valor: 'distribuidores', orden: 4 }, token);
  const w = world(client, token, app.db as never);
  const team = await w.team('Ventas', 'Ventas');
  const actividad = await team.activity('Pedido');
  const flujo = await w.flow('Ventas', [{ clave: 'i', tipo: 'inicio' }, step('p', actividad), { clave: 'f', tipo: 'fin' }], [{ desde: 'i', hacia: 'p' }, { desde: 'p', hacia: 'f' }]);
  const records: number[] = [];
  for (let d = 1; d <= 5; d++) records.unshift((await w.ok('registro/save', { flujo, actividad, fecha: `2026-01-0${d}` })).id);
  execution = { flujo, actividad, records };
  const launched = await launchBrowser();
  closeBrowser = launched.close;
  ({ page } = await newPage(launched.browser, app.baseUrl, WINDOW));
  await loginAs(page, 'admin', ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
});
afterAll(async () => {
  await closeBrowser?.();
  await app?.close();
});

const trail = () => page.getByRole('navigation', { name: 'Ubicación' });
const current = () => trail().locator('[aria-current="page"]');
const next = () => page.getByRole('button', { name: 'Siguiente en la lista (Alt+→)' });
const prev = () => page.getByRole('button', { name: 'Anterior en la lista (Alt+←)' });
const steps = () => page.getByRole('group', { name: 'Registros de la lista' });
const total = () => page.getByText(/^Total: /);

async function at(n: number, position: string) {
  await expect.poll(() => current().textContent()).toBe(name(n));
  await steps().getByText(position, { exact: true }).waitFor();
}

/** The categories list, filtered by group "pasos" and sorted by name descending: Paso 25 … Paso 01. */
async function filteredList() {
  // from another page: the list opens afresh (not as a breadcrumb left it)
  await page.goto(`${app.baseUrl}/#/workspacedashboard`);
  await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
  await page.goto(`${app.baseUrl}/#/backOffice/categories`);
  await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByRole('textbox', { name: 'Filtrar por Grupo' }).fill('pasos');
  await expect.poll(() => total().textContent()).toBe('Total: 25');
  await page.getByRole('columnheader', { name: 'Nombre' }).getByRole('button').click();
  await expect.poll(() => page.getByRole('columnheader', { name: 'Nombre' }).getAttribute('aria-sort')).toBe('descending');
  await expect.poll(() => page.getByRole('row').nth(2).getByRole('cell').first().textContent()).toBe(name(25));
}

describe('record forms opened from a list', () => {
  it('previous / next follow the filtered, sorted list across its page boundary; the breadcrumb leads back to it as it was', async () => {
    await filteredList();
    await page.getByRole('row').filter({ hasText: name(25) }).getByRole('cell').first().click();
    await page.waitForURL(/#\/backOffice\/categories\/\d+\/show$/);
    await at(25, '1 de 25');
    expect(await trail().getByRole('link').allTextContents()).toEqual(['Administración', 'Categorías', name(25)]);
    expect(await prev().isDisabled()).toBe(true);
    // through the 20 rows the list loaded, by button and by keyboard
    for (let n = 24; n >= 6; n--) {
      if (n % 2) await next().click();
      else await page.keyboard.press('Alt+ArrowRight');
      await at(n, `${26 - n} de 25`);
    }
    // the 21st row was not loaded: its page is fetched with the list's filter and sort ("Paso 05b" is not in it)
    const fetched = page.waitForResponse((r) => r.url().endsWith('/api/categoria/index') && r.request().method() === 'POST');
    await next().click();
    expect((await (await fetched).json()).rows.map((r: { nombre: string }) => r.nombre)).toEqual([5, 4, 3, 2, 1].map(name));
    await at(5, '21 de 25');
    await page.keyboard.press('Alt+ArrowLeft');
    await at(6, '20 de 25');
    for (let n = 5; n >= 1; n--) {
      await next().click();
      await at(n, `${26 - n} de 25`);
    }
    expect(await next().isDisabled()).toBe(true);
    // the view mode is kept while stepping; the list comes back filtered and sorted as it was
    expect(page.url()).toMatch(/\/show$/);
    await trail().getByRole('link', { name: 'Categorías' }).click();
    await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
    await expect.poll(() => total().textContent()).toBe('Total: 25');
    expect(await page.getByRole('textbox', { name: 'Filtrar por Grupo' }).inputValue()).toBe('pasos');
    expect(await page.getByRole('columnheader', { name: 'Nombre' }).getAttribute('aria-sort')).toBe('descending');
  });

  it("Back and the form's exit bring the list back as it was left: search, filter, sort, scroll and the rows loaded", async () => {
    await filteredList();
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    // the search's page read before scrolling (a scroll to the end while it loads asks for nothing more)
    const searched = page.waitForResponse((r) => r.url().endsWith('/api/categoria/index'));
    await search.fill('paso');
    await searched;
    await expect.poll(() => total().textContent()).toBe('Total: 25');
    // scrolled to its end: the rows beyond the first 20 are loaded on the way
    const box = page.getByTestId('data-table-scroll');
    const toEnd = () => box.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect
      .poll(async () => {
        await toEnd();
        return page.getByRole('row').filter({ hasText: name(1) }).count();
      }, { timeout: 10_000 })
      .toBe(1);
    await toEnd();
    const scrolled = await box.evaluate((el) => el.scrollTop);
    expect(scrolled).toBeGreaterThan(0);
    const asLeft = async () => {
      await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
      await expect.poll(() => total().textContent()).toBe('Total: 25');
      expect(await search.inputValue()).toBe('paso');
      expect(await page.getByRole('textbox', { name: 'Filtrar por Grupo' }).inputValue()).toBe('pasos');
      expect(await page.getByRole('columnheader', { name: 'Nombre' }).getAttribute('aria-sort')).toBe('descending');
      await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBe(scrolled);
      await page.getByRole('row').filter({ hasText: name(1) }).waitFor();
    };

    // opened, stepped to the next record (previous / next still work), then the browser's Back
    await page.getByRole('row').filter({ hasText: name(2) }).getByRole('cell').first().click();
    await at(2, '24 de 25');
    await next().click();
    await at(1, '25 de 25');
    // the rows it had loaded show at once, and are read again in one request for all of them (not a page at a time)
    const reads: string[] = [];
    const onRequest = (r: { url(): string }) => void (r.url().endsWith('/api/categoria/index') && reads.push(r.url()));
    page.on('request', onRequest);
    const readAgain = page.waitForResponse((r) => r.url().endsWith('/api/categoria/index'));
    await page.goBack();
    await page.waitForURL(/#\/backOffice\/categories$/);
    await asLeft();
    expect((await (await readAgain).json()).rows.map((r: { nombre: string }) => r.nombre)).toEqual(Array.from({ length: 25 }, (_, i) => name(25 - i)));
    page.off('request', onRequest);
    expect(reads).toHaveLength(1);

    // the form's exit goes back the same way
    await page.getByRole('button', { name: `Editar ${name(3)}` }).click();
    await at(3, '23 de 25');
    await page.getByRole('button', { name: 'Salir' }).first().click();
    await page.waitForURL(/#\/backOffice\/categories$/);
    await asLeft();

    // saved: the list reads its rows afresh (the saved text shows), page by page back to where it was scrolled
    await page.getByRole('button', { name: `Editar ${name(3)}` }).click();
    await at(3, '23 de 25');
    await page.getByRole('textbox', { name: /^Notas/ }).fill('revisado');
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    await page.waitForURL(/#\/backOffice\/categories$/);
    await asLeft();
    await page.getByRole('row').filter({ hasText: name(3) }).filter({ hasText: 'revisado' }).waitFor();

    // opened afresh (another page, then its address) it starts afresh
    await page.goto(`${app.baseUrl}/#/workspacedashboard`);
    await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
    await page.goto(`${app.baseUrl}/#/backOffice/categories`);
    await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
    await expect.poll(() => total().textContent()).not.toBe('Total: 25');
    expect(await search.inputValue()).toBe('');
    expect(await box.evaluate((el) => el.scrollTop)).toBe(0);
  });

  it('moving away from typed data asks first', async () => {
    await filteredList();
    await page.getByRole('button', { name: `Editar ${name(25)}` }).click();
    await at(25, '1 de 25');
    await page.getByRole('textbox', { name: /^Notas/ }).fill('a medio escribir');
    await next().click();
    const ask = page.getByRole('dialog', { name: 'Cambios sin guardar' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Seguir editando' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await current().textContent()).toBe(name(25));
    expect(await page.getByRole('textbox', { name: /^Notas/ }).inputValue()).toBe('a medio escribir');
    await next().click();
    await page.getByRole('dialog', { name: 'Cambios sin guardar' }).getByRole('button', { name: 'Salir sin guardar' }).click();
    await at(24, '2 de 25');
    // the edit mode is kept, with nothing typed
    expect(page.url()).not.toMatch(/\/show$/);
    expect(await page.getByRole('textbox', { name: /^Notas/ }).inputValue()).toBe('');
  });

  it("the browser's Back from typed data asks when the list was opened by its address, the form reloaded or not; staying keeps the typing", async () => {
    const ask = page.getByRole('dialog', { name: 'Cambios sin guardar' });
    const notas = () => page.getByRole('textbox', { name: /^Notas/ });
    const unloadWarns = () =>
      page.evaluate(() => {
        const e = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(e);
        return e.defaultPrevented;
      });
    // an address opened in the bar is an entry of the browser's own (no page load): Back to it is held all the same
    for (const reload of [false, true]) {
      await filteredList();
      await page.getByRole('button', { name: `Editar ${name(25)}` }).click();
      await at(25, '1 de 25');
      if (reload) {
        await page.reload();
        await at(25, '1 de 25');
      }
      const form = page.url();
      // the form starts on its first field
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('form')?.id)).toBe('form-categoria');
      await notas().fill('escrito antes de volver');
      expect(await unloadWarns()).toBe(true);
      await page.goBack();
      await ask.waitFor();
      // the question opens on its safe answer
      await expect.poll(() => ask.evaluate((el) => el.contains(document.activeElement) && document.activeElement?.textContent)).toBe('Seguir editando');
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(page.url()).toBe(form);
      expect(await notas().inputValue()).toBe('escrito antes de volver');
      // and the focus is back where the typing was
      await expect.poll(() => notas().evaluate((el) => el === document.activeElement)).toBe(true);
      await page.goBack();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
      await page.waitForURL(/#\/backOffice\/categories$/);
      await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
      expect(await notas().count()).toBe(0);
      expect(await unloadWarns()).toBe(false);
    }
  });

  it("a new record's breadcrumb says so; a party's type offers the type group's entries", async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/profile/create`);
    await expect.poll(() => current().textContent()).toBe('Nuevo registro');
    expect(await trail().getByRole('link').allTextContents()).toEqual(['Administración', 'Interesados', 'Nuevo registro']);
    expect(await steps().count()).toBe(0);
    await page.getByRole('combobox', { name: /^Tipo/ }).first().click();
    await expect
      .poll(() => page.getByRole('listbox').getByRole('option').allTextContents())
      .toEqual(['Clientes', 'Proveedores', 'Empleados', 'Distribuidores']);
    await page.getByRole('option', { name: 'Distribuidores' }).click();
    await page.getByRole('textbox', { name: /^Nombre/ }).first().fill('Distribuidora Norte');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/perfil/save'));
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    const reply = await saved;
    expect(reply.status()).toBe(200);
    expect((await reply.json()).tipo).toBe('distribuidores');
    // saved, the form goes back to its list (the next case opens the form again by its address)
    await page.waitForURL(/#\/backOffice\/profile$/);
  });

  it('a date typed wrong stays as typed, is named at the field, and the record is not saved until it is corrected', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/profile/create`);
    await expect.poll(() => current().textContent()).toBe('Nuevo registro');
    await page.getByRole('textbox', { name: /^Nombre/ }).first().fill('Fecha mal escrita');
    const birth = page.getByRole('textbox', { name: /^Fecha de nacimiento/ });
    await birth.click();
    await page.keyboard.type('31022026');
    await page.keyboard.press('Tab');
    const wrong = page.getByText('Ingrese una fecha válida (dd/mm/aaaa)');
    await wrong.waitFor();
    // the calendar writes its day into the field a frame later: the typed text is still there after it
    await page.waitForTimeout(200);
    expect(await birth.inputValue()).toBe('31/02/2026');
    const saves: string[] = [];
    const onRequest = (r: { url(): string }) => void (r.url().endsWith('/api/perfil/save') && saves.push(r.url()));
    page.on('request', onRequest);
    try {
      // the earlier cases' "Guardado." toasts sit over the header's buttons for a few seconds
      await closeToasts(page);
      await page.getByRole('button', { name: 'Guardar' }).first().click();
      await expect.poll(() => birth.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.waitForTimeout(300);
      expect(saves).toEqual([]);
      expect(await birth.inputValue()).toBe('31/02/2026');
      expect(await wrong.isVisible()).toBe(true);
    } finally {
      page.off('request', onRequest);
    }
    await birth.fill('');
    await page.keyboard.type('28021990');
    await page.keyboard.press('Tab');
    await expect.poll(() => birth.inputValue()).toBe('28/02/1990');
    await expect.poll(() => wrong.count()).toBe(0);
    await closeToasts(page);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/perfil/save'));
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    const reply = await saved;
    expect(reply.status()).toBe(200);
    expect((await reply.json()).fecha_nacimiento).toMatch(/^1990-02-28/);
  });

  it("an activity's records: previous / next in the list's order, back to the list from the breadcrumb and with Back", async () => {
    const { flujo, actividad, records } = execution;
    await page.goto(`${app.baseUrl}/#/execution/${flujo}/${actividad}`);
    await page.getByRole('heading', { name: 'Pedido', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Ver / }).first().click();
    await page.waitForURL(new RegExp(`/execution/${flujo}/${actividad}/${records[0]}/show$`));
    await steps().getByText('1 de 5', { exact: true }).waitFor();
    expect(await prev().isDisabled()).toBe(true);
    await page.keyboard.press('Alt+ArrowRight');
    await page.waitForURL(new RegExp(`/${records[1]}/show$`));
    await steps().getByText('2 de 5', { exact: true }).waitFor();
    for (const [i, id] of records.slice(2).entries()) {
      await next().click();
      await page.waitForURL(new RegExp(`/${id}/show$`));
      await steps().getByText(`${i + 3} de 5`, { exact: true }).waitFor();
    }
    expect(await next().isDisabled()).toBe(true);
    await prev().click();
    await page.waitForURL(new RegExp(`/${records[3]}/show$`));
    await trail().getByRole('link', { name: 'Pedido' }).click();
    await page.waitForURL(new RegExp(`/execution/${flujo}/${actividad}$`));
    await page.getByRole('heading', { name: 'Pedido', level: 1 }).waitFor();
    // sorted by number, a record opened and Back: the list as it was left
    const numero = page.getByRole('columnheader', { name: 'Número' });
    const firstView = page.getByRole('button', { name: /^Ver / }).first();
    const unsorted = await firstView.getAttribute('aria-label');
    await numero.getByRole('button').click();
    await expect.poll(() => numero.getAttribute('aria-sort')).toBe('ascending');
    // the title says the order at once; the rows in that order come with the next answer
    await expect.poll(() => firstView.getAttribute('aria-label')).not.toBe(unsorted);
    await firstView.click();
    await page.waitForURL(new RegExp(`/execution/${flujo}/${actividad}/${records[4]}/show$`));
    await page.goBack();
    await page.waitForURL(new RegExp(`/execution/${flujo}/${actividad}$`));
    await expect.poll(() => numero.getAttribute('aria-sort')).toBe('ascending');
  });

  it('typing outlives a reload: the form offers it back, Recuperar puts it in the form and saving removes the draft', async () => {
    const notas = () => page.getByRole('textbox', { name: /^Notas/ });
    const drafts = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('flujos.draft:')).length);
    await filteredList();
    await page.getByRole('button', { name: `Editar ${name(22)}` }).click();
    await at(22, '4 de 25');
    await notas().fill('escrito antes de recargar');
    // kept once the typing pauses
    await expect.poll(drafts).toBe(1);
    // the browser's "leave page?" accepted (a phone may not even ask)
    const accept = (d: { accept(): Promise<void> }) => void d.accept();
    page.on('dialog', accept);
    try {
      await page.reload();
    } finally {
      page.off('dialog', accept);
    }
    await at(22, '4 de 25');
    const notice = page.getByRole('status').filter({ hasText: 'Hay cambios sin guardar de hace' });
    await notice.waitFor();
    expect(await notas().inputValue()).toBe('');
    await notice.getByRole('button', { name: 'Recuperar' }).click();
    await expect.poll(() => notas().inputValue()).toBe('escrito antes de recargar');
    await notice.waitFor({ state: 'detached' });
    const saved = page.waitForResponse((r) => /\/api\/categoria\/update\/\d+$/.test(r.url()));
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(/#\/backOffice\/categories$/);
    expect(await drafts()).toBe(0);
  });
});
