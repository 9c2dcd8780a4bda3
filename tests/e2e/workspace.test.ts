/**
 * The workspace as cards (issue 10, spec §2 workspacecard) in real Chromium, over the demo company
 * (`npm run seed:demo`): a ROLE_USER with a job position allowed in the sales flow sees its group, its card
 * (colour, icon, text) and the activities she may work in, and opens one; a user without such a position
 * does not see the card. Levels have a trail back; a phone shows the cards in one column; axe passes.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/seed-demo';
import { startApp } from '../support/app';
import { PHONE, launchBrowser, loginAs, newPage } from '../support/browser';
import { createUser } from '../support/server';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  app = await startApp();
  const seeded = await seedDemo(app);
  expect(seeded.seeded).toBe(true);
  await createUser(app.db, { username: 'sin.puesto', password: 'Sin-puesto1!', roles: ['ROLE_USER'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function signedIn(username: string, password: string, viewport?: { width: number; height: number }) {
  const { page, context } = await newPage(browser.browser, app.baseUrl, viewport);
  await loginAs(page, username, password);
  await page.getByRole('heading', { name: `Hola, ${username}` }).waitFor();
  return { page, context };
}

async function serious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the workspace cards', () => {
  it('a seller sees the sales flow of her group as a card, its activities, and opens one', async () => {
    const { page, context } = await signedIn('carla.rios', 'Demo-User1!');
    try {
      await page.getByRole('link', { name: 'Actividades' }).first().click();
      await page.getByRole('heading', { name: 'Actividades', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Comercial' }).click();
      await page.getByRole('heading', { name: 'Comercial', level: 1 }).waitFor();
      const card = page.getByRole('list', { name: 'Flujos' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Ventas' }) });
      await card.waitFor();
      expect(await card.textContent()).toContain('Pedidos de clientes: aprobación, preparación y entrega');
      expect(await card.textContent()).toContain('2 actividades');
      expect(await serious(page)).toEqual([]);

      await page.getByRole('link', { name: 'Ventas' }).click();
      await page.getByRole('heading', { name: 'Ventas', level: 1 }).waitFor();
      const activities = page.getByRole('list', { name: 'Actividades del flujo' }).getByRole('listitem');
      await expect.poll(() => activities.allTextContents()).toEqual([expect.stringContaining('Pedido de cliente'), expect.stringContaining('Aprobación del pedido')]);
      expect(await serious(page)).toEqual([]);

      // the trail leads back up, and forward again
      await page.getByRole('navigation', { name: 'Ubicación' }).getByRole('link', { name: 'Comercial' }).click();
      await page.getByRole('heading', { name: 'Comercial', level: 1 }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Ventas', level: 1 }).waitFor();

      await page.getByRole('link', { name: 'Pedido de cliente' }).click();
      await page.waitForURL(/#\/execution\/\d+\/\d+$/);
      await page.getByRole('heading', { name: 'Pedido de cliente', level: 1 }).waitFor();
      // her own open order of the demo is listed
      await page.getByRole('row').filter({ hasText: 'Obra Barrio Dalvian, etapa 2' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a user without an allowed job position does not see the sales card', async () => {
    const { page, context } = await signedIn('sin.puesto', 'Sin-puesto1!');
    try {
      await page.goto(`${app.baseUrl}/#/workspacecard`);
      await page.getByRole('link', { name: 'Comercial' }).click();
      await page.getByText('No hay flujos de este grupo en los que usted pueda trabajar.').waitFor();
      expect(await page.getByRole('link', { name: 'Ventas' }).count()).toBe(0);
      // a group that is gone (an old link) has no flows: not a connection problem, nor a missing-record toast
      await page.goto(`${app.baseUrl}/#/workspacecard`);
      await page.getByRole('link', { name: 'Comercial' }).waitFor();
      await page.goto(`${app.baseUrl}/#/workspacecard?grupo=987654`);
      await page.getByText('No hay flujos de este grupo en los que usted pueda trabajar.').waitFor();
      await page.waitForTimeout(300);
      expect(await page.getByText(/No se pudo cargar|El registro no existe/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('on a phone the cards stack in one column and nothing scrolls sideways', async () => {
    const { page, context } = await signedIn('jorge.paez', 'Demo-User2!', PHONE);
    try {
      await page.goto(`${app.baseUrl}/#/workspacecard`);
      await page.getByRole('link', { name: 'Comercial' }).click();
      await page.getByRole('link', { name: 'Ventas' }).click();
      await page.getByRole('link', { name: 'Preparación en depósito' }).waitFor();
      const boxes = await page.getByRole('list', { name: 'Actividades del flujo' }).getByRole('listitem').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
      expect(new Set(boxes.map(Math.round)).size).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await serious(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
