/**
 * The Content-Security-Policy as the browser applies it (issue 5, Security): the app runs under it without
 * a single violation, an injected inline script or inline event handler does not run, the page cannot eval
 * (the article form still validates: its validators are compiled at build time), and no other page can
 * frame the app. The header itself is checked on every kind of answer in tests/api/headers.test.ts; the
 * session cookies' SameSite=Strict in tests/e2e/session.test.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { launchBrowser, loginAs, newPage } from '../support/browser';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  app = await startApp();
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await app?.close();
});

/** Records every CSP violation of the page in window.__csp (the init script is the test's, not the page's). */
const RECORD_VIOLATIONS = () => {
  (window as any).__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => (window as any).__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
};

describe('Content-Security-Policy in the browser', () => {
  it('the app logs in and opens a list under the policy without any violation', async () => {
    const { page, context } = await newPage(browser, app.baseUrl);
    try {
      await context.addInitScript(RECORD_VIOLATIONS);
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
      await page.goto(`${app.baseUrl}/#/backOffice/categories`);
      await page.getByRole('table').waitFor();
      expect(await page.evaluate(() => (window as any).__csp)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses eval, and the article form validates under the policy without it', async () => {
    const { page, context } = await newPage(browser, app.baseUrl);
    try {
      await context.addInitScript(RECORD_VIOLATIONS);
      const response = await page.goto('/#/auth/login');
      expect(response?.headers()['content-security-policy']).not.toContain("'unsafe-eval'");
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
      await page.goto(`${app.baseUrl}/#/backOffice/stock/create`);
      await page.getByRole('textbox', { name: /^Nombre/ }).first().fill('Caja');
      await page.getByRole('textbox', { name: /^Alícuota/ }).or(page.getByRole('spinbutton', { name: /^Alícuota/ })).first().fill('1,234');
      await page.getByRole('button', { name: 'Guardar' }).first().click();
      await page.getByText('Máximo 2 decimales').waitFor();
      await page.getByRole('textbox', { name: /^Nombre/ }).first().fill('');
      await page.getByText('El campo Nombre es obligatorio').waitFor();
      expect(await page.evaluate(() => (window as any).__csp)).toEqual([]);

      // a script of the app's own origin (the test serves it) tries to compile code, as ajv did
      await page.route('**/eval-probe.js', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'try { window.__evalRan = new Function("return \'ran\'")(); } catch (e) { window.__evalRan = e.name; }' }),
      );
      await page.addScriptTag({ url: '/eval-probe.js' });
      expect(await page.evaluate(() => (window as any).__evalRan)).toBe('EvalError');
      await expect.poll(() => page.evaluate(() => (window as any).__csp.join())).toMatch(/^script-src eval$/);
    } finally {
      await context.close();
    }
  });

  it('refuses an injected inline script and an inline event handler', async () => {
    const { page, context } = await newPage(browser, app.baseUrl);
    try {
      await context.addInitScript(RECORD_VIOLATIONS);
      await page.goto('/#/auth/login');
      await page.getByRole('button', { name: 'Ingresar' }).waitFor();
      // what an XSS would do: put a <script> with text, or an element with an on* attribute, into the page
      await page.addScriptTag({ content: 'window.__inlineRan = true;' }).catch(() => {});
      await page.evaluate(() => {
        const box = document.createElement('div');
        box.innerHTML = '<img src="data:," onerror="window.__handlerRan = true">';
        document.body.append(box);
        const s = document.createElement('script');
        s.textContent = 'window.__createdRan = true;';
        document.body.append(s);
      });
      await expect.poll(() => page.evaluate(() => (window as any).__csp.length)).toBeGreaterThanOrEqual(2);
      const ran = await page.evaluate(() => ({
        inline: (window as any).__inlineRan ?? false,
        handler: (window as any).__handlerRan ?? false,
        created: (window as any).__createdRan ?? false,
      }));
      expect(ran).toEqual({ inline: false, handler: false, created: false });
      const violations: string[] = await page.evaluate(() => (window as any).__csp);
      expect(violations.every((v) => v.startsWith('script-src')), violations.join(', ')).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('cannot be framed by another page', async () => {
    const { page, context } = await newPage(browser, app.baseUrl);
    try {
      // another origin (localhost vs 127.0.0.1) frames the app
      const other = app.baseUrl.replace('127.0.0.1', 'localhost');
      await page.route(`${other}/framer.html`, (route) =>
        route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>framer</title><iframe src="${app.baseUrl}/#/auth/login" width="800" height="600"></iframe>` }),
      );
      await page.goto(`${other}/framer.html`);
      await page.waitForTimeout(1500);
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(frame).toBeDefined();
      const framed = await frame!.evaluate(() => Boolean(document.querySelector('#root')?.childElementCount)).catch(() => false);
      expect(framed).toBe(false);
    } finally {
      await context.close();
    }
  });
});
