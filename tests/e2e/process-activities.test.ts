/**
 * A process's activities on its form (issue 10): listed in their order, moved up and down, added with the
 * process preset, edited, duplicated with a new coding and removed; a new process stays open to get them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { signedInPage } from '../support/browser';
import { api } from '../support/server';

/** Waits for what the page shows, as long as the other waits (a busy machine draws slowly). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

let app: Awaited<ReturnType<typeof startApp>>;
let session: Awaited<ReturnType<typeof signedInPage>>;
let page: Page;
let post: (path: string, body?: object) => Promise<any>;
let proceso: number;

beforeAll(async () => {
  app = await startApp();
  const client = api(app.baseUrl);
  const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  post = async (path, body = {}) => {
    const res = await client.post(`/api/${path}`, body, token);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  proceso = (await post('proceso/save', { codificacion: 'PR-COM', titulo: 'Compras', tipo_documento: 'procedimiento' })).id;
  for (const [orden, codificacion, titulo] of [[10, 'COM-01', 'Solicitud de compra'], [20, 'COM-02', 'Aprobación'], [30, 'COM-03', 'Orden de compra']] as const)
    await post('actividad/save', { proceso, orden, codificacion, titulo });
  session = await signedInPage(app.baseUrl, 'admin', ADMIN_PASSWORD);
  ({ page } = session);
});
afterAll(async () => {
  await session?.close();
  await app?.close();
});

const activities = () => page.getByRole('region', { name: 'Actividades del proceso' });
const titles = () => activities().locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[2]?.textContent));
const stored = async () =>
  (await post('actividad/index', { filters: { proceso }, sort: 'orden', sortOrder: 'asc' })).rows.map((r: any) => [r.orden, r.titulo]);

describe("a process's activities", () => {
  it('are listed in their order, move up and down, and the order is stored', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/process/${proceso}`);
    await page.getByRole('heading', { name: 'Proceso', level: 1 }).waitFor();
    await eventually(titles).toEqual(['Solicitud de compra', 'Aprobación', 'Orden de compra']);
    await activities().getByRole('button', { name: 'Subir Orden de compra' }).click();
    await eventually(titles).toEqual(['Solicitud de compra', 'Orden de compra', 'Aprobación']);
    expect(await stored()).toEqual([[10, 'Solicitud de compra'], [20, 'Orden de compra'], [30, 'Aprobación']]);
    await activities().getByRole('button', { name: 'Bajar Orden de compra' }).click();
    await eventually(titles).toEqual(['Solicitud de compra', 'Aprobación', 'Orden de compra']);
  });

  it('adds one with the process preset, and comes back to the process', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/process/${proceso}`);
    await eventually(titles).toHaveLength(3);
    await activities().getByRole('button', { name: 'Agregar' }).click();
    await page.waitForURL(/#\/backOffice\/process\/status\/create\?proceso=\d+&orden=40$/);
    await page.getByRole('heading', { name: 'Estado del proceso', level: 1 }).waitFor();
    await eventually(() => page.getByRole('combobox', { name: /^Proceso/ }).inputValue()).toBe('Compras');
    await page.getByRole('textbox', { name: /^Título/ }).fill('Recepción de mercadería');
    await page.getByRole('textbox', { name: /^Codificación/ }).fill('COM-04');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(new RegExp(`#/backOffice/process/${proceso}$`));
    await eventually(titles).toEqual(['Solicitud de compra', 'Aprobación', 'Orden de compra', 'Recepción de mercadería']);
    expect((await stored()).at(-1)).toEqual([40, 'Recepción de mercadería']);
  });

  it("opened from a link, one goes back to its process when saved, and its breadcrumb names the process", async () => {
    const [{ id }] = (await post('actividad/index', { filters: { proceso }, pattern: 'Orden de compra' })).rows;
    await page.goto(`${app.baseUrl}/#/backOffice/process/status/${id}`);
    await page.getByRole('heading', { name: 'Estado del proceso', level: 1 }).waitFor();
    const trail = page.getByRole('navigation', { name: 'Ubicación' });
    await eventually(() => trail.getByRole('link').allTextContents()).toContain('Proceso');
    await page.getByRole('textbox', { name: /^Título/ }).fill('Orden de compra firmada');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(new RegExp(`#/backOffice/process/${proceso}$`));
    await eventually(titles).toContain('Orden de compra firmada');
    expect(await page.getByText('La solicitud no es válida').count()).toBe(0);
    await post(`actividad/update/${id}`, { ...(await post(`actividad/show/${id}`)), titulo: 'Orden de compra' });
  });

  it('edits one, duplicates one with a new coding, and removes one after asking', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/process/${proceso}`);
    await eventually(titles).toHaveLength(4);
    await activities().getByRole('button', { name: 'Editar Aprobación' }).click();
    await page.getByRole('heading', { name: 'Estado del proceso', level: 1 }).waitFor();
    const titulo = page.getByRole('textbox', { name: /^Título/ });
    await eventually(() => titulo.inputValue()).toBe('Aprobación');
    await titulo.fill('Aprobación de la solicitud');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(new RegExp(`#/backOffice/process/${proceso}$`));
    await eventually(titles).toContain('Aprobación de la solicitud');

    await activities().getByRole('button', { name: 'Duplicar Solicitud de compra' }).click();
    await page.getByText('Actividad duplicada como COM-01-2.').waitFor();
    await eventually(titles).toHaveLength(5);
    await eventually(() => activities().getByRole('row').filter({ hasText: 'COM-01-2' }).count()).toBe(1);

    await activities().getByRole('row').filter({ hasText: 'COM-01-2' }).getByRole('button', { name: 'Eliminar Solicitud de compra' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await eventually(titles).toHaveLength(4);
    await eventually(() => activities().getByRole('row').filter({ hasText: 'COM-01-2' }).count()).toBe(0);
  });

  it('a new process stays open once saved, ready for its activities', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/process/create`);
    await page.getByRole('heading', { name: 'Proceso', level: 1 }).waitFor();
    expect(await activities().count()).toBe(0);
    await page.getByRole('textbox', { name: /^Título/ }).fill('Ventas');
    await page.getByRole('textbox', { name: /^Codificación/ }).fill('PR-VEN');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/#\/backOffice\/process\/\d+$/);
    await activities().getByText('Este proceso todavía no tiene actividades.').waitFor();
  });
});
