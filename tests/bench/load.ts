/**
 * Server load: the real server in a child process (`node <heap flags> --import tsx server/main.ts`, what
 * `npm start` runs after its build step, without the npm wrapper so signals reach it), measured from this process with
 * autocannon over loopback. Every response's latency is kept (autocannon's own histogram has no p95).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import autocannon, { type RawRequest, type Result } from 'autocannon';
import type { BenchStore } from './backends';
import { freePort } from './backends';
import { log, round, summarize, type Summary } from './stats';
import { serverNodeFlags } from '../../scripts/node-flags.mjs';

export interface ServerProcess {
  baseUrl: string;
  logFile: string;
  /** The server's own process (its memory is sampled by the export case). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts the server with the store's DATA_DIR / DATABASE_URL; resolves once /api/version answers. */
export async function startServerProcess(store: BenchStore, opts: { adminPassword: string; staticDir: string; logFile: string }): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATA_DIR', 'DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'PUBLIC_URL', 'TRUST_PROXY', 'SCHEMAS_DIR']) delete env[key];
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: opts.adminPassword, STATIC_DIR: opts.staticDir }, store.env);
  const out = openSync(opts.logFile, 'w');
  // with the heap flags `npm start` gives it (scripts/node-flags.mjs: by database)
  const flags = [...serverNodeFlags(env), ...(process.env.BENCH_NODE_ARGS?.split(' ') ?? [])];
  const child: ChildProcess = spawn(process.execPath, [...flags, '--import', 'tsx', 'server/main.ts'], {
    env,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (gone) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (gone) throw new Error(`the server process exited during start-up; see ${opts.logFile}:\n${tail(opts.logFile)}`);
    try {
      const res = await fetch(`${baseUrl}/api/version`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within 180 s; see ${opts.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, logFile: opts.logFile, pid: child.pid, stop };
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

export async function login(baseUrl: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}


export interface LoadCase {
  /** Stable key in the JSON file. */
  key: string;
  label: string;
  /** Path and JSON body of request number `n`. */
  request(n: number): { path: string; body?: unknown };
}

/** The five calls of the issue, sized to the seeded table. */
export const deepOffsetFor = (rows: number) => Math.max(0, Math.min(100_000, rows - 50));
/**
 * The patterns of issue 17 (the seed's names: 31 nouns × 21 finishes × 25 sizes × 17 brands; descriptions repeat
 * the name with "de ferretería … para uso …"): a common word (every 31st article, sorting late), three words of
 * which two are in most rows, a narrow full name with a size, a 3-letter prefix of three nouns (~10 %, sorting
 * at 77 %), a code fragment (100 internal codes), and a word no article has.
 */
export const PATTERNS = [
  { key: 'common', label: 'common word', pattern: 'tornillo' },
  { key: 'words', label: 'three words, two in most rows', pattern: 'mesa de roble' },
  { key: 'narrow', label: 'narrow full name with size', pattern: 'tornillo galvanizado 6 mm' },
  { key: 'prefix', label: '3-letter prefix, 10 %, sorting late', pattern: 'pin' },
  { key: 'code', label: 'code fragment', pattern: 'A00123' },
  { key: 'none', label: 'matches nothing', pattern: 'zzyzx' },
] as const;
/** What the EXPLAIN section and the earlier figures call the broad and the narrow pattern. */
export const PATTERN = PATTERNS[0].pattern;
export const SELECTIVE_PATTERN = PATTERNS[2].pattern;

export function loadCases(rows: number, categoryId: number): LoadCase[] {
  const deepOffset = deepOffsetFor(rows);
  const list = (body: object) => () => ({ path: '/api/articulo/index', body });
  let saved = 0;
  return [
    ...PATTERNS.map((p) => ({
      key: `index-pattern-${p.key}`,
      label: `index: 1st page, ${p.label} "${p.pattern}"`,
      request: list({ pattern: p.pattern, offset: 0, max: 50, sort: 'nombre', sortOrder: 'asc', filters: {} }),
    })),
    {
      // Not one of the issue's five calls: what the list screen asks for when it opens, for comparison.
      key: 'index-first-page-plain',
      label: 'index: 1st page, sort only',
      request: list({ pattern: '', offset: 0, max: 50, sort: 'nombre', sortOrder: 'asc', filters: {} }),
    },
    {
      key: 'index-deep-page',
      label: `index: page at offset ${deepOffset.toLocaleString('en')}`,
      request: list({ pattern: '', offset: deepOffset, max: 50, sort: 'nombre', sortOrder: 'asc', filters: {} }),
    },
    {
      key: 'select-pattern',
      label: 'select: pattern',
      request: () => ({ path: '/api/articulo/select', body: { pattern: 'torn', offset: 0, max: 20 } }),
    },
    {
      key: 'save',
      label: 'save (new, 2 child rows)',
      request: () => {
        saved += 1;
        return {
          path: '/api/articulo/save',
          body: {
            nombre: `Artículo de prueba ${process.pid}-${saved}`,
            // unique, as the schema asks, also against a database kept from an earlier run
            codigo_interno: `B${process.pid}-${saved}`,
            categoria: categoryId,
            activo: true,
            unidad_medida: 'unidad',
            alicuota_iva: 21,
            ubicaciones: [{ nombre: 'Depósito Central', cantidad_actual: 10 }],
            listas_precio: [{ lista: 'Minorista', precio: 1234.5, moneda: 'ARS' }],
          },
        };
      },
    },
    {
      key: 'show',
      label: 'show/{id} (random id)',
      // A fixed pseudo-random walk over 1..rows: every run reads the same ids.
      request: (n) => ({ path: `/api/articulo/show/${1 + ((n * 2654435761) % rows)}` }),
    },
  ];
}

export interface CaseResult extends Summary {
  key: string;
  label: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Why this run was not made (then the figures are NaN). */
  skipped?: string;
}

/**
 * A few sequential requests: checks the body is accepted (a 4xx here is a bug of the bench), warms up, and
 * returns the median latency.
 */
async function probe(baseUrl: string, token: string, c: LoadCase, times: number): Promise<number> {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const { path, body } = c.request(i);
    const t0 = performance.now();
    const res = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    took.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${c.label}: ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    if (took[took.length - 1] > 1000) break; // slow enough that one request tells the order of magnitude
  }
  return took.sort((a, b) => a - b)[Math.floor(took.length / 2)];
}

export interface LoadOptions {
  baseUrl: string;
  token: string;
  seconds: number;
  /** A run lasts longer when a request is slow, so the 32 connections complete a few rounds; never longer than this. */
  maxSeconds: number;
  connections: readonly number[];
}

export async function runCase(opts: LoadOptions, c: LoadCase, connections: number, typical: number): Promise<CaseResult> {
  // Long enough for ~10 requests per connection when the server handles one at a time (PGlite), or the
  // figures would only be the first completions; never longer than maxSeconds.
  const seconds = Math.min(opts.maxSeconds, Math.max(opts.seconds, Math.ceil((typical * connections * 10) / 1000)));
  let n = 1000;
  const samples: number[] = [];
  const t0 = performance.now();
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.baseUrl,
        connections,
        duration: seconds,
        timeout: Math.max(30, opts.maxSeconds),
        requests: [
          {
            method: 'POST',
            setupRequest: (req: RawRequest) => {
              const { path, body } = c.request(n++);
              return {
                ...req,
                path,
                headers: { authorization: `Bearer ${opts.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
                body: body === undefined ? undefined : JSON.stringify(body),
              };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) samples.push(ms);
    });
  });
  const elapsed = (performance.now() - t0) / 1000;
  return {
    key: c.key,
    label: c.label,
    connections,
    seconds: round(elapsed, 1),
    ...summarize(samples),
    requestsPerSecond: round(samples.length / elapsed, 1),
    non2xx: result.non2xx,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
}

/**
 * When autocannon stops, up to `connections` requests are still queued in the server (PGlite runs one
 * query at a time; the PostgreSQL pool queues beyond 10). Both queues are first in, first out: one more
 * request that touches the database returns only once they are done, so the next run starts on an idle server.
 */
async function drain(opts: LoadOptions) {
  const res = await fetch(`${opts.baseUrl}/api/articulo/show/1`, { method: 'POST', headers: { authorization: `Bearer ${opts.token}` } });
  await res.text();
}

export async function runLoad(opts: LoadOptions, cases: LoadCase[]): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  for (const c of cases) {
    const typical = await probe(opts.baseUrl, opts.token, c, 5);
    for (const connections of opts.connections) {
      // The server keeps working on every queued request after the client stops; when one round of all
      // connections would already outlast the run, the figures would be meaningless and the queue would take
      // minutes to drain, so the run is skipped and says so.
      if (connections > 1 && typical * connections > opts.maxSeconds * 1000) {
        const why = `one request takes ~${Math.round(typical)} ms: ${connections} at once would queue for ~${Math.round((typical * connections) / 1000)} s (> BENCH_MAX_SECONDS ${opts.maxSeconds})`;
        log(`  ${c.label} @${connections}: SKIPPED, ${why}`);
        out.push({ key: c.key, label: c.label, connections, seconds: 0, n: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN, requestsPerSecond: NaN, non2xx: 0, errors: 0, timeouts: 0, skipped: why });
        continue;
      }
      const r = await runCase(opts, c, connections, typical);
      await drain(opts);
      log(
        `  ${c.label} @${connections}: p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.requestsPerSecond} req/s (n=${r.n}` +
          `${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}${r.errors ? `, ${r.errors} errors` : ''}${r.timeouts ? `, ${r.timeouts} timeouts` : ''})`,
      );
      out.push(r);
    }
  }
  return out;
}
