/**
 * Fuzzing the calls that are not plain entity CRUD (issue 18, Bad input and cost): every declared action of every
 * entity (records registro/*, reports reportes/*, events evento/*, invoicing registro/facturar, factura/*,
 * facturacion/*, sequences secuencia/next, tasks tarea/*, stock stock_movimiento/*, flows, instructives, …) and the
 * hand-written logged-in calls (user/*, rowConfig/update, reporteError/save, audit/verify).
 *
 * Every call gets, aimed at a real row of its entity (or a missing id): a body its schema refuses (derived from
 * the action's own JSON Schema: wrong types, values out of range, too long texts, unknown keys where the schema is
 * closed, missing required), a body that is not an object, nested 10,000 levels, over the call's body limit,
 * invalid JSON, a wrong content type, a NUL, and bad ids in the path. Each must answer a 4xx with a stable code,
 * never a 5xx; no table may gain or lose a row; the server must still serve afterwards. Keys the call does not
 * declare, where its schema is open, may be accepted but never answer 5xx.
 *
 * FUZZ_RUNS scales the number of runs (default 1); FUZZ_SEED replays a failure.
 */
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JsonSchema } from '../../engine/metadata/types';
import type { ActionSpec } from '../../server/documents/types';
import { actionUrl } from '../../server/entities/action-routes';
import { loadEntities, type Entities as Registry } from '../../server/entities';
import { MISSING_ID, assert4xxWithCode, fuzzTimeout, invalidObjectArb, oddString, params, sendRaw, tableCounts, type Answer } from '../support/fuzz';
import { ADMIN_PASSWORD, api, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';
import { seedTasks } from '../support/tasks-seed';

/** The default body limit of an action (server/entities/action-routes.ts). */
const DEFAULT_ACTION_LIMIT = 64 * 1024;
const DEPTH = 10_000;

const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObjects = (depth: number) => '{"k":'.repeat(depth) + '{}' + '}'.repeat(depth);

describeBackends('fuzzing the entity calls', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let db: Kysely<any>;
  let registry: Registry;
  /** A row of each entity the record-scope calls aim at (MISSING_ID where none was made). */
  const targets = new Map<string, number>();

  /** A raw POST: any body text, any content type. */
  const raw = (route: string, body: string | undefined, contentType: string | null, token = admin): Promise<Answer> =>
    sendRaw(srv.baseUrl + route, { headers: { authorization: `Bearer ${token}` }, body, contentType });
  const json = (route: string, body: unknown) => raw(route, body === undefined ? undefined : JSON.stringify(body), 'application/json');

  let sent = 0;
  /** A 4xx with a stable code in the body; anything else fails with what was sent. */
  const expect4xx = (res: Answer, what: string) => {
    sent++;
    assert4xxWithCode(res, what);
  };
  /** Odd but possibly acceptable input: never a 5xx. */
  const expectNo5xx = (res: Answer, what: string) => {
    sent++;
    if (res.status >= 500) throw new Error(`${what} answered ${res.status} ${JSON.stringify(res.body ?? '').slice(0, 300)}`);
  };
  const shown = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body))?.slice(0, 160);

  beforeAll(async () => {
    srv = await startTestServer(backend, { eventAllowedHosts: ['127.0.0.1'], eventWorker: false });
    client = api(srv.baseUrl);
    db = srv.db as unknown as Kysely<any>;
    registry = await loadEntities(path.resolve('schemas'));
    // a flow with records that hold tasks, a published instructive, a technician (tests/support/tasks-seed.ts)
    const seeded = await seedTasks(srv.baseUrl, db, ADMIN_PASSWORD, 1);
    admin = seeded.admin;
    const ok = seeded.ok;
    await ok('secuencia/save', { nombre: 'fuzz', prefijo: 'F-', relleno_ceros: 4, proximo_valor: 1 });
    await ok('evento/save', { nombre: 'Fuzz', accion: '*', origen: 'secuencia', uri: 'https://hooks.example.com/fuzz' });
    await ok('articulo/save', { nombre: 'Tornillo fuzz', alicuota_iva: 21 });
    for (const e of registry.entities) {
      if (registry.coreTables.has(e.name)) continue;
      const row = await db.selectFrom(e.name).select('id').orderBy('id').limit(1).executeTakeFirst().catch(() => undefined);
      targets.set(e.name, row?.id ?? MISSING_ID);
    }
  });
  afterAll(() => srv?.close());

  /** Every declared action, with its route and the id it aims at. */
  const actions = () =>
    registry.entities.flatMap((entity) =>
      Object.entries(srv.handle.docs.server(entity).actions ?? {}).map(([name, spec]) => {
        const pattern = `/api${actionUrl(entity.name, name, spec)}`;
        const target = targets.get(entity.name) ?? MISSING_ID;
        return { entity: entity.name, name, spec: spec as ActionSpec, pattern, url: (id: string | number = target) => pattern.replace(':id', String(id)) };
      }),
    );

  /** The cases every call must refuse, whatever its body schema says. */
  async function refusesMalformed(route: string, limit: number, firstKey: string) {
    const cases: [string, string | undefined, string | null][] = [
      ['invalid JSON', '{"a":', 'application/json'],
      ['invalid JSON (trailing)', '{"a":1}}', 'application/json'],
      ['a bare word', 'nope', 'application/json'],
      ['text/plain', 'hello', 'text/plain'],
      ['xml', '<a>1</a>', 'application/xml'],
      ['no content type', '{"a":1}', null],
      ['an array', '[]', 'application/json'],
      ['a string', '"text"', 'application/json'],
      ['a number', '42', 'application/json'],
      ['null', 'null', 'application/json'],
      [`arrays nested ${DEPTH} levels`, `{"${firstKey}":${deepArrays(DEPTH)}}`, 'application/json'],
      [`objects nested ${DEPTH} levels`, `{"${firstKey}":${deepObjects(DEPTH)}}`, 'application/json'],
      [`a body nested ${DEPTH} levels`, deepArrays(DEPTH), 'application/json'],
      ['a NUL in a text', JSON.stringify({ [firstKey]: 'a\u0000b' }), 'application/json'],
      ['a NUL in a key', JSON.stringify({ 'a\u0000': 1 }), 'application/json'],
      ['a lone surrogate', `{"${firstKey}":"\\ud800"}`, 'application/json'],
      ['over the body limit', JSON.stringify({ [firstKey]: 'x'.repeat(limit + 1024) }), 'application/json'],
    ];
    for (const [how, body, type] of cases) {
      const res = await raw(route, body, type);
      expect4xx(res, `${route} ${how}`);
      if (how === 'over the body limit') expect(res.status, `${route} ${how}`).toBe(413);
    }
  }

  it('every declared action refuses malformed and invalid bodies with a 4xx and a code, and writes nothing', { timeout: fuzzTimeout(600_000) }, async () => {
    const before = await tableCounts(db);
    for (const a of actions()) {
      const limit = a.spec.upload ? a.spec.upload.maxBytes + 64 * 1024 : (a.spec.bodyLimit ?? DEFAULT_ACTION_LIMIT);
      const firstKey = Object.keys(a.spec.body?.properties ?? {})[0] ?? 'x';
      if (a.spec.upload) {
        // a multipart call: JSON, no file, or an empty form are refused
        expect4xx(await json(a.url(), { registro: targets.get('registro') }), `${a.pattern} JSON instead of a form`);
        const form = new FormData();
        form.set('registro', 'abc');
        const res = await fetch(srv.baseUrl + a.url(), { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
        expect4xx({ status: res.status, body: await res.json() }, `${a.pattern} a form without a file`);
        continue;
      }
      await refusesMalformed(a.url(), limit, firstKey);
      if (a.spec.scope !== 'entity')
        for (const id of ['0', '-1', '1.5', '99999999999', 'abc%00', '1e3', '%F0%9F%98%80', 'x'.repeat(300)])
          expect4xx(await json(a.url(id), {}), `${a.pattern} with id ${id}`);
      if (a.spec.body) {
        const schema = a.spec.body as JsonSchema;
        await fc.assert(
          fc.asyncProperty(invalidObjectArb(schema, { openObjects: true }), async ({ how, body }) => {
            expect4xx(await json(a.url(), body), `${a.pattern} ${how}: ${shown(body)}`);
          }),
          params(25),
        );
      }
      // keys the call does not declare: an open schema may take them, never a 5xx (aimed at a missing row: nothing to write)
      const open = !a.spec.body || a.spec.body.additionalProperties !== false;
      if (open)
        await fc.assert(
          fc.asyncProperty(oddString(8), fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant({ a: [1, { b: null }] })), async (key, value) => {
            const res = await json(a.url(MISSING_ID), { [key.replace(/\u0000/g, '')]: value });
            expectNo5xx(res, `${a.pattern} unknown key ${shown(key)}`);
            // a call that takes no body refuses the key before anything runs (a key that is not well-formed text
            // is refused as such first)
            if (!a.spec.body && !a.spec.checksBody) {
              expect(res, `${a.pattern} unknown key ${shown(key)}`).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
              expect(['unknownField', 'format'], `${a.pattern} unknown key ${shown(key)}`).toContain((res.body as { errors: { code: string }[] }).errors[0].code);
            }
          }),
          params(5),
        );
      if (!a.spec.body && !a.spec.checksBody)
        expect(await json(a.url(MISSING_ID), { sobra: 1 }), `${a.pattern} with a key it does not take`).toMatchObject({
          status: 400,
          body: { code: 'BAD_REQUEST', errors: [{ field: 'sobra', code: 'unknownField' }] },
        });
    }
    expect(sent).toBeGreaterThan(1000);
    expect(await tableCounts(db), 'row counts after the invalid calls').toEqual(before);
  });

  it('the plain calls of every entity refuse malformed bodies too', { timeout: fuzzTimeout(600_000) }, async () => {
    const before = await tableCounts(db);
    for (const e of registry.entities) {
      // ids of a row that does not exist: a call that ignored its body could not change anything
      const calls = ['save', `update/${MISSING_ID}`, 'updateColumn', `show/${MISSING_ID}`, `delete/${MISSING_ID}`, `history/${MISSING_ID}`].map((c) => `/api/${e.name}/${c}`);
      calls.push(`/api/${e.list}/index`, `/api/${e.list}/select`, `/api/${e.list}/export`);
      // over the server's largest body limit, so over each call's own
      for (const route of calls) await refusesMalformed(route, 1024 * 1024, 'nombre');
    }
    expect(await tableCounts(db), 'row counts after the malformed calls').toEqual(before);
  });

  it('the hand-written logged-in calls refuse malformed and invalid bodies the same way', { timeout: fuzzTimeout(300_000) }, async () => {
    const before = await tableCounts(db);
    // route, its body limit, and invalid bodies (wrong types, unknown keys, missing required, too long)
    const calls: [string, number, unknown[]][] = [
      ['/api/user/changePassword', 1024 * 1024, [{}, { currentPassword: 1, password: 'x', confirmation: 'x' }, { currentPassword: 'x', password: ['a'], confirmation: 'a' }, { currentPassword: 'x'.repeat(2000), password: 'Abcdef-1!', confirmation: 'Abcdef-1!' }, { currentPassword: 'wrong', password: 'Abcdef-1!', confirmation: 'Abcdef-1!' }, { currentPassword: 'a\u0000', password: 'Abcdef-1!', confirmation: 'Abcdef-1!' }]],
      ['/api/user/changeUserPassword', 1024 * 1024, [{}, { password: 'Abcdef-1!', confirmation: 'Abcdef-1!' }, { userId: 'x', password: 'Abcdef-1!', confirmation: 'Abcdef-1!' }, { userId: 2 ** 40, password: 'Abcdef-1!', confirmation: 'Abcdef-1!' }, { username: '', password: 'a', confirmation: 'a' }, { username: 'nobody-here', password: 'Abcdef-1!', confirmation: 'Abcdef-1!' }, { username: 'admin\u0000', password: 'Abcdef-1!', confirmation: 'Abcdef-1!' }]],
      ['/api/user/changeEmail', 1024 * 1024, [{}, { currentPassword: 'x' }, { currentPassword: 'x', email: 5 }, { currentPassword: 'x', email: 'e'.repeat(400) }, { currentPassword: 'wrong', email: 'a@b.co' }, { currentPassword: 'x', email: 'a\u0000@b.co' }]],
      ['/api/user/setEnabled', 1024, [{}, { enabled: true }, { userId: 'x', enabled: true }, { userId: 1, enabled: 'yes' }, { userId: 1, enabled: false, extra: 1 }, { username: 'u'.repeat(300), enabled: true }, { userId: 2 ** 31, enabled: true }, { username: 'admin\u0000', enabled: true }]],
      ['/api/rowConfig/update', 64 * 1024, [{}, { tipo: 5, jsondata: [] }, { tipo: 'cols-nada', jsondata: [] }, { tipo: 'cols-categoria' }, { tipo: 'cols-categoria', jsondata: 'not json' }, { tipo: 'cols-categoria', jsondata: [], extra: 1 }, { tipo: 't'.repeat(5000), jsondata: [] }]],
      ['/api/reporteError/save', 128 * 1024, [{}, { url: 5 }, { url: 'u'.repeat(5000) }, { url: '/x', httpCode: 'x' }, { url: '/x', httpCode: 1e6 }, { url: '/x', extra: 1 }, { url: '/x\u0000' }]],
    ];
    for (const [route, limit, bodies] of calls) {
      await refusesMalformed(route, limit, 'x');
      for (const body of bodies) expect4xx(await json(route, body), `${route} ${shown(body)}`);
    }
    // calls that read no body: a malformed or oversized one is refused before anything runs, a deep one ignored
    for (const route of ['/api/audit/verify', '/api/user/account']) {
      expect4xx(await raw(route, '{"a":', 'application/json'), `${route} invalid JSON`);
      expect4xx(await raw(route, 'x'.repeat(2 * 1024 * 1024), 'application/json'), `${route} 2 MB`);
      expectNo5xx(await raw(route, deepArrays(DEPTH), 'application/json'), `${route} nested ${DEPTH}`);
    }
    expect(await tableCounts(db), 'row counts after the invalid calls').toEqual(before);
  });

  it('still serves afterwards', async () => {
    expect((await client.get('/api/version')).status).toBe(200);
    expect((await client.post('/api/registro/index', { max: 1 }, admin)).status).toBe(200);
    expect((await client.post(`/api/secuencia/next/fuzz`, {}, admin)).body).toMatchObject({ formatted: 'F-0001' });
  });
});
