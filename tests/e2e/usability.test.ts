/**
 * What a paying user notices first (issue 19), in real Chromium: a login's e-mail reaches password recovery and
 * the mail shows queued in communications; a server error reads as its own text on its field, which is scrolled
 * to and focused; save / exit stay in sight on a long form and the menu stays in place; typed data is not lost
 * without a question (exit, menu, dialogs with Escape); Ctrl+S saves; the account cards say what is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { DESKTOP, PHONE, closeToasts, launchBrowser, loginAs, newPage } from '../support/browser';
import { api } from '../support/server';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let context: BrowserContext;
let page: Page;
let token: string;
/** Uncaught errors of the page (an unhandled rejection included): there must be none. */
const pageErrors: string[] = [];

const post = async (path: string, body: unknown) => {
  const res = await api(app.baseUrl).post(`/api/${path}`, body, token);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
};

beforeAll(async () => {
  app = await startApp();
  token = (await api(app.baseUrl).login('admin', ADMIN_PASSWORD)).access_token;
  await post('perfil/save', { tipo: 'clientes', razon_social: 'AFIP', datos_fiscales: { cuit: '33-69345023-9' } });
  ({ browser, close: closeBrowser } = await launchBrowser());
  ({ context, page } = await newPage(browser, app.baseUrl));
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await loginAs(page, 'admin', ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
});
afterAll(async () => {
  await context?.close();
  await closeBrowser?.();
  await app?.close();
});

const field = (name: RegExp, scope: Page | ReturnType<Page['getByRole']> = page) => scope.getByRole('textbox', { name }).first();
const saveButton = () => page.getByRole('button', { name: 'Guardar', exact: true }).first();
const inView = (locator: ReturnType<Page['getByRole']>) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? document.activeElement?.id ?? '');

/** Opens an address; a form left with typed data asks first, and is left without saving. */
async function goAway(url: string) {
  await page.goto(url);
  const ask = page.getByRole('dialog', { name: 'Cambios sin guardar' });
  await page.waitForTimeout(300);
  if (await ask.count()) {
    await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
    await ask.waitFor({ state: 'detached' });
  }
  await closeToasts(page);
}

/** The new-party form, opened from its list (as users do: exit goes back there). */
async function openNewParty() {
  await goAway(`${app.baseUrl}/#/backOffice/profile`);
  await page.getByRole('heading', { name: 'Interesados', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Agregar' }).first().click();
  await page.getByRole('heading', { name: 'Interesado', level: 1, exact: true }).waitFor();
}

describe('forms that say what is wrong and lose nothing', () => {
  it("a party's login gets its contact e-mail; recovery mails it and the mail shows queued in communications", async () => {
    await openNewParty();
    await field(/^Nombre/).fill('Lucía');
    const contactos = page.getByRole('group', { name: 'Contactos' });
    await contactos.getByRole('button', { name: 'Agregar' }).click();
    await field(/^Correo electrónico/, contactos).fill('lucia@example.com');
    const usuario = page.getByRole('group', { name: 'Usuario', exact: true });
    await field(/^Nombre de usuario/, usuario).fill('lucia');
    await usuario.getByLabel(/^Contraseña/).fill('Lucia-pass1!');
    await usuario.getByLabel(/^Confirmar contraseña/).fill('Lucia-pass1!');
    // roles by their names, not their keys
    const roles = usuario.getByRole('group', { name: 'Roles' });
    expect(await roles.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-labelledby') && document.getElementById(b.getAttribute('aria-labelledby')!)?.textContent))).toEqual([
      'Administrador',
      'Administrador programador',
      'Usuario',
    ]);
    await roles.getByText('Usuario', { exact: true }).click();
    await saveButton().click();
    await page.waitForURL(/#\/backOffice\/profile$/);

    const { context: other, page: anon } = await newPage(browser, app.baseUrl);
    await anon.goto('/#/auth/forgotPassword');
    await anon.getByRole('textbox', { name: /^Usuario/ }).fill('lucia');
    await anon.getByRole('button', { name: 'Enviar correo' }).click();
    await anon.getByText('Si el usuario existe, recibirá un correo con las instrucciones.').waitFor();
    await other.close();

    await page.goto(`${app.baseUrl}/#/backOffice/listcomunica`);
    await page.getByRole('cell', { name: 'lucia@example.com' }).first().waitFor();
  });

  it('a server error reads as its own text on its field, which is scrolled to and focused', async () => {
    await openNewParty();
    await field(/^Nombre/).fill('Copia de AFIP');
    const fiscal = page.getByRole('group', { name: 'Datos fiscales' });
    await field(/^CUIT/, fiscal).fill('33-69345023-9');
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveButton().click();
    const cuit = field(/^CUIT/, fiscal);
    await expect.poll(() => cuit.getAttribute('aria-invalid')).toBe('true');
    await fiscal.getByText(/^El CUIT ya existe para otro interesado: «.+»\.$/).waitFor();
    expect(await fiscal.getByText('El formato no es válido').count()).toBe(0);
    await expect.poll(() => cuit.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await inView(cuit)).toBe(true);
  });

  it('on a long form, save and exit stay in sight and the menu stays in place', async () => {
    await openNewParty();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect(await inView(saveButton())).toBe(true);
    expect(await inView(page.getByRole('button', { name: 'Salir' }).first())).toBe(true);
    const menuTop = await page.locator('aside').evaluate((el) => el.getBoundingClientRect().top);
    expect(menuTop).toBeGreaterThanOrEqual(0);
    expect(await inView(page.locator('aside').getByText('Administración').first())).toBe(true);
  });

  it('exit and the menu ask before typed data is lost; staying keeps it, leaving drops it', async () => {
    await openNewParty();
    await field(/^Nombre/).fill('A medio escribir');
    await page.getByRole('button', { name: 'Salir' }).first().click();
    const ask = page.getByRole('dialog', { name: 'Cambios sin guardar' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Seguir editando' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await field(/^Nombre/).inputValue()).toBe('A medio escribir');
    expect(page.url()).toMatch(/profile\/create$/);

    await page.locator('aside').getByRole('link', { name: 'Secuencias' }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
    await page.waitForURL(/#\/backOffice\/secuenciasConfig$/);
  });

  it('Ctrl+S saves a form', async () => {
    await openNewParty();
    await field(/^Nombre/).fill('Guardado con teclado');
    await page.keyboard.press('Control+s');
    await page.waitForURL(/#\/backOffice\/profile$/);
    const found = await post('perfil/index', { pattern: 'teclado', offset: 0, max: 5 });
    expect(found.rows).toHaveLength(1);
  });

  it('a dialog form: first focus on its first field, Escape asks first when something was typed', async () => {
    await goAway(`${app.baseUrl}/#/backOffice/secuenciasConfig`);
    await page.getByRole('heading', { name: 'Secuencias', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Agregar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Secuencia' });
    await dialog.waitFor();
    await expect.poll(focusedName).toContain('nombre');
    // one button order in every dialog: secondary, then primary on the right
    const last2 = async (d: ReturnType<Page['getByRole']>) => (await d.getByRole('button').allTextContents()).slice(-2);
    expect(await last2(dialog)).toEqual(['Salir', 'Guardar']);
    await page.keyboard.type('Remitos');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Cambios sin guardar' });
    await ask.waitFor();
    expect(await last2(ask)).toEqual(['Salir sin guardar', 'Seguir editando']);
    await ask.getByRole('button', { name: 'Seguir editando' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await field(/^Nombre/, dialog).inputValue()).toBe('Remitos');
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // nothing typed: Escape just closes
    await page.getByRole('button', { name: 'Agregar' }).first().click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a dialog is 500 px wide unless it asks for more, never over 80 % of the screen, its body at most 70 % high; a click beside it does not close it; on a phone it fills the screen', async () => {
    const dialog = page.getByRole('dialog', { name: 'Secuencia' });
    const ask = page.getByRole('dialog', { name: 'Cambios sin guardar' });
    const width = async (d: typeof dialog) => Math.round((await d.boundingBox())!.width);
    try {
      await goAway(`${app.baseUrl}/#/backOffice/secuenciasConfig`);
      await page.getByRole('button', { name: 'Agregar' }).first().click();
      await dialog.waitFor();
      await page.keyboard.type('Remitos');
      await page.keyboard.press('Escape');
      // the question is a dialog of the default size
      await ask.waitFor();
      // (measured once its opening animation, a zoom, is over)
      await expect.poll(() => width(ask)).toBe(500);
      expect(await ask.locator('.chakra-dialog__body').evaluate((el) => getComputedStyle(el).maxHeight)).toBe(`${0.7 * 800}px`);
      await page.mouse.click(20, 400);
      await page.waitForTimeout(300);
      expect(await ask.isVisible()).toBe(true);
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await ask.waitFor({ state: 'detached' });
      // the record's dialog asks for 720 px: a narrower window gives it 80 % of its width at most
      await page.setViewportSize({ width: 880, height: 800 });
      await expect.poll(() => width(dialog)).toBe(Math.round(0.8 * 880));
      await page.setViewportSize(PHONE);
      await expect.poll(() => width(dialog)).toBe(PHONE.width);
      expect(Math.round((await dialog.boundingBox())!.height)).toBe(PHONE.height);
      await page.keyboard.press('Escape');
      await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('the account cards: each empty field says it is required, a wrong current password is said on its field, an e-mail is kept', async () => {
    await goAway(`${app.baseUrl}/#/workspacedashboard`);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('El campo Contraseña actual es obligatorio').waitFor();
    await page.getByText('El campo Nueva contraseña es obligatorio').waitFor();
    await page.getByText('El campo Confirmar contraseña es obligatorio').waitFor();

    await page.getByLabel(/^Contraseña actual/).fill('not-the-password');
    await page.getByLabel(/^Nueva contraseña/).fill('Otra-clave-9');
    await page.getByLabel(/^Confirmar contraseña/).fill('Otra-clave-9');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('La contraseña actual no es correcta.').first().waitFor();
    expect(await page.getByLabel(/^Contraseña actual/).getAttribute('aria-invalid')).toBe('true');

    await page.getByRole('textbox', { name: /^Correo electrónico/ }).fill('jefa@example.com');
    await page.getByLabel(/^Su contraseña, para confirmar/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Guardar correo' }).click();
    await page.getByText('Su correo electrónico fue guardado.').waitFor();
    expect((await post('user/account', {})).email).toBe('jefa@example.com');
    expect(pageErrors).toEqual([]);
  });

  it('an address without # opens its screen, and /new opens the new-record form', async () => {
    await goAway(`${app.baseUrl}/backOffice/stock`);
    await page.waitForURL(/\/#\/backOffice\/stock$/);
    await page.getByRole('heading', { name: 'Artículos y stock', level: 1 }).waitFor();
    await goAway(`${app.baseUrl}/#/backOffice/stock/new`);
    await page.getByRole('heading', { name: 'Artículo', level: 1, exact: true }).waitFor();
    // a date field shows its format, not a grey today that reads like a value
    await goAway(`${app.baseUrl}/#/backOffice/profile/create`);
    await page.getByRole('heading', { name: 'Interesado', level: 1, exact: true }).waitFor();
    expect(await field(/^Fecha de nacimiento/).getAttribute('placeholder')).toBe('dd/mm/aaaa');
  });

  it('a typed or picked day stays day / month / year in English too (the calendar wrote it mm/dd/yyyy, then lost it)', async () => {
    await goAway(`${app.baseUrl}/#/backOffice/profile/create`);
    await page.getByRole('heading', { name: 'Interesado', level: 1, exact: true }).waitFor();
    await page.getByTestId('language-switch').selectOption('en');
    try {
      const birth = field(/^Birth date/);
      await birth.click();
      await page.keyboard.type('15081990');
      expect(await birth.inputValue()).toBe('15/08/1990');
      await page.keyboard.press('Tab');
      await page.waitForTimeout(200);
      expect(await birth.inputValue()).toBe('15/08/1990');
      await page.getByRole('button', { name: 'Open calendar' }).first().click();
      await page.locator('[data-part="table-cell-trigger"][data-value="1990-08-20"]').click();
      await expect.poll(() => birth.inputValue()).toBe('20/08/1990');
      await page.keyboard.press('Escape');
    } finally {
      await page.getByTestId('language-switch').selectOption('es');
    }
  });

  it('login: the "incorrect" message goes once the user edits what was sent', async () => {
    const { context: other, page: login } = await newPage(browser, app.baseUrl);
    await loginAs(login, 'admin', 'wrong-password');
    await expect.poll(() => login.getByRole('alert').count()).toBe(1);
    await login.getByRole('textbox', { name: /^Contraseña\b/ }).fill('wrong-passwor');
    await expect.poll(() => login.getByRole('alert').count()).toBe(0);
    await other.close();
  });

  it('a sequence offers "take the next number" with its preview, and takes it', async () => {
    const seq = await post('secuencia/save', { nombre: 'Remitos R', prefijo: 'R-', relleno_ceros: 4, proximo_valor: 12 });
    await goAway(`${app.baseUrl}/#/backOffice/secuenciasConfig`);
    await page.getByRole('heading', { name: 'Secuencias', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('remitos');
    await page.getByRole('button', { name: 'Editar Remitos R' }).click();
    const dialog = page.getByRole('dialog', { name: 'Secuencia' });
    await dialog.getByRole('button', { name: 'Tomar el próximo número (R-0012)' }).click();
    await page.getByText('Número tomado: R-0012').waitFor();
    await dialog.getByRole('button', { name: 'Tomar el próximo número (R-0013)' }).waitFor();
    expect((await post(`secuencia/show/${seq.id}`, {})).proximo_valor).toBe(13);
  });

  it('a click on a list row opens the record to view; the row buttons have tooltips', async () => {
    await goAway(`${app.baseUrl}/#/backOffice/profile`);
    await page.getByRole('heading', { name: 'Interesados', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('afip');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'AFIP', exact: true }) }).first();
    const show = row.getByRole('button', { name: /^Ver / });
    expect(await show.getAttribute('title')).toBe(await show.getAttribute('aria-label'));
    await row.getByRole('cell', { name: 'AFIP', exact: true }).click();
    await page.waitForURL(/#\/backOffice\/profile\/\d+\/show$/);
    await page.getByRole('button', { name: 'Editar' }).first().waitFor();
  });
});

describe('names, not keys', () => {
  it('an article is not offered as its own component, and the server refuses it with its code', async () => {
    const mesa = await post('articulo/save', { nombre: 'Mesa plegable', es_compuesto: true });
    await post('articulo/save', { nombre: 'Mesa ratona' });
    await goAway(`${app.baseUrl}/#/backOffice/stock/${mesa.id}`);
    await page.getByRole('heading', { name: 'Artículo', level: 1, exact: true }).waitFor();
    const componentes = page.getByRole('group', { name: 'Componentes' });
    await componentes.getByRole('button', { name: 'Agregar' }).click();
    await componentes.getByRole('combobox', { name: /^Artículo/ }).first().fill('mesa');
    await page.getByRole('option', { name: 'Mesa ratona' }).waitFor();
    expect(await page.getByRole('option', { name: 'Mesa plegable' }).count()).toBe(0);
    const refused = await api(app.baseUrl).post(`/api/articulo/update/${mesa.id}`, { ...mesa, componentes: [{ articulo: mesa.id, cantidad: 1 }] }, token);
    expect(refused).toMatchObject({ status: 400, body: { errors: [{ field: 'componentes.0.articulo', code: 'REFERENCIA_CICLICA' }] } });
  });

  it('a long form is grouped in sections; a child table is a compact grid, one line per row', async () => {
    await openNewParty();
    const sections = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(sections).toEqual(expect.arrayContaining(['Datos generales', 'Domicilio', 'Datos comerciales y fiscales', 'Contactos y relaciones', 'Empleado y usuario']));
    const contactos = page.getByRole('group', { name: 'Contactos' });
    await contactos.getByRole('button', { name: 'Agregar' }).click();
    await contactos.getByRole('button', { name: 'Agregar' }).click();
    // each input keeps its label for screen readers; the two rows' fields sit on one line each
    const names = contactos.getByRole('textbox', { name: /^Nombre/ });
    const emails = contactos.getByRole('textbox', { name: /^Correo electrónico/ });
    await expect.poll(() => names.count()).toBe(2);
    const box = async (l: ReturnType<Page['getByRole']>) => (await l.boundingBox())!;
    const [n0, e0, n1] = [await box(names.nth(0)), await box(emails.nth(0)), await box(names.nth(1))];
    expect(Math.abs(n0.y - e0.y)).toBeLessThan(4);
    expect(e0.x).toBeGreaterThan(n0.x);
    expect(n1.y).toBeGreaterThan(n0.y + n0.height / 2);
    expect(await contactos.getByText('Correo electrónico', { exact: true }).count()).toBeGreaterThan(0);
  });
});
