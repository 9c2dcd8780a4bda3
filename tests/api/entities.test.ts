/** The generic entity API (spec §7) on the first entity, categoria: lists, records, permissions, bad input. */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../engine/list/query';
import { rebuildSearch } from '../../server/entities/search-index';
import { ADMIN_PASSWORD, api, createUser, describeBackends, startTestServer, type Api, type TestServer, startSignedIn } from '../support/server';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

describeBackends('entity API on categoria', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let user: string;
  let db: Kysely<any>;
  const post = (path: string, body?: unknown, token = admin) => client.post(`/api/${path}`, body, token);

  beforeAll(async () => {
    ({ srv, client, db, admin, plain: user } = await startSignedIn(backend));
    // 60 rows of tipo "lote": nombre "Lote 00".."Lote 59", orden 59..0, valor "par"/"impar"
    await db
      .insertInto('categoria')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          tipo: 'lote',
          nombre: `Lote ${String(i).padStart(2, '0')}`,
          orden: 59 - i,
          valor: i % 2 ? 'impar' : 'par',
          grupo: `g${LETTERS[i % 3]}`,
        })),
      )
      .execute();
    // loaded past the write pipeline, as an import would be: their search words are built in bulk
    await rebuildSearch(db, srv.handle.docs.entity('categoria'));
  });
  afterAll(() => srv?.close());

  describe('index', () => {
    it('answers total, rows, showableColumns and cols, sorted by nombre by default', async () => {
      const res = await post('categoria/index', { filters: { tipo: 'lote' }, max: 5 });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(60);
      expect(res.body.rows.map((r: any) => r.nombre)).toEqual(['Lote 00', 'Lote 01', 'Lote 02', 'Lote 03', 'Lote 04']);
      expect(res.body.rows[0]).toEqual({ id: expect.any(Number), version: 1, nombre: 'Lote 00', tipo: 'lote', grupo: 'ga', valor: 'par', orden: 59, notas: null });
      expect(res.body.showableColumns).toEqual(['nombre', 'tipo', 'grupo', 'valor', 'orden', 'notas']);
      expect(res.body.cols).toBeNull();
    });

    it('pages with offset and max, without overlap, with a stable tiebreak on id', async () => {
      const seen: string[] = [];
      for (let offset = 0; offset < 60; offset += 25) {
        const res = await post('categoria/index', { filters: { tipo: 'lote' }, sort: 'grupo', sortOrder: 'desc', offset, max: 25 });
        seen.push(...res.body.rows.map((r: any) => r.nombre));
      }
      expect(seen).toHaveLength(60);
      expect(new Set(seen).size).toBe(60);
      const all = await post('categoria/index', { filters: { tipo: 'lote' }, sort: 'grupo', sortOrder: 'desc', max: 60 });
      const rows = all.body.rows as { id: number; grupo: string }[];
      expect(rows[0].grupo).toBe('gc');
      for (let i = 1; i < rows.length; i++)
        if (rows[i].grupo === rows[i - 1].grupo) expect(rows[i].id).toBeLessThan(rows[i - 1].id);
    });

    it('sorts by a sortable column both ways', async () => {
      const asc = await post('categoria/index', { filters: { tipo: 'lote' }, sort: 'orden', sortOrder: 'asc', max: 2 });
      expect(asc.body.rows.map((r: any) => r.orden)).toEqual([0, 1]);
      const desc = await post('categoria/index', { filters: { tipo: 'lote' }, sort: 'orden', sortOrder: 'desc', max: 2 });
      expect(desc.body.rows.map((r: any) => r.orden)).toEqual([59, 58]);
    });

    it('searches the pattern over the search fields: each word starts a word, case ignored, punctuation separates', async () => {
      // "Lote 10".."Lote 19", and "Lote 01": a number is a word without its leading zeros too
      const res = await post('categoria/index', { pattern: 'LOTE 1', max: 100 });
      expect(res.body.total).toBe(11);
      expect(res.body.rows.map((r: any) => r.nombre)).toContain('Lote 01');
      expect((await post('categoria/index', { pattern: '1 lote%' })).body.total).toBe(11);
      expect((await post('categoria/index', { pattern: 'lote 01' })).body.total).toBe(1);
      expect((await post('categoria/index', { pattern: 'ote' })).body.total).toBe(0);
      // nothing but punctuation is no pattern at all
      const all = (await post('categoria/index', {})).body.total;
      expect((await post('categoria/index', { pattern: '%_' })).body.total).toBe(all);
    });

    it('filters text columns by contains, numbers by equality, tipo by equality', async () => {
      expect((await post('categoria/index', { filters: { nombre: 'te 4' } })).body.total).toBe(10);
      expect((await post('categoria/index', { filters: { valor: 'impar', tipo: 'lote' } })).body.total).toBe(30);
      const byOrden = await post('categoria/index', { filters: { orden: 7 } });
      expect(byOrden.body.rows.map((r: any) => r.nombre)).toEqual(['Lote 52']);
      // number filters typed as text are compared as numbers
      const typed = await post('categoria/index', { filters: { orden: '17', tipo: 'lote' } });
      expect(typed.body.rows.map((r: any) => r.nombre)).toEqual(['Lote 42']);
      expect((await post('categoria/index', { filters: { tipo: 'lot' } })).body.total).toBe(0);
      // a text filter under the minimum length does not filter yet
      expect((await post('categoria/index', { filters: { nombre: 'L', tipo: 'lote' } })).body.total).toBe(60);
    });

    it('refuses an unknown sort field or filter with 400 per-field codes, never SQL', async () => {
      const res = await post('categoria/index', { sort: 'nombre; drop table categoria', filters: { 'x"y': 1, password_hash: 'a' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'sort', code: 'unknownSort' }),
          expect.objectContaining({ field: 'filters.x"y', code: 'unknownFilter' }),
          expect.objectContaining({ field: 'filters.password_hash', code: 'unknownFilter' }),
        ]),
      );
      // notas is a column but not sortable
      expect((await post('categoria/index', { sort: 'notas' })).body.errors[0]).toMatchObject({ field: 'sort', code: 'unknownSort' });
      expect((await post('categoria/index', { sort: 'created_by' })).status).toBe(400);
      expect((await post('categoria/index', { max: 1 })).body.total).toBeGreaterThan(60);
    });

    it('has a paging ceiling and checks paging bounds', async () => {
      const big = await post('categoria/index', { max: MAX_PAGE_SIZE + 1 });
      expect(big.status).toBe(400);
      expect(big.body.errors).toEqual([{ field: 'max', code: 'between', params: { min: 1, max: MAX_PAGE_SIZE } }]);
      expect((await post('categoria/index', { max: MAX_PAGE_SIZE })).status).toBe(200);
      expect((await post('categoria/index', { offset: -1 })).body.errors[0]).toMatchObject({ field: 'offset', code: 'minValue' });
      expect((await post('categoria/index', { max: 0 })).status).toBe(400);
      expect((await post('categoria/index', { max: 2.5 })).status).toBe(400);
    });

    it.each([
      ['an unknown top-level key', { patern: 'x' }, 'patern'],
      ['filters as a list', { filters: ['tipo'] }, 'filters'],
      ['filters as text', { filters: 'tipo' }, 'filters'],
      ['a number as pattern', { pattern: 5 }, 'pattern'],
      ['a text as offset', { offset: '10' }, 'offset'],
      ['an unknown sort order', { sortOrder: 'up' }, 'sortOrder'],
      ['a number as sort', { sort: 3 }, 'sort'],
      ['an object as filter value', { filters: { nombre: { $ne: 1 } } }, 'filters.nombre'],
      ['text for a number filter', { filters: { orden: 'siete' } }, 'filters.orden'],
      ['a too long pattern', { pattern: 'x'.repeat(201) }, 'pattern'],
      ['cols not a list', { cols: 'nombre' }, 'cols'],
      ['an offset out of range', { offset: 1e300 }, 'offset'],
      ['a NUL character in a filter', { filters: { nombre: 'a\u0000b' } }, 'filters.nombre'],
      ['a NUL character in the pattern', { pattern: 'a\u0000b' }, 'pattern'],
    ])('answers 400 for %s', async (_, body, field) => {
      const res = await post('categoria/index', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    });

    it('answers 400 for a body that is not an object', async () => {
      for (const body of [[1, 2], 'text', 7, null]) expect((await post('categoria/index', body)).status).toBe(400);
    });

    it('accepts null for optional query keys', async () => {
      const res = await post('categoria/index', { pattern: null, offset: null, max: null, sort: null, sortOrder: null, filters: null, cols: null });
      expect(res.status).toBe(200);
    });

    it('refuses a body over the size limit', async () => {
      const res = await post('categoria/index', { pattern: 'x'.repeat(100 * 1024) });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('BAD_REQUEST');
    });
  });

  describe('select', () => {
    it('answers {total, rows: [{id, name, nombre}]} filtered by tipo and pattern', async () => {
      const res = await post('categoria/select', { pattern: 'lote 0', filters: { tipo: 'lote' }, max: 3 });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(10);
      expect(res.body.rows).toHaveLength(3);
      expect(res.body.rows[0]).toEqual({ id: expect.any(Number), name: 'Lote 00', nombre: 'Lote 00' });
      expect(Object.keys(res.body)).toEqual(['total', 'rows']);
    });

    it('filters by parentid and id', async () => {
      const parent = (await post('categoria/save', { tipo: 'arbol', nombre: 'Padre' })).body;
      const child = (await post('categoria/save', { tipo: 'arbol', nombre: 'Hijo', parentid: parent.id })).body;
      const byParent = await post('categoria/select', { filters: { parentid: parent.id } });
      expect(byParent.body.rows).toEqual([{ id: child.id, name: 'Hijo', nombre: 'Hijo' }]);
      const roots = await post('categoria/select', { filters: { tipo: 'arbol', parentid: null } });
      expect(roots.body.rows.map((r: any) => r.id)).toEqual([parent.id]);
      expect((await post('categoria/select', { filters: { id: child.id } })).body.rows[0].id).toBe(child.id);
    });

    it('refuses unknown keys, sorts and filters', async () => {
      expect((await post('categoria/select', { cols: [] })).status).toBe(400);
      expect((await post('categoria/select', { sort: 'notas' })).status).toBe(400);
      expect((await post('categoria/select', { filters: { nope: 1 } })).status).toBe(400);
    });
  });

  describe('records', () => {
    it('saves, shows, updates and deletes a record with its version', async () => {
      const saved = await post('categoria/save', { tipo: 'color', nombre: 'Rojo', orden: 1, notas: 'primario' });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ id: expect.any(Number), version: 1, tipo: 'color', nombre: 'Rojo', orden: 1, notas: 'primario' });
      const id = saved.body.id;

      expect((await post(`categoria/show/${id}`, {})).body).toEqual(saved.body);
      expect((await post('categoria/show', { id })).body).toEqual(saved.body);
      expect((await post('categoria/show', { id: String(id) })).body).toEqual(saved.body);

      // full replace: notas is absent, so it is cleared
      const updated = await post(`categoria/update/${id}`, { tipo: 'color', nombre: 'Rojo vivo', orden: 2, version: 1 });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ id, version: 2, tipo: 'color', nombre: 'Rojo vivo', orden: 2 });

      // what show answers can be sent back as it is
      const again = await post(`categoria/update/${id}`, { ...updated.body, nombre: 'Rojo' });
      expect(again.body.version).toBe(3);

      expect((await post(`categoria/delete/${id}`, {})).body).toEqual({ ok: true });
      expect((await post(`categoria/show/${id}`, {})).status).toBe(404);
      const gone = await post(`categoria/delete/${id}`, {});
      expect(gone.status).toBe(404);
      expect(gone.body.code).toBe('NOT_FOUND');
    });

    it('ignores id and version on save', async () => {
      const saved = await post('categoria/save', { id: 999999, version: 7, tipo: 'color', nombre: 'Azul' });
      expect(saved.body.version).toBe(1);
      expect(saved.body.id).not.toBe(999999);
    });

    it('answers 409 VERSION_CONFLICT to a stale version and keeps the newer data', async () => {
      const { id } = (await post('categoria/save', { tipo: 'color', nombre: 'Verde' })).body;
      expect((await post(`categoria/update/${id}`, { tipo: 'color', nombre: 'Verde A', version: 1 })).status).toBe(200);
      const stale = await post(`categoria/update/${id}`, { tipo: 'color', nombre: 'Verde B', version: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual({ code: 'VERSION_CONFLICT', message: expect.any(String) });
      expect((await post(`categoria/show/${id}`, {})).body).toMatchObject({ nombre: 'Verde A', version: 2 });
      const english = await client.post(`/api/categoria/update/${id}`, { tipo: 'color', nombre: 'x', version: 5 }, admin, { 'accept-language': 'en' });
      expect(english.body.message).toBe('Someone else changed this record. Reload it before saving.');
    });

    it('lets only one of two concurrent updates of the same version win', async () => {
      const { id } = (await post('categoria/save', { tipo: 'color', nombre: 'Gris' })).body;
      const results = await Promise.all(
        ['Gris 1', 'Gris 2', 'Gris 3'].map((nombre) => post(`categoria/update/${id}`, { tipo: 'color', nombre, version: 1 })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const winner = results.find((r) => r.status === 200)!.body.nombre;
      expect((await post(`categoria/show/${id}`, {})).body).toMatchObject({ nombre: winner, version: 2 });
    });

    it('answers 404 to update a missing record', async () => {
      const res = await post('categoria/update/987654', { tipo: 'x', nombre: 'x', version: 1 });
      expect(res.status).toBe(404);
    });

    it('refuses bad records with per-field codes and writes nothing', async () => {
      const before = (await post('categoria/index', { max: 1 })).body.total;
      const res = await post('categoria/save', {
        nombre: 'x'.repeat(121),
        tipo: 5,
        orden: 100001,
        parentid: 0,
        color: 'rojo',
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'nombre', code: 'maxLength', params: { max: 120 } },
          expect.objectContaining({ field: 'tipo', code: 'type' }),
          { field: 'orden', code: 'between', params: { min: 0, max: 100000 } },
          expect.objectContaining({ field: 'parentid', code: 'minValue' }),
          { field: 'color', code: 'unknownField' },
        ]),
      );
      const missing = await post('categoria/save', { notas: 'sin nombre' });
      expect(missing.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'tipo', code: 'required' },
          { field: 'nombre', code: 'required' },
        ]),
      );
      expect((await post('categoria/save', { tipo: 'x', nombre: '' })).body.errors).toEqual([{ field: 'nombre', code: 'minLength', params: { min: 1 } }]);
      expect((await post('categoria/save', { tipo: 'x', nombre: 'a', orden: 1.5 })).body.errors[0]).toMatchObject({ field: 'orden', code: 'type' });
      expect((await post('categoria/index', { max: 1 })).body.total).toBe(before);
    });

    it('refuses text the database cannot store, and bodies that are not records', async () => {
      const nul = await post('categoria/save', { tipo: 'x', nombre: 'a\u0000b' });
      expect(nul.status).toBe(400);
      expect(nul.body.errors).toEqual([{ field: 'nombre', code: 'format', params: { format: 'text' } }]);
      for (const body of [[], 'x', 3, null]) {
        const res = await post('categoria/save', body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('BAD_REQUEST');
      }
      const broken = await fetch(`${srv.baseUrl}/api/categoria/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: '{"nombre":',
      });
      expect(broken.status).toBe(400);
      const huge = await post('categoria/save', { tipo: 'x', nombre: 'y', notas: 'z'.repeat(1024 * 1024) });
      expect(huge.status).toBe(413);
      // deeply nested values are refused before anything walks them
      const deep = `{"tipo":"x","nombre":"y","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      const nested = await fetch(`${srv.baseUrl}/api/categoria/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: deep,
      });
      expect(nested.status).toBe(400);
      expect((await nested.json()).errors[0]).toMatchObject({ code: 'format', params: { format: 'depth' } });
      // an integer no column can hold, where the schema sets no bound
      const id = (await post('categoria/save', { tipo: 'x', nombre: 'límite' })).body.id;
      const big = await post('categoria/save', { tipo: 'x', nombre: 'y', parentid: 2 ** 40 });
      expect(big.body.errors).toEqual([{ field: 'parentid', code: 'maxValue', params: { max: 2147483647 } }]);
      expect((await post('categoria/index', { pattern: 'límite' })).body.rows.map((r: any) => r.id)).toEqual([id]);
    });

    it('requires an integer version on update', async () => {
      const { id } = (await post('categoria/save', { tipo: 'color', nombre: 'Negro' })).body;
      const none = await post(`categoria/update/${id}`, { tipo: 'color', nombre: 'Negro' });
      expect(none.status).toBe(400);
      expect(none.body.errors).toEqual([{ field: 'version', code: 'required' }]);
      expect((await post(`categoria/update/${id}`, { tipo: 'color', nombre: 'Negro', version: '1' })).body.errors[0]).toMatchObject({
        field: 'version',
        code: 'type',
      });
      expect((await post(`categoria/update/${id}`, { id: id + 1, tipo: 'color', nombre: 'Negro', version: 1 })).status).toBe(400);
    });

    it.each(['abc', '1.5', '-1', '0', '99999999999', '1e3'])('answers 400 to the id %s', async (id) => {
      for (const path of [`categoria/show/${id}`, `categoria/update/${id}`, `categoria/delete/${id}`]) {
        const res = await post(path, { tipo: 'x', nombre: 'x', version: 1 });
        expect(res.status, path).toBe(400);
        expect(res.body.code).toBe('BAD_REQUEST');
      }
    });

    it('answers 400 to show with a bad body', async () => {
      expect((await post('categoria/show', {})).status).toBe(400);
      expect((await post('categoria/show', { id: 1, x: 1 })).status).toBe(400);
      expect((await post('categoria/show', { id: 'uno' })).status).toBe(400);
    });
  });

  describe('updateColumn', () => {
    let id: number;
    beforeAll(async () => {
      id = (await post('categoria/save', { tipo: 'edit', nombre: 'Editable', valor: 'v1', orden: 1 })).body.id;
    });

    it('sets an editable column, checks its value and bumps the version', async () => {
      const res = await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'valor', colvalue: 'v2', version: 1 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, version: 2, valor: 'v2', nombre: 'Editable' });
      // from a text input: numeric text becomes a number, '' clears an optional value
      expect((await post('categoria/updateColumn', { rowid: String(id), tablename: 'categoria', colname: 'orden', colvalue: '12', version: 2 })).body.orden).toBe(12);
      const cleared = await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'orden', colvalue: '', version: 3 });
      expect(cleared.body.orden).toBeUndefined();
      expect(cleared.body.version).toBe(4);
    });

    it('requires the version the row was listed with: without it 400, a stale one 409 VERSION_CONFLICT, nothing written', async () => {
      const missing = await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'valor', colvalue: 'sin versión' });
      expect(missing).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'version', code: 'required' }] } });
      const stale = await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'valor', colvalue: 'vieja', version: 1 });
      expect(stale).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
      expect((await post(`categoria/show/${id}`, {})).body).toMatchObject({ valor: 'v2', version: 4 });
    });

    it('refuses bad values with the property codes', async () => {
      const tooBig = await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'orden', colvalue: 100001, version: 4 });
      expect(tooBig.status).toBe(400);
      expect(tooBig.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'orden', code: 'between', params: { min: 0, max: 100000 } }] });
      const long = await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'valor', colvalue: 'x'.repeat(121), version: 4 });
      expect(long.body.errors).toEqual([{ field: 'valor', code: 'maxLength', params: { max: 120 } }]);
      const text = await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'orden', colvalue: 'doce', version: 4 });
      expect(text.body.errors[0]).toMatchObject({ field: 'orden', code: 'type' });
    });

    it('refuses columns that are not editable, unknown columns and other tables', async () => {
      const nombre = await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'nombre', colvalue: 'x', version: 4 });
      expect(nombre.status).toBe(400);
      expect(nombre.body.code).toBe('COLUMN_NOT_EDITABLE');
      const unknown = await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'version', colvalue: 1, version: 4 });
      expect(unknown.body.errors).toEqual([{ field: 'colname', code: 'enum' }]);
      const table = await post('categoria/updateColumn', { rowid: id, tablename: 'usuario', colname: 'valor', colvalue: 'x', version: 4 });
      expect(table.body.errors).toEqual([{ field: 'tablename', code: 'enum' }]);
      expect((await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'valor', colvalue: 'x', extra: 1, version: 4 })).status).toBe(400);
      expect((await post('categoria/updateColumn', { rowid: 'x', tablename: 'categoria', colname: 'valor', colvalue: 'x', version: 4 })).status).toBe(400);
      expect((await post('categoria/updateColumn', { rowid: 987654, tablename: 'categoria', colname: 'valor', colvalue: 'x', version: 4 })).status).toBe(404);
      expect((await post(`categoria/show/${id}`, {})).body.valor).toBe('v2');
    });
  });

  describe('permissions from the manifest', () => {
    let id: number;
    beforeAll(async () => {
      id = (await post('categoria/save', { tipo: 'perm', nombre: 'Protegida', valor: 'a' })).body.id;
    });

    it('lets a ROLE_USER read (readRoles) but not create what addRoles reserves', async () => {
      expect((await post('categoria/index', { filters: { tipo: 'perm' } }, user)).body.total).toBe(1);
      expect((await post('categoria/select', {}, user)).status).toBe(200);
      expect((await post(`categoria/show/${id}`, {}, user)).status).toBe(200);
      expect((await post('categoria/treeSelect', {}, user)).status).toBe(200);
      const created = await post('categoria/save', { tipo: 'perm', nombre: 'De usuario' }, user);
      expect(created.status).toBe(403);
      expect(created.body.code).toBe('FORBIDDEN');
      expect((await post('categoria/index', { filters: { tipo: 'perm' } }, user)).body.total).toBe(1);
    });

    it('refuses update, updateColumn and delete to a ROLE_USER with 403 FORBIDDEN and changes nothing', async () => {
      const update = await post(`categoria/update/${id}`, { tipo: 'perm', nombre: 'Cambiada', version: 1 }, user);
      expect(update.status).toBe(403);
      expect(update.body.code).toBe('FORBIDDEN');
      expect((await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'valor', colvalue: 'b', version: 1 }, user)).status).toBe(403);
      expect((await post(`categoria/delete/${id}`, {}, user)).status).toBe(403);
      expect((await post(`categoria/show/${id}`, {})).body).toMatchObject({ nombre: 'Protegida', valor: 'a', version: 1 });
    });

    it('compares roles case-insensitively', async () => {
      await createUser(srv.db, { username: 'lower', password: 'Lower-pass1!', roles: ['role_admin'] });
      const token = (await client.login('lower', 'Lower-pass1!')).access_token;
      expect((await post('categoria/updateColumn', { rowid: id, tablename: 'categoria', colname: 'valor', colvalue: 'c', version: 1 }, token)).status).toBe(200);
    });

    it('refuses a user without any read role, and callers without a token', async () => {
      await createUser(srv.db, { username: 'nobody', password: 'Nobody-pass1!', roles: [] });
      const token = (await client.login('nobody', 'Nobody-pass1!')).access_token;
      expect((await post('categoria/index', {}, token)).status).toBe(403);
      expect((await post('categoria/save', { tipo: 'x', nombre: 'x' }, token)).status).toBe(403);
      expect((await post('rowConfig/update', { tipo: 'cols-categoria', jsondata: '[]' }, token)).status).toBe(403);
      const anonymous = await client.post('/api/categoria/index', {});
      expect(anonymous.status).toBe(401);
    });
  });

  describe('rowConfig', () => {
    it('stores the column choice per user and key; index answers it in cols', async () => {
      const saved = await post('rowConfig/update', { tipo: 'cols-categoria', jsondata: JSON.stringify(['nombre', 'valor']) }, user);
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ ok: true });
      expect((await post('categoria/index', { max: 1 }, user)).body.cols).toEqual(['nombre', 'valor']);
      // another user, another key: not affected
      expect((await post('categoria/index', { max: 1 })).body.cols).toBeNull();
      expect((await post('categoria/index', { max: 1, filters: { tipo: 'lote' } }, user)).body.cols).toBeNull();
      // the key with the main filter's tipo; saving again replaces
      await post('rowConfig/update', { tipo: 'cols-categoria-lote', jsondata: '["tipo"]' }, user);
      await post('rowConfig/update', { tipo: 'cols-categoria-lote', jsondata: '["orden","tipo"]' }, user);
      // in the user's order (the table's column order), not the manifest's
      expect((await post('categoria/index', { max: 1, filters: { tipo: 'lote' } }, user)).body.cols).toEqual(['orden', 'tipo']);
      await post('rowConfig/update', { tipo: 'cols-categoria', jsondata: '[]' }, user);
      expect((await post('categoria/index', { max: 1 }, user)).body.cols).toEqual([]);
    });

    it('keeps the widths the user dragged columns to with the choice; index answers them in widths', async () => {
      const jsondata = JSON.stringify({ columns: ['nombre', 'notas'], widths: { nombre: 260, notas: 90 } });
      expect((await post('rowConfig/update', { tipo: 'cols-categoria', jsondata }, user)).status).toBe(200);
      const reply = (await post('categoria/index', { max: 1 }, user)).body;
      expect(reply.cols).toEqual(['nombre', 'notas']);
      expect(reply.widths).toEqual({ nombre: 260, notas: 90 });
      // a plain list again: no widths
      await post('rowConfig/update', { tipo: 'cols-categoria', jsondata: '["nombre"]' }, user);
      expect((await post('categoria/index', { max: 1 }, user)).body.widths).toBeUndefined();
    });

    it.each([
      ['an unknown column', { tipo: 'cols-categoria', jsondata: '["nombre","password_hash"]' }, 'jsondata', 'enum'],
      ['a width of an unknown column', { tipo: 'cols-categoria', jsondata: '{"columns":["nombre"],"widths":{"password_hash":100}}' }, 'jsondata.widths', 'enum'],
      ['a width out of bounds', { tipo: 'cols-categoria', jsondata: '{"columns":["nombre"],"widths":{"nombre":5}}' }, 'jsondata.widths.nombre', 'between'],
      ['a width that is not a number', { tipo: 'cols-categoria', jsondata: '{"columns":["nombre"],"widths":{"nombre":"ancho"}}' }, 'jsondata.widths.nombre', 'between'],
      ['widths that are not an object', { tipo: 'cols-categoria', jsondata: '{"columns":["nombre"],"widths":[100]}' }, 'jsondata.widths', 'type'],
      ['the actions column', { tipo: 'cols-categoria', jsondata: '["actions"]' }, 'jsondata', 'enum'],
      ['not JSON', { tipo: 'cols-categoria', jsondata: '[nombre' }, 'jsondata', 'type'],
      ['not a list', { tipo: 'cols-categoria', jsondata: '{"a":1}' }, 'jsondata', 'type'],
      ['a list of numbers', { tipo: 'cols-categoria', jsondata: '[1,2]' }, 'jsondata', 'type'],
      ['no jsondata', { tipo: 'cols-categoria' }, 'jsondata', 'required'],
      ['an unknown list', { tipo: 'cols-usuario', jsondata: '[]' }, 'tipo', 'enum'],
      ['a key without the prefix', { tipo: 'categoria', jsondata: '[]' }, 'tipo', 'enum'],
      ['no tipo', { jsondata: '[]' }, 'tipo', 'required'],
      ['a number as tipo', { tipo: 5, jsondata: '[]' }, 'tipo', 'type'],
      ['a too long tipo', { tipo: `cols-categoria-${'x'.repeat(200)}`, jsondata: '[]' }, 'tipo', 'maxLength'],
      ['a too long jsondata', { tipo: 'cols-categoria', jsondata: `[${'"nombre",'.repeat(3000)}"nombre"]` }, 'jsondata', 'maxLength'],
    ])('refuses %s with 400', async (_, body, field, code) => {
      const res = await post('rowConfig/update', body, user);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors[0]).toMatchObject({ field, code });
    });

    it('refuses unknown keys', async () => {
      const res = await post('rowConfig/update', { tipo: 'cols-categoria', jsondata: '[]', userId: 1 }, user);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'userId', code: 'unknownField' }]);
    });
  });
});
