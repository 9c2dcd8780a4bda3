import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { sql } from 'kysely';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { launchBrowser, loginAs, newPage } from '../support/browser';
import { createUser } from '../support/server';
import { canOpen, flattenRoutes } from '../../engine/routeTree';
import { routeTree } from '../../screens/routes';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  app = await startApp();
  await createUser(app.db, { username: 'marta', password: 'Marta-clave1', roles: ['ROLE_USER'], email: 'marta@example.com' });
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await app?.close();
});

describe('the shell', () => {
  it('password recovery: the mail link leads to a new password that logs in', async () => {
    const { page, context } = await newPage(browser, app.baseUrl);
    await page.goto('/#/auth/login');
    await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
    // the login screen stays until the next one has loaded: wait for its title
    await page.getByRole('heading', { name: 'Recuperar contraseña', level: 1 }).waitFor();
    await page.getByLabel(/^Usuario/).fill('marta');
    await page.getByRole('button', { name: 'Enviar correo' }).click();
    await page.getByText('Si el usuario existe, recibirá un correo con las instrucciones.').waitFor();

    const mail = await sql<{ destinatario: string; cuerpo: string }>`select destinatario, cuerpo from comunicacion order by id desc limit 1`.execute(app.db);
    expect(mail.rows[0].destinatario).toBe('marta@example.com');
    const link = /https?:\/\/\S+#\/auth\/resetPassword\/\S+/.exec(mail.rows[0].cuerpo)![0];

    await page.goto(link);
    await page.getByRole('heading', { name: 'Nueva contraseña', level: 1 }).waitFor();
    await page.getByLabel(/^Nueva contraseña/).fill('corta');
    await page.getByLabel(/^Confirmar contraseña/).fill('corta');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('La contraseña debe tener al menos 8 caracteres', { exact: false }).first().waitFor();
    await page.getByLabel(/^Nueva contraseña/).fill('Nueva-clave-7');
    await page.getByLabel(/^Confirmar contraseña/).fill('Nueva-clave-7');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.waitForURL(/#\/auth\/login/);
    await loginAs(page, 'marta', 'Nueva-clave-7');
    await page.getByRole('heading', { name: 'Hola, marta' }).waitFor();

    // the link works once
    await page.getByRole('button', { name: 'Cerrar sesión' }).first().click();
    await page.waitForURL(/#\/auth\/login/);
    await page.goto(link);
    await page.getByLabel(/^Nueva contraseña/).fill('Otra-clave-8');
    await page.getByLabel(/^Confirmar contraseña/).fill('Otra-clave-8');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('El enlace de recuperación no es válido o ha vencido.').waitFor();
    await context.close();
  });

  it('a menu entry opens its screen with its title; a screen that comes later says so; an unknown path shows the error page', async () => {
    const { page, context } = await newPage(browser, app.baseUrl);
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
    await page.getByRole('navigation').first().getByText('Planificación').click();
    await page.waitForURL(/#\/planning/);
    await page.getByRole('heading', { name: 'Planificación', level: 1 }).waitFor();
    expect(await page.title()).toBe('Planificación · Flujos');
    // while some declared route still has no screen, it says so instead of failing
    const later = flattenRoutes(routeTree).find(
      ({ node, path, chain }) => !node.screen && !node.redirect && !node.children && !path.includes(':') && canOpen(chain, ['ROLE_ADMIN', 'ROLE_ROOT', 'ROLE_USER']),
    );
    if (later) {
      await page.goto(`${app.baseUrl}/#${later.path}`);
      await page.getByRole('heading', { name: 'Todavía no disponible' }).waitFor();
    }
    // the home, hidden from the menu, shows the landing page
    await page.goto(`${app.baseUrl}/#/workspace`);
    await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
    expect(await page.title()).toBe('Espacio de trabajo · Flujos');
    await page.goto(`${app.baseUrl}/#/backOffice/nada`);
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    await context.close();
  });

  it('every navigation shows the loading indicator until the screen has its rows, a screen opened before too', async () => {
    const { page, context } = await newPage(browser, app.baseUrl);
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Cargando' });
    // an address changed in the page: the router navigates, nothing is loaded again
    const open = (hash: string) => page.evaluate((h) => (location.hash = h), hash);
    await open('#/backOffice/categories');
    await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
    await bar.waitFor({ state: 'detached' });
    await open('#/workspacedashboard');
    await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
    await bar.waitFor({ state: 'detached' });
    // the list's code is loaded now: only its rows are awaited, held back here
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/categoria/index', async (route) => {
      await held;
      await route.continue();
    });
    await open('#/backOffice/categories');
    await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
    await page.waitForTimeout(600);
    expect(await bar.isVisible()).toBe(true);
    release();
    await bar.waitFor({ state: 'detached' });
    await context.close();
  });

  it('an error without a message offers Report, which files a reporteError', async () => {
    const { page, context } = await newPage(browser, app.baseUrl);
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
    // the one failure the real server never gives on purpose: a bare 500
    await page.route('**/api/user/changePassword', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'proxy: upstream reset' }));
    await page.getByLabel(/^Contraseña actual/).fill(ADMIN_PASSWORD);
    await page.getByLabel(/^Nueva contraseña/).fill('Cambio-clave-1');
    await page.getByLabel(/^Confirmar contraseña/).fill('Cambio-clave-1');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('Ocurrió un error desconocido').waitFor();
    await page.getByRole('button', { name: 'Reportar' }).click();
    await expect
      .poll(async () => (await sql<{ n: number }>`select count(*)::int as n from reporte_error where url = 'user/changePassword' and http_code = 500`.execute(app.db)).rows[0].n)
      .toBe(1);
    // what the server answered, and the request without its passwords
    const report = (await sql<{ data: string; body: string }>`select data, body from reporte_error where url = 'user/changePassword'`.execute(app.db)).rows[0];
    expect(report.body).toBe('proxy: upstream reset');
    expect(JSON.parse(report.data)).toEqual({ currentPassword: '[redacted]', password: '[redacted]', confirmation: '[redacted]' });
    expect(report.data).not.toContain('Cambio-clave-1');
    expect(report.data).not.toContain(ADMIN_PASSWORD);
    await context.close();
  });

  it("a screen whose code cannot be loaded (a new version installed, the connection dropped) offers a reload, which opens it", async () => {
    const { page, context } = await newPage(browser, app.baseUrl);
    const scripts = /\/assets\/.*\.js$/;
    try {
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
      // the scripts of the screens not opened yet are out of reach
      await page.route(scripts, (route) => route.abort());
      await page.getByRole('navigation').first().getByText('Lista de reportes').click();
      await page.getByRole('heading', { name: 'No se pudo cargar la página' }).waitFor();
      expect(await page.getByText('Puede que haya una versión nueva de la aplicación', { exact: false }).isVisible()).toBe(true);
      await page.unroute(scripts);
      await page.getByRole('button', { name: 'Volver a cargar' }).click();
      await page.getByRole('heading', { name: 'Lista de reportes', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a newer build deployed shows the refresh notice', async () => {
    const file = 'dist/version.json';
    const original = readFileSync(file, 'utf8');
    const { page, context } = await newPage(browser, app.baseUrl);
    try {
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
      writeFileSync(file, JSON.stringify({ version: 'a-newer-build' }));
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.getByText('Hay contenido nuevo disponible', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Actualizar' }).click();
      await page.waitForLoadState('load');
    } finally {
      writeFileSync(file, original);
      await context.close();
    }
  });
});
