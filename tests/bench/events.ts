/**
 * Bench (issue 15): web hook deliveries per second to a local receiver, with 1 and 2 workers sharing the queue.
 * On its own: `npx tsx tests/bench/events.ts [events=1000]` — on the embedded database (in memory, both workers in
 * this process), and with DATABASE_URL=postgres://… also on PostgreSQL (a fresh database; both workers in this
 * process, sharing the server's connection pool). The events are written first with no worker running, then the
 * clock runs from starting the workers until every delivery is acknowledged. Not part of `npm run bench` yet.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildServer, type ServerHandle } from '../../server/app';
import { SYSTEM_ACTOR } from '../../server/documents/types';
import { startEventDelivery, type EventDelivery } from '../../server/entities/evento/delivery/worker';
import { startReceiver } from '../support/receiver';

const quiet = { info() {}, warn() {}, error() {} };
const EVENTS = Number(process.argv[2] ?? 1000);
const WORKER = { log: quiet, pollMs: 20, timeoutMs: 10_000, retry: { baseMs: 1000, maxMs: 10_000, maxAgeMs: 3600_000 } };

async function run(label: string, open: () => Promise<{ handle: ServerHandle; dispose(): Promise<void> }>, workers: number): Promise<void> {
  const rx = await startReceiver();
  const { handle, dispose } = await open();
  const db = handle.db as unknown as Kysely<any>;
  try {
    await handle.docs.transaction(SYSTEM_ACTOR, quiet, async (ctx) => {
      await handle.docs.insert(ctx, 'evento', { nombre: 'bench', accion: 'insert', origen: 'secuencia', uri: rx.url });
      for (let i = 0; i < EVENTS; i++) await handle.docs.insert(ctx, 'secuencia', { nombre: `bench-${i}`, proximo_valor: 1 });
    });
    const started = performance.now();
    const running: EventDelivery[] = Array.from({ length: workers }, () => startEventDelivery({ db, ...WORKER }));
    while (rx.acknowledged().length < EVENTS) await new Promise((r) => setTimeout(r, 20));
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(running.map((w) => w.stop()));
    const ids = new Set(rx.received.map((r) => r.deliveryId));
    console.log(`${label}, ${workers} worker(s): ${EVENTS} deliveries in ${seconds.toFixed(2)} s = ${Math.round(EVENTS / seconds)} / s (${rx.received.length - ids.size} duplicates)`);
  } finally {
    await handle.close();
    await dispose();
    await rx.close();
  }
}

const common = { logger: false, eventWorker: false, eventAllowedHosts: ['127.0.0.1'], staticDir: '/nonexistent', adminPassword: 'Bench-pass1!' };

for (const workers of [1, 2])
  await run('pglite (memory)', async () => ({ handle: await buildServer({ ...common, dataDir: 'memory://' }), dispose: async () => {} }), workers);

const url = process.env.DATABASE_URL;
if (url)
  for (const workers of [1, 2])
    await run(
      'postgres',
      async () => {
        const name = `bench_events_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const u = new URL(url);
        u.pathname = `/${name}`;
        return {
          handle: await buildServer({ ...common, databaseUrl: u.toString() }),
          async dispose() {
            const c = new pg.Client({ connectionString: url });
            await c.connect();
            await c.query(`drop database if exists ${name} with (force)`);
            await c.end();
          },
        };
      },
      workers,
    );
else console.log('DATABASE_URL not set: PostgreSQL skipped');
