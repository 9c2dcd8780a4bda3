/**
 * Reports in the browser (issue 14): a built-in report with a chart on the dashboard, an external report in the
 * report menu whose link carries reportUnit and its params, a list's export downloaded as XLSX.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { signedInPage } from '../support/browser';
import { api } from '../support/server';

let app: Awaited<ReturnType<typeof startApp>>;
let session: Awaited<ReturnType<typeof signedInPage>>;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  const client = api(app.baseUrl);
  const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  for (const [nombre, punto] of [['Martillo', 3], ['Pinza', 1.5]] as const) await client.post('/api/articulo/save', { nombre, punto_reposicion: punto, activo: true }, token);
  await client.post('/api/reportes/guardarReporte', { id: null, descripcion: 'Artículos por estado', clave: 'art', contexto: 'dashboard', consulta: { entidad: 'articulo', agrupar: 'activo', grafico: 'barras' } }, token);
  await client.post(
    '/api/reportes/guardarReporte',
    { id: null, descripcion: 'Ventas externas', clave: '/ventas/mes', contexto: 'menurep', uri: `${app.baseUrl}/external-report`, parametros: [{ nombre: 'desde', tipo: 'fecha', defecto: '2026-01-01' }] },
    token,
  );
  session = await signedInPage(app.baseUrl, 'admin', ADMIN_PASSWORD);
  page = session.page;
});
afterAll(async () => {
  await session?.close();
  await app?.close();
});

it('the dashboard shows its tiles and the dashboard report as a chart', async () => {
  await page.getByRole('region', { name: 'Stock bajo' }).getByText('Martillo').waitFor();
  const tile = page.getByRole('region', { name: 'Artículos por estado' });
  await tile.getByRole('img', { name: 'Gráfico: Artículos por estado' }).waitFor();
  await tile.locator('svg.recharts-surface').first().waitFor();
});

it('the report menu runs an external report with its params in the link', async () => {
  await page.goto(`${app.baseUrl}/#/reports`);
  await page.getByRole('button', { name: 'Ventas externas' }).click();
  await page.getByRole('button', { name: 'Abrir reporte' }).click();
  const href = await page.getByTestId('report-link').getAttribute('href');
  expect(href).toBe(`${app.baseUrl}/external-report?reportUnit=%2Fventas%2Fmes&desde=2026-01-01&contexto=menurep`);
});

it('a list exports as XLSX through the Export menu, read back with its rows', async () => {
  await page.goto(`${app.baseUrl}/#/backOffice/stock`);
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel XLSX (todas las filas)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  expect(rows[0]).toContain('Nombre');
  const names = rows.slice(1).map((r) => r[rows[0].indexOf('Nombre')]);
  expect(names).toEqual(expect.arrayContaining(['Martillo', 'Pinza']));
});
