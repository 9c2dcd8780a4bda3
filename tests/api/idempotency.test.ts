/**
 * Writes sent with an Idempotency-Key (server/http/idempotency.ts) on both databases: a save or update whose
 * answer was lost, sent again with its key, answers the first attempt's record and writes nothing more (one
 * record, one set of stock movements, no 409 for the user's own change); concurrent twins make one write; the
 * same key with another body is refused; a failed write keeps no key; keys expire; without the header, as before.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';
import { stockWorld, type StockWorld } from '../support/stock';

describeBackends('idempotency keys', (backend) => {
  let srv: TestServer;
  let client: Api;
  let db: Kysely<any>;
  let admin: string;
  let w: StockWorld;
  let n = 0;
  /** A fresh key per submission, as the browser makes them. */
  const newKey = () => `test-${backend.name}-${++n}-${Math.random().toString(36).slice(2)}`;
  const post = (path: string, body: unknown, key?: string) => client.post(`/api/${path}`, body, admin, key ? { 'idempotency-key': key } : {});
  const records = async () => Number((await db.selectFrom('registro').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const movementsOf = async (registro: number) => db.selectFrom('stock_movimiento').select(['clase', 'cantidad']).where('registro', '=', registro).execute();
  const reservation = (cantidad: number) => w.record('reserva', [{ articulo: w.ids.clavo, cantidad }]);

  beforeAll(async () => {
    ({ srv, client, admin, db } = await startSignedIn(backend));
    w = await stockWorld(client, admin);
    expect((await post('registro/save', w.record('recepcion', [{ articulo: w.ids.clavo, cantidad: 100, ubicacion: 'Depósito' }]))).status).toBe(200);
  });
  afterAll(() => srv?.close());

  describe('a save', () => {
    it('sent again with its key answers the same record (id and number) and reserves the stock once', async () => {
      const before = await records();
      const key = newKey();
      const first = await post('registro/save', reservation(3), key);
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await post('registro/save', reservation(3), key);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(again.body).toMatchObject({ id: first.body.id, numero: first.body.numero });
      expect(await records()).toBe(before + 1);
      expect((await movementsOf(first.body.id)).map((m) => [m.clase, Number(m.cantidad)])).toEqual([['compromiso', 3]]);
      expect((await w.place(w.ids.clavo, 'Depósito')).comprometido).toBe(3);
    });

    it('concurrent twins with one key make one write, and all answer it', async () => {
      const before = await records();
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 4 }, () => post('registro/save', reservation(2), key)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(new Set(answers.map((a) => a.body.numero)).size).toBe(1);
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
      expect(await records()).toBe(before + 1);
      expect(await movementsOf(answers[0].body.id)).toHaveLength(1);
    });

    it('without the header, the same body twice is two records', async () => {
      const before = await records();
      const a = await post('registro/save', reservation(1));
      const b = await post('registro/save', reservation(1));
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.body.id).not.toBe(a.body.id);
      expect(await records()).toBe(before + 2);
    });

    it('the same key with another body is refused (a client bug) and writes nothing', async () => {
      const key = newKey();
      expect((await post('registro/save', reservation(1), key)).status).toBe(200);
      const before = await records();
      const other = await post('registro/save', reservation(5), key);
      expect(other).toMatchObject({ status: 422, body: { code: 'SOLICITUD_CLAVE_OTRO_PEDIDO', errors: [{ field: 'Idempotency-Key', code: 'SOLICITUD_CLAVE_OTRO_PEDIDO' }] } });
      expect(other.body.message).toMatch(/^Error de la aplicación/);
      expect(await records()).toBe(before);
    });

    it('a key is the user’s on one route: the same key on another route is another write', async () => {
      const key = newKey();
      const a = await post('proceso/save', { titulo: 'Uno' }, key);
      const b = await post('puesto/save', { nombre: 'Uno' }, key);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.headers.get('idempotent-replayed')).toBeNull();
    });

    it('a refused write keeps no key: its retry runs again', async () => {
      const key = newKey();
      const available = (await w.place(w.ids.clavo, 'Depósito')).disponible;
      const body = reservation(available + 5);
      expect(await post('registro/save', body, key)).toMatchObject({ status: 406, body: { code: 'STOCK_INSUFICIENTE' } });
      expect((await post('registro/save', w.record('recepcion', [{ articulo: w.ids.clavo, cantidad: 10, ubicacion: 'Depósito' }]))).status).toBe(200);
      const retried = await post('registro/save', body, key);
      expect(retried.status).toBe(200);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
    });

    it('a key older than a day is forgotten (and swept): the same request writes again', async () => {
      const key = newKey();
      const first = await post('registro/save', reservation(1), key);
      await db.updateTable('idempotency_key').set({ created_at: new Date(Date.now() - 25 * 3600_000) }).where('key', '=', key).execute();
      const stale = newKey();
      expect((await post('proceso/save', { titulo: 'Viejo' }, stale)).status).toBe(200);
      await db.updateTable('idempotency_key').set({ created_at: new Date(Date.now() - 25 * 3600_000) }).where('key', '=', stale).execute();
      const later = await post('registro/save', reservation(1), key);
      expect(later.status).toBe(200);
      expect(later.body.id).not.toBe(first.body.id);
      expect(await db.selectFrom('idempotency_key').select('id').where('key', '=', stale).execute()).toHaveLength(0);
    });

    it('a malformed key is 400 and writes nothing', async () => {
      const before = await records();
      expect(await post('registro/save', reservation(1), 'two words')).toMatchObject({ status: 400, body: { errors: [{ field: 'Idempotency-Key' }] } });
      expect(await records()).toBe(before);
    });
  });

  describe('an update', () => {
    it('sent again with its key answers the same version, not 409 VERSION_CONFLICT', async () => {
      expect((await post('registro/save', w.record('recepcion', [{ articulo: w.ids.clavo, cantidad: 10, ubicacion: 'Depósito' }]))).status).toBe(200);
      const saved = (await post('registro/save', reservation(2))).body;
      const key = newKey();
      const change = { ...saved, notas: 'urgente', items: [{ ...saved.items[0], cantidad: 4 }] };
      const first = await post(`registro/update/${saved.id}`, change, key);
      expect(first).toMatchObject({ status: 200, body: { version: saved.version + 1, notas: 'urgente' } });
      const again = await post(`registro/update/${saved.id}`, change, key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await client.post(`/api/registro/show/${saved.id}`, {}, admin)).body.version).toBe(saved.version + 1);
      // the commitment moved once: +2, then +2 more
      expect((await movementsOf(saved.id)).reduce((sum, m) => sum + Number(m.cantidad), 0)).toBe(4);
      // without a key, the lost answer's retry is the old 409
      expect((await post(`registro/update/${saved.id}`, change)).status).toBe(409);
    });

    it('a delete sent again with its key answers ok again', async () => {
      const saved = (await post('proceso/save', { titulo: 'Borrar' })).body;
      const key = newKey();
      expect(await post(`proceso/delete/${saved.id}`, {}, key)).toMatchObject({ status: 200, body: { ok: true } });
      expect(await post(`proceso/delete/${saved.id}`, {}, key)).toMatchObject({ status: 200, body: { ok: true } });
      expect((await post(`proceso/delete/${saved.id}`, {})).status).toBe(404);
    });
  });

  // PGlite runs one transaction at a time, so a twin can only wait; PostgreSQL's can outlast the wait
  it.skipIf(backend.name === 'pglite')('a twin still running past the wait answers 409 SOLICITUD_EN_CURSO', async () => {
    const key = newKey();
    const user = await db.selectFrom('usuario').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const before = await records();
    const held = new Error('rolled back');
    let answer: Awaited<ReturnType<typeof post>> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        // a first attempt that has claimed the key and not committed yet
        await trx.insertInto('idempotency_key').values({ user_id: user.id, route: '/api/registro/save', key, fingerprint: 'x' }).execute();
        answer = await post('registro/save', reservation(1), key);
        throw held;
      }),
    ).rejects.toBe(held);
    expect(answer).toMatchObject({ status: 409, body: { code: 'SOLICITUD_EN_CURSO' } });
    expect(await records()).toBe(before);
  });
});
