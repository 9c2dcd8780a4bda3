/**
 * Slow clients and floods (issue 18, Bad input and cost): what they cost the other users. Figures only, no budget.
 *
 * - Slow clients (slowloris): BENCH_SLOW_CLIENTS connections that send their request headers one byte at a time,
 *   and as many that send complete headers and then a body one byte at a time. Printed: how long the server keeps
 *   them (it should close them after HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS with 408), how many it answered 408,
 *   how many were still open when the bench gave up, and the p95 of a normal logged-in list request before and
 *   while they hang on.
 * - Floods (BENCH_FLOOD_SECONDS each, autocannon with 32 connections): anonymous logins with wrong passwords,
 *   anonymous 1 MB bodies to the login, and logged-in 1 MB JSON bodies to a save (parsed, then refused). Printed:
 *   the flood's rate and answers, and the p95 of the normal list request before and during the flood.
 *
 * The normal request and the attackers run in the bench process, on the same machine as the server: on a loaded
 * machine every figure is slower than the server alone would be.
 */
import { connect } from 'node:net';
import autocannon, { type RawRequest } from 'autocannon';
import { log, round, summarize, type Summary } from './stats';

export interface SlowFigure {
  kind: 'headers' | 'body';
  clients: number;
  /** Seconds from connect to the server closing the connection, over the connections it closed. */
  closedAfter: Summary;
  answered408: number;
  /** Connections the server had not closed when the bench stopped watching. */
  stillOpen: number;
  watchedSeconds: number;
}

export interface FloodFigure {
  kind: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  /** Answers by status (`error`: the connection failed). */
  statuses: Record<string, number>;
  normalDuring: Summary;
}

export interface AbuseFigures {
  normalBefore: Summary;
  slow: SlowFigure[];
  normalDuringSlow: Summary;
  floods: FloodFigure[];
}

/** The normal request: the first page of the article list, as the list screen asks for it. */
const NORMAL = { path: '/api/articulo/index', body: JSON.stringify({ pattern: '', offset: 0, max: 50, sort: 'nombre', sortOrder: 'asc', filters: {} }) };

/** Sends the normal request one after another until `stop` resolves; its latencies in ms (2xx only). */
async function normalLoop(baseUrl: string, token: string, stop: Promise<unknown>): Promise<Summary> {
  let done = false;
  void stop.then(() => (done = true));
  const samples: number[] = [];
  while (!done) {
    const t0 = performance.now();
    try {
      const res = await fetch(baseUrl + NORMAL.path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: NORMAL.body });
      await res.arrayBuffer();
      if (res.ok) samples.push(performance.now() - t0);
    } catch {
      // a refused or reset connection is not a sample
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return summarize(samples);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One slow client: resolves with when the server closed it (ms) and whether it answered 408, or null when still open at `watchMs`. */
function slowClient(baseUrl: string, kind: 'headers' | 'body', stepMs: number, watchMs: number): Promise<{ closedMs: number | null; got408: boolean }> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const t0 = performance.now();
    let got = '';
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (closedMs: number | null) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      clearTimeout(watch);
      socket.destroy();
      resolve({ closedMs, got408: /^HTTP\/1\.1 408/.test(got) });
    };
    const watch = setTimeout(() => finish(null), watchMs);
    const socket = connect(Number(url.port), url.hostname, () => {
      // the headers of a login (whose body limit is 4 kB, so a 2,000-byte body is within it)
      const head = 'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n';
      let rest = kind === 'headers' ? `${head}X-Padding: ${'a'.repeat(5000)}\r\n\r\n` : '{"username":"' + 'x'.repeat(1980) + '","password":"y"}';
      if (kind === 'body') socket.write(`${head}\r\n`);
      timer = setInterval(() => {
        if (!rest.length || socket.destroyed) return;
        socket.write(rest[0]);
        rest = rest.slice(1);
      }, stepMs);
    });
    socket.setEncoding('utf8');
    socket.on('data', (d) => (got += d));
    socket.on('close', () => finish(performance.now() - t0));
    socket.on('error', () => finish(performance.now() - t0));
  });
}

async function slowClients(baseUrl: string, token: string, clients: number, watchSeconds: number): Promise<{ slow: SlowFigure[]; normal: Summary }> {
  const opened: Promise<{ kind: 'headers' | 'body'; closedMs: number | null; got408: boolean }>[] = [];
  for (let i = 0; i < clients * 2; i++) {
    const kind = i % 2 ? 'body' : 'headers';
    opened.push(slowClient(baseUrl, kind, 1000, watchSeconds * 1000).then((r) => ({ kind, ...r })));
    if (i % 50 === 49) await sleep(20); // a quick ramp, not a single burst the kernel's backlog refuses
  }
  const all = Promise.all(opened);
  const normal = await normalLoop(baseUrl, token, all);
  const results = await all;
  const slow = (['headers', 'body'] as const).map((kind) => {
    const mine = results.filter((r) => r.kind === kind);
    const closed = mine.filter((r) => r.closedMs !== null).map((r) => r.closedMs! / 1000);
    return { kind, clients: mine.length, closedAfter: summarize(closed), answered408: mine.filter((r) => r.got408).length, stillOpen: mine.length - closed.length, watchedSeconds: watchSeconds };
  });
  return { slow, normal };
}

async function flood(baseUrl: string, token: string, kind: string, seconds: number, request: (n: number) => RawRequest): Promise<FloodFigure> {
  const connections = 32;
  const statuses: Record<string, number> = {};
  let n = 0;
  const t0 = performance.now();
  const run = new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      { url: baseUrl, connections, duration: seconds, timeout: 30, requests: [{ method: 'POST', setupRequest: (req: RawRequest) => ({ ...req, ...request(n++) }) }] },
      (err) => (err ? reject(err) : resolve()),
    );
    instance.on('response', (_c: unknown, status: number) => (statuses[status] = (statuses[status] ?? 0) + 1));
    instance.on('reqError', () => (statuses.error = (statuses.error ?? 0) + 1));
  });
  const normalDuring = await normalLoop(baseUrl, token, run);
  await run;
  const elapsed = (performance.now() - t0) / 1000;
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  return { kind, connections, seconds: round(elapsed, 1), requestsPerSecond: round(total / elapsed, 0), statuses, normalDuring };
}

export async function benchAbuse(baseUrl: string, token: string, opts: { clients: number; watchSeconds: number; floodSeconds: number }): Promise<AbuseFigures> {
  const quiet = sleep(3000);
  const normalBefore = await normalLoop(baseUrl, token, quiet);
  log(`  normal list request, nothing else running: p50 ${normalBefore.p50} ms, p95 ${normalBefore.p95} ms (n=${normalBefore.n})`);

  log(`  ${opts.clients} clients sending headers and ${opts.clients} sending a body one byte a second (watched up to ${opts.watchSeconds} s)`);
  const { slow, normal: normalDuringSlow } = await slowClients(baseUrl, token, opts.clients, opts.watchSeconds);
  for (const s of slow)
    log(
      `  slow ${s.kind}: closed after p50 ${s.closedAfter.p50} s, max ${s.closedAfter.max} s; ${s.answered408} answered 408; ${s.stillOpen} of ${s.clients} still open after ${s.watchedSeconds} s`,
    );
  log(`  normal list request meanwhile: p50 ${normalDuringSlow.p50} ms, p95 ${normalDuringSlow.p95} ms (n=${normalDuringSlow.n})`);

  // made once: building 1 MB per request would load the bench process, which also times the normal request
  const mega = 'x'.repeat(1024 * 1024 - 200);
  const megaLogin = JSON.stringify({ username: mega, password: 'x' });
  const megaSave = JSON.stringify({ nombre: mega });
  const cases: [string, (n: number) => RawRequest][] = [
    [
      'anonymous logins, wrong password',
      (n) => ({ path: '/api/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: `flood${n % 500}`, password: 'wrong' }) }),
    ],
    ['anonymous 1 MB bodies to the login', () => ({ path: '/api/login', headers: { 'content-type': 'application/json' }, body: megaLogin })],
    [
      'logged-in 1 MB JSON to a save',
      () => ({ path: '/api/articulo/save', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: megaSave }),
    ],
  ];
  const floods: FloodFigure[] = [];
  for (const [kind, request] of cases) {
    const f = await flood(baseUrl, token, kind, opts.floodSeconds, request);
    floods.push(f);
    log(
      `  flood, ${kind}: ${f.requestsPerSecond} req/s (${Object.entries(f.statuses).map(([s, c]) => `${c}× ${s}`).join(', ')}); ` +
        `normal list request meanwhile p50 ${f.normalDuring.p50} ms, p95 ${f.normalDuring.p95} ms (n=${f.normalDuring.n})`,
    );
    await sleep(1000);
  }
  return { normalBefore, slow, normalDuringSlow, floods };
}
