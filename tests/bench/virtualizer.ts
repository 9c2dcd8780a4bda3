/**
 * The DataTable's virtualizer over 100,000 rows (issue 19): the 100,000-row story (DataTable.stories,
 * HundredThousandRows) in Chromium.
 *
 * - first render: the story mounted again (Storybook's forceRemount) to its first data row on screen, ms, several times;
 * - scroll: frame times and long tasks while scrolling the 100,000 loaded rows (browser.ts scrollFrames: a steady
 *   scroll, then smooth jumps to the end), and the JS heap in use once they are loaded (after a GC);
 * - bundle: what the library adds to the app's JavaScript, minified and gzipped (esbuild, React left out), for
 *   the functions the body imports.
 *
 * It measured react-window 2.5's `useVirtualizer` against @tanstack/react-virtual 3 (then the app's), each in turn
 * on the same machine (commit c4d86ef has both): level within the noise, react-window 4.5 kB gzip smaller, so the
 * table moved to it (README, Performance). On a loaded machine compare runs with each other and with the idle
 * baseline, not with the budgets.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { DESKTOP } from '../support/browser';
import { scrollFrames, type ScrollResult } from './browser';
import { fmt, log, round, summarize, table, type Summary } from './stats';

export const VARIANTS = [
  { name: 'react-window 2 (useVirtualizer)', story: 'widgets-datatable--hundred-thousand-rows', imports: "export { useVirtualizer } from 'react-window';" },
] as const;

export interface VirtualizerFigure {
  variant: string;
  /** Remount to the first row on screen, ms. */
  firstRender: Summary;
  scroll: ScrollResult;
  /** Minified + gzipped bytes of the library code the body imports. */
  gzipBytes: number;
}

/** Bytes the imports add to a bundle, minified and gzipped (React and react-dom are the app's anyway). */
export async function addedBytes(imports: string): Promise<number> {
  const out = await build({
    stdin: { contents: imports, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    platform: 'browser',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return gzipSync(out.outputFiles[0].contents, { level: 6 }).length;
}

/** Mount the story again, `times` times: ms from the remount to its first data row painted. */
async function firstRenders(browser: Browser, storybookUrl: string, story: string, times: number): Promise<number[]> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'es-AR' });
  await context.addInitScript('globalThis.__name ??= (f) => f;');
  try {
    const page = await context.newPage();
    await page.goto(`${storybookUrl}/iframe.html?id=${story}&viewMode=story`);
    await page.locator('[data-testid="data-table-scroll"] tbody tr[aria-rowindex]').first().waitFor({ timeout: 60_000 });
    const runs: number[] = [];
    for (let i = 0; i < times; i++) {
      await page.waitForTimeout(300);
      runs.push(
        await page.evaluate(async (id) => {
          const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, data: unknown): void } }).__STORYBOOK_ADDONS_CHANNEL__;
          if (!channel) throw new Error('no Storybook channel in the page');
          const row = () => document.querySelector('[data-testid="data-table-scroll"] tbody tr[aria-rowindex]');
          const old = row();
          const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
          const t0 = performance.now();
          channel.emit('forceRemount', { storyId: id });
          for (;;) {
            await frame();
            const now = row();
            if (now && now !== old) break;
            if (performance.now() - t0 > 30_000) throw new Error('the story did not draw its rows again');
          }
          // the frame that shows the row is painted after this callback: the next frame's start
          return (await frame()) - t0;
        }, story),
      );
    }
    return runs;
  } finally {
    await context.close();
  }
}

/**
 * Each variant `rounds` times, in turn (A B, then B A, ...), so a machine whose load drifts does not favour the
 * one measured first.
 */
export async function benchVirtualizers(browser: Browser, storybookUrl: string, rounds = 1, phaseMs = { idle: 1000, steady: 3000, smooth: 3000 }): Promise<VirtualizerFigure[]> {
  const figures: VirtualizerFigure[] = [];
  const order = Array.from({ length: rounds }, (_, r) => (r % 2 ? [...VARIANTS].reverse() : [...VARIANTS])).flat();
  for (const v of order) {
    log(`virtualizer: ${v.name}`);
    const runs = await firstRenders(browser, storybookUrl, v.story, 5);
    log(`  first render (remount to first row): ${runs.map((r) => fmt(r, 0)).join(', ')} ms`);
    const scroll = await scrollFrames(browser, storybookUrl, { story: v.story, phaseMs });
    figures.push({ variant: v.name, firstRender: summarize(runs), scroll, gzipBytes: await addedBytes(v.imports) });
  }
  return figures;
}

export function printVirtualizers(figures: VirtualizerFigure[]) {
  const mib = (b: number | null) => (b == null ? '-' : `${(b / 2 ** 20).toFixed(1)} MiB`);
  console.log('\nThe DataTable virtualizer, 100,000 rows (Chromium, 1280×800; each variant in turn on the same machine)\n');
  console.log(
    table(
      ['virtualizer', 'first render p50 / max ms', 'rows loaded in s', 'scroll frame p50 / p95 / p99 / max ms', 'frames > 16.7 ms', 'long tasks (ms)', 'idle frame p95 ms', 'JS heap', 'added gzip kB'],
      [...figures].sort((a, b) => a.variant.localeCompare(b.variant)).map((f) => [
        f.variant,
        `${fmt(f.firstRender.p50, 0)} / ${fmt(f.firstRender.max, 0)}`,
        fmt(f.scroll.loadSeconds, 1),
        `${f.scroll.all.p50} / ${f.scroll.all.p95} / ${f.scroll.all.p99} / ${f.scroll.all.max}`,
        `${f.scroll.all.over16_7} of ${f.scroll.all.n}`,
        `${f.scroll.longTasks} (${f.scroll.longTaskMs})`,
        f.scroll.idle.p95,
        mib(f.scroll.heapBytes),
        round(f.gzipBytes / 1024, 1),
      ]),
    ),
  );
}
