/**
 * A whole server process (`npm start`'s entry, server/main.ts) killed with SIGKILL in the middle of web hook
 * deliveries (issue 15), then started again on the same PostgreSQL: every delivery ends acknowledged exactly once,
 * nothing is lost, events of one record still arrive in order, and nothing was marked delivered that the receiver
 * had not acknowledged.
 *
 * Delivery is at least once: a receiver may see a delivery id again. Here it does only for the attempts that were
 * in flight when the process died — the receiver had taken them but never answered (its answers had stopped) —
 * and those are sent again with the same delivery id once the dead process's lease runs out. (A process killed
 * between a receiver's 2xx and the write that records it would send that delivery again too; receivers
 * deduplicate by delivery id, docs/events.md. This test stops answering before the kill, so that case, which
 * depends on timing, does not arise.)
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../support/child-server';
import { until } from '../support/events';
import { startReceiver, type Receiver } from '../support/receiver';
import { ADMIN_PASSWORD, api, describeBackends, freshStore, startTestServer, type Store, type TestServer } from '../support/server';

/** server/main.ts as a child process on the test's database, with its worker, quick polls, a short timeout and quick retries. */
const startMain = (databaseUrl: string): Promise<ChildServer> =>
  startChildServer({
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD,
    EVENT_WORKER: 'true',
    EVENT_ALLOWED_HOSTS: '127.0.0.1',
    EVENT_POLL_MS: '50',
    EVENT_TIMEOUT_MS: '3000',
    EVENT_RETRY_BASE_MS: '100',
    EVENT_RETRY_MAX_MS: '300',
  });

describeBackends('a server killed mid-delivery', (backend) => {
  let store: Store;
  let srv: TestServer;
  let child: ChildServer | undefined;
  let rx: Receiver;
  let db: Kysely<any>;

  beforeAll(async () => {
    if (backend.name !== 'postgres') return;
    rx = await startReceiver();
    store = await freshStore(backend);
    // the writes come through an instance without a worker: only the child process delivers
    srv = await startTestServer(backend, { store, eventWorker: false, eventAllowedHosts: ['127.0.0.1'] });
    db = srv.db as unknown as Kysely<any>;
  });
  afterAll(async () => {
    if (child && child.proc.exitCode === null) await child.kill();
    await srv?.close();
    await store?.dispose();
    await rx?.close();
  });

  it.skipIf(backend.name !== 'postgres')('delivers every event exactly once after a restart, in order per record, none marked done unacknowledged', { timeout: 240_000 }, async () => {
    const client = api(srv.baseUrl);
    const admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    const post = async (p: string, body: unknown) => {
      const res = await client.post(`/api/${p}`, body, admin);
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const saved = await post('evento/save', { nombre: 'kill -9', accion: '*', origen: 'secuencia', uri: rx.url });
    rx.secret = saved.secreto;
    // 4 records × (insert + 3 updates) = 16 events, queued before any worker runs
    const records: number[] = [];
    for (let r = 0; r < 4; r++) {
      let seq = await post('secuencia/save', { nombre: `kill-${r}`, proximo_valor: 1 });
      records.push(seq.id);
      for (let v = 2; v <= 4; v++) seq = await post(`secuencia/update/${seq.id}`, { nombre: `kill-${r}`, proximo_valor: v, version: seq.version });
    }
    const deliveries = () => db.selectFrom('evento_entrega').selectAll().where('evento', '=', saved.id).orderBy('id').execute();
    expect(await deliveries()).toHaveLength(16);

    // the receiver acknowledges 5, then takes requests without answering; the server is killed while it waits
    rx.ackLimit = 5;
    child = await startMain(store.options.databaseUrl!);
    await until(async () => rx.received.length > 5 && rx.received, 'requests in flight after 5 acknowledged', 60_000);
    // every acknowledged delivery recorded first, so that no 2xx is lost to the kill (see the header)
    await until(async () => (await deliveries()).filter((d) => d.estado === 'entregado').length === 5, 'the 5 acknowledgements recorded');
    await child.kill();

    const afterKill = await deliveries();
    const acked = new Set(rx.acknowledged().map((r) => r.deliveryId));
    expect(acked.size).toBe(5);
    // nothing marked done that was not acknowledged, nothing lost
    expect(afterKill.filter((d) => d.estado === 'entregado').map((d) => String(d.id)).sort()).toEqual([...acked].sort());
    expect(afterKill.filter((d) => d.estado !== 'entregado').every((d) => d.estado === 'pendiente')).toBe(true);
    const inFlight = rx.received.filter((r) => r.answered === 0).map((r) => r.deliveryId);
    expect(inFlight.length).toBeGreaterThan(0);

    // started again: the dead process's leases run out and the rest is delivered
    rx.ackLimit = null;
    child = await startMain(store.options.databaseUrl!);
    const done = await until(async () => {
      const rows = await deliveries();
      return rows.every((d) => d.estado === 'entregado') && rows;
    }, 'every delivery', 120_000);
    await child.stop();

    expect(done).toHaveLength(16);
    expect(rx.received.every((r) => r.verified)).toBe(true);
    // each delivery id acknowledged exactly once
    const ackedIds = rx.acknowledged().map((r) => r.deliveryId);
    expect(ackedIds).toHaveLength(16);
    expect(new Set(ackedIds)).toEqual(new Set(done.map((d) => String(d.id))));
    // a delivery id seen more than once: every earlier sight went unanswered (the attempts in flight at the kill)
    const byId = new Map<string, number[]>();
    for (const r of rx.received) byId.set(r.deliveryId, [...(byId.get(r.deliveryId) ?? []), r.answered]);
    const repeated = [...byId].filter(([, answers]) => answers.length > 1);
    expect(repeated.length).toBeGreaterThan(0);
    for (const [id, answers] of repeated) {
      expect(answers.slice(0, -1).every((a) => a === 0), id).toBe(true);
      expect(answers.at(-1), id).toBe(200);
      expect(inFlight).toContain(id);
    }
    // in order per record
    for (const id of records) {
      const mine = rx.acknowledged().filter((r) => r.body.recordId === id);
      expect(mine.map((r) => r.body.event)).toEqual(['insert', 'update', 'update', 'update']);
      expect(mine.map((r) => r.body.data.proximo_valor)).toEqual([1, 2, 3, 4]);
    }
  });
});
