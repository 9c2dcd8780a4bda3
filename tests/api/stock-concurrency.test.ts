/**
 * Stock under concurrency (issue 12): 50 parallel outgoing records of 1 unit on a place holding 10 leave
 * exactly 10 accepted, 40 refused with STOCK_INSUFICIENTE and on hand 0 — on PGlite, on PostgreSQL, and on two
 * app instances sharing one PostgreSQL. And a property: random sequences of record saves, edits, moves,
 * cancellations and deletes never make the summary differ from the ledger's sums, nor make available stock
 * negative where the place does not allow it, and never answer 500.
 */
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, describeBackends, freshStore, startTestServer, type Store, type TestServer } from '../support/server';
import { stockWorld, type StockWorld } from '../support/stock';

describeBackends('stock under concurrency', (backend) => {
  const servers: TestServer[] = [];
  let store: Store;
  let w: StockWorld;
  let token: string;

  beforeAll(async () => {
    store = await freshStore(backend);
    servers.push(await startTestServer(backend, { store }));
    // PostgreSQL: a second instance of the app on the same database, as behind a load balancer
    if (backend.name === 'postgres') servers.push(await startTestServer(backend, { store }));
    token = (await api(servers[0].baseUrl).login('admin', ADMIN_PASSWORD)).access_token;
    w = await stockWorld(api(servers[0].baseUrl), token);
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await store?.dispose();
  });

  it(`of 50 parallel deliveries of 1 from a place holding 10, exactly 10 pass (${backend.name === 'postgres' ? 'two app instances' : 'one instance'})`, async () => {
    const first = api(servers[0].baseUrl);
    const held = await first.post('/api/stock_movimiento/adjust', { articulo: w.ids.clavo, ubicacion: 'Salón', cantidad: 10, apertura: true }, token);
    expect(held.status).toBe(200);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api(servers[i % servers.length].baseUrl).post('/api/registro/save', w.record('entrega', [{ articulo: w.ids.clavo, cantidad: 1, ubicacion: 'Salón' }]), token),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r).toMatchObject({ status: 406, body: { code: 'STOCK_INSUFICIENTE', errors: [{ params: { articulo: 'Clavo', ubicacion: 'Salón' } }] } });
    expect(await w.place(w.ids.clavo, 'Salón')).toEqual({ en_mano: 0, comprometido: 0, disponible: 0 });
    const db = servers[0].db as unknown as Kysely<any>;
    const rows = await db.selectFrom('stock_movimiento').select(['cantidad']).where('articulo', '=', w.ids.clavo).where('ubicacion', '=', 'Salón').execute();
    expect(rows.map((r) => Number(r.cantidad)).sort((a, b) => b - a)).toEqual([10, ...Array(10).fill(-1)]);
    expect((await first.post('/api/stock_movimiento/verify', {}, token)).body).toEqual({ ok: true, diferencias: [] });
  }, 180_000);

  it('parallel records over the same places in any order never deadlock nor drift', async () => {
    const places = ['Depósito', 'Salón'];
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const order = i % 2 ? places : [...places].reverse();
        const step = i % 3 === 0 ? 'recepcion' : i % 3 === 1 ? 'reserva' : 'entrega';
        const items = order.map((ubicacion) => ({ articulo: w.ids.clavo, cantidad: 1 + (i % 3), ubicacion }));
        return api(servers[i % servers.length].baseUrl).post('/api/registro/save', w.record(step, items), token);
      }),
    );
    for (const r of replies) expect([200, 406], JSON.stringify(r.body)).toContain(r.status);
    expect((await api(servers[0].baseUrl).post('/api/stock_movimiento/verify', {}, token)).body).toEqual({ ok: true, diferencias: [] });
  }, 180_000);

  describe('random sequences of record writes', () => {
    type Op =
      | { kind: 'save'; step: 'recepcion' | 'reserva' | 'entrega'; lines: { article: 'clavo' | 'tornillo'; place: number; qty: number }[] }
      | { kind: 'edit' | 'move' | 'cancel' | 'delete'; pick: number; qty: number; answer: boolean };
    const PLACES: Record<string, string[]> = { clavo: ['Depósito', 'Salón'], tornillo: ['Depósito', 'Obra'] };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('save' as const),
        step: fc.constantFrom('recepcion' as const, 'reserva' as const, 'entrega' as const),
        lines: fc.array(fc.record({ article: fc.constantFrom('clavo' as const, 'tornillo' as const), place: fc.nat(1), qty: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 2 }),
      }),
      fc.record({ kind: fc.constantFrom('edit' as const, 'move' as const, 'cancel' as const, 'delete' as const), pick: fc.nat(), qty: fc.integer({ min: 1, max: 6 }), answer: fc.boolean() }),
    );

    it('keep the summary equal to the ledger and available stock not negative where that is not allowed', async () => {
      const client = api(servers[0].baseUrl);
      const db = servers[0].db as unknown as Kysely<any>;
      const made: number[] = [];
      const statuses = new Set<number>();
      const call = async (path: string, body: unknown = {}) => {
        const res = await client.post(`/api/${path}`, body, token);
        statuses.add(res.status);
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        return res;
      };
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 15 }), async (ops) => {
          for (const o of ops) {
            if (o.kind === 'save') {
              const items = o.lines.map((l) => ({ articulo: w.ids[l.article], cantidad: l.qty, ubicacion: PLACES[l.article][l.place] }));
              const res = await call('registro/save', w.record(o.step, items));
              if (res.status === 200) made.push(res.body.id);
              continue;
            }
            if (!made.length) continue;
            const id = made[o.pick % made.length];
            const shown = await call(`registro/show/${id}`);
            if (shown.status !== 200) continue;
            const r = shown.body;
            if (o.kind === 'edit') await call(`registro/update/${id}`, { ...r, items: r.items.map((i: any, n: number) => (n === 0 ? { ...i, cantidad: o.qty } : i)) });
            else if (o.kind === 'move') await call(`registro/move/${id}`, r.actividad === w.ids.reserva ? { respuesta: o.answer ? 'si' : 'no' } : {});
            else if (o.kind === 'cancel') await call(`registro/cancel/${id}`);
            else if ((await call(`registro/delete/${id}`)).status === 200) made.splice(made.indexOf(id), 1);
          }
          expect((await call('stock_movimiento/verify')).body).toEqual({ ok: true, diferencias: [] });
          const negative = await db
            .selectFrom('stock_saldo')
            .select(['articulo', 'ubicacion', 'en_mano', 'comprometido'])
            .where((eb) => eb(eb('en_mano', '-', eb.ref('comprometido')), '<', 0))
            .execute();
          expect(negative.filter((n) => !(n.articulo === w.ids.tornillo && n.ubicacion === 'Obra'))).toEqual([]);
          expect((await db.selectFrom('stock_saldo').select('comprometido').where('comprometido', '<', 0).execute()).length).toBe(0);
        }),
        { numRuns: 15 },
      );
      // the sequences did reach the refusals they are about
      expect(statuses.has(406)).toBe(true);
    }, 300_000);
  });
});
