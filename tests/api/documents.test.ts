/**
 * The one write pipeline (server/documents): hooks see the previous record, nested writes roll back with
 * their parent, audit and outbox rows exist exactly when the write commits, child rows keep their ids,
 * uniqueness holds under concurrent saves, references are checked on write and on delete, and the audit
 * chain detects tampering. Over two test entities in a schemas folder of their own, on both databases;
 * hooks are given by a service built over the test server's database (the same code the server runs).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEntities } from '../../server/entities';
import { createDocuments } from '../../server/documents/service';
import { defineEntityServer, SYSTEM_ACTOR, type Documents, type DocContext, type EntityServer, type WriteArgs } from '../../server/documents/types';
import { ApiError } from '../../server/http/api-error';
import { ADMIN_PASSWORD, api, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

const GRUPO = {
  schema: {
    type: 'object',
    required: ['nombre'],
    properties: { nombre: { type: 'string', minLength: 1, maxLength: 60 }, codigo: { type: 'string', maxLength: 20, 'x-unique': { fold: true } } },
  },
  columns: { columns: ['nombre', 'codigo'] },
};
const NOTA = {
  schema: {
    type: 'object',
    required: ['nombre'],
    properties: {
      nombre: { type: 'string', minLength: 1, maxLength: 60 },
      titulo: { type: 'string', maxLength: 60, 'x-unique': { fold: true } },
      grupo: { type: ['integer', 'null'], 'x-ref': 'grupo' },
      padre: { type: ['integer', 'null'], 'x-ref': { entity: 'nota', acyclic: true, onDelete: 'setNull' } },
      lineas: {
        type: 'array',
        items: {
          type: 'object',
          required: ['texto'],
          properties: {
            texto: { type: 'string', minLength: 1, maxLength: 60 },
            cantidad: { type: 'integer', minimum: 0 },
            grupo: { type: 'integer', 'x-ref': { entity: 'grupo', onDelete: 'cascade' } },
          },
        },
      },
    },
  },
  columns: { columns: ['nombre', 'titulo', 'grupo', { name: 'padre', editable: true }] },
};

const quiet = { info() {}, warn() {}, error() {} };

describeBackends('the write pipeline', (backend) => {
  let srv: TestServer;
  let client: Api;
  let token: string;
  let db: Kysely<any>;
  let dir: string;
  let docs: Documents;
  /** What the test hooks saw. */
  let seen: { kind: string; previous: any; doc: any }[] = [];
  let nested: 'none' | 'fail' | 'fail-caught' = 'none';

  const hooks: EntityServer = defineEntityServer({
    validate: ({ kind, previous, doc }: WriteArgs) => {
      seen.push({ kind, previous, doc });
    },
    async afterWrite({ ctx, doc }) {
      if (nested === 'none' || doc.nombre !== 'con hijo') return;
      // a nested insert that fails validation (grupo needs a nombre)
      const attempt = ctx.docs.insert(ctx, 'grupo', { codigo: 'sin-nombre' });
      if (nested === 'fail') await attempt;
      else await attempt.catch(() => {});
    },
    actions: {
      marcar: { scope: 'record', body: { type: 'object', properties: { titulo: { type: 'string' } }, additionalProperties: false }, async run({ ctx, id, body }) { return ctx.docs.patch(ctx, 'nota', id!, { titulo: String((body as any).titulo) }); } },
    },
  });

  const post = (p: string, body: unknown = {}) => client.post(`/api/${p}`, body, token);
  const save = async (entity: string, record: object) => {
    const res = await post(`${entity}/save`, record);
    if (res.status !== 200) throw new Error(`${entity}/save answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const inTransaction = <T>(fn: (ctx: DocContext) => Promise<T>) => docs.transaction(SYSTEM_ACTOR, quiet, fn);
  const count = async (table: string, where = sql`true`) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(db)).rows[0].n);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flujos-docs-'));
    for (const [name, e] of Object.entries({ grupo: GRUPO, nota: NOTA })) {
      await mkdir(path.join(dir, name));
      await writeFile(path.join(dir, name, 'schema.json'), JSON.stringify(e.schema));
      await writeFile(path.join(dir, name, 'columns.json'), JSON.stringify(e.columns));
    }
    srv = await startTestServer(backend, { schemasDir: dir });
    client = api(srv.baseUrl);
    token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    db = srv.db as unknown as Kysely<any>;
    const entities = await loadEntities(dir);
    docs = createDocuments({ db, registry: entities, servers: new Map([['nota', hooks]]) });
  });
  afterAll(async () => {
    await srv?.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    seen = [];
    nested = 'none';
  });

  it('gives hooks the stored record before the change: none on insert, the whole record on update and on a patch', async () => {
    const created = await inTransaction((ctx) => docs.insert(ctx, 'nota', { nombre: 'Original', lineas: [{ texto: 'una', cantidad: 1 }] }));
    expect(seen[0]).toMatchObject({ kind: 'insert', previous: null });
    await inTransaction((ctx) => docs.update(ctx, 'nota', created.id, { nombre: 'Cambiada', lineas: created.lineas as object[] }, 1));
    expect(seen[1]).toMatchObject({ kind: 'update', previous: { id: created.id, version: 1, nombre: 'Original' } });
    // an inline edit: the hook sees the whole stored record, and the whole merged record as the new one
    await inTransaction((ctx) => docs.patch(ctx, 'nota', created.id, { titulo: 'Título' }));
    expect(seen[2].kind).toBe('patch');
    expect(seen[2].previous).toMatchObject({ version: 2, nombre: 'Cambiada', lineas: [{ id: (created.lineas as any)[0].id, texto: 'una', cantidad: 1 }] });
    expect(seen[2].doc).toMatchObject({ nombre: 'Cambiada', titulo: 'Título', lineas: [{ id: (created.lineas as any)[0].id, texto: 'una' }] });
  });

  it('an inline cell edit (updateColumn) is checked against the whole record and keeps its child rows', async () => {
    const parent = await save('nota', { nombre: 'Padre de celda' });
    const n = await save('nota', { nombre: 'Celda', lineas: [{ texto: 'queda' }] });
    const res = await post('nota/updateColumn', { rowid: n.id, tablename: 'nota', colname: 'padre', colvalue: String(parent.id), version: n.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ padre: parent.id, version: 2, lineas: [{ id: n.lineas[0].id, texto: 'queda' }] });
    // a stale version is refused, and a reference to a missing row too
    const stale = await post('nota/updateColumn', { rowid: n.id, tablename: 'nota', colname: 'padre', colvalue: '', version: 1 });
    expect(stale).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
    const missing = await post('nota/updateColumn', { rowid: n.id, tablename: 'nota', colname: 'padre', colvalue: '987654', version: res.body.version });
    expect(missing).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'padre', code: 'enum' }] } });
  });

  it('a failing nested insert rolls back its parent; a nested failure the hook handles leaves only the parent', async () => {
    const audits = () => count('audit_log', sql`entity in ('nota', 'grupo') and changes::text like '%con hijo%'`);
    nested = 'fail';
    await expect(inTransaction((ctx) => docs.insert(ctx, 'nota', { nombre: 'con hijo' }))).rejects.toBeInstanceOf(ApiError);
    expect(await count('nota', sql`nombre = 'con hijo'`)).toBe(0);
    expect(await count('grupo', sql`codigo = 'sin-nombre'`)).toBe(0);
    expect(await audits()).toBe(0);
    nested = 'fail-caught';
    const saved = await inTransaction((ctx) => docs.insert(ctx, 'nota', { nombre: 'con hijo' }));
    expect(await count('nota', sql`id = ${saved.id}`)).toBe(1);
    expect(await count('grupo', sql`codigo = 'sin-nombre'`)).toBe(0);
    expect(await audits()).toBe(1);
  });

  it('writes its audit row and outbox event only when the transaction commits', async () => {
    const events = (id: number) => count('outbox_event', sql`entity = 'nota' and record_id = ${id}`);
    const audited = (id: number) => count('audit_log', sql`entity = 'nota' and record_id = ${id}`);
    let id = 0;
    await expect(
      inTransaction(async (ctx) => {
        id = (await docs.insert(ctx, 'nota', { nombre: 'Se deshace' })).id;
        throw new Error('the caller failed after the write');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await count('nota', sql`id = ${id}`)).toBe(0);
    expect(await events(id)).toBe(0);
    expect(await audited(id)).toBe(0);

    const kept = await save('nota', { nombre: 'Queda' });
    expect(await events(kept.id)).toBe(1);
    expect(await audited(kept.id)).toBe(1);
    const event = await db.selectFrom('outbox_event').selectAll().where('entity', '=', 'nota').where('record_id', '=', kept.id).executeTakeFirstOrThrow();
    const payload = typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload;
    expect(event.action).toBe('insert');
    expect(payload.record).toMatchObject({ id: kept.id, nombre: 'Queda' });
  });

  it('keeps child row ids across updates: kept rows keep theirs, removed rows are gone, new rows get new ones', async () => {
    const n = await save('nota', { nombre: 'Con líneas', lineas: [{ texto: 'a', cantidad: 1 }, { texto: 'b', cantidad: 2 }, { texto: 'c', cantidad: 3 }] });
    const [a, b, c] = n.lineas;
    const res = await post(`nota/update/${n.id}`, { ...n, lineas: [{ ...c, cantidad: 30 }, a, { texto: 'd' }] });
    expect(res.status).toBe(200);
    expect(res.body.lineas).toEqual([
      { id: c.id, texto: 'c', cantidad: 30 },
      { id: a.id, texto: 'a', cantidad: 1 },
      { id: expect.any(Number), texto: 'd' },
    ]);
    expect([a.id, b.id, c.id]).not.toContain(res.body.lineas[2].id);
    expect(await count('nota__lineas', sql`id = ${b.id}`)).toBe(0);
    const positions = await db.selectFrom('nota__lineas').select(['id', 'position']).where('parent_id', '=', n.id).orderBy('position').execute();
    expect(positions.map((p) => p.id)).toEqual(res.body.lineas.map((l: any) => l.id));
    // the history names what changed in the child rows
    const history = (await post(`nota/history/${n.id}`)).body;
    expect(history.total).toBe(2);
    expect(history.rows[0]).toMatchObject({
      action: 'update',
      username: 'admin',
      changes: { children: { lineas: { added: [{ texto: 'd' }], removed: [{ id: b.id, texto: 'b' }], changed: [{ id: c.id, fields: { cantidad: [3, 30] } }] } } },
    });
    // an id that is not a row of this record is refused, and nothing changes
    const other = await save('nota', { nombre: 'Otra', lineas: [{ texto: 'ajena' }] });
    const foreign = await post(`nota/update/${n.id}`, { ...res.body, lineas: [{ ...other.lineas[0] }] });
    expect(foreign).toMatchObject({ status: 400, body: { errors: [{ field: 'lineas.0.id', code: 'enum' }] } });
    expect((await post(`nota/show/${n.id}`)).body.version).toBe(2);
  });

  it('lets exactly one of concurrent saves of the same unique value through (trimmed, ignoring case)', async () => {
    const spellings = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? ' Única ' : i % 3 === 1 ? 'ÚNICA' : 'única'));
    const replies = await Promise.all(spellings.map((titulo, i) => post('nota/save', { nombre: `Concurrente ${i}`, titulo })));
    expect(replies.filter((r) => r.status === 200).map((r) => r.body.titulo)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200))
      expect(r).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'titulo', code: 'unique' }] } });
    expect(await count('nota', sql`titulo in (' Única ', 'ÚNICA', 'única')`)).toBe(1);
  });

  it('lets an update keep its own unique value, and refuses one taking another record\'s', async () => {
    const mine = await save('nota', { nombre: 'Propia', titulo: 'Título propio' });
    await save('nota', { nombre: 'Ajena', titulo: 'Título ajeno' });
    const kept = await post(`nota/update/${mine.id}`, { ...mine, nombre: 'Propia, editada', titulo: ' título PROPIO ' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const taken = await post(`nota/update/${mine.id}`, { ...kept.body, titulo: 'TÍTULO AJENO' });
    expect(taken).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'titulo', code: 'unique' }] } });
  });

  it('refuses a reference to a missing row, and a cycle, on its field', async () => {
    const missing = await post('nota/save', { nombre: 'Huérfana', grupo: 987654, lineas: [{ texto: 'x', grupo: 987654 }] });
    expect(missing).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(missing.body.errors).toEqual([
      { field: 'grupo', code: 'enum' },
      { field: 'lineas.0.grupo', code: 'enum' },
    ]);
    const a = await save('nota', { nombre: 'A' });
    const b = await save('nota', { nombre: 'B', padre: a.id });
    const loop = await post(`nota/update/${a.id}`, { ...a, padre: b.id });
    expect(loop).toMatchObject({ status: 400, body: { errors: [{ field: 'padre', code: 'REFERENCIA_CICLICA' }] } });
    expect((await post(`nota/update/${a.id}`, { ...a, padre: a.id })).status).toBe(400);
  });

  it('refuses to delete a referenced row; follows setNull and cascade rules, through the pipeline', async () => {
    const g = await save('grupo', { nombre: 'Usado' });
    const n = await save('nota', { nombre: 'Usa grupo', grupo: g.id });
    const refused = await post(`grupo/delete/${g.id}`);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'REGISTRO_REFERENCIADO', errors: [{ field: 'grupo', code: 'referencedBy', params: { entity: 'nota', count: 1 } }] },
    });
    expect(await count('grupo', sql`id = ${g.id}`)).toBe(1);

    // cascade: the child rows that name the deleted grupo go with it, the rest of the record stays
    const g2 = await save('grupo', { nombre: 'Solo en líneas' });
    const withLines = await save('nota', { nombre: 'Líneas con grupo', lineas: [{ texto: 'se va', grupo: g2.id }, { texto: 'queda' }] });
    expect((await post(`grupo/delete/${g2.id}`)).status).toBe(200);
    expect((await post(`nota/show/${withLines.id}`)).body.lineas).toEqual([{ id: withLines.lineas[1].id, texto: 'queda' }]);

    // setNull: deleting a parent note clears its children's reference (each change audited)
    const parent = await save('nota', { nombre: 'Padre' });
    const child = await save('nota', { nombre: 'Hija', padre: parent.id });
    expect((await post(`nota/delete/${parent.id}`)).status).toBe(200);
    const after = (await post(`nota/show/${child.id}`)).body;
    expect(after.padre).toBeUndefined();
    expect(after.version).toBe(2);
    expect(await count('audit_log', sql`entity = 'nota' and record_id = ${child.id} and action = 'patch'`)).toBe(1);
    expect(n.grupo).toBe(g.id);
  });

  it('runs a declared action with its audit row, in the caller transaction', async () => {
    const n = await save('nota', { nombre: 'Acción' });
    await inTransaction((ctx) => docs.run(ctx, 'nota', 'marcar', { id: n.id, body: { titulo: 'Marcada' } }));
    expect((await post(`nota/show/${n.id}`)).body.titulo).toBe('Marcada');
    const actions = await db.selectFrom('audit_log').select(['action', 'changes']).where('entity', '=', 'nota').where('record_id', '=', n.id).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['insert', 'patch', 'marcar']);
  });

  it('chains the audit log: the check holds, and finds an edited or a removed row', async () => {
    const verify = async () => (await post('audit/verify')).body;
    expect(await verify()).toMatchObject({ ok: true });
    const rows = await db.selectFrom('audit_log').select('id').orderBy('id').execute();
    expect(rows.length).toBeGreaterThan(10);
    const target = Number(rows[5].id);
    const original = await db.selectFrom('audit_log').select('changes').where('id', '=', target).executeTakeFirstOrThrow();
    await sql`update audit_log set changes = '{"fields":{"nombre":["x","y"]}}'::jsonb where id = ${target}`.execute(db);
    expect(await verify()).toMatchObject({ ok: false, brokenAt: target, reason: 'hash' });
    await sql`update audit_log set changes = ${JSON.stringify(original.changes)}::jsonb where id = ${target}`.execute(db);
    expect(await verify()).toMatchObject({ ok: true });
    await sql`delete from audit_log where id = ${target}`.execute(db);
    expect(await verify()).toMatchObject({ ok: false, brokenAt: Number(rows[6].id), reason: 'link' });
  });
});
