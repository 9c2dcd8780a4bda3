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
import { ADMIN_PASSWORD, api, createUser, describeBackends, PLAIN_PASSWORD, startTestServer, type Api, type TestServer } from '../support/server';

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
    await until(async () => (await deliveries(evento)).some((d) => d.error && /ECONNREFUSED/.test(d.error)), 'a refused connection');
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
    expect(d).toMatchObject({ estado: 'agotado', http_estado: 503, error: 'HTTP 503' });
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
    expect(refused).toMatchObject({ status: 406, body: { code: 'EVENTO_URI_PRIVADA' } });
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
    expect(attempts.at(-1)).toMatchObject({ http_estado: 200, error: null, respuesta: 'thanks' });
    expect(attempts[0]).toMatchObject({ http_estado: 503, error: 'HTTP 503', respuesta: 'busy' });
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
