/**
 * Fuzzing the entity API with fast-check (issue 5, Security). For every entity of schemas/ the payloads are
 * derived from its own schema and manifest, and each one is INVALID by construction:
 *
 * - save / update: one property of an otherwise well-shaped record gets a wrong type, a text longer than its
 *   maxLength (also 1 MB and more), a number out of its range or with too many decimals, an object nested
 *   100 levels deep, an array where an object is expected (or the reverse), a value outside its enum, a NUL;
 *   or the record gets an unknown field (with odd Unicode names), loses a required field, or is not an object;
 * - updateColumn: a bad rowid, tablename or colname, an unknown key, or a value its column refuses;
 * - index / select: bad paging, unknown or mistyped sorts and filters, too long patterns, unknown keys.
 *
 * Every answer must be a 4xx (never a 2xx, never a 5xx), no table may gain or lose a row, the record the
 * updates aim at must stay as it was, and the server must still answer /api/version at the end. Odd but
 * valid input (lone surrogates, RTL marks, emoji, huge numbers where the schema sets no bound) must not
 * answer 5xx either.
 *
 * The entities' other calls (records, reports, events, invoicing, sequences, tasks, stock …) are fuzzed in
 * fuzz-calls.test.ts, the anonymous routes in fuzz-public.test.ts; the arbitraries are in tests/support/fuzz.ts.
 *
 * FUZZ_RUNS scales the number of runs (default 1); FUZZ_SEED replays a failure.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scalarType, type ResolvedEntity } from '../../engine/metadata/resolve';
import type { JsonSchema } from '../../engine/metadata/types';
import { loadEntities, type Entities as Registry } from '../../server/entities';
import {
  INT_MAX,
  MISSING_ID,
  badValueArbs,
  deepValue,
  fuzzTimeout,
  invalidObjectArb,
  oddString,
  params,
  runs,
  tableCounts,
  unknownKeyArb,
  validArb,
  type Data,
} from '../support/fuzz';
import { ADMIN_PASSWORD, api, describeBackends, startTestServer, type Api, type ApiResponse, type TestServer } from '../support/server';

/** One invalid record for `entity` (what save and update are sent), with what was done to it. */
const invalidRecordArb = (entity: ResolvedEntity) => invalidObjectArb(entity.schema);

/** Well-formed records with odd Unicode in every text and unbounded numbers at their extremes: may be refused, never 5xx. */
function oddButValidArb(entity: ResolvedEntity): fc.Arbitrary<Data> {
  const odd = (s: JsonSchema): fc.Arbitrary<unknown> => {
    const t = scalarType(s);
    if (t === 'string' && !s.enum && s.format !== 'email') {
      const max = Math.min(s.maxLength ?? 30, 30);
      const min = s.minLength ?? 0;
      return oddString(8).map((x) => x.replace(/\u0000/g, '').slice(0, max)).map((x) => (x.trim().length >= min ? x : `${x}${'ñ'.repeat(min)}`.slice(0, Math.max(max, min))));
    }
    if (t === 'number' && s.maximum === undefined && s.maxDecimals === undefined) return fc.constantFrom(1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER);
    if (t === 'object' && s.properties)
      return fc.record(Object.fromEntries(Object.entries(s.properties).map(([k, p]) => [k, odd(p)])), { requiredKeys: s.required ?? [] });
    if (t === 'array' && s.items && scalarType(s.items) === 'object') return fc.array(odd(s.items), { maxLength: 2 });
    return validArb(s);
  };
  return odd(entity.schema) as fc.Arbitrary<Data>;
}

/** Invalid updateColumn bodies for a row of the entity. */
function invalidColumnArb(entity: ResolvedEntity, rowid: number, version: number): fc.Arbitrary<{ how: string; body: unknown }> {
  const editable = entity.columns.filter((c) => c.editable);
  const notEditable = entity.columns.filter((c) => !c.editable);
  const good = (col: string, value: unknown) => ({ rowid, tablename: entity.list, colname: col, colvalue: value, version });
  const anyCol = editable[0]?.name ?? entity.columns[0]?.name ?? 'nombre';
  const arbs: fc.Arbitrary<{ how: string; body: unknown }>[] = [
    fc
      .constantFrom<unknown>('abc', -1, 0, 1.5, INT_MAX + 1, 1e300, {}, [], true, '1'.repeat(20), '-5', `${rowid} `)
      .map((bad) => ({ how: `rowid ${JSON.stringify(bad)}`, body: { ...good(anyCol, 'x'), rowid: bad } })),
    fc.oneof(oddString(), fc.constantFrom<unknown>(5, {}, ['categoria'], 'usuario', 'pg_catalog.pg_user')).filter((t) => t !== entity.list && t !== entity.name)
      .map((bad) => ({ how: `tablename ${JSON.stringify(bad)}`, body: { ...good(anyCol, 'x'), tablename: bad } })),
    fc.oneof(oddString(), fc.constantFrom<unknown>('id', 'version', 'created_by', 'password_hash', 42, {}, null))
      .filter((c) => !entity.columns.some((x) => x.name === c || x.field === c))
      .map((bad) => ({ how: `colname ${JSON.stringify(bad)}`, body: good(bad as string, 'x') })),
    fc.constantFrom<unknown>(undefined, 0, -1, 1.5, '1', {}, INT_MAX + 1).map((bad) => ({ how: `version ${JSON.stringify(bad)}`, body: { ...good(anyCol, 'x'), version: bad } })),
    unknownKeyArb(new Set(['rowid', 'tablename', 'colname', 'colvalue', 'version'])).map((k) => ({ how: `unknown key ${JSON.stringify(k)}`, body: { ...good(anyCol, 'x'), [k]: 1 } })),
    deepValue.map((v) => ({ how: 'deep colvalue', body: good(anyCol, v) })),
    fc.constantFrom<unknown>([], 'text', 7, null).map((body) => ({ how: 'not an object', body })),
  ];
  if (notEditable.length)
    arbs.push(fc.constantFrom(...notEditable).map((c) => ({ how: `not editable ${c.name}`, body: good(c.name, 'x') })));
  for (const c of editable) {
    const prop = entity.schema.properties?.[c.field];
    if (!prop) continue;
    const t = scalarType(prop);
    const bads = badValueArbs(prop).map((a) =>
      // inline edits come from text inputs: numeric texts become numbers, '' clears; keep what stays invalid
      a.filter((v) => !(typeof v === 'string' && (t === 'integer' || t === 'number') && /^\s*-?\d/.test(v))),
    );
    if (bads.length) arbs.push(fc.oneof(...bads).map((v) => ({ how: `bad ${c.name} value`, body: good(c.name, v) })));
    if (t === 'integer' || t === 'number') arbs.push(fc.constantFrom('abc', '1.5.5', '1e999', 'NaN', 'Infinity').map((v) => ({ how: `text ${v} for ${c.name}`, body: good(c.name, v) })));
  }
  return fc.oneof(...arbs);
}

/** Invalid index / select queries. */
function invalidQueryArb(entity: ResolvedEntity, route: 'index' | 'select', indexKeys: readonly string[] = []): fc.Arbitrary<{ how: string; body: unknown }> {
  const sortable = new Set([...entity.columns.filter((c) => c.sortable).map((c) => c.field), entity.rowKey]);
  const filterKeys = new Set([...entity.columns.flatMap((c) => (c.filter ? [c.filter] : [])), 'tipo', 'parentid', ...(route === 'select' ? ['id'] : [])]);
  const topKeys = new Set(['pattern', 'offset', 'max', 'sort', 'sortOrder', 'filters', ...(route === 'index' ? ['cols', ...indexKeys] : [])]);
  const aFilter = [...filterKeys][0];
  const q = (how: string, body: unknown) => ({ how, body });
  return fc.oneof(
    fc.constantFrom<unknown>(-1, -1e9, 1.5, '5', INT_MAX + 1, 1e20, true, {}, []).map((v) => q(`offset ${JSON.stringify(v)}`, { offset: v })),
    fc.constantFrom<unknown>(0, -5, 1001, 1e9, 1.5, '10', false, {}, [10]).map((v) => q(`max ${JSON.stringify(v)}`, { max: v })),
    fc.oneof(oddString(), fc.constantFrom('password_hash', 'created_by', 'nombre; drop table usuario', '1', 'id desc')).filter((s) => !sortable.has(s)).map((v) => q(`sort ${JSON.stringify(v)}`, { sort: v })),
    fc.constantFrom<unknown>(5, {}, ['nombre'], true).map((v) => q(`sort type ${JSON.stringify(v)}`, { sort: v })),
    fc.oneof(oddString(), fc.constantFrom<unknown>('ASC', 'up', 'asc ', 1, {}, ['asc'], true)).filter((v) => v !== 'asc' && v !== 'desc' && v !== '').map((v) => q(`sortOrder ${JSON.stringify(v)}`, { sortOrder: v })),
    fc.integer({ min: 201, max: 5000 }).map((n) => q(`pattern of ${n}`, { pattern: 'p'.repeat(n) })),
    fc.constantFrom<unknown>(5, {}, ['a'], true).map((v) => q(`pattern type ${JSON.stringify(v)}`, { pattern: v })),
    fc.string({ maxLength: 5 }).map((x) => q('NUL in pattern', { pattern: `${x}\u0000` })),
    fc.constantFrom<unknown>([], 'tipo', 5, true, [{ tipo: 'x' }]).map((v) => q(`filters ${JSON.stringify(v)}`, { filters: v })),
    unknownKeyArb(filterKeys).map((k) => q(`unknown filter ${JSON.stringify(k)}`, { filters: { [k]: 'ab' } })),
    fc.oneof(fc.constantFrom<unknown>({}, [], { $ne: 1 }, ['a', 'b']), deepValue).map((v) => q(`filter value ${JSON.stringify(v).slice(0, 40)}`, { filters: { [aFilter]: v } })),
    fc.integer({ min: 201, max: 3000 }).map((n) => q(`filter of ${n}`, { filters: { [aFilter]: 'f'.repeat(n) } })),
    unknownKeyArb(topKeys).map((k) => q(`unknown key ${JSON.stringify(k)}`, { [k]: 1 })),
    deepValue.map((v) => q('deep filters', { filters: v })),
    fc.constantFrom<unknown>([], 'text', 7, null).map((body) => q('not an object', body)),
    ...(route === 'index' ? [fc.constantFrom<unknown>('nombre', 5, [1, 2], [{}], { a: 1 }).map((v) => q(`cols ${JSON.stringify(v)}`, { cols: v }))] : []),
    fc.integer({ min: 1, max: 3 }).map(() => q('a body over the list limit', { pattern: 'q'.repeat(70 * 1024) })),
  );
}


/**
 * A minimal valid record: the required fields with their default, first enum value, a record of the entity they
 * refer to (`refId`), a date or a plain value.
 */
function minimalRecord(entity: ResolvedEntity, refId: (entity: string) => number | undefined): Data {
  const out: Data = {};
  for (const key of entity.schema.required ?? []) {
    const p = entity.schema.properties?.[key];
    if (!p) continue;
    const t = scalarType(p);
    const ref = (p as { 'x-ref'?: { entity?: string } })['x-ref']?.entity;
    if (p.default !== undefined) out[key] = p.default;
    else if (ref) out[key] = refId(ref) ?? 1;
    else if (p.format === 'date') out[key] = '2026-01-15';
    else if (p.format === 'date-time') out[key] = '2026-01-15T10:00:00.000Z';
    else if (Array.isArray(p.enum)) out[key] = p.enum[0];
    else if (t === 'integer' || t === 'number') out[key] = Math.max(p.minimum ?? 1, 1);
    else if (t === 'boolean') out[key] = false;
    else if (t === 'array') out[key] = [];
    else if (t === 'object') out[key] = {};
    else out[key] = `Fuzz ${entity.name}`.slice(0, p.maxLength ?? 100);
  }
  return out;
}

describeBackends('fuzzing the entity API', (backend) => {
  let srv: TestServer;
  let client: Api;
  let token: string;
  let registry: Registry;
  let db: Kysely<any>;
  const fixtures = new Map<string, number>();

  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
    db = srv.db as unknown as Kysely<any>;
    token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    registry = await loadEntities(path.resolve('schemas'));
    // a record refers to others made before it: passes until no more can be made
    let pending = registry.entities.filter((e) => !registry.coreTables.has(e.name));
    const refused = new Map<string, unknown>();
    for (let made = -1; made !== 0 && pending.length; ) {
      made = 0;
      for (const e of pending) {
        const res = await client.post(`/api/${e.name}/save`, minimalRecord(e, (name) => fixtures.get(name)), token);
        if (res.status === 200) {
          fixtures.set(e.name, res.body.id);
          made++;
        } else refused.set(e.name, `${res.status} ${JSON.stringify(res.body)}`);
      }
      pending = pending.filter((e) => !fixtures.has(e.name));
    }
    for (const e of pending) console.warn(`fuzz: no fixture row for ${e.name} (save answered ${refused.get(e.name)}); updates aim at a missing id`);
  });
  afterAll(() => srv?.close());

  /** The answer must be a 4xx; anything else fails the property with what was sent. */
  let sent = 0;
  const expect4xx = (res: ApiResponse, what: string) => {
    sent++;
    if (res.status < 400 || res.status >= 500) {
      const body = JSON.stringify(res.body ?? '').slice(0, 300);
      throw new Error(`${what} answered ${res.status} ${body}`);
    }
  };
  const describeSent = (how: string, body: unknown) => `${how}: ${JSON.stringify(body)?.slice(0, 200)}`;
  const record = (name: string, id: number | undefined) =>
    id === undefined ? Promise.resolve(undefined) : db.selectFrom(name).selectAll().where('id', '=', id).executeTakeFirst();

  // one test per entity: its writes, then its queries, then the counts
  // the entity folders, read at collection time so every entity gets its own test
  const names = readdirSync(path.resolve('schemas'))
    .filter((n) => existsSync(path.resolve('schemas', n, 'schema.json')))
    .sort();

  for (const name of names) {
    it(`${name}: invalid writes and queries answer 4xx and write nothing`, { timeout: fuzzTimeout(120_000) }, async () => {
      const entity = registry.byName.get(name)!;
      expect(entity, `schemas/${name} is not an entity of the server`).toBeDefined();
      const before = await tableCounts(db);
      const fixtureId = fixtures.get(name);
      const fixture = await record(name, fixtureId);
      const targetId = fixtureId ?? MISSING_ID;

      await fc.assert(
        fc.asyncProperty(invalidRecordArb(entity), async ({ how, body }) => {
          expect4xx(await client.post(`/api/${name}/save`, body, token), `save ${describeSent(how, body)}`);
        }),
        params(90),
      );
      await fc.assert(
        fc.asyncProperty(invalidRecordArb(entity), async ({ how, body }) => {
          const version = fixture?.version ?? 1;
          const sent = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Data), version } : body;
          expect4xx(await client.post(`/api/${name}/update/${targetId}`, sent, token), `update ${describeSent(how, sent)}`);
        }),
        params(70),
      );
      await fc.assert(
        fc.asyncProperty(invalidColumnArb(entity, targetId, fixture?.version ?? 1), async ({ how, body }) => {
          expect4xx(await client.post(`/api/${name}/updateColumn`, body, token), `updateColumn ${describeSent(how, body)}`);
        }),
        params(40),
      );
      for (const route of ['index', 'select'] as const)
        await fc.assert(
          fc.asyncProperty(invalidQueryArb(entity, route, registry.servers.get(entity.name)?.index?.keys), async ({ how, body }) => {
            expect4xx(await client.post(`/api/${entity.list}/${route}`, body, token), `${route} ${describeSent(how, body)}`);
          }),
          params(route === 'index' ? 40 : 30),
        );

      expect(sent, 'requests sent').toBeGreaterThanOrEqual(runs(250));
      sent = 0;
      expect(await tableCounts(db), 'row counts after the invalid writes').toEqual(before);
      expect(await record(name, fixtureId), 'the updated record is unchanged').toEqual(fixture);
    });
  }

  it('odd but well-formed input (lone surrogates, RTL marks, emoji, extreme numbers) never answers 5xx', { timeout: fuzzTimeout(120_000) }, async () => {
    for (const entity of registry.entities) {
      const fixtureId = fixtures.get(entity.name);
      await fc.assert(
        fc.asyncProperty(oddButValidArb(entity), async (body) => {
          const saved = await client.post(`/api/${entity.name}/save`, body, token);
          if (saved.status >= 500) throw new Error(`save answered ${saved.status}: ${JSON.stringify(body).slice(0, 300)}`);
          if (fixtureId !== undefined) {
            const current = await client.post(`/api/${entity.name}/show/${fixtureId}`, {}, token);
            const updated = await client.post(`/api/${entity.name}/update/${fixtureId}`, { ...body, version: current.body.version }, token);
            if (updated.status >= 500) throw new Error(`update answered ${updated.status}: ${JSON.stringify(body).slice(0, 300)}`);
          }
        }),
        params(20),
      );
      await fc.assert(
        fc.asyncProperty(oddString(20), async (pattern) => {
          const p = pattern.replace(/\u0000/g, '');
          for (const route of ['index', 'select']) {
            const res = await client.post(`/api/${entity.list}/${route}`, { pattern: p, filters: {} }, token);
            if (res.status >= 500) throw new Error(`${route} answered ${res.status} for pattern ${JSON.stringify(p)}`);
          }
        }),
        params(8),
      );
    }
  });

  it('regressions: the counterexamples the fuzzer found answer 400', async () => {
    const lone = 'ab\u202e\udfff\ud800';
    const cases: [string, unknown][] = [
      // lone surrogates: PGlite refused every such text, PostgreSQL every such JSON value (500)
      ['/api/puesto/save', { nombre: 'x', competencias: [{ nombre: lone }] }],
      ['/api/perfil/save', { nombre: 'x', datos_fiscales: { provincia: '\ud800' } }],
      ['/api/categoria/index', { pattern: lone }],
      ['/api/categoria/index', { filters: { nombre: lone } }],
      ['/api/categoria/getByGrupoValor', { grupo: lone, valor: 'x' }],
      ['/api/rowConfig/update', { tipo: `cols-categoria-${lone}`, jsondata: '[]' }],
      ['/api/reporteError/save', { url: lone }],
      ['/api/login', { username: lone, password: 'x' }],
      ['/api/passwordRecovery/sendRecoveryEmail', { username: lone }],
      ['/api/user/changeUserPassword', { username: lone, password: 'Abcdef-1!', confirmation: 'Abcdef-1!' }],
      // an integer past the int range inside an object kept as JSON, used as a reference (500 on PostgreSQL)
      ['/api/perfil/save', { tipo: 'clientes', empleado: { puesto: 2147483648 } }],
      // a field only the server sets, with a value of the wrong type (replaced silently, 200)
      ['/api/flujo/save', { nombre: 'x', verificado: 7, nodos: [], conexiones: [] }],
      // an unknown key in a report's empty query box (emptied silently, 200)
      ['/api/reporte/save', { descripcion: 'x', clave: 'x', contexto: 'menurep', consulta: { "+2'Xf sD ": '' } }],
    ];
    for (const [route, body] of cases) {
      const owner = route.split('/')[2];
      if (['puesto', 'perfil', 'categoria', 'flujo', 'reporte'].includes(owner) && !registry.byName.has(owner)) continue; // that entity is gone
      const res = await client.post(route, body, token);
      expect(res.status, `${route} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(400);
    }
  });

  it('still answers afterwards', async () => {
    const res = await client.get('/api/version');
    expect(res.status).toBe(200);
    expect((await client.post('/api/categoria/index', { max: 1 }, token)).status).toBe(200);
  });
});
