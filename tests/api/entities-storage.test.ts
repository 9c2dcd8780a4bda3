/**
 * Storage follows the schemas: child tables saved and loaded with their parent, a new field after a restart
 * becomes a column (old rows intact), and bad metadata stops the start with a message naming the file.
 */
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { ADMIN_PASSWORD, api, describeBackends, freshStore, startTestServer, type Api, type Store, type TestServer } from '../support/server';

const PEDIDO_SCHEMA = {
  type: 'object',
  required: ['nombre'],
  properties: {
    nombre: { type: 'string', minLength: 1, maxLength: 60 },
    activo: { type: 'boolean' },
    importe: { type: 'number', minimum: 0, maxDecimals: 2 },
    etiquetas: { type: 'array', items: { type: 'string', maxLength: 20 } },
    datos: { type: 'object', properties: { nota: { type: 'string' } } },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['articulo'],
        properties: {
          articulo: { type: 'string', minLength: 1, maxLength: 40 },
          cantidad: { type: 'integer', minimum: 1 },
          detalle: { type: 'object', properties: { color: { type: 'string' } } },
          medidas: { type: 'array', items: { type: 'object', properties: { largo: { type: 'number' } } } },
        },
      },
    },
  },
};
const PEDIDO_COLUMNS = {
  editRoles: 'ROLE_ADMIN',
  // boolean columns have no filter by default: this one asks for it
  columns: ['nombre', { name: 'activo', filter: 'activo' }, { name: 'importe', editable: true }, { name: 'etiquetas', sortable: false }],
  // a list filtered by activo and sorted by nombre, and a lookup of child rows by article
  indexes: [['activo', 'nombre'], ['items.articulo']],
};

async function tempSchemas(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'flujos-schemas-'));
  await cp(path.resolve('schemas/categoria'), path.join(dir, 'categoria'), { recursive: true });
  return dir;
}

async function writeEntity(dir: string, name: string, schema: unknown, columns: unknown) {
  await mkdir(path.join(dir, name), { recursive: true });
  await writeFile(path.join(dir, name, 'schema.json'), JSON.stringify(schema, null, 2));
  await writeFile(path.join(dir, name, 'columns.json'), JSON.stringify(columns, null, 2));
}

async function columnsOf(db: Kysely<any>, table: string): Promise<Record<string, string>> {
  const { rows } = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.column_name, r.data_type]));
}

async function indexesOf(db: Kysely<any>, table: string): Promise<string[]> {
  const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = ${table}`.execute(db);
  return rows.map((r) => r.indexname);
}

describeBackends('child tables', (backend) => {
  let schemasDir: string;
  let srv: TestServer;
  let client: Api;
  let token: string;
  let db: Kysely<any>;
  const post = (p: string, body?: unknown) => client.post(`/api/${p}`, body, token);

  beforeAll(async () => {
    schemasDir = await tempSchemas();
    await writeEntity(schemasDir, 'pedido', PEDIDO_SCHEMA, PEDIDO_COLUMNS);
    srv = await startTestServer(backend, { schemasDir });
    client = api(srv.baseUrl);
    db = srv.db as unknown as Kysely<any>;
    token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await srv?.close();
    await rm(schemasDir, { recursive: true, force: true });
  });

  it('creates the table, the child table and their typed columns', async () => {
    expect(await columnsOf(db, 'pedido')).toEqual({
      id: 'integer',
      version: 'integer',
      created_at: 'timestamp with time zone',
      updated_at: 'timestamp with time zone',
      created_by: 'integer',
      updated_by: 'integer',
      nombre: 'text',
      activo: 'boolean',
      // a number with decimals is exact: money and quantities are never floats
      importe: 'numeric',
      etiquetas: 'jsonb',
      datos: 'jsonb',
      // the words a pattern finds (server/entities/search.ts)
      _search: 'tsvector',
    });
    expect(await columnsOf(db, 'pedido__items')).toEqual({
      id: 'integer',
      parent_id: 'integer',
      position: 'integer',
      articulo: 'text',
      cantidad: 'integer',
      detalle: 'jsonb',
      medidas: 'jsonb',
    });
    expect(await indexesOf(db, 'pedido')).toEqual(expect.arrayContaining(['pedido_activo_id_idx', 'pedido_importe_id_idx']));
    // text sorts by its sort key (Spanish order): that is what the sortable text column's index holds
    expect((await indexesOf(db, 'pedido')).filter((n) => /^pedido_sk_[0-9a-f]{8}$/.test(n))).toHaveLength(1);
    expect(await indexesOf(db, 'pedido__items')).toContain('pedido__items_parent_id_position_idx');
    // the manifest's own indexes: the filter, then the order of the page (a text field's sort key), then id
    const defs = async (table: string) =>
      (await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = ${table} and indexname ~ '_ix_[0-9a-f]{8}$'`.execute(db)).rows.map((r) => r.indexdef);
    expect(await defs('pedido')).toEqual([expect.stringMatching(/\(activo, COALESCE\(\s*CASE\s+WHEN \(octet_length\(nombre\) = char_length\(nombre\)\) THEN lower\(\(nombre COLLATE "C"\)\)\s+ELSE lower\(\(regexp_replace\(NORMALIZE\(replace\(replace\(nombre,.*COLLATE "C".*, id\)$/s)]);
    expect(await defs('pedido__items')).toEqual([expect.stringMatching(/\(articulo\)$/)]);
  });

  it('has its tables vacuumed after 2 % of inserts and 5 % of changes, not 20 % (index-only reads stay index-only)', async () => {
    const options = async (table: string) =>
      (await sql<{ o: string[] | null }>`select reloptions as o from pg_class where oid = to_regclass(${table})`.execute(db)).rows[0]?.o ?? [];
    for (const table of ['pedido', 'pedido__items', '_search_pedido'])
      expect(await options(table), table).toEqual(expect.arrayContaining(['autovacuum_vacuum_insert_scale_factor=0.02', 'autovacuum_vacuum_scale_factor=0.05']));
  });

  it('pages a list filtered and sorted as a manifest index says, both ways, without overlaps', async () => {
    const ids: number[] = [];
    for (const nombre of ['Beta', 'alfa', 'Álamo', 'delta', 'Gamma']) ids.push((await post('pedido/save', { nombre, activo: nombre !== 'delta' })).body.id);
    const page = async (sortOrder: 'asc' | 'desc', offset: number) =>
      (await post('pedido/index', { filters: { activo: true }, sort: 'nombre', sortOrder, offset, max: 2 })).body.rows.map((r: any) => r.nombre);
    const up = [...(await page('asc', 0)), ...(await page('asc', 2)), ...(await page('asc', 4))];
    expect(up).toEqual(['Álamo', 'alfa', 'Beta', 'Gamma']);
    const down = [...(await page('desc', 0)), ...(await page('desc', 2)), ...(await page('desc', 4))];
    expect(down).toEqual(['Gamma', 'Beta', 'alfa', 'Álamo']);
    for (const id of ids) expect((await post(`pedido/delete/${id}`, {})).status).toBe(200);
  });

  it('saves and loads the child rows with the parent, in order, deeper nesting as JSON', async () => {
    const record = {
      nombre: 'Pedido 1',
      activo: true,
      importe: 10.25,
      etiquetas: ['urgente', 'mayorista'],
      datos: { nota: 'llamar antes' },
      items: [
        { articulo: 'Mesa', cantidad: 2, detalle: { color: 'roble' }, medidas: [{ largo: 1.2 }, { largo: 0.8 }] },
        { articulo: 'Silla', cantidad: 8 },
        { articulo: 'Lámpara' },
      ],
    };
    const saved = await post('pedido/save', record);
    expect(saved.status).toBe(200);
    const withIds = (rows: object[]) => rows.map((r) => ({ id: expect.any(Number), ...r }));
    expect(saved.body).toEqual({ id: expect.any(Number), version: 1, ...record, items: withIds(record.items) });
    expect((await post(`pedido/show/${saved.body.id}`, {})).body).toEqual(saved.body);

    // update replaces the children: rows sent without their id are new rows (the old ones go)
    const items = [{ articulo: 'Silla', cantidad: 6 }, { articulo: 'Mesa', cantidad: 1 }];
    const updated = await post(`pedido/update/${saved.body.id}`, { ...saved.body, items });
    expect(updated.status).toBe(200);
    expect(updated.body.items).toEqual(withIds(items));
    expect(updated.body.items.map((i: any) => i.id)).not.toContain(saved.body.items[0].id);
    expect(updated.body.version).toBe(2);
    const stored = await db.selectFrom('pedido__items').select(['articulo', 'position']).where('parent_id', '=', saved.body.id).orderBy('position').execute();
    expect(stored).toEqual([{ articulo: 'Silla', position: 0 }, { articulo: 'Mesa', position: 1 }]);

    // no items: an empty list back
    const none = await post(`pedido/update/${saved.body.id}`, { nombre: 'Pedido 1', version: 2 });
    expect(none.body).toEqual({ id: saved.body.id, version: 3, nombre: 'Pedido 1', items: [] });

    expect((await post(`pedido/delete/${saved.body.id}`, {})).status).toBe(200);
    expect(await db.selectFrom('pedido__items').select('id').where('parent_id', '=', saved.body.id).execute()).toEqual([]);
  });

  it('refuses bad child rows with their paths and writes neither parent nor children', async () => {
    const res = await post('pedido/save', {
      nombre: 'Malo',
      importe: 1.234,
      items: [{ articulo: 'Ok' }, { cantidad: 0, color: 'x' }, { articulo: 'Grande', cantidad: 3_000_000_000 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'importe', code: 'maxDecimal', params: { max: 2 } },
        { field: 'items.1.articulo', code: 'required' },
        expect.objectContaining({ field: 'items.1.cantidad', code: 'minValue' }),
        { field: 'items.1.color', code: 'unknownField' },
        { field: 'items.2.cantidad', code: 'maxValue', params: { max: 2147483647 } },
      ]),
    );
    expect((await post('pedido/index', { pattern: 'Malo' })).body.total).toBe(0);
    expect((await post('pedido/save', { nombre: 'x', items: 'no' })).body.errors[0]).toMatchObject({ field: 'items', code: 'type' });
    expect((await post('pedido/save', { nombre: 'x', datos: { nota: 'a\u0000' } })).body.errors).toEqual([
      { field: 'datos.nota', code: 'format', params: { format: 'text' } },
    ]);
  });

  it('lists with boolean filters and JSON columns, and defaults the sort to nombre', async () => {
    await post('pedido/save', { nombre: 'B activo', activo: true, etiquetas: ['x'] });
    await post('pedido/save', { nombre: 'A inactivo', activo: false });
    const all = await post('pedido/index', {});
    expect(all.body.rows.map((r: any) => r.nombre)).toEqual(['A inactivo', 'B activo']);
    expect(all.body.rows[1]).toEqual({ id: expect.any(Number), version: 1, nombre: 'B activo', activo: true, importe: null, etiquetas: ['x'] });
    expect((await post('pedido/index', { filters: { activo: false } })).body.rows.map((r: any) => r.nombre)).toEqual(['A inactivo']);
    expect((await post('pedido/index', { filters: { activo: 'true' } })).body.total).toBe(1);
    // JSON columns are neither sortable nor filterable
    expect((await post('pedido/index', { sort: 'etiquetas' })).status).toBe(400);
    expect((await post('pedido/index', { filters: { etiquetas: 'x' } })).status).toBe(400);
    // no readRoles: every logged-in user reads; the number column is editable inline
    const id = all.body.rows[0].id;
    const edited = await post('pedido/updateColumn', { rowid: id, tablename: 'pedido', colname: 'importe', colvalue: '12.5', version: 1 });
    expect(edited.body).toMatchObject({ importe: 12.5, version: 2 });
  });
});

// several starts of a persistent embedded database: slow on a busy machine
describeBackends('schema evolution across a restart', (backend) => {
  let store: Store;
  let schemasDir: string;
  beforeAll(async () => {
    store = await freshStore(backend, true);
    schemasDir = await tempSchemas();
  });
  afterAll(async () => {
    await store?.dispose();
    await rm(schemasDir, { recursive: true, force: true });
  });

  it('adds a column for a new field, keeps old rows, and saves, validates, sorts and filters the new field', { timeout: 240_000 }, async () => {
    const first = await startTestServer(backend, { store, schemasDir });
    let old: any;
    try {
      const client = api(first.baseUrl);
      const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
      old = (await client.post('/api/categoria/save', { tipo: 'color', nombre: 'Rojo', valor: 'r', orden: 4 }, token)).body;
      expect(old.version).toBe(1);
      expect(await columnsOf(first.db as unknown as Kysely<any>, 'categoria')).not.toHaveProperty('codigo');
    } finally {
      await first.close();
    }

    const schemaFile = path.join(schemasDir, 'categoria', 'schema.json');
    const schema = JSON.parse(await readFile(schemaFile, 'utf8'));
    schema.properties.codigo = { type: 'string', maxLength: 10 };
    await writeFile(schemaFile, JSON.stringify(schema));
    const columnsFile = path.join(schemasDir, 'categoria', 'columns.json');
    const columns = JSON.parse(await readFile(columnsFile, 'utf8'));
    columns.columns.push('codigo');
    await writeFile(columnsFile, JSON.stringify(columns));

    const second = await startTestServer(backend, { store, schemasDir });
    try {
      const db = second.db as unknown as Kysely<any>;
      expect((await columnsOf(db, 'categoria')).codigo).toBe('text');
      // a sortable text column is indexed by its sort key (Spanish order), then id
      const { rows: codigoIndex } = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where tablename = 'categoria' and indexdef ilike '%codigo%collate "C"%' and indexdef ilike '%, id) include (codigo)'`.execute(db);
      expect(codigoIndex).toHaveLength(1);
      const client = api(second.baseUrl);
      const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
      const post = (p: string, body?: unknown) => client.post(`/api/${p}`, body, token);

      expect((await post(`categoria/show/${old.id}`, {})).body).toEqual(old);
      const saved = await post('categoria/save', { tipo: 'color', nombre: 'Azul', codigo: 'AZ' });
      expect(saved.body.codigo).toBe('AZ');
      await post('categoria/save', { tipo: 'color', nombre: 'Verde', codigo: 'VE' });
      const tooLong = await post('categoria/save', { tipo: 'color', nombre: 'Largo', codigo: 'x'.repeat(11) });
      expect(tooLong.body.errors).toEqual([{ field: 'codigo', code: 'maxLength', params: { max: 10 } }]);
      const sorted = await post('categoria/index', { filters: { tipo: 'color' }, sort: 'codigo', sortOrder: 'desc' });
      expect(sorted.body.rows.map((r: any) => r.codigo)).toEqual([null, 'VE', 'AZ']);
      expect(sorted.body.showableColumns).toContain('codigo');
      expect((await post('categoria/index', { filters: { codigo: 've' } })).body.rows.map((r: any) => r.nombre)).toEqual(['Verde']);
      // the seed ran again without duplicating
      expect((await post('categoria/index', { filters: { tipo: 'perfil_tipo' } })).body.total).toBe(3);
    } finally {
      await second.close();
    }

    // a float that becomes an exact decimal (maxDecimals) is widened at start, every value kept
    schema.properties.peso = { type: 'number' };
    await writeFile(schemaFile, JSON.stringify(schema));
    const third = await startTestServer(backend, { store, schemasDir });
    let heavy: any;
    try {
      expect((await columnsOf(third.db as unknown as Kysely<any>, 'categoria')).peso).toBe('double precision');
      const client = api(third.baseUrl);
      const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
      heavy = (await client.post('/api/categoria/save', { tipo: 'peso', nombre: 'Pesado', peso: 1234567.89 }, token)).body;
    } finally {
      await third.close();
    }
    schema.properties.peso = { type: 'number', maxDecimals: 2 };
    await writeFile(schemaFile, JSON.stringify(schema));
    const fourth = await startTestServer(backend, { store, schemasDir });
    try {
      expect((await columnsOf(fourth.db as unknown as Kysely<any>, 'categoria')).peso).toBe('numeric');
      const client = api(fourth.baseUrl);
      const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
      expect((await client.post(`/api/categoria/show/${heavy.id}`, {}, token)).body.peso).toBe(1234567.89);
    } finally {
      await fourth.close();
    }

    // a type change is not done silently: the start stops, naming the file
    schema.properties.codigo = { type: 'integer' };
    await writeFile(schemaFile, JSON.stringify(schema));
    await expect(startTestServer(backend, { store, schemasDir })).rejects.toThrow(/categoria\/schema\.json: property "codigo" needs the column type integer but categoria\.codigo is text/);
  });
});

describe('bad metadata stops the start, before the database is opened', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flujos-bad-schemas-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function startWith(name: string, files: Record<string, string>) {
    const root = path.join(dir, name);
    await mkdir(path.join(root, 'cosa'), { recursive: true });
    for (const [file, text] of Object.entries(files)) await writeFile(path.join(root, 'cosa', file), text);
    return buildServer({ logger: false, dataDir: 'memory://', adminPassword: ADMIN_PASSWORD, schemasDir: root, staticDir: path.join(tmpdir(), 'none') });
  }
  const schema = JSON.stringify({ type: 'object', properties: { nombre: { type: 'string' } } });

  it.each([
    ['broken JSON', { 'schema.json': '{"type":', 'columns.json': '{"columns":[]}' }, /cosa\/schema\.json: is not valid JSON/],
    ['a missing columns.json', { 'schema.json': schema }, /cosa: columns\.json is missing/],
    ['a column of no property', { 'schema.json': schema, 'columns.json': '{"columns":["nombre","precio"]}' }, /cosa\/columns\.json: column "precio" shows "precio"/],
    ['a system field', { 'schema.json': JSON.stringify({ type: 'object', properties: { version: { type: 'integer' } } }), 'columns.json': '{"columns":[]}' }, /cosa\/schema\.json: property "version"/],
    ['a property without type', { 'schema.json': JSON.stringify({ type: 'object', properties: { x: {} } }), 'columns.json': '{"columns":[]}' }, /cosa\/schema\.json: property "x": "type" must be/],
    ['a bad property name', { 'schema.json': JSON.stringify({ type: 'object', properties: { 'a"b': { type: 'string' } } }), 'columns.json': '{"columns":[]}' }, /property "a"b": names are/],
    ['a schema ajv refuses', { 'schema.json': JSON.stringify({ type: 'object', properties: { x: { type: 'string', minLength: 'uno' } } }), 'columns.json': '{"columns":[]}' }, /cosa\/schema\.json: ajv refuses it/],
    ['an unsortable default sort', { 'schema.json': schema, 'columns.json': '{"columns":[{"name":"nombre","sortable":false}]}' }, /default sort "nombre"/],
    ['an index of no property', { 'schema.json': schema, 'columns.json': '{"columns":["nombre"],"indexes":[["nombre","precio"]]}' }, /cosa\/columns\.json: index \["nombre","precio"\]: "precio" is not a scalar property/],
    ['an index over two tables', { 'schema.json': JSON.stringify({ type: 'object', properties: { nombre: { type: 'string' }, items: { type: 'array', items: { type: 'object', properties: { x: { type: 'integer' } } } } } }), 'columns.json': '{"columns":["nombre"],"indexes":[["nombre","items.x"]]}' }, /cosa\/columns\.json: index .*all of the same child table/],
  ])('with %s, naming the file', async (name, files, message) => {
    await expect(startWith(name.replace(/\W/g, '_'), files)).rejects.toThrow(message);
  });

  it('with a folder name that cannot be a table', async () => {
    const root = path.join(dir, 'badname');
    await mkdir(path.join(root, 'Mala-Cosa'), { recursive: true });
    await expect(
      buildServer({ logger: false, dataDir: 'memory://', adminPassword: ADMIN_PASSWORD, schemasDir: root, staticDir: path.join(tmpdir(), 'none') }),
    ).rejects.toThrow(/Mala-Cosa: folder names are/);
  });

});
