/**
 * Labels with a day in them (engine/metadata/label.ts `rowLabel`), on both databases: a referenced row's name in a
 * list (`$labels`) and a select's options write the day dd/mm/yyyy as the rest of the app does, in either
 * language; sorting by the reference still follows the stored days, and an export's file keeps them as stored.
 */
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
    await cp(path.resolve('schemas/categoria'), path.join(schemasDir, 'categoria'), { recursive: true });
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

  it('an export keeps the label fields as stored', async () => {
    const res = await client.post('/api/pago/export', { format: 'csv' }, token);
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('Cuota 2026-12-20');
  });
});
