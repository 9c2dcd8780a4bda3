/**
 * Labels with a day in them (engine/metadata/label.ts `rowLabel`), on both databases: a referenced row's name in a
 * list (`$labels`) and a select's options write the day dd/mm/yyyy as the rest of the app does, in either
 * language; sorting by the reference still follows the stored days. What a list shows is what its export's file
 * and a report grouped by the reference (its data and its file) write.
 */
import ExcelJS from 'exceljs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

const ENTITIES = {
  vencimiento: {
    schema: { type: 'object', required: ['nombre'], properties: { nombre: { type: 'string', maxLength: 60 }, fecha: { type: ['string', 'null'], format: 'date' } } },
    columns: { columns: ['nombre', 'fecha'], optionLabel: ['nombre', 'fecha'] },
  },
  pago: {
    schema: { type: 'object', required: ['nombre'], properties: { nombre: { type: 'string', maxLength: 60 }, vencimiento: { type: ['integer', 'null'], 'x-ref': 'vencimiento' } } },
    columns: { columns: ['nombre', 'vencimiento'] },
  },
};

describeBackends('labels with days', (backend) => {
  let schemasDir: string;
  let srv: TestServer;
  let client: Api;
  let token: string;
  const ok = async (p: string, body: unknown = {}, lang?: string) => {
    const res = await client.post(`/api/${p}`, body, token, lang ? { 'accept-language': lang } : {});
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };

  beforeAll(async () => {
    schemasDir = await mkdtemp(path.join(tmpdir(), 'flujos-schemas-'));
    // the app's entities (reports need theirs), without their rules: those import the engine by a relative path
    await cp(path.resolve('schemas'), schemasDir, { recursive: true, filter: (f) => !f.endsWith('.ts') });
    for (const [name, { schema, columns }] of Object.entries(ENTITIES)) {
      await mkdir(path.join(schemasDir, name));
      await writeFile(path.join(schemasDir, name, 'schema.json'), JSON.stringify(schema));
      await writeFile(path.join(schemasDir, name, 'columns.json'), JSON.stringify(columns));
    }
    srv = await startTestServer(backend, { schemasDir });
    client = api(srv.baseUrl);
    token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    // saved out of calendar order; as dd/mm/yyyy text 05/01/2027 would come before 20/12/2026
    for (const [nombre, fecha] of [['Cuota', '2026-12-20'], ['Cuota', '2027-01-05'], ['Cuota', '2026-02-03'], ['Sin fecha', null]]) {
      const v = await ok('vencimiento/save', { nombre, fecha });
      await ok('pago/save', { nombre: `Pago ${fecha ?? 'libre'}`, vencimiento: v.id });
    }
  });
  afterAll(async () => {
    await srv?.close();
    await rm(schemasDir, { recursive: true, force: true });
  });

  it("a select's options write their day as dd/mm/yyyy, in Spanish and in English", async () => {
    for (const lang of ['es', 'en']) {
      const { rows } = await ok('vencimiento/select', { sort: 'fecha', sortOrder: 'asc' }, lang);
      expect(rows.map((r: any) => r.name), lang).toEqual(['Cuota 03/02/2026', 'Cuota 20/12/2026', 'Cuota 05/01/2027', 'Sin fecha']);
      expect(rows.every((r: any) => r.nombre === r.name)).toBe(true);
    }
    // one option by its id, as a form names the value it holds
    const one = (await ok('vencimiento/select', { filters: { id: (await ok('vencimiento/select', { pattern: 'sin' })).rows[0].id } })).rows;
    expect(one.map((r: any) => r.name)).toEqual(['Sin fecha']);
  });

  it("a list's reference shows the referenced row's day as dd/mm/yyyy and sorts by the stored days", async () => {
    for (const lang of ['es', 'en']) {
      const { rows } = await ok('pago/index', { sort: 'vencimiento', sortOrder: 'asc' }, lang);
      // calendar order, not the order of the texts shown; the row without a day by its name
      expect(rows.map((r: any) => r.$labels?.vencimiento), lang).toEqual(['Cuota 03/02/2026', 'Cuota 20/12/2026', 'Cuota 05/01/2027', 'Sin fecha']);
      expect(rows.map((r: any) => r.nombre)).toEqual(['Pago 2026-02-03', 'Pago 2026-12-20', 'Pago 2027-01-05', 'Pago libre']);
    }
    const desc = await ok('pago/index', { sort: 'vencimiento', sortOrder: 'desc' });
    expect(desc.rows.map((r: any) => r.$labels?.vencimiento)).toEqual(['Sin fecha', 'Cuota 05/01/2027', 'Cuota 20/12/2026', 'Cuota 03/02/2026']);
  });

  /** The labels of pago's vencimiento column as a list shows them to a caller reading `lang`, in the list's order. */
  const listed = async (lang: string) =>
    (await ok('pago/index', { sort: 'vencimiento', sortOrder: 'asc' }, lang)).rows.map((r: any) => r.$labels?.vencimiento ?? '');
  const fetchRaw = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${srv.baseUrl}/api/${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, body: JSON.stringify(body) });
  /** A CSV file's lines as cells (no cell here holds a comma or a quote). */
  const csvCells = async (res: Response) => {
    expect(res.status).toBe(200);
    return (await res.text()).replace(/^\ufeff/, '').split('\r\n').filter(Boolean).map((l) => l.split(','));
  };
  const xlsxCells = async (res: Response) => {
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const sheet = book.worksheets[0];
    return Array.from({ length: sheet.rowCount }, (_, i) => (sheet.getRow(i + 1).values as unknown[]).slice(1));
  };

  it("an export writes a reference's day as its list shows it, in CSV and XLSX, in either language", async () => {
    const shown = ['Cuota 03/02/2026', 'Cuota 20/12/2026', 'Cuota 05/01/2027', 'Sin fecha'];
    const query = { sort: 'vencimiento', sortOrder: 'asc', cols: ['nombre', 'vencimiento'] };
    for (const lang of ['es', 'en']) {
      expect(await listed(lang), lang).toEqual(shown);
      // the language asked for in the body, or the caller's (Accept-Language)
      for (const [body, headers] of [[{ lang }, {}], [{}, { 'accept-language': lang }]] as const) {
        const csv = await csvCells(await fetchRaw('pago/export', { format: 'csv', ...query, ...body }, headers));
        expect(csv.slice(1).map((r) => r[1]), lang).toEqual(shown);
        const xlsx = await xlsxCells(await fetchRaw('pago/export', { format: 'xlsx', ...query, ...body }, headers));
        expect(xlsx.slice(1).map((r) => r[1] ?? ''), lang).toEqual(shown);
      }
    }
  });

  it('a report grouped by the reference names its groups as the list does, on screen and in its file', async () => {
    const report = await ok('reportes/guardarReporte', {
      id: null, descripcion: 'Pagos por vencimiento', clave: 'pagos_vencimiento', contexto: 'menurep',
      consulta: { entidad: 'pago', agrupar: 'vencimiento', medidas: [{ funcion: 'count' }] },
    });
    const byName = (labels: string[]) => [...labels].sort();
    for (const lang of ['es', 'en']) {
      const shown = await listed(lang);
      const data = await ok('reportes/datos', { id: report.id }, lang);
      // every pago has a vencimiento of its own: a group each, named as the list names it
      expect(byName(data.rows.map((r: any) => r.etiqueta)), lang).toEqual(byName(shown));
      expect(data.rows.map((r: any) => r.etiqueta)).toContain('Cuota 20/12/2026');
      const csv = await csvCells(await fetchRaw('reportes/exportar', { id: report.id, format: 'csv' }, { 'accept-language': lang }));
      expect(byName(csv.slice(1, -1).map((r) => r[0])), lang).toEqual(byName(shown));
      const xlsx = await xlsxCells(await fetchRaw('reportes/exportar', { id: report.id, format: 'xlsx', lang }));
      expect(byName(xlsx.slice(1, -1).map((r) => String(r[0]))), lang).toEqual(byName(shown));
    }
  });
});
