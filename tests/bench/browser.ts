/**
 * Browser figures, in Debian's Chromium through playwright-core:
 *
 * (a) scroll: the Storybook story "Widgets/DataTable — HundredThousandRows" (the real DataTable widget over
 *     a 100,000-row in-memory source), built with `storybook build` and served statically; the build leaves out
 *     Storybook's highlight tool, which reads the computed style of every element on each DOM change (see
 *     .storybook/main.ts). Every page is loaded first (the table then holds 100,000 rows, its scroll height is
 *     3,000,000 px), then the table is scrolled programmatically while requestAnimationFrame timestamps are
 *     recorded. Why the story and not the app: the app's list asks the server for ~210 rows at a time, so holding
 *     100,000 rows would take ~480 server round trips, each with a count over the table, and the figure would
 *     mostly time the server; the story runs the same widget, virtualizer and state machine with an instant
 *     source, so the frame times are the table's own.
 * (b) time from navigation to the first rows of the article list, against the server with the seeded data;
 * (c) keystroke-to-paint in the article form: Event timestamp of the keydown to the end of the first frame
 *     painted after the input event (rAF, then a task: the paint happens between the two);
 * (d) gzipped JavaScript the browser actually loads for the login route and for the article list (every
 *     JavaScript response, gzip level 6 with node:zlib).
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, loginAs } from '../support/browser';
import { log, round, summarize, type Summary } from './stats';

export const ADMIN = 'admin';

/** `vite build` into `outDir` (not dist/, which the end-to-end suite rebuilds concurrently). */
export function buildApp(outDir: string) {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, BUILD_ID: 'bench' },
  });
}

/** `stories`: one stories file (relative to .storybook/) instead of all of them, for a shorter build. */
export function buildStorybook(outDir: string, stories?: string) {
  execFileSync('npx', ['storybook', 'build', '-o', outDir, '--quiet'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', STORYBOOK_BENCH: '1', ...(stories ? { STORYBOOK_STORIES: stories } : {}) },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A minimal static file server for the built Storybook. */
export function serveFolder(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) });
    }),
  );
}

export interface ScrollResult {
  rowsLoaded: number;
  loadSeconds: number;
  /** rAF deltas on the same page while nothing moves: the machine's and headless Chromium's own cadence. */
  idle: Summary;
  /** rAF deltas while scrolling at a steady 3,000 px/s (100 rows/s). */
  steady: Summary;
  /** rAF deltas during the browser's own smooth scrolling (scrollTo behavior: 'smooth', long jumps). */
  smooth: Summary;
  /** Both phases together: the figure the budget is checked on. */
  all: Summary & { over16_7: number };
  longAnimationFrames: number;
  /** Long tasks (≥ 50 ms) while scrolling, and their total time. */
  longTasks: number;
  longTaskMs: number;
  /** JS heap in use once every row is loaded, after a garbage collection (CDP). */
  heapBytes: number | null;
}

export interface ScrollOptions {
  /** Storybook id of the story; default the 100,000-row DataTable. */
  story?: string;
  expectedRows?: number;
  /** Length of each phase (idle, steady, smooth), ms. */
  phaseMs?: { idle: number; steady: number; smooth: number };
}

export async function scrollFrames(browser: Browser, storybookUrl: string, options: ScrollOptions = {}): Promise<ScrollResult> {
  const { story = 'widgets-datatable--hundred-thousand-rows', expectedRows = 100_000, phaseMs = { idle: 2000, steady: 5000, smooth: 5000 } } = options;
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-AR' });
  // tsx (esbuild keepNames) wraps named functions in the evaluated code with __name(), which the page lacks.
  await context.addInitScript('globalThis.__name ??= (f) => f;');
  try {
    const page = await context.newPage();
    await page.goto(`${storybookUrl}/iframe.html?id=${story}&viewMode=story`);
    const scroller = page.getByTestId('data-table-scroll');
    await scroller.locator('tbody tr[aria-rowindex]').first().waitFor({ timeout: 60_000 });
    const t0 = performance.now();
    // A tall window while loading: the table then asks for 1,000 rows at a time (its maximum) instead of ~210.
    await page.setViewportSize({ width: DESKTOP.width, height: 4000 });
    // Scroll to the end again and again: each time the table appends the next page, until all are loaded.
    const rowsLoaded = await page.evaluate(async (expected) => {
      const el = document.querySelector<HTMLElement>('[data-testid="data-table-scroll"]')!;
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const rows = () => {
        const all = el.querySelectorAll('tbody tr[aria-rowindex]');
        return Number(all[all.length - 1]?.getAttribute('aria-rowindex') ?? 0) - 1;
      };
      const deadline = performance.now() + 240_000;
      let stalled = 0;
      let last = -1;
      while (performance.now() < deadline) {
        el.scrollTop = el.scrollHeight;
        await frame();
        await frame();
        const n = rows();
        if (n >= expected) return n;
        stalled = n === last ? stalled + 1 : 0;
        if (stalled > 300) return n;
        last = n;
      }
      return rows();
    }, expectedRows);
    const loadSeconds = (performance.now() - t0) / 1000;
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(500);
    log(`  scroll: the table holds ${rowsLoaded.toLocaleString('en')} loaded rows (loaded in ${loadSeconds.toFixed(1)} s)`);
    const heapBytes = await heapInUse(page);

    const measured = await page.evaluate(async (phase) => {
      const el = document.querySelector<HTMLElement>('[data-testid="data-table-scroll"]')!;
      const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
      let longFrames = 0;
      let longTasks = 0;
      let longTaskMs = 0;
      const observer = new PerformanceObserver((list) => (longFrames += list.getEntries().length));
      const tasks = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          longTasks += 1;
          longTaskMs += e.duration;
        }
      });
      try {
        observer.observe({ type: 'long-animation-frame' });
        tasks.observe({ type: 'longtask' });
      } catch {
        // not supported: stays 0
      }
      el.scrollTop = 0;
      await frame();
      await frame();

      // Baseline: the same page, not scrolling, 2 s (what this machine and headless Chromium deliver).
      const idle: number[] = [];
      let start = await frame();
      let prev = start;
      for (;;) {
        const t = await frame();
        idle.push(t - prev);
        prev = t;
        if (t - start > phase.idle) break;
      }
      // the long tasks of the scroll phases only
      longTasks = 0;
      longTaskMs = 0;

      // Phase 1: a steady scroll, as a wheel or a held arrow key, 3,000 px/s (5 s by default).
      const steady: number[] = [];
      start = await frame();
      prev = start;
      for (;;) {
        const t = await frame();
        steady.push(t - prev);
        prev = t;
        el.scrollTop = ((t - start) * 3000) / 1000;
        if (t - start > phase.steady) break;
      }

      // Phase 2: the browser's own smooth scrolling, long jumps down the whole table.
      const smooth: number[] = [];
      const height = el.scrollHeight;
      start = await frame();
      prev = start;
      let jump = 0;
      let nextJump = start;
      for (;;) {
        const t = await frame();
        smooth.push(t - prev);
        prev = t;
        if (t >= nextJump) {
          jump += 1;
          el.scrollTo({ top: Math.min(height, jump * 150_000), behavior: 'smooth' });
          nextJump = t + 400;
        }
        if (t - start > phase.smooth) break;
      }
      await frame();
      observer.disconnect();
      tasks.disconnect();
      return { idle, steady, smooth, longFrames, longTasks, longTaskMs };
    }, phaseMs);
    const all = [...measured.steady, ...measured.smooth];
    return {
      rowsLoaded,
      loadSeconds: round(loadSeconds, 1),
      idle: summarize(measured.idle),
      steady: summarize(measured.steady),
      smooth: summarize(measured.smooth),
      all: { ...summarize(all), over16_7: all.filter((d) => d > 16.7).length },
      longAnimationFrames: measured.longFrames,
      longTasks: measured.longTasks,
      longTaskMs: round(measured.longTaskMs, 0),
      heapBytes,
    };
  } finally {
    await context.close();
  }
}

/** JS heap in use after a garbage collection (Chromium's DevTools protocol); null when it cannot be read. */
export async function heapInUse(page: Page): Promise<number | null> {
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    await cdp.detach();
    return usedSize;
  } catch {
    return null;
  }
}

/** A context logged in as admin through the login screen. */
export async function loggedInContext(browser: Browser, baseUrl: string, password: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'es-AR' });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  await loginAs(page, ADMIN, password);
  await page.getByRole('heading', { name: `Hola, ${ADMIN}` }).waitFor();
  await page.close();
  return context;
}

const FIRST_ROW = '[data-testid="data-table-scroll"] tbody tr[aria-rowindex]';

export interface FirstRowsResult {
  /** Navigation start to the first data row on screen, ms: the first load (empty HTTP cache), then reloads. */
  cold: number;
  warm: Summary;
  runs: number[];
}

export async function firstRows(browser: Browser, baseUrl: string, password: string, times = 6): Promise<FirstRowsResult> {
  const context = await loggedInContext(browser, baseUrl, password);
  // A fresh context with the same cookies: an empty HTTP cache for the first load.
  const fresh = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'es-AR', storageState: await context.storageState() });
  await context.close();
  fresh.setDefaultTimeout(120_000);
  try {
    const page = await fresh.newPage();
    const runs: number[] = [];
    for (let i = 0; i < times; i++) {
      await page.goto('about:blank');
      await page.goto('/#/backOffice/stock');
      await page.locator(FIRST_ROW).first().waitFor();
      runs.push(round(await page.evaluate(() => performance.now())));
    }
    return { cold: runs[0], warm: summarize(runs.slice(1)), runs };
  } finally {
    await fresh.close();
  }
}

export interface KeystrokeResult extends Summary {
  /** Event Timing entries (keydown / keypress / input) of 16 ms or more: Chrome's own input-to-paint measure. */
  eventTimingOver16: number;
  eventTimingMax: number;
}

export async function keystrokes(browser: Browser, baseUrl: string, password: string, text = 'Tornillo autoperforante 8 mm Fischer x100'): Promise<KeystrokeResult> {
  const context = await loggedInContext(browser, baseUrl, password);
  try {
    const page = await context.newPage();
    await page.goto('/#/backOffice/stock/create');
    const input = page.getByRole('textbox', { name: /^Nombre/ }).first();
    await input.click();
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      const w = window as unknown as { __ks: number[]; __et: number[] };
      w.__ks = [];
      w.__et = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (['keydown', 'keypress', 'input', 'keyup'].includes(e.name)) w.__et.push(e.duration);
      }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
      const el = document.activeElement as HTMLInputElement;
      let t0: number | null = null;
      el.addEventListener('keydown', (e) => (t0 = e.timeStamp), true);
      el.addEventListener('input', () => {
        if (t0 === null) return;
        const start = t0;
        t0 = null;
        // Handlers of the input event (React re-renders the form here) run before this rAF; the frame is
        // painted after it, and the task queued from it runs once the frame is done.
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => w.__ks.push(performance.now() - start);
          ch.port2.postMessage(0);
        });
      });
    });
    for (const ch of text) {
      await page.keyboard.press(ch === ' ' ? 'Space' : ch);
      await page.waitForTimeout(60);
    }
    await page.waitForTimeout(500);
    const value = await input.inputValue();
    if (value !== text) throw new Error(`keystrokes: the field holds "${value}", expected "${text}"`);
    const { ks, et } = await page.evaluate(() => {
      const w = window as unknown as { __ks: number[]; __et: number[] };
      return { ks: w.__ks, et: w.__et };
    });
    if (ks.length < text.length * 0.9) throw new Error(`keystrokes: measured ${ks.length} of ${text.length}`);
    return { ...summarize(ks), eventTimingOver16: et.length, eventTimingMax: et.length ? Math.max(...et) : 0 };
  } finally {
    await context.close();
  }
}

export interface JsSize {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  urls: string[];
}

async function collectJs(page: Page, action: () => Promise<void>): Promise<JsSize> {
  const seen = new Map<string, Promise<Buffer | null>>();
  const onResponse = (res: import('playwright-core').Response) => {
    const url = res.url();
    const type = res.headers()['content-type'] ?? '';
    if ((/\.m?js(\?|$)/.test(new URL(url).pathname) || type.includes('javascript')) && !seen.has(url)) seen.set(url, res.body().catch(() => null));
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  let raw = 0;
  let gz = 0;
  for (const body of await Promise.all(seen.values())) {
    if (!body) continue;
    raw += body.length;
    gz += gzipSync(body, { level: 6 }).length;
  }
  return { files: seen.size, rawBytes: raw, gzipBytes: gz, urls: [...seen.keys()].map((u) => new URL(u).pathname) };
}

export async function javascriptSizes(browser: Browser, baseUrl: string, password: string): Promise<{ login: JsSize; articleList: JsSize }> {
  const anonymous = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'es-AR' });
  let login: JsSize;
  try {
    const page = await anonymous.newPage();
    login = await collectJs(page, async () => {
      await page.goto('/#/auth/login');
      await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    });
  } finally {
    await anonymous.close();
  }
  const context = await loggedInContext(browser, baseUrl, password);
  const fresh = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'es-AR', storageState: await context.storageState() });
  await context.close();
  fresh.setDefaultTimeout(120_000);
  try {
    const page = await fresh.newPage();
    const articleList = await collectJs(page, async () => {
      await page.goto('/#/backOffice/stock');
      await page.locator(FIRST_ROW).first().waitFor();
    });
    return { login, articleList };
  } finally {
    await fresh.close();
  }
}
