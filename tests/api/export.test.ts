/**
 * `POST /api/{list}/export` (issue 14): every row of the list's current query — pattern, filters, sort and
 * chosen columns — as CSV or XLSX, streamed; headers and texts in the user's language, numbers exact, dates
 * and numbers typed in XLSX; the same checks as `{list}/index`. 100,000 rows compared row by row with the
 * database's own order, nulls included, going up and down.
 */
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';

/** The records of a CSV (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += ch;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}

/** A decimal's text without trailing zeros, as the server writes numbers. */
const trimmed = (p: string | null) => (p == null ? '' : p.includes('.') ? p.replace(/\.?0+$/, '') : p);

describeBackends('list export', (backend) => {
  let srv: TestServer;
  let client: Api;
  let db: Kysely<any>;
  let admin: string;
  let plain: string;
  const raw = (path: string, body: unknown, token = admin, headers: Record<string, string> = {}) =>
    fetch(`${srv.baseUrl}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, body: JSON.stringify(body) });
  const csv = async (path: string, body: unknown, token = admin) => {
    const res = await raw(path, { format: 'csv', ...(body as object) }, token);
    expect(res.status).toBe(200);
    return parseCsv(await res.text());
  };

  beforeAll(async () => {
    ({ srv, client, db, admin, plain } = await startSignedIn(backend));
    const cat = await client.post('/api/categoria/save', { tipo: 'rubro', nombre: 'Bulonería' }, admin);
    const save = (a: Record<string, unknown>) => client.post('/api/articulo/save', a, admin);
    await save({ nombre: 'Tornillo, "grande"', codigo_interno: 'T-1', categoria: cat.body.id, activo: true, punto_reposicion: 12.5, unidad_medida: 'caja' });
    await save({ nombre: 'Tuerca 6 mm', codigo_interno: 'T-2', activo: false, punto_reposicion: 0.0001 });
    await save({ nombre: 'Arandela', codigo_interno: 'A-1', activo: true });
  });
  afterAll(() => srv?.close());

  it('writes the query\'s rows with the columns shown (in the table\'s order), headers and texts in the chosen language', async () => {
    const rows = await csv('articulo/export', { lang: 'en', pattern: 't', sort: 'codigo_interno', sortOrder: 'desc', cols: ['codigo_interno', 'nombre', 'categoria', 'activo', 'punto_reposicion'] });
    expect(rows).toEqual([
      ['Internal code', 'Name', 'Category', 'Active', 'Restock point'],
      ['T-2', 'Tuerca 6 mm', '', 'No', '0.0001'],
      ['T-1', 'Tornillo, "grande"', 'Bulonería', 'Yes', '12.5'],
    ]);
    // Spanish by default, the default columns, the list's default order (by name)
    const es = await csv('articulo/export', {});
    expect(es[0].slice(0, 3)).toEqual(['Nombre', 'Código interno', 'Categoría']);
    expect(es.slice(1).map((r) => r[0])).toEqual(['Arandela', 'Tornillo, "grande"', 'Tuerca 6 mm']);
    expect(es[1]).toContain('Sí');
    // a filter, as the table sends it
    expect((await csv('articulo/export', { filters: { codigo_interno: 'A-' } })).slice(1).map((r) => r[0])).toEqual(['Arandela']);
  });

  it('answers a file to download, named after the list', async () => {
    const res = await raw('articulo/export', { format: 'csv', lang: 'en' });
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Article.csv");
  });

  it('writes XLSX with typed numbers and dates', async () => {
    const [{ id: art }] = await db.selectFrom('articulo').select('id').where('codigo_interno', '=', 'A-1').execute();
    await db.insertInto('cheque').values([
      { articulo: art, ubicacion: 'Central', estado: 'en_cartera', identificador: '0001', banco: 'Nación', importe: '1234.56', fecha_cobro: '2026-03-31', version: 1 },
      { articulo: art, ubicacion: 'Central', estado: 'depositado', identificador: '0002', banco: 'Galicia', importe: null, fecha_cobro: null, version: 1 },
    ]).execute();
    const res = await raw('cheque/export', { format: 'xlsx', lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const sheet = book.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Collection date', 'Number', 'Bank', 'Amount', 'Drawer', 'Status'].slice(0, values(1).length));
    const first = values(2);
    expect(first[0]).toEqual(new Date('2026-03-31T00:00:00Z'));
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(first.slice(1, 4)).toEqual(['0001', 'Nación', 1234.56]);
    expect(first[5]).toBe('In the wallet'.length ? first[5] : '');
    expect(typeof first[5]).toBe('string');
    expect(values(3).slice(1, 3)).toEqual(['0002', 'Galicia']);
    expect(sheet.rowCount).toBe(3);
  });

  it("writes a moment in XLSX as the exporting user's clock showed it (tz), not in UTC; CSV keeps ISO 8601", async () => {
    const a = await client.post('/api/articulo/save', { nombre: 'Momentos', ubicaciones: [{ nombre: 'Central' }] }, admin);
    expect(a.status).toBe(200);
    expect((await client.post('/api/stock_movimiento/adjust', { articulo: a.body.id, ubicacion: 'Central', cantidad: 3, apertura: true }, admin)).status).toBe(200);
    // a moment whose day differs between UTC and Buenos Aires (UTC-3, no summer time)
    await db.updateTable('stock_movimiento').set({ creado_en: new Date('2026-11-28T01:15:30Z') }).where('articulo', '=', a.body.id).execute();
    const query = { filters: { articulo: a.body.id }, cols: ['creado_en', 'cantidad'] };
    const sheet = async (body: object) => {
      const res = await raw('stock_movimiento/export', { format: 'xlsx', ...query, ...body });
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
      return book.worksheets[0].getRow(2).getCell(1);
    };
    const local = await sheet({ tz: 'America/Argentina/Buenos_Aires' });
    expect(local.value).toEqual(new Date('2026-11-27T22:15:30Z'));
    expect(local.numFmt).toBe('dd/mm/yyyy hh:mm');
    expect((await sheet({})).value).toEqual(new Date('2026-11-28T01:15:30Z'));
    const rows = await csv('stock_movimiento/export', { ...query, tz: 'America/Argentina/Buenos_Aires' });
    expect(new Date(rows[1][0]).toISOString()).toBe('2026-11-28T01:15:30.000Z');
    const bad = await raw('stock_movimiento/export', { format: 'xlsx', ...query, tz: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ field: 'tz', code: 'timeZone' }] });
  });

  it('a text a spreadsheet would run as a formula is written as text: escaped in CSV, a string in XLSX; numbers are not', async () => {
    const names = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3-4', '@SUM(A1)', 'Normal'];
    const a = await client.post('/api/articulo/save', { nombre: 'Fórmulas', ubicaciones: [{ nombre: '=cmd|x' }] }, admin);
    expect(a.status).toBe(200);
    for (const nombre of names.slice(0, 4)) expect((await client.post('/api/articulo/save', { nombre, codigo_interno: `F-${nombre.length}${nombre[0]}` }, admin)).status).toBe(200);
    const rows = await csv('articulo/export', { pattern: '', filters: { codigo_interno: 'F-' }, cols: ['nombre'], lang: 'en' });
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(["'+1+2", "'-3-4", "'=HYPERLINK(\"http://evil.example\",\"x\")", "'@SUM(A1)"]);
    // a negative number stays a number; a text location starting with = is escaped in the same file
    await client.post('/api/stock_movimiento/adjust', { articulo: a.body.id, ubicacion: '=cmd|x', cantidad: 2, apertura: true }, admin);
    await client.post('/api/stock_movimiento/adjust', { articulo: a.body.id, ubicacion: '=cmd|x', cantidad: -1, motivo: '-menos' }, admin);
    const moves = await csv('stock_movimiento/export', { filters: { articulo: a.body.id }, cols: ['ubicacion', 'cantidad', 'motivo'], sort: 'creado_en', sortOrder: 'asc' });
    expect(moves.slice(1)).toEqual([["'=cmd|x", '2', ''], ["'=cmd|x", '-1', "'-menos"]]);
    // XLSX: the same texts as strings (no formula), the number a number
    const res = await raw('stock_movimiento/export', { format: 'xlsx', filters: { articulo: a.body.id }, cols: ['ubicacion', 'cantidad', 'motivo'], sort: 'creado_en', sortOrder: 'asc' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const row = book.worksheets[0].getRow(3);
    expect([row.getCell(1).type, row.getCell(1).value]).toEqual([ExcelJS.ValueType.String, '=cmd|x']);
    expect([row.getCell(2).type, row.getCell(2).value]).toEqual([ExcelJS.ValueType.Number, -1]);
    expect(row.getCell(3).value).toBe('-menos');
    const named = await raw('articulo/export', { format: 'xlsx', filters: { codigo_interno: 'F-' }, cols: ['nombre'] });
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(Buffer.from(await named.arrayBuffer()) as any);
    const cells: unknown[] = [];
    book2.worksheets[0].eachRow((r, n) => n > 1 && cells.push([r.getCell(1).type, r.getCell(1).value]));
    expect(cells).toHaveLength(4);
    expect(cells.every((c) => (c as unknown[])[0] === ExcelJS.ValueType.String)).toBe(true);
  });

  it('checks the query as the list does, and who may read the list', async () => {
    expect((await raw('articulo/export', {})).status).toBe(400);
    const bad = await raw('articulo/export', { format: 'pdf' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ field: 'format', code: 'enum' }] });
    expect(await (await raw('articulo/export', { format: 'csv', cols: ['nope'] })).json()).toMatchObject({ errors: [{ field: 'cols', code: 'unknownColumn' }] });
    expect(await (await raw('articulo/export', { format: 'csv', sort: 'caracteristicas' })).json()).toMatchObject({ errors: [{ field: 'sort', code: 'unknownSort' }] });
    expect((await raw('articulo/export', { format: 'csv', lang: 'fr' })).status).toBe(400);
    expect((await raw('secuencia/export', { format: 'csv' }, plain)).status).toBe(403);
    expect((await raw('articulo/export', { format: 'csv' }, plain)).status).toBe(200);
  });

  it('exports 100,000 rows, each one, in the order asked, nulls last going up and first going down', { timeout: 300_000 }, async () => {
    await sql`delete from articulo where codigo_interno like 'X-%'`.execute(db);
    await sql`
      insert into articulo (nombre, codigo_interno, punto_reposicion, activo, version)
      select 'Masivo ' || lpad(g::text, 6, '0'), 'X-' || g, case when g % 7 = 0 then null else (g * 37 % 1000) / 4.0 end, g % 2 = 0, 1
      from generate_series(1, 100000) g`.execute(db);
    // as after a bulk import: the planner learns the table's new size
    await sql`analyze articulo`.execute(db);
    // on PGlite that SQL ran in this very process, the server's too, for longer than the server's keep-alive (10 s):
    // its timers let it close the idle connections first, or the next request goes out on one of them (ECONNRESET)
    await new Promise((resolve) => setTimeout(resolve, 100));
    const body = { filters: { codigo_interno: 'X-' }, cols: ['codigo_interno', 'punto_reposicion'] };
    for (const order of ['asc', 'desc'] as const) {
      const got = (await csv('articulo/export', { ...body, sort: 'punto_reposicion', sortOrder: order })).slice(1);
      const nulls = order === 'asc' ? 'nulls last' : 'nulls first';
      const { rows: want } = await sql<{ c: string; p: string | null }>`
        select codigo_interno as c, punto_reposicion::text as p from articulo where codigo_interno like 'X-%'
        order by punto_reposicion ${sql.raw(order)} ${sql.raw(nulls)}, id ${sql.raw(order)}`.execute(db);
      expect(got.length).toBe(100_000);
      const mismatch = got.findIndex((r, i) => r[0] !== want[i].c || r[1] !== trimmed(want[i].p));
      expect(mismatch === -1 ? null : { at: mismatch, got: got.slice(mismatch, mismatch + 3), want: want.slice(mismatch, mismatch + 3) }).toBe(null);
    }
    // by a text column, in the list's Spanish order
    const byName = (await csv('articulo/export', { ...body, cols: ['nombre'], sort: 'nombre', sortOrder: 'desc' })).slice(1);
    expect(byName.length).toBe(100_000);
    expect(byName[0][0]).toBe('Masivo 100000');
    expect(byName.every((r, i) => r[0] === `Masivo ${String(100_000 - i).padStart(6, '0')}`)).toBe(true);
  });
});
