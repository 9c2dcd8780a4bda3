/**
 * `npm run bench`: the benchmark suite of issue 5. It prints figures and budgets; it is not a test and
 * exits 0 when budgets are missed (non-zero only when something fails).
 *
 *   BENCH_ROWS=1000000     articles to seed (each with one location and one price)
 *   BENCH_RECORDS=100000   records of one activity to seed (the activity list and the 50-item save)
 *   BENCH_MOVEMENTS=BENCH_ROWS  stock movements of one article (its on-hand)
 *   BENCH_ONLY=articles,records,stock,virtualizer,abuse  which parts to measure (records,stock: no article search cases,
 *                          so BENCH_ROWS can be small: BENCH_ROWS=1000 BENCH_ONLY=records,stock BENCH_BROWSER=0;
 *                          virtualizer alone: no database, only the DataTable stories in Chromium, see virtualizer.ts)
 *   BENCH_VIRTUALIZER_ROUNDS=1  times each virtualizer is measured, in alternating order
 *   BENCH_SECONDS=5        seconds per load case and concurrency (longer when requests are slow, see load.ts)
 *   BENCH_MAX_SECONDS=30   ceiling of one load case
 *   BENCH_BACKENDS=pglite,postgres
 *   BENCH_BROWSER=0        skip the browser figures
 *   BENCH_REUSE_BUILD=1    reuse the app / Storybook builds in tests/bench/results/.build
 *   BENCH_LOAD=0           skip the autocannon load cases (the export case and the browser still run)
 *   BENCH_EVENTS=1000      web hook deliveries per backend and worker count (events.ts; 0 skips them)
 *   BENCH_DURABILITY=200   PGlite saves timed with fsync on and off (durability.ts); 0 skips them
 *   BENCH_ABUSE=0          skip the slow-client and flood cases (abuse.ts; alone: BENCH_ONLY=abuse BENCH_ROWS=1000)
 *   BENCH_SLOW_CLIENTS=1000  slow clients of each kind (headers, body); BENCH_SLOW_SECONDS=75 how long they are watched
 *   BENCH_FLOOD_SECONDS=10 seconds per flood (anonymous logins, anonymous 1 MB bodies, logged-in 1 MB bodies)
 *
 * Figures go to the console and to tests/bench/results/latest.json.
 */
import { mkdirSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { buildServer } from '../../server/app';
import { launchBrowser } from '../support/browser';
import { postgresAvailable, postgresStore, pgliteStore, warnPostgresSkipped, type BackendName, type BenchStore } from './backends';
import {
  buildApp,
  buildStorybook,
  firstRows,
  javascriptSizes,
  keystrokes,
  scrollFrames,
  serveFolder,
  type FirstRowsResult,
  type JsSize,
  type KeystrokeResult,
  type ScrollResult,
} from './browser';
import { exportCsv, type ExportResult } from './export';
import { explainList, patternTotals, type Explained, type PatternTotal } from './explain';
import { PATTERNS, deepOffsetFor, loadCases, login, runLoad, startServerProcess, type CaseResult } from './load';
import { recordCases, saveStatements, seedRecords, type RecordsSetup } from './records';
import { seedArticles, type SeedResult } from './seed';
import { seedLedger, stockCases, type LedgerSeed } from './stock';
import { budget, fmt, log, round, table, type Budget } from './stats';
import { benchEvents, type EventsFigure } from './events';
import { benchVirtualizers, printVirtualizers, type VirtualizerFigure } from './virtualizer';
import { benchDurability, type DurabilityFigure } from './durability';
import { benchAbuse, type AbuseFigures } from './abuse';

const int = (name: string, fallback: number) => {
  const v = process.env[name];
  if (v == null || v.trim() === '') return fallback;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, not ${v}`);
  return n;
};

const ROWS = int('BENCH_ROWS', 1_000_000);
const RECORDS = int('BENCH_RECORDS', 100_000);
const MOVEMENTS = int('BENCH_MOVEMENTS', ROWS);
const BUDGET_MOVEMENTS = 1_000_000;
const PARTS = ['articles', 'records', 'stock', 'virtualizer', 'abuse'] as const;
const ONLY = new Set((process.env.BENCH_ONLY ?? PARTS.join(',')).split(',').map((p) => p.trim()));
for (const p of ONLY) if (!(PARTS as readonly string[]).includes(p)) throw new Error(`BENCH_ONLY: unknown part ${p} (${PARTS.join(', ')})`);
const BUDGET_RECORDS = 100_000;
const SECONDS = int('BENCH_SECONDS', 5);
const MAX_SECONDS = Math.max(SECONDS, int('BENCH_MAX_SECONDS', 30));
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').map((b) => b.trim()) as BackendName[];
/** A part that seeds a database (the virtualizer part needs none). */
const DATABASE = ONLY.has('articles') || ONLY.has('records') || ONLY.has('stock') || ONLY.has('abuse');
const BROWSER = process.env.BENCH_BROWSER !== '0' && (ONLY.has('articles') || ONLY.has('virtualizer'));
/** The virtualizer part alone builds only the DataTable stories (a shorter build). */
const STORYBOOK = ONLY.has('articles') ? 'storybook' : 'storybook-datatable';
const REUSE_BUILD = process.env.BENCH_REUSE_BUILD === '1';
const LOAD = process.env.BENCH_LOAD !== '0';
const EVENTS = process.env.BENCH_EVENTS === '0' ? 0 : int('BENCH_EVENTS', 1000);
const DURABILITY = process.env.BENCH_DURABILITY === '0' ? 0 : int('BENCH_DURABILITY', 200);
const ABUSE = process.env.BENCH_ABUSE !== '0' && ONLY.has('abuse');
const SLOW_CLIENTS = int('BENCH_SLOW_CLIENTS', 1000);
const SLOW_SECONDS = int('BENCH_SLOW_SECONDS', 75);
const FLOOD_SECONDS = int('BENCH_FLOOD_SECONDS', 10);
/** Web hook deliveries: at most this many ms each with one worker (≥ 100 / s on PostgreSQL, ≥ 50 / s on PGlite). */
const EVENT_BUDGET_MS = { postgres: 10, pglite: 20 } as const;
const CONNECTIONS = [1, 32];
const ADMIN_PASSWORD = 'Bench-Admin1!';
const BUDGET_ROWS = 1_000_000;

const RESULTS = path.resolve('tests/bench/results');
const BUILD = path.join(RESULTS, '.build');

interface BackendReport {
  backend: BackendName;
  skipped?: string;
  describe?: string;
  version?: string;
  seed?: SeedResult;
  records?: RecordsSetup;
  /** Statements one 50-item save sends to the database (PostgreSQL only: counted at the driver). */
  saveStatements?: number | null;
  ledger?: LedgerSeed;
  explain?: Explained[];
  totals?: PatternTotal[];
  load?: CaseResult[];
  export?: ExportResult;
  firstRows?: FirstRowsResult;
  abuse?: AbuseFigures;
}

/** Storage sync through the server's own start (creates the tables and indexes), then the set-based seed. */
async function seed(
  store: BenchStore,
): Promise<{ seed: SeedResult; records?: RecordsSetup; saveStatements?: number | null; ledger?: LedgerSeed; version: string; explain: Explained[]; totals: PatternTotal[] }> {
  const handle = await buildServer({ ...store.options, adminPassword: ADMIN_PASSWORD, logger: false, staticDir: path.join(BUILD, 'none') });
  try {
    const { rows } = await sql<{ v: string }>`select version() as v`.execute(handle.db);
    const seeded = await seedArticles(handle.db, handle.docs.entity('articulo'), ROWS);
    let ledger: LedgerSeed | undefined;
    if (ONLY.has('stock')) {
      log(`${store.backend}: the stock ledger (opening movements, ${MOVEMENTS.toLocaleString('en')} movements of one article)`);
      ledger = await seedLedger(handle.db as never, ROWS, MOVEMENTS);
    }
    const patterns = PATTERNS.map((p) => p.pattern);
    let explain: Explained[] = [];
    let totals: PatternTotal[] = [];
    if (ONLY.has('articles')) {
      log(`${store.backend}: EXPLAIN ANALYZE of the list queries`);
      explain = await explainList(handle.db, patterns, deepOffsetFor(ROWS));
      log(`${store.backend}: totals of the patterns against a full count`);
      totals = await patternTotals(handle.db, patterns);
    }
    let records: RecordsSetup | undefined;
    let statements: number | null | undefined;
    if (ONLY.has('records')) {
      log(`${store.backend}: seeding ${RECORDS.toLocaleString('en')} records of one activity`);
      records = await seedRecords(handle, ADMIN_PASSWORD, RECORDS);
      statements = await saveStatements(handle, ADMIN_PASSWORD, records, ROWS);
      if (statements != null) log(`${store.backend}: a 50-item save sends ${statements} statements`);
    }
    return { seed: seeded, records, saveStatements: statements, ledger, version: rows[0].v.split(' on ')[0], explain, totals };
  } finally {
    await handle.close();
  }
}

async function benchBackend(
  name: BackendName,
  browser: Browser | null,
  once: { keystrokes?: KeystrokeResult; js?: { login: JsSize; articleList: JsSize } },
): Promise<BackendReport> {
  if (name === 'postgres' && !postgresAvailable()) {
    warnPostgresSkipped();
    return { backend: name, skipped: 'PostgreSQL binaries not found' };
  }
  log(`${name}: preparing the store`);
  const store = name === 'pglite' ? await pgliteStore() : await postgresStore();
  const untrack = track(() => store.dispose());
  const report: BackendReport = { backend: name, describe: store.describe };
  try {
    log(`${name}: seeding ${ROWS.toLocaleString('en')} articles`);
    const seeded = await seed(store);
    report.seed = seeded.seed;
    report.ledger = seeded.ledger;
    report.version = seeded.version;
    report.explain = seeded.explain;
    report.totals = seeded.totals;
    report.records = seeded.records;
    report.saveStatements = seeded.saveStatements;
    const s = seeded.seed;
    const mib = (b: number | null | undefined) => (b ? `${(b / 2 ** 20).toFixed(0)} MiB` : '?');
    log(
      `${name}: seeded in ${(s.ms.total / 1000).toFixed(1)} s (articles ${(s.ms.articles / 1000).toFixed(1)} s, children ${(s.ms.children / 1000).toFixed(1)} s, ` +
        `search words ${(s.ms.search / 1000).toFixed(1)} s, indexes ${(s.ms.indexes / 1000).toFixed(1)} s, analyze ${(s.ms.analyze / 1000).toFixed(1)} s); database ${mib(s.databaseBytes)}`,
    );
    if (s.sizes)
      log(`${name}: article table ${mib(s.sizes.table)}; search: GIN index ${mib(s.sizes.searchIndex)}, token table ${mib(s.sizes.tokens)} + its key ${mib(s.sizes.tokenKey)}`);

    const l = seeded.ledger;
    if (l)
      log(
        `${name}: ledger seeded: opening ${(l.ms.opening / 1000).toFixed(1)} s, movements ${(l.ms.movements / 1000).toFixed(1)} s, rebuild ${(l.ms.rebuild / 1000).toFixed(1)} s; ` +
          `summing the article's ${l.movements.toLocaleString('en')} rows directly: p50 ${l.directSumMs.p50.toFixed(1)} ms (the call reads the summary)`,
      );

    const server = await startServerProcess(store, {
      adminPassword: ADMIN_PASSWORD,
      staticDir: path.join(BUILD, 'app'),
      logFile: path.join(RESULTS, `server-${name}.log`),
    });
    const untrackServer = track(() => server.stop());
    try {
      log(`${name}: server process at ${server.baseUrl} (log: ${path.relative(process.cwd(), server.logFile)})`);
      const token = await login(server.baseUrl, ADMIN_PASSWORD);
      const cases = [
        ...(ONLY.has('articles') ? loadCases(ROWS, await firstCategory(server.baseUrl, token)) : []),
        ...(ONLY.has('stock') ? stockCases(MOVEMENTS) : []),
        ...(seeded.records ? recordCases(seeded.records, ROWS) : []),
      ];
      if (LOAD) report.load = await runLoad({ baseUrl: server.baseUrl, token, seconds: SECONDS, maxSeconds: MAX_SECONDS, connections: CONNECTIONS }, cases);
      if (ONLY.has('articles')) {
        log(`${name}: exporting all ${ROWS.toLocaleString('en')} articles as CSV (articulo/export)`);
        const ex = (report.export = await exportCsv(server.baseUrl, token, server.pid));
        log(
          `  export: ${ex.rows.toLocaleString('en')} rows, ${mibText(ex.bytes)} in ${(ex.ms / 1000).toFixed(1)} s (${fmt(ex.rowsPerSecond, 0)} rows/s); ` +
            `server RSS ${ex.rssBefore === null ? '?' : mibText(ex.rssBefore)} before, peak ${ex.rssPeak === null ? '?' : mibText(ex.rssPeak)} (${ex.samples} samples); ` +
            `server CPU ${ex.cpuMs === null ? '?' : `${(ex.cpuMs / 1000).toFixed(1)} s`}`,
        );
      }
      if (browser) {
        log(`${name}: browser, navigation to the first rows of the article list`);
        report.firstRows = await firstRows(browser, server.baseUrl, ADMIN_PASSWORD);
        log(`  first rows: ${report.firstRows.runs.map((r) => fmt(r, 0)).join(', ')} ms`);
        if (!once.keystrokes) {
          log(`${name}: browser, keystroke-to-paint in the article form`);
          once.keystrokes = await keystrokes(browser, server.baseUrl, ADMIN_PASSWORD);
          log(`  keystrokes: p50 ${once.keystrokes.p50} ms, p95 ${once.keystrokes.p95} ms (n=${once.keystrokes.n})`);
        }
        if (!once.js) {
          log(`${name}: browser, JavaScript loaded per route`);
          once.js = await javascriptSizes(browser, server.baseUrl, ADMIN_PASSWORD);
        }
      }
      // last: the login flood leaves this address throttled
      if (ABUSE) {
        log(`${name}: slow clients and floods (figures only; the machine's other work slows every figure)`);
        report.abuse = await benchAbuse(server.baseUrl, token, { clients: SLOW_CLIENTS, watchSeconds: SLOW_SECONDS, floodSeconds: FLOOD_SECONDS });
      }
    } finally {
      untrackServer();
      await server.stop();
    }
  } finally {
    untrack();
    await store.dispose();
  }
  return report;
}

async function firstCategory(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/categoria/index`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ max: 1 }),
  });
  if (!res.ok) throw new Error(`categoria/index answered ${res.status}`);
  const body = (await res.json()) as { rows: { id: number }[] };
  if (!body.rows.length) throw new Error('no category was seeded');
  return body.rows[0].id;
}

const mibText = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;

function packageVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(path.resolve('node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const started = new Date();
  const loadAtStart = os.loadavg().map((l) => round(l, 2));
  log(`load average ${loadAtStart.join(' ')} on ${os.cpus().length} CPUs; rows ${ROWS.toLocaleString('en')}, ${SECONDS} s per load case (at most ${MAX_SECONDS} s), backends ${BACKENDS.join(', ')}, browser ${BROWSER ? 'on' : 'off'}`);

  // the server cases need no app; the article part measures the browser too
  if (ONLY.has('articles') && (!REUSE_BUILD || !existsSync(path.join(BUILD, 'app', 'index.html')))) {
    log('building the app (vite build)');
    buildApp(path.join(BUILD, 'app'));
  }
  if (BROWSER && (!REUSE_BUILD || !existsSync(path.join(BUILD, STORYBOOK, 'iframe.html')))) {
    log('building Storybook (for the 100,000-row DataTable story)');
    buildStorybook(path.join(BUILD, STORYBOOK), STORYBOOK === 'storybook' ? undefined : '../widgets/DataTable/DataTable.stories.tsx');
  }

  const chromium = BROWSER ? await launchBrowser() : null;
  const browser = chromium?.browser ?? null;
  const chromiumVersion = browser?.version() ?? null;
  const once: { keystrokes?: KeystrokeResult; js?: { login: JsSize; articleList: JsSize } } = {};
  const backends: BackendReport[] = [];
  const eventFigures: EventsFigure[] = [];
  let durability: DurabilityFigure[] = [];
  let scroll: ScrollResult | undefined;
  let virtualizers: VirtualizerFigure[] | undefined;
  try {
    if (DATABASE)
    for (const name of BACKENDS) {
      if (name !== 'pglite' && name !== 'postgres') throw new Error(`BENCH_BACKENDS: unknown backend ${name}`);
      backends.push(await benchBackend(name, browser, once));
    }
    if (DATABASE)
    for (const name of BACKENDS) {
      if (name === 'postgres' && !postgresAvailable()) continue;
      if (!EVENTS) continue;
      log(`${name}: ${EVENTS.toLocaleString('en')} web hook deliveries to a local receiver, 1 and 2 workers`);
      const store = name === 'pglite' ? await pgliteStore() : await postgresStore();
      try {
        eventFigures.push(...(await benchEvents(name, store.options, EVENTS)));
      } finally {
        await store.dispose();
      }
    }
    if (DATABASE && DURABILITY && BACKENDS.includes('pglite')) {
      log(`pglite: ${DURABILITY} saves with fsync on (as shipped) and off (PGLITE_FSYNC=off)`);
      durability = await benchDurability(DURABILITY, RESULTS);
    }
    if (browser) {
      const sb = await serveFolder(path.join(BUILD, STORYBOOK));
      try {
        if (ONLY.has('articles')) {
          log('browser: scrolling the 100,000-row DataTable story');
          scroll = await scrollFrames(browser, sb.url);
        }
        if (ONLY.has('virtualizer')) virtualizers = await benchVirtualizers(browser, sb.url, int('BENCH_VIRTUALIZER_ROUNDS', 1));
      } finally {
        await sb.close();
      }
    }
  } finally {
    await chromium?.close();
  }

  // ---- report -------------------------------------------------------------------------------------
  const loadRows: (string | number)[][] = [];
  for (const b of backends)
    for (const r of b.load ?? [])
      loadRows.push(
        r.skipped
          ? [b.backend, r.label, r.connections, 'skipped', '', '', '', '', '']
          : [b.backend, r.label, r.connections, fmt(r.p50, 2), fmt(r.p95, 2), fmt(r.p99, 2), fmt(r.requestsPerSecond, 0), r.n, r.seconds],
      );
  if (loadRows.length) {
    console.log(`\nServer (${ROWS.toLocaleString('en')} articles; latencies in ms over loopback, autocannon in the bench process)\n`);
    console.log(table(['backend', 'case', 'conn', 'p50', 'p95', 'p99', 'req/s', 'n', 's'], loadRows));
  }
  for (const b of backends) for (const r of b.load ?? []) if (r.skipped) console.log(`  skipped: ${b.backend} ${r.label} @${r.connections}: ${r.skipped}`);

  const exportRows = backends.flatMap((b) =>
    b.export ? [[b.backend, b.export.rows, mibText(b.export.bytes), fmt(b.export.ms / 1000, 1), fmt(b.export.rowsPerSecond, 0), b.export.rssBefore === null ? '?' : (b.export.rssBefore / 1e6).toFixed(0), b.export.rssPeak === null ? '?' : (b.export.rssPeak / 1e6).toFixed(0), b.export.cpuMs === null ? '?' : fmt(b.export.cpuMs / 1000, 1)]] : [],
  );
  if (exportRows.length) {
    console.log('\nExport of every article as CSV (articulo/export, streamed; server memory sampled every 50 ms)\n');
    console.log(table(['backend', 'rows', 'size', 's', 'rows/s', 'RSS before MB', 'RSS peak MB', 'server CPU s'], exportRows));
  }

  const explainRows = backends.flatMap((b) => (b.explain ?? []).map((e) => [b.backend, e.query, fmt(e.ms, 1), e.plan]));
  if (explainRows.length) {
    console.log('\nWhere the list time goes (EXPLAIN ANALYZE of the queries behind articulo/index, in ms)\n');
    console.log(table(['backend', 'query', 'ms', 'plan'], explainRows));
  }

  const totalRows = backends.flatMap((b) =>
    (b.totals ?? []).map((t) => [b.backend, `"${t.pattern}"`, t.exact, t.answered, t.estimated ? 'estimated' : 'exact', t.exact ? `${fmt((100 * (t.answered - t.exact)) / t.exact, 1)} %` : '-']),
  );
  if (totalRows.length) {
    console.log('\nTotals a first page answers, against a full count of the matches\n');
    console.log(table(['backend', 'pattern', 'matches', 'answered', 'kind', 'error'], totalRows));
  }
  const sizeRows = backends.flatMap((b) => (b.seed?.sizes ? [[b.backend, mibText(b.seed.sizes.table), mibText(b.seed.sizes.searchIndex), mibText(b.seed.sizes.tokens + b.seed.sizes.tokenKey)]] : []));
  if (sizeRows.length) {
    console.log('\nSearch storage next to the article table\n');
    console.log(table(['backend', 'article table', 'GIN index of the words', 'token table + key'], sizeRows));
  }

  const browserRows: (string | number)[][] = [];
  for (const b of backends)
    if (b.firstRows) browserRows.push([`navigation -> first rows of the article list (${b.backend})`, `${fmt(b.firstRows.cold, 0)} cold; warm p50 ${fmt(b.firstRows.warm.p50, 0)}`, 'ms']);
  if (scroll) {
    browserRows.push([`scroll ${scroll.rowsLoaded.toLocaleString('en')} loaded rows: frame p50 / p95 / p99 / max`, `${scroll.all.p50} / ${scroll.all.p95} / ${scroll.all.p99} / ${scroll.all.max}`, 'ms']);
    browserRows.push(['  same page, not scrolling (baseline): frame p50 / p95', `${scroll.idle.p50} / ${scroll.idle.p95}`, 'ms']);
  }
  if (once.keystrokes) browserRows.push(['keystroke to paint, article form: p50 / p95 / max', `${once.keystrokes.p50} / ${once.keystrokes.p95} / ${once.keystrokes.max}`, 'ms']);
  if (once.js) {
    browserRows.push(['JavaScript for the login route (gzip)', `${(once.js.login.gzipBytes / 1024).toFixed(1)} (${once.js.login.files} files, ${(once.js.login.rawBytes / 1024).toFixed(0)} raw)`, 'kB']);
    browserRows.push(['JavaScript for the article list (gzip)', `${(once.js.articleList.gzipBytes / 1024).toFixed(1)} (${once.js.articleList.files} files, ${(once.js.articleList.rawBytes / 1024).toFixed(0)} raw)`, 'kB']);
  }
  if (browserRows.length) {
    console.log('\nBrowser (Chromium, 1280×800)\n');
    console.log(table(['figure', 'value', 'unit'], browserRows));
  }

  if (virtualizers) printVirtualizers(virtualizers);

  if (eventFigures.length) {
    console.log('\nWeb hook deliveries to a local receiver (both workers in the bench process)\n');
    console.log(table(['backend', 'workers', 'events', 's', 'deliveries/s', 'duplicates'], eventFigures.map((f) => [f.backend, f.workers, f.events, f.seconds, f.perSecond, f.duplicates])));
  }

  if (durability.length) {
    console.log('\nPGlite durability: one save (a new category, one commit) with fsync on and off (PGLITE_FSYNC)\n');
    console.log(table(['fsync', 'p50', 'p95', 'p99', 'n'], durability.map((f) => [f.fsync, fmt(f.p50, 2), fmt(f.p95, 2), fmt(f.p99, 2), f.n])));
    const [on, off] = durability;
    console.log(`  fsync costs a save ${fmt(on.p95 - off.p95, 2)} ms at p95 (${fmt(on.p50 - off.p50, 2)} ms at p50)`);
  }

  const abuseRows: (string | number)[][] = [];
  for (const b of backends) {
    const a = b.abuse;
    if (!a) continue;
    abuseRows.push([b.backend, 'nothing else running', '', fmt(a.normalBefore.p50, 1), fmt(a.normalBefore.p95, 1)]);
    const slow = a.slow.map((s) => `${s.clients} slow ${s.kind}: closed after p50 ${s.closedAfter.p50} s / max ${s.closedAfter.max} s, ${s.answered408}× 408, ${s.stillOpen} open at ${s.watchedSeconds} s`).join('; ');
    abuseRows.push([b.backend, 'slow clients (slowloris)', slow, fmt(a.normalDuringSlow.p50, 1), fmt(a.normalDuringSlow.p95, 1)]);
    for (const f of a.floods)
      abuseRows.push([b.backend, `flood: ${f.kind}`, `${f.requestsPerSecond} req/s, ${Object.entries(f.statuses).map(([st, c]) => `${c}× ${st}`).join(', ')}`, fmt(f.normalDuring.p50, 1), fmt(f.normalDuring.p95, 1)]);
  }
  if (abuseRows.length) {
    console.log('\nSlow clients and floods: a normal logged-in list request (articulo/index, 1st page) meanwhile, in ms; attackers in the bench process\n');
    console.log(table(['backend', 'while', 'attack', 'list p50', 'list p95'], abuseRows));
  }

  const budgets: Budget[] = [];
  if (DATABASE)
  for (const [name, label] of [['postgres', 'PostgreSQL'], ['pglite', 'PGlite']] as const) {
    const one = eventFigures.find((f) => f.backend === name && f.workers === 1);
    const limit = EVENT_BUDGET_MS[name];
    budgets.push(budget(`web hook delivery, time per event with 1 worker (≥ ${1000 / limit} / s), ${label}`, limit, 'ms', one ? (1000 * one.seconds) / one.events : null, one ? undefined : 'backend not run'));
  }
  const sizeNote = ROWS < BUDGET_ROWS ? `measured at ${ROWS.toLocaleString('en')} rows; the budget is for 1,000,000` : undefined;
  if (ONLY.has('articles'))
  for (const [name, limit] of [['postgres', 15], ['pglite', 40]] as const)
    for (const [key, what] of [
      ...PATTERNS.map((p) => [`index-pattern-${p.key}`, `${p.label} "${p.pattern}"`] as const),
      ['index-first-page-plain', 'sort only'] as const,
    ]) {
      const b = backends.find((x) => x.backend === name);
      const first = b?.load?.find((r) => r.key === key && r.connections === 1);
      const label = `list first page p95, ${what}, ${name === 'postgres' ? 'PostgreSQL' : 'PGlite'} (1 conn.)`;
      budgets.push(budget(label, limit, 'ms', first?.p95, b?.skipped ?? (b ? sizeNote : 'backend not run')));
    }
  // issue 17: at 32 connections, 10× what the bench of the commit before it (40e4655) printed for the same pattern
  // on PostgreSQL (README, Performance: 7, 30 and 10 req/s)
  if (ONLY.has('articles'))
    for (const [key, what, before] of [
      ['index-pattern-common', `${PATTERNS[0].label} "${PATTERNS[0].pattern}"`, 7],
      ['index-pattern-narrow', `${PATTERNS[2].label} "${PATTERNS[2].pattern}"`, 30],
      ['select-pattern', 'select as a user types "torn"', 10],
    ] as const) {
      const b = backends.find((x) => x.backend === 'postgres');
      const at32 = b?.load?.find((r) => r.key === key && r.connections === 32);
      const why = b?.skipped ?? (b ? (at32?.skipped ?? sizeNote) : 'backend not run');
      budgets.push(budget(`list throughput, ${what}, PostgreSQL (32 conn.; 10× the ${before} before issue 17)`, 10 * before, 'req/s', at32?.requestsPerSecond, why, true));
    }
  if (ONLY.has('articles'))
  for (const name of ['postgres', 'pglite'] as const) {
    const b = backends.find((x) => x.backend === name);
    const save = b?.load?.find((r) => r.key === 'save' && r.connections === 1);
    budgets.push(budget(`article save p95 (search words and tokens included), ${name === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, 15, 'ms', save?.p95, b?.skipped ?? (b ? sizeNote : 'backend not run')));
  }
  for (const b of backends)
    for (const t of b.totals ?? [])
      if (t.estimated) budgets.push(budget(`estimated total of "${t.pattern}" off by (${b.backend})`, 10, '%', (100 * Math.abs(t.answered - t.exact)) / Math.max(1, t.exact), sizeNote));
  const recordsNote = RECORDS < BUDGET_RECORDS ? `measured at ${RECORDS.toLocaleString('en')} records; the budget is for 100,000` : undefined;
  if (ONLY.has('records'))
  for (const [name, label] of [['postgres', 'PostgreSQL'], ['pglite', 'PGlite']] as const) {
    const b = backends.find((x) => x.backend === name);
    const at = (key: string) => b?.load?.find((r) => r.key === key && r.connections === 1)?.p95;
    const why = b?.skipped ?? (b ? undefined : 'backend not run');
    budgets.push(budget(`record save p95, 50 items, ${label} (1 conn.)`, 50, 'ms', at('record-save-50'), why));
    budgets.push(budget(`activity list first page p95, ${label} (1 conn.)`, name === 'postgres' ? 15 : 40, 'ms', at('record-index-activity'), why ?? recordsNote));
  }
  const movementsNote = MOVEMENTS < BUDGET_MOVEMENTS ? `measured at ${MOVEMENTS.toLocaleString('en')} movements; the budget is for 1,000,000` : undefined;
  if (ONLY.has('stock'))
  for (const name of ['postgres', 'pglite'] as const) {
    const b = backends.find((x) => x.backend === name);
    const r = b?.load?.find((x) => x.key === 'stock-balance' && x.connections === 1);
    budgets.push(budget(`on hand of one article with ${MOVEMENTS.toLocaleString('en')} movements p95, ${name === 'postgres' ? 'PostgreSQL' : 'PGlite'} (1 conn.)`, 5, 'ms', r?.p95, b?.skipped ?? (b ? movementsNote : 'backend not run')));
  }
  for (const b of backends) if (b.saveStatements != null) console.log(`\nStatements of one 50-item record save (${b.backend}): ${b.saveStatements}`);
  if (ONLY.has('articles'))
    for (const b of backends) {
      const ex = b.export;
      const note = ex && ex.rows !== ROWS ? `exported ${ex.rows.toLocaleString('en')} of ${ROWS.toLocaleString('en')} rows` : sizeNote;
      budgets.push(budget(`CSV export of every article: server peak RSS (${b.backend})`, 300, 'MB', ex?.rssPeak == null ? null : ex.rssPeak / 1e6, b.skipped ?? note));
    }
  if (ONLY.has('articles')) budgets.push(budget('scroll p95 frame time', 16.7, 'ms', scroll?.all.p95, scroll ? undefined : 'browser off'));
  if (ONLY.has('articles')) budgets.push(budget('keystroke to paint p95', 16, 'ms', once.keystrokes?.p95, once.keystrokes ? undefined : 'browser off'));
  if (ONLY.has('articles')) budgets.push(budget('login route JavaScript (gzip)', 250, 'kB', once.js ? once.js.login.gzipBytes / 1024 : null, once.js ? undefined : 'browser off'));
  if (budgets.length) {
    console.log('\nBudgets\n');
    console.log(
      table(
        ['budget', 'value', 'limit', 'status', 'note'],
        budgets.map((b) => [b.name, b.value == null ? '-' : `${b.value} ${b.unit}`, `${b.atLeast ? '≥' : '≤'} ${b.limit} ${b.unit}`, b.status, b.note ?? '']),
      ),
    );
  }

  const failures = backends.flatMap((b) => (b.load ?? []).filter((r) => r.non2xx > 0 || r.errors > 0).map((r) => `${b.backend} ${r.label} @${r.connections}: ${r.non2xx} non-2xx, ${r.errors} errors`));
  const cpus = os.cpus();
  const report = {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    settings: { rows: ROWS, records: RECORDS, movements: MOVEMENTS, only: [...ONLY], seconds: SECONDS, maxSeconds: MAX_SECONDS, connections: CONNECTIONS },
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model,
      memoryGiB: round(os.totalmem() / 2 ** 30, 1),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
      pglite: packageVersion('@electric-sql/pglite'),
      chromium: chromiumVersion,
      /** Other work on the machine skews every figure: the 1/5/15-minute load averages at start and end. */
      loadAverage: { start: loadAtStart, end: os.loadavg().map((l) => round(l, 2)) },
    },
    backends,
    browser: { scroll, keystrokes: once.keystrokes, javascript: once.js, virtualizers },
    events: eventFigures,
    durability,
    budgets,
    failures,
  };
  const file = path.join(RESULTS, 'latest.json');
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nAll figures: ${path.relative(process.cwd(), file)}`);
  if (failures.length) {
    console.error(`\nERRORS during the load runs:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

/** What an interrupted run must still undo (server process first, then the store), newest first. */
const cleanups = new Set<() => Promise<void>>();
function track(cleanup: () => Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server process and removing the temporary databases`);
    void (async () => {
      for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => {});
      process.exit(130);
    })();
  });

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
