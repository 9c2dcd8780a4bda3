/**
 * Bench (issue 15): web hook deliveries per second to a local receiver, with 1 and 2 workers sharing the queue.
 * Part of `npm run bench` (BENCH_EVENTS events per backend, with a budget), and on its own:
 * `npx tsx tests/bench/events.ts [events=1000]` — on the embedded database (in memory), and with
 * DATABASE_URL=postgres://… also on PostgreSQL (a fresh database). Both workers run in the bench process and share
 * the server's connection pool (two instances on one machine, without a second process). The events are written
 * first with no worker running, then the clock runs from starting the workers until every delivery is acknowledged.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildServer, type ServerHandle } from '../../server/app';
import { SYSTEM_ACTOR } from '../../server/documents/types';
import { startEventDelivery, type EventDelivery } from '../../server/entities/evento/delivery/worker';
import { startReceiver } from '../support/receiver';

const quiet = { info() {}, warn() {}, error() {} };
const WORKER = { log: quiet, pollMs: 20, timeoutMs: 10_000, retry: { baseMs: 1000, maxMs: 10_000, maxAgeMs: 3600_000 } };

export interface EventsFigure {
  backend: string;
  workers: number;
  events: number;
  seconds: number;
  perSecond: number;
  /** Deliveries the receiver got more than once (must be 0: nothing fails here). */
  duplicates: number;
}

async function once(backend: string, handle: ServerHandle, workers: number, events: number): Promise<EventsFigure> {
  const rx = await startReceiver();
  const db = handle.db as unknown as Kysely<any>;
  try {
    await handle.docs.transaction(SYSTEM_ACTOR, quiet, async (ctx) => {
      await handle.docs.insert(ctx, 'evento', { nombre: `bench ${workers}`, accion: 'insert', origen: 'secuencia', uri: rx.url });
      for (let i = 0; i < events; i++) await handle.docs.insert(ctx, 'secuencia', { nombre: `bench-${workers}-${i}`, proximo_valor: 1 });
    });
    const started = performance.now();
    const running: EventDelivery[] = Array.from({ length: workers }, () => startEventDelivery({ db, ...WORKER }));
    while (rx.acknowledged().length < events) await new Promise((r) => setTimeout(r, 20));
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(running.map((w) => w.stop()));
    await db.updateTable('evento').set({ activo: false }).execute();
    const ids = new Set(rx.received.map((r) => r.deliveryId));
    return { backend, workers, events, seconds: Number(seconds.toFixed(2)), perSecond: Math.round(events / seconds), duplicates: rx.received.length - ids.size };
  } finally {
    await rx.close();
  }
}

/** The figures with 1 and 2 workers on one database (`options`: the server's dataDir / databaseUrl). */
export async function benchEvents(backend: string, options: { dataDir: string; databaseUrl?: string }, events: number): Promise<EventsFigure[]> {
  const handle = await buildServer({ logger: false, eventWorker: false, eventAllowedHosts: ['127.0.0.1'], staticDir: '/nonexistent', adminPassword: 'Bench-pass1!', ...options });
  try {
    const out: EventsFigure[] = [];
    for (const workers of [1, 2]) out.push(await once(backend, handle, workers, events));
    return out;
  } finally {
    await handle.close();
  }
}

export const describeFigure = (f: EventsFigure) =>
  `${f.backend}, ${f.workers} worker(s): ${f.events} deliveries in ${f.seconds} s = ${f.perSecond} / s (${f.duplicates} duplicates)`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const events = Number(process.argv[2] ?? 1000);
  for (const f of await benchEvents('pglite (memory)', { dataDir: 'memory://' }, events)) console.log(describeFigure(f));
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `bench_events_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    try {
      for (const f of await benchEvents('postgres', { dataDir: '/nonexistent', databaseUrl: u.toString() }, events)) console.log(describeFigure(f));
    } finally {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
  } else console.log('DATABASE_URL not set: PostgreSQL skipped');
}
