/**
 * Web hook delivery by several workers on one database (issue 15): two instances deliver 1,000 events with no
 * duplicate and no loss; a worker killed (SIGKILL) in the middle of a delivery loses nothing and marks nothing
 * done that was not acknowledged — the delivery is sent again, with the same delivery id, once its lease is over.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../server/documents/types';
import { startEventDelivery, type EventDelivery } from '../../server/entities/evento/delivery/worker';
import { FAST_EVENTS, until } from '../support/events';
import { startReceiver, type Receiver } from '../support/receiver';
import { ADMIN_PASSWORD, api, describeBackends, freshStore, startTestServer, type Store, type TestServer } from '../support/server';

const quiet = { info() {}, warn() {}, error() {} };

describeBackends('web hook delivery by several instances', (backend) => {
  let store: Store;
  let a: TestServer;
  let b: TestServer | undefined;
  let extra: EventDelivery | undefined;
  let rx: Receiver;
  let db: Kysely<any>;
  let admin: string;

  beforeAll(async () => {
    rx = await startReceiver();
    store = await freshStore(backend);
    a = await startTestServer(backend, { ...FAST_EVENTS, store });
    db = a.db as unknown as Kysely<any>;
    admin = (await api(a.baseUrl).login('admin', ADMIN_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await extra?.stop();
    await b?.close();
    await a?.close();
    await store?.dispose();
    await rx?.close();
  });

  it('two instances deliver 1,000 events with no duplicate and no loss', { timeout: 120_000 }, async () => {
    // PostgreSQL: a second server on the same database; PGlite (one process only): a second worker on it. The
    // first server's worker is replaced by one with a generous timeout: a receiver too slow to answer in time
    // (this busy test process) would rightly get the delivery again.
    await a.close();
    a = await startTestServer(backend, { ...FAST_EVENTS, eventTimeoutMs: 10_000, store });
    db = a.db as unknown as Kysely<any>;
    admin = (await api(a.baseUrl).login('admin', ADMIN_PASSWORD)).access_token;
    if (backend.name === 'postgres') b = await startTestServer(backend, { ...FAST_EVENTS, eventTimeoutMs: 10_000, store });
    else extra = startEventDelivery({ db, log: quiet, pollMs: 30, timeoutMs: 10_000, retry: { baseMs: 40, maxMs: 150, maxAgeMs: 3600_000 } });
    const saved = await api(a.baseUrl).post('/api/evento/save', { nombre: 'mil', accion: 'insert', origen: 'secuencia', uri: rx.url }, admin);
    rx.secret = saved.body.secreto;
    // the 1,000 on PostgreSQL; fewer on the embedded database, which has one connection anyway
    const batches = backend.name === 'postgres' ? 10 : 2;
    for (let batch = 0; batch < batches; batch++)
      await a.handle.docs.transaction(SYSTEM_ACTOR, quiet, async (ctx) => {
        for (let i = 0; i < 100; i++) await a.handle.docs.insert(ctx, 'secuencia', { nombre: `mil-${batch}-${i}`, proximo_valor: 1 });
      });
    await until(
      async () => {
        const left = await db.selectFrom('evento_entrega').select(db.fn.countAll().as('n')).where('evento', '=', saved.body.id).where('estado', '!=', 'entregado').executeTakeFirstOrThrow();
        return Number(left.n) === 0;
      },
      '1,000 deliveries',
      90_000,
    );
    const ids = rx.received.map((r) => r.deliveryId);
    expect(ids).toHaveLength(batches * 100);
    expect(new Set(ids).size).toBe(batches * 100);
    expect(new Set(rx.received.map((r) => r.body.recordId)).size).toBe(batches * 100);
    expect(rx.received.every((r) => r.verified && r.answered === 200)).toBe(true);
    await db.updateTable('evento').set({ activo: false }).execute();
  });

  it.skipIf(backend.name !== 'postgres')('a worker killed mid-delivery loses nothing and marks nothing done unacknowledged', { timeout: 120_000 }, async () => {
    await b?.close();
    b = undefined;
    await extra?.stop();
    extra = undefined;
    // only the worker process delivers: a server without a worker, on the same database
    await a.close();
    a = await startTestServer(backend, { ...FAST_EVENTS, store, eventWorker: false });
    db = a.db as unknown as Kysely<any>;
    admin = (await api(a.baseUrl).login('admin', ADMIN_PASSWORD)).access_token;
    rx.received.length = 0;
    await rx.setMode('hang');
    const saved = await api(a.baseUrl).post('/api/evento/save', { nombre: 'kill', accion: '*', origen: 'secuencia', uri: rx.url }, admin);
    rx.secret = saved.body.secreto;
    const seq = await api(a.baseUrl).post('/api/secuencia/save', { nombre: 'kill-9', proximo_valor: 1 }, admin);
    expect(seq.status).toBe(200);

    const got = rx.next();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/entities/evento/delivery/worker-main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: store.options.databaseUrl, EVENT_POLL_MS: '50', EVENT_TIMEOUT_MS: '1000' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const first = await got;
    child.kill('SIGKILL');
    await exited;
    const [held] = await db.selectFrom('evento_entrega').selectAll().where('evento', '=', saved.body.id).execute();
    expect(held).toMatchObject({ estado: 'pendiente', intentos: 1, entregado: null });
    expect(first.answered).toBe(0);

    // restarted: another worker takes it up once the dead one's lease is over
    await rx.setMode('ok');
    extra = startEventDelivery({ db, log: quiet, pollMs: 50, timeoutMs: 1000, retry: { baseMs: 40, maxMs: 150, maxAgeMs: 3600_000 } });
    const done = await until(
      async () => {
        const row = await db.selectFrom('evento_entrega').selectAll().where('id', '=', held.id).executeTakeFirstOrThrow();
        return row.estado === 'entregado' ? row : undefined;
      },
      'the redelivery',
      30_000,
    );
    expect(done.intentos).toBe(2);
    expect(rx.received.map((r) => [r.deliveryId, r.answered])).toEqual([
      [String(held.id), 0],
      [String(held.id), 200],
    ]);
    expect(rx.received.every((r) => r.verified)).toBe(true);
  });
});
