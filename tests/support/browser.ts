/** Real Chromium through playwright-core (Debian's /usr/bin/chromium; see shared STACK notes). */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  const found = CANDIDATES.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) throw new Error('No Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH');
  return found;
}

/** `fakeMicrophone`: a fake audio device, granted without asking, for tests that record audio notes. */
export async function launchBrowser(options: { fakeMicrophone?: boolean } = {}): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ...(options.fakeMicrophone ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : []),
    ],
    // playwright gives every launch a fresh, empty profile of its own
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** `touch`: a touch screen and no mouse (CSS `hover: none` and `pointer: coarse`), as on a phone. */
export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP, { touch = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'es-AR', hasTouch: touch });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Closes the toasts left from before, as a user would: a toast that was under the pointer when its page changed
 * can stay (Chakra's toaster does not drop a paused toast then), over the buttons at the top right.
 */
export async function closeToasts(page: Page) {
  const toasts = page.locator('[data-scope="toast"][data-part="root"]');
  for (let tries = 0; tries < 5 && (await toasts.count()); tries++) {
    // it may be leaving on its own meanwhile
    await toasts.first().getByRole('button', { name: /^(Cerrar|Close)$/ }).click({ timeout: 1000 }).catch(() => undefined);
  }
  await toasts.first().waitFor({ state: 'detached' });
}

/** Log in through the login screen. */
export async function loginAs(page: Page, username: string, password: string, rememberMe = false) {
  await page.goto('/#/auth/login');
  await page.getByRole('heading', { name: 'Ingresar', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: /^Usuario/ }).fill(username);
  await page.getByRole('textbox', { name: /^Contraseña\b/ }).fill(password);
  if (rememberMe) await page.getByText('Recordarme').click();
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** A browser with one page signed in as `username` on the dashboard; `close` ends both. */
export async function signedInPage(baseURL: string, username: string, password: string) {
  const { browser, close } = await launchBrowser();
  const { context, page } = await newPage(browser, baseURL);
  await loginAs(page, username, password);
  await page.getByRole('heading', { name: `Hola, ${username}` }).waitFor();
  return {
    browser,
    context,
    page,
    async close() {
      await context.close();
      await close();
    },
  };
}
