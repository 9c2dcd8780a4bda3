/**
 * Web hook delivery from the outbox (issue 15) to a real local receiver: signed JSON, a 2xx acknowledges; errors,
 * timeouts and a refused connection are retried until the receiver recovers, every event then acknowledged
 * exactly once per delivery id and in order per record; exhausted after the age limit; replay; debug capture;
 * refused when the host resolves to a private address; the delivery log's filters.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { verify } from '../../server/entities/evento/delivery/signature';
import { FAST_EVENTS, until } from '../support/events';
import { startReceiver, type Receiver } from '../support/receiver';
import { ADMIN_PASSWORD, api, createUser, describeBackends, freshStore, PLAIN_PASSWORD, startTestServer, type Api, type TestServer } from '../support/server';

describeBackends('web hook delivery', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let plain: string;
  let db: Kysely<any>;
  let rx: Receiver;
  const post = (path: string, body: unknown = {}, token = admin) => client.post(`/api/${path}`, body, token);
  const ok = async (path: string, body: unknown = {}) => {
    const res = await post(path, body);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const subscribe = async (extra: Record<string, unknown> = {}) => {
    const saved = await ok('evento/save', { nombre: 'receptor', accion: '*', origen: 'secuencia', uri: rx.url, ...extra });
    rx.secret = saved.secreto;
    return saved.id as number;
  };
  const deliveries = (evento: number) => db.selectFrom('evento_entrega').selectAll().where('evento', '=', evento).orderBy('id').execute();
  const allDone = (evento: number, n: number) => async () => {
    const rows = await deliveries(evento);
    return rows.length === n && rows.every((r) => r.estado !== 'pendiente') ? rows : undefined;
  };

  beforeAll(async () => {
    rx = await startReceiver();
    srv = await startTestServer(backend, FAST_EVENTS);
    client = api(srv.baseUrl);
    db = srv.db as unknown as Kysely<any>;
    admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    await createUser(srv.db, { username: 'plain', password: PLAIN_PASSWORD, roles: ['ROLE_USER'] });
    plain = (await client.login('plain', PLAIN_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await srv?.close();
    await rx?.close();
  });
  beforeEach(async () => {
    await db.updateTable('evento').set({ activo: false }).execute();
    await rx.setMode('ok');
    rx.received.length = 0;
  });

  it('POSTs each write as signed JSON and marks it delivered on a 2xx; debug keeps request and answer', async () => {
    const evento = await subscribe({ debug: true });
    const seq = await ok('secuencia/save', { nombre: 'entrega-1', proximo_valor: 1 });
    const [d] = await until(allDone(evento, 1), 'the delivery');
    expect(d).toMatchObject({ estado: 'entregado', intentos: 1, http_estado: 200, error: null, accion: 'insert', entidad: 'secuencia', registro_id: seq.id });

    expect(rx.received).toHaveLength(1);
    const got = rx.received[0];
    expect(got.verified).toBe(true);
    expect(got.deliveryId).toBe(String(d.id));
    expect(got.event).toBe('insert');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.body).toEqual({
      id: String(d.id),
      event: 'insert',
      entity: 'secuencia',
      recordId: seq.id,
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: expect.objectContaining({ id: seq.id, nombre: 'entrega-1', proximo_valor: 1 }),
    });
    // another secret, or the body changed by one byte, does not verify
    const h = (n: string) => String(got.headers[n]);
    expect(verify('whsec_other', h('x-flujos-timestamp'), got.raw, h('x-flujos-signature'))).toBe(false);
    expect(verify(rx.secret, h('x-flujos-timestamp'), `${got.raw} `, h('x-flujos-signature'))).toBe(false);

    // the delivery log shows the exchange (debug on), to admins only
    const shown = await ok(`evento_entrega/show/${d.id}`);
    expect(shown.respuesta).toBe('thanks');
    expect(JSON.parse(shown.respuesta_headers)).toMatchObject({ 'x-receiver': 'test' });
    expect(JSON.parse(shown.solicitud)).toEqual(got.body);
    expect(JSON.parse(shown.solicitud_headers)).toMatchObject({ 'x-flujos-delivery': String(d.id) });
    expect(shown.duracion_ms).toBeGreaterThanOrEqual(0);
    expect((await post(`evento_entrega/show/${d.id}`, {}, plain)).status).toBe(403);
  });

  it('retries errors, timeouts and a refused connection until the receiver recovers: each event once, in order per record', async () => {
    const evento = await subscribe();
    await rx.setMode('error');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await ok('secuencia/save', { nombre: `orden-${i}`, proximo_valor: 1 })).id);
    await until(async () => rx.received.length >= 3 && rx.received, 'failed attempts');
    await rx.setMode('hang');
    for (let round = 1; round <= 3; round++)
      for (const id of ids) {
        const cur = await ok(`secuencia/show/${id}`);
        await ok(`secuencia/update/${id}`, { nombre: `orden-${id}-${round}`, proximo_valor: round + 1, version: cur.version });
      }
    const before = rx.received.length;
    await until(async () => rx.received.length > before && rx.received, 'a timed-out attempt');
    await rx.setMode('down');
    // the refusal kept as text and as the code the screens put in words
    await until(async () => (await deliveries(evento)).some((d) => d.error && /ECONNREFUSED/.test(d.error) && d.error_codigo === 'CONEXION_RECHAZADA'), 'a refused connection');
    const pending = await deliveries(evento);
    expect(pending.every((d) => d.estado === 'pendiente')).toBe(true);
    expect(pending.some((d) => d.intentos > 1)).toBe(true);

    await rx.setMode('ok');
    const done = await until(allDone(evento, 12), 'all 12 deliveries');
    expect(done.every((d) => d.estado === 'entregado')).toBe(true);

    const acked = rx.acknowledged();
    expect(acked).toHaveLength(12);
    expect(new Set(acked.map((r) => r.deliveryId)).size).toBe(12);
    expect(rx.received.every((r) => r.verified)).toBe(true);
    for (const id of ids) {
      const mine = acked.filter((r) => r.body.recordId === id);
      expect(mine.map((r) => r.body.event)).toEqual(['insert', 'update', 'update', 'update']);
      expect(mine.map((r) => r.body.data.proximo_valor)).toEqual([1, 2, 3, 4]);
    }
  });

  it('marks a delivery exhausted once it has been tried for longer than the age limit', async () => {
    const evento = await subscribe();
    await rx.setMode('error');
    await ok('secuencia/save', { nombre: 'agotada', proximo_valor: 1 });
    await until(async () => rx.received.length > 0 && rx.received, 'the first attempt');
    // pretend the delivery was made 3 days ago
    await db.updateTable('evento_entrega').set({ creado: new Date(Date.now() - 3 * 24 * 3600_000) }).where('evento', '=', evento).execute();
    const [d] = await until(allDone(evento, 1), 'exhaustion');
    expect(d).toMatchObject({ estado: 'agotado', http_estado: 503, error: 'HTTP 503', error_codigo: 'HTTP_503' });
  });

  it('replays any delivery on request (admin only), as a new delivery of the same event', async () => {
    const evento = await subscribe();
    const seq = await ok('secuencia/save', { nombre: 'replay', proximo_valor: 7 });
    const [first] = await until(allDone(evento, 1), 'the delivery');
    expect((await post(`evento_entrega/reenviar/${first.id}`, {}, plain)).status).toBe(403);
    const again = await ok(`evento_entrega/reenviar/${first.id}`);
    const rows = await until(allDone(evento, 2), 'the replay');
    expect(rows[1]).toMatchObject({ id: again.id, reenvio_de: first.id, estado: 'entregado', outbox_id: first.outbox_id });
    expect(rx.acknowledged().map((r) => [r.deliveryId, r.body.recordId, r.body.data.proximo_valor])).toEqual([
      [String(first.id), seq.id, 7],
      [String(again.id), seq.id, 7],
    ]);
    expect(rx.received[1].body.occurredAt).toBe(rx.received[0].body.occurredAt);
  });

  it('refuses to deliver to a host that resolves to a loopback address it was not allowed', async () => {
    // "vm" / the machine's own name resolves to 127.0.0.1; only the literal 127.0.0.1 is allowed
    const host = (await import('node:os')).hostname();
    const evento = await subscribe({ uri: `http://${host}:${rx.port}/hook` });
    await ok('secuencia/save', { nombre: 'ssrf', proximo_valor: 1 });
    const d = await until(async () => (await deliveries(evento)).find((r) => r.error), 'the refusal');
    expect(d.estado).toBe('pendiente');
    expect(d.error).toMatch(/EVENTO_URI_PRIVADA/);
    expect(d.error_codigo).toBe('DIRECCION_PRIVADA');
    expect(d.http_estado).toBeNull();
    expect(rx.received).toEqual([]);
  });

  it('delivers to a private host the admin allowed for this subscription, still checking what it resolves to', async () => {
    const host = (await import('node:os')).hostname();
    const evento = await subscribe({ uri: `http://${host}:${rx.port}/hook`, host_privado: true });
    await ok('secuencia/save', { nombre: 'permitido', proximo_valor: 1 });
    const [d] = await until(allDone(evento, 1), 'the delivery');
    expect(d).toMatchObject({ estado: 'entregado', http_estado: 200 });
    expect(rx.acknowledged().map((r) => r.deliveryId)).toEqual([String(d.id)]);
    // allowing a host never opens link-local addresses (cloud metadata)
    const refused = await post('evento/save', { nombre: 'meta', accion: '*', origen: 'secuencia', uri: 'http://169.254.169.254/latest', host_privado: true });
    expect(refused).toMatchObject({ status: 406, body: { code: 'EVENTO_URI_PROHIBIDA' } });
  });

  it('with debug on, keeps every attempt\'s request and answer, the last 20', async () => {
    const evento = await subscribe({ debug: true });
    await rx.setMode('error');
    await ok('secuencia/save', { nombre: 'intentos', proximo_valor: 1 });
    await until(async () => rx.received.length >= 22, '22 failed attempts');
    await rx.setMode('ok');
    const [d] = await until(allDone(evento, 1), 'the delivery');
    const shown = await ok(`evento_entrega/show/${d.id}`);
    const attempts = JSON.parse(shown.intentos_detalle);
    expect(attempts).toHaveLength(20);
    // the newest last, numbered up to the delivery's attempts
    expect(attempts.map((a: any) => a.intento)).toEqual(Array.from({ length: 20 }, (_, i) => d.intentos - 19 + i));
    expect(attempts.at(-1)).toMatchObject({ http_estado: 200, error: null, error_codigo: null, respuesta: 'thanks' });
    expect(attempts[0]).toMatchObject({ http_estado: 503, error: 'HTTP 503', error_codigo: 'HTTP_503', respuesta: 'busy' });
    // delivered: no problem left on the delivery
    expect([shown.estado, shown.error ?? null, shown.error_codigo ?? null]).toEqual(['entregado', null, null]);
    for (const a of attempts) {
      expect(JSON.parse(a.solicitud_headers)).toMatchObject({ 'x-flujos-delivery': String(d.id) });
      expect(JSON.parse(a.solicitud)).toMatchObject({ id: String(d.id), entity: 'secuencia' });
      expect(a.duracion_ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(a.fecha)).not.toBeNaN();
    }
    // without debug, none is kept
    const quiet = await subscribe();
    await ok('secuencia/save', { nombre: 'sin-depuracion', proximo_valor: 1 });
    const [q] = await until(allDone(quiet, 1), 'the quiet delivery');
    expect((await ok(`evento_entrega/show/${q.id}`)).intentos_detalle ?? null).toBeNull();
  });

  it('says where a pending delivery stands: failed and retried (with the policy), or waiting for an earlier one of its record', async () => {
    const evento = await subscribe({ debug: true });
    await rx.setMode('down');
    const seq = await ok('secuencia/save', { nombre: 'espera', proximo_valor: 1 });
    const [first] = await until(async () => {
      const rows = await deliveries(evento);
      return rows.length === 1 && rows[0].error_codigo === 'CONEXION_RECHAZADA' && rows;
    }, 'the first refusal');
    const cur = await ok(`secuencia/show/${seq.id}`);
    await ok(`secuencia/update/${seq.id}`, { nombre: 'espera', proximo_valor: 2, version: cur.version });
    const rows = await until(async () => ((await deliveries(evento)).length === 2 ? deliveries(evento) : undefined), 'the second delivery');
    const second = rows[1];
    // it is never tried while the first is pending: no attempts, its next attempt long past
    await new Promise((r) => setTimeout(r, 300));
    expect(await db.selectFrom('evento_entrega').select(['intentos', 'error']).where('id', '=', second.id).executeTakeFirstOrThrow()).toEqual({ intentos: 0, error: null });

    // the log's column says why, as a code the screens name
    const page = await ok('evento_entrega/index', { filters: { evento } });
    expect(Object.fromEntries(page.rows.map((r: { id: number; situacion: string }) => [r.id, r.situacion]))).toEqual({ [first.id]: 'reintento', [second.id]: 'espera' });
    // the delivery's screen: what it waits for and how retries go (the server's policy, FAST_EVENTS here)
    const waiting = await ok(`evento_entrega/situacion/${second.id}`);
    expect(waiting).toEqual({
      situacion: 'espera',
      activo: true,
      debug: true,
      espera: { id: first.id, ahead: 1, intentos: expect.any(Number), error: expect.stringMatching(/ECONNREFUSED/), error_codigo: 'CONEXION_RECHAZADA', http_estado: null, proximo_intento: expect.any(String) },
      reintentos: { baseMs: FAST_EVENTS.eventRetryBaseMs, maxMs: FAST_EVENTS.eventRetryMaxMs, maxAgeMs: 3 * 24 * 3600_000, hasta: new Date(new Date(second.creado).getTime() + 3 * 24 * 3600_000).toISOString() },
    });
    expect(waiting.espera.intentos).toBeGreaterThan(0);
    expect(await ok(`evento_entrega/situacion/${first.id}`)).toMatchObject({ situacion: 'reintento', espera: null });
    expect((await post(`evento_entrega/situacion/${first.id}`, {}, plain)).status).toBe(403);
    expect((await post('evento_entrega/situacion/999999')).status).toBe(404);

    // an inactive event holds its deliveries: they say so
    await db.updateTable('evento').set({ activo: false }).where('id', '=', evento).execute();
    expect((await ok(`evento_entrega/situacion/${second.id}`)).situacion).toBe('inactivo');
    await db.updateTable('evento').set({ activo: true }).where('id', '=', evento).execute();

    // once the receiver is back both go out, in order, and nothing is left to explain
    await rx.setMode('ok');
    await until(allDone(evento, 2), 'both deliveries');
    expect(rx.acknowledged().map((r) => r.body.event)).toEqual(['insert', 'update']);
    const done = await ok('evento_entrega/index', { filters: { evento } });
    expect(done.rows.map((r: { situacion: unknown }) => r.situacion)).toEqual([null, null]);
    expect(await ok(`evento_entrega/situacion/${second.id}`)).toMatchObject({ situacion: null, espera: null });
  });

  it('at the next start, failures recorded before their code was kept get it from their text and status, once', async () => {
    const store = await freshStore(backend, true);
    let server = await startTestServer(backend, { store, eventWorker: false });
    try {
      const other = api(server.baseUrl);
      const token = (await other.login('admin', ADMIN_PASSWORD)).access_token;
      expect((await other.post('/api/evento/save', { nombre: 'viejo', accion: '*', origen: 'secuencia', uri: 'https://hooks.example.com/x' }, token)).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await other.post('/api/secuencia/save', { nombre: `viejo-${i}`, proximo_valor: 1 }, token)).status).toBe(200);
      const old = server.db as unknown as Kysely<any>;
      const ids = (await old.selectFrom('evento_entrega').select('id').orderBy('id').execute()).map((r) => r.id as number);
      expect(ids).toHaveLength(3);
      // back to what an older version left: failures without codes, and no mark of the fill
      await old.updateTable('evento_entrega').set({ error: 'connect ECONNREFUSED 127.0.0.1:9', intentos: 2 }).where('id', '=', ids[0]).execute();
      await old.updateTable('evento_entrega').set({ error: 'HTTP 503', http_estado: 503, intentos: 1 }).where('id', '=', ids[1]).execute();
      await old.deleteFrom('app_setting').where('key', '=', 'evento_entrega.error_codigo').execute();
      await server.close();
      server = await startTestServer(backend, { store, eventWorker: false });
      const codes = async () => (await (server.db as unknown as Kysely<any>).selectFrom('evento_entrega').select(['error_codigo']).orderBy('id').execute()).map((r) => r.error_codigo);
      expect(await codes()).toEqual(['CONEXION_RECHAZADA', 'HTTP_503', null]);

      // the fill ran once: a later start does not scan the log again (a failure without a code, written by hand, stays so)
      await (server.db as unknown as Kysely<any>).updateTable('evento_entrega').set({ error: 'HTTP 500', http_estado: 500 }).where('id', '=', ids[2]).execute();
      await server.close();
      server = await startTestServer(backend, { store, eventWorker: false });
      expect(await codes()).toEqual(['CONEXION_RECHAZADA', 'HTTP_503', null]);
    } finally {
      await server.close();
      await store.dispose();
    }
  });

  it('lists deliveries with filters, newest first', async () => {
    const evento = await subscribe();
    await ok('secuencia/save', { nombre: 'lista', proximo_valor: 1 });
    await until(allDone(evento, 1), 'the delivery');
    const page = await ok('evento_entrega/index', { filters: { evento, estado: 'entregado' } });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ evento, estado: 'entregado', entidad: 'secuencia', accion: 'insert' });
    expect((await ok('evento_entrega/index', { filters: { estado: 'agotado', evento } })).total).toBe(0);
    // the event by its subscription's name (a reference); the action found by the history's name of it, in either language
    expect(page.rows[0].$labels).toEqual({ evento: 'receptor' });
    for (const typed of ['Created', 'creó']) expect((await ok('evento_entrega/index', { filters: { evento, accion: typed } })).total, typed).toBe(1);
    expect((await ok('evento_entrega/index', { filters: { evento, accion: 'Deleted' } })).total).toBe(0);
  });

  it('is read-only for everyone, admins too: no create, change or delete through the generic calls', async () => {
    const evento = await subscribe();
    await ok('secuencia/save', { nombre: 'solo-lectura', proximo_valor: 1 });
    const [d] = await until(allDone(evento, 1), 'the delivery');
    const shown = await ok(`evento_entrega/show/${d.id}`);
    expect((await post('evento_entrega/save', { evento, entidad: 'secuencia', accion: 'insert' })).status).toBe(403);
    expect((await post(`evento_entrega/update/${d.id}`, { ...shown, http_estado: 500 })).status).toBe(403);
    expect((await post('evento_entrega/updateColumn', { rowid: d.id, tablename: 'evento_entrega', colname: 'error', colvalue: 'x', version: shown.version })).status).toBe(403);
    expect((await post(`evento_entrega/delete/${d.id}`)).status).toBe(403);
    expect(await deliveries(evento)).toEqual([expect.objectContaining({ id: d.id, http_estado: 200 })]);
  });
});
