/**
 * Reports (spec §7 Reports, issue 14): every call with its defaults, the run answer and its link, and who
 * sees what: ADMIN configures; users see the reports of no job position or of theirs.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPORT_GROUP_TIPO } from '../../engine/reports/model';
import { reportLink } from '../../engine/reports/link';
import { createUser, describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';

describeBackends('reports', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let plain: string;
  let comprador: string;
  let vendedorPuesto: number;
  const call = (path: string, body: unknown = {}, token = admin) => client.post(`/api/${path}`, body, token);
  const ok = async (path: string, body: unknown = {}, token = admin) => {
    const res = await call(path, body, token);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ srv, client, admin, plain } = await startSignedIn(backend));
    const compras = (await ok('puesto/save', { nombre: 'Comprador' })).id;
    vendedorPuesto = (await ok('puesto/save', { nombre: 'Vendedor' })).id;
    const party = await ok('perfil/save', { nombre: 'Ana', tipo: 'empleados', empleado: { puesto: compras } });
    await createUser(srv.db, { username: 'ana', password: 'Work-pass1!', roles: ['ROLE_USER'], perfilid: party.id });
    comprador = (await client.login('ana', 'Work-pass1!')).access_token;
    const group = (await ok('categoria/save', { tipo: REPORT_GROUP_TIPO, nombre: 'Compras' })).id;
    const save = async (name: string, r: Record<string, unknown>) => (ids[name] = (await ok('reportes/guardarReporte', { id: null, ...r })).id);
    await save('ventas', {
      descripcion: 'Ventas por mes',
      clave: '/reports/ventas_mes',
      contexto: 'menurep',
      orden: 2,
      uri: 'https://bi.example.com/jasperserver/flow.html?_flowId=viewReportFlow',
      parametros: [
        { nombre: 'desde', tipo: 'fecha', defecto: '2026-01-01' },
        { nombre: 'cliente', etiqueta: 'Cliente', requerido: true },
      ],
      puestos: [{ puesto: vendedorPuesto }],
    });
    await save('compras', { descripcion: 'Compras pendientes', clave: 'compras', contexto: 'menurep', orden: 1, grupo: group, puestos: [{ puesto: compras }] });
    await save('todos', { descripcion: 'Resumen general', clave: 'resumen', contexto: 'dashboard', grupo: group });
    await save('registro', { descripcion: 'Remito', clave: 'remito', contexto: 'registro', uri: 'https://bi.example.com/r' });
  });
  afterAll(() => srv?.close());

  it('guardarReporte creates with id null and updates with an id; findById answers it', async () => {
    const r = await ok(`reportes/findById/${ids.ventas}`);
    expect(r).toMatchObject({ id: ids.ventas, descripcion: 'Ventas por mes', clave: '/reports/ventas_mes', contexto: 'menurep', orden: 2, puestos: [{ puesto: vendedorPuesto }] });
    expect(r.parametros.map((p: { nombre: string }) => p.nombre)).toEqual(['desde', 'cliente']);
    const updated = await ok('reportes/guardarReporte', { ...r, descripcion: 'Ventas por mes y cliente' });
    expect(updated).toMatchObject({ id: ids.ventas, descripcion: 'Ventas por mes y cliente', version: 2 });
    // as every entity's update: a stale version is a conflict, a missing one is refused; nothing is overwritten
    expect(await call('reportes/guardarReporte', { ...r, descripcion: 'Pisado' })).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
    expect(await call('reportes/guardarReporte', { ...r, descripcion: 'Pisado', version: undefined })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', errors: [{ field: 'version', code: 'required' }] },
    });
    expect((await call('reportes/guardarReporte', { ...r, descripcion: 'Pisado', version: 'x' })).status).toBe(400);
    expect(await ok(`reportes/findById/${ids.ventas}`)).toMatchObject({ descripcion: 'Ventas por mes y cliente', version: 2 });
    expect((await call('reportes/guardarReporte', { id: null, descripcion: 'x' })).status).toBe(400);
    const dup = await call('reportes/guardarReporte', { id: null, descripcion: 'x', clave: 'x', contexto: 'menurep', parametros: [{ nombre: 'a' }, { nombre: 'a' }] });
    expect(dup).toMatchObject({ status: 400, body: { errors: [{ field: 'parametros.1.nombre', code: 'unique' }] } });
    expect((await call('reportes/guardarReporte', { id: null, descripcion: 'x', clave: 'x', contexto: 'menurep' }, plain)).status).toBe(403);
  });

  it('reportes/index: offset 0, max 10, sorted by id by default', async () => {
    for (let i = 0; i < 9; i++) await ok('reportes/guardarReporte', { id: null, descripcion: `Extra ${i}`, clave: `extra${i}`, contexto: 'actividad', orden: 50 - i });
    const page = await ok('reportes/index');
    expect(page.total).toBe(13);
    expect(page.rows).toHaveLength(10);
    const got = page.rows.map((r: { id: number }) => r.id);
    expect(got).toEqual([...got].sort((a: number, b: number) => a - b));
    expect(got[0]).toBe(ids.ventas);
    expect((await ok('reportes/index', { offset: 10 })).rows).toHaveLength(3);
    expect((await ok('reportes/index', { sort: 'orden', max: 2 })).rows.map((r: { descripcion: string }) => r.descripcion)).toEqual(['Compras pendientes', 'Ventas por mes y cliente']);
    // a user without a position sees only the reports of no position
    expect((await ok('reportes/index', {}, plain)).total).toBe(11);
  });

  it('menurep, by context and by group, each filtered by the caller\'s job position', async () => {
    expect(await ok('reportes/menurep')).toEqual([
      { id: ids.compras, descrip: 'Compras pendientes' },
      { id: ids.ventas, descrip: 'Ventas por mes y cliente' },
    ]);
    expect(await ok('reportes/menurep', {}, comprador)).toEqual([{ id: ids.compras, descrip: 'Compras pendientes' }]);
    expect(await ok('reportes/menurep', {}, plain)).toEqual([]);
    expect((await ok('reportes/getDashboardReporte', {}, plain)).map((r: { id: number }) => r.id)).toEqual([ids.todos]);
    const byContext = await ok('reportes/findReportesByContexto', { contexto: 'registro' }, plain);
    expect(byContext).toMatchObject([{ id: ids.registro, descrip: 'Remito', builtin: false }]);
    expect((await call('reportes/findReportesByContexto', { contexto: 'otro' })).status).toBe(400);
    expect((await call('reportes/findReportesByContexto', {})).status).toBe(400);
    const groups = await ok('reportes/findGruposDeReportes', {}, plain);
    expect(groups).toEqual([{ id: expect.any(Number), nombre: 'Compras' }]);
    expect((await ok(`reportes/findReportesByGrupoid/${groups[0].id}`)).map((r: { id: number }) => r.id)).toEqual([ids.compras, ids.todos]);
    expect((await ok(`reportes/findReportesByGrupoid/${groups[0].id}`, {}, plain)).map((r: { id: number }) => r.id)).toEqual([ids.todos]);
  });

  it('findReportesByContexto with actividadId: that activity\'s reports and those of none', async () => {
    const proceso = (await ok('proceso/save', { titulo: 'Ventas' })).id;
    const a1 = (await ok('actividad/save', { titulo: 'Pedido', proceso })).id;
    const a2 = (await ok('actividad/save', { titulo: 'Entrega', proceso })).id;
    const mine = (await ok('reportes/guardarReporte', { id: null, descripcion: 'Del pedido', clave: 'p', contexto: 'actividad', actividad: a1, orden: 0 })).id;
    const forA1 = (await ok('reportes/findReportesByContexto', { contexto: 'actividad', actividadId: a1 })).map((r: { id: number }) => r.id);
    expect(forA1[0]).toBe(mine);
    expect(forA1).toHaveLength(10);
    expect((await ok('reportes/findReportesByContexto', { contexto: 'actividad', actividadId: a2 })).map((r: { id: number }) => r.id)).not.toContain(mine);
  });

  it('findPuestosDeTrabajoByReporteId names the positions; a report of another position is refused', async () => {
    expect(await ok(`reportes/findPuestosDeTrabajoByReporteId/${ids.ventas}`)).toEqual([{ id: vendedorPuesto, nombre: 'Vendedor' }]);
    expect(await ok(`reportes/findPuestosDeTrabajoByReporteId/${ids.todos}`)).toEqual([]);
    // a user of another job position (or of none) gets it by no call that names its id
    const refused = { status: 403, body: { code: 'REPORTE_SIN_PERMISO' } };
    expect(await call(`reportes/findById/${ids.ventas}`, {}, comprador)).toMatchObject(refused);
    expect(await call(`reporte/show/${ids.ventas}`, {}, comprador)).toMatchObject(refused);
    expect(await call('reporte/show', { id: ids.ventas }, plain)).toMatchObject(refused);
    expect(await call(`reportes/findPuestosDeTrabajoByReporteId/${ids.ventas}`, {}, plain)).toMatchObject(refused);
    expect(await call('reportes/datos', { id: ids.ventas, params: { cliente: 'x' } }, comprador)).toMatchObject(refused);
    // their own position's, and those of no position, they do get
    expect(await ok(`reporte/show/${ids.compras}`, {}, comprador)).toMatchObject({ id: ids.compras });
    expect(await ok(`reportes/findById/${ids.todos}`, {}, plain)).toMatchObject({ id: ids.todos });
    expect((await call('reportes/findById/999999')).status).toBe(404);
    // the generic list of the configuration screen follows the same rule
    expect((await ok('reporte/index', { max: 50 }, comprador)).rows.map((r: { id: number }) => r.id)).not.toContain(ids.ventas);
  });

  it('getReporteForExecById answers {urlreporte, key, params}: defaults, given values, objetoId; the link adds reportUnit and each param', async () => {
    const run = await ok('reportes/getReporteForExecById', { id: ids.ventas, params: { cliente: 'ACME & Cía' } });
    expect(run).toEqual({ urlreporte: 'https://bi.example.com/jasperserver/flow.html?_flowId=viewReportFlow', key: '/reports/ventas_mes', params: { desde: '2026-01-01', cliente: 'ACME & Cía' } });
    expect(reportLink(run)).toBe('https://bi.example.com/jasperserver/flow.html?_flowId=viewReportFlow&reportUnit=%2Freports%2Fventas_mes&desde=2026-01-01&cliente=ACME%20%26%20C%C3%ADa');
    const missing = await call('reportes/getReporteForExecById', { id: ids.ventas, params: { desde: '2026-13-01' } });
    expect(missing).toMatchObject({ status: 400, body: { errors: [{ field: 'params.desde', code: 'type' }, { field: 'params.cliente', code: 'required' }] } });
    expect(await ok('reportes/getReporteForExecById', { id: ids.registro, objetoId: 42, contexto: 'registro' }, plain)).toEqual({
      urlreporte: 'https://bi.example.com/r',
      key: 'remito',
      params: { objetoId: '42', contexto: 'registro' },
    });
    expect(await call('reportes/getReporteForExecById', { id: ids.ventas, params: { cliente: 'x' } }, comprador)).toMatchObject({ status: 403, body: { code: 'REPORTE_SIN_PERMISO' } });
    expect((await call('reportes/getReporteForExecById', {})).status).toBe(400);
  });

  it('a built-in report: a query over the app\'s data, filtered by its parameters, grouped, measured, with totals', async () => {
    const rubro = async (nombre: string) => (await ok('categoria/save', { tipo: 'rubro', nombre })).id;
    const [herr, pint] = [await rubro('Herramientas'), await rubro('Pinturas')];
    const art = (nombre: string, categoria: number | null, punto: number, activo = true) => ok('articulo/save', { nombre, categoria, punto_reposicion: punto, activo });
    await art('Martillo', herr, 10);
    await art('Pinza', herr, 5.5);
    await art('Serrucho', herr, 100, false);
    await art('Látex blanco', pint, 2.25);
    await art('Sin rubro', null, 1);
    const report = await ok('reportes/guardarReporte', {
      id: null,
      descripcion: 'Artículos por rubro',
      clave: 'articulos_rubro',
      contexto: 'dashboard',
      parametros: [
        { nombre: 'activos', tipo: 'booleano', defecto: 'true' },
        { nombre: 'texto', tipo: 'texto' },
      ],
      consulta: {
        entidad: 'articulo',
        agrupar: 'categoria',
        grafico: 'torta',
        medidas: [{ funcion: 'count' }, { funcion: 'sum', campo: 'punto_reposicion' }, { funcion: 'avg', campo: 'punto_reposicion' }],
        filtros: [
          { campo: 'activo', operador: 'eq', parametro: 'activos' },
          { campo: 'nombre', operador: 'contains', parametro: 'texto' },
        ],
      },
    });
    const result = await ok('reportes/datos', { id: report.id }, plain);
    expect(result).toMatchObject({ entidad: 'articulo', agrupar: 'categoria', grafico: 'torta', truncado: false, params: { activos: 'true' } });
    expect(result.medidas.map((m: { funcion: string }) => m.funcion)).toEqual(['count', 'sum', 'avg']);
    const byLabel = Object.fromEntries(result.rows.map((r: any) => [r.etiqueta ?? r.grupo ?? '(none)', [r.m0, r.m1, r.m2]]));
    expect(byLabel).toEqual({ Herramientas: ['2', '15.5', '7.75'], Pinturas: ['1', '2.25', '2.25'], '(none)': ['1', '1', '1'] });
    expect(result.totales).toEqual({ m0: '4', m1: '18.75', m2: '4.6875' });
    // the parameters filter: inactive ones, and a text
    const inactive = await ok('reportes/datos', { id: report.id, params: { activos: 'false' } });
    expect(inactive.rows).toMatchObject([{ etiqueta: 'Herramientas', m0: '1', m1: '100' }]);
    expect((await ok('reportes/datos', { id: report.id, params: { texto: 'pin' } })).totales.m0).toBe('1');
    expect((await call('reportes/datos', { id: report.id, params: { activos: 'tal vez' } })).status).toBe(400);
    // an external report has no data; a query the metadata does not allow is refused when saved
    expect(await call('reportes/datos', { id: ids.todos })).toMatchObject({ status: 400, body: { code: 'REPORTE_SIN_CONSULTA' } });
    const bad = await call('reportes/guardarReporte', { id: null, descripcion: 'x', clave: 'x', contexto: 'menurep', consulta: { entidad: 'articulo', agrupar: 'nope', intervalo: 'mes', medidas: [{ funcion: 'sum', campo: 'nombre' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['consulta.agrupar', 'consulta.intervalo', 'consulta.medidas.0.campo']);
    // an interval over a group that is no date says so, at the interval
    const notDate = await call('reportes/guardarReporte', { id: null, descripcion: 'x', clave: 'x', contexto: 'menurep', consulta: { entidad: 'articulo', agrupar: 'nombre', intervalo: 'mes' } });
    expect(notDate).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'consulta.intervalo', code: 'INTERVALO_SIN_FECHA' }] } });
    expect(notDate.body.errors).toHaveLength(1);
    expect((await call('reportes/guardarReporte', { id: null, descripcion: 'x', clave: 'x', contexto: 'menurep', consulta: { entidad: 'usuario' } })).status).toBe(400);
    // a module's own table keeps no creation time: grouping by it is refused when saved, not a 500 when run
    const byMonth = { agrupar: 'created_at', intervalo: 'mes', medidas: [{ funcion: 'count' }] };
    const cheques = await call('reportes/guardarReporte', { id: null, descripcion: 'x', clave: 'x', contexto: 'menurep', consulta: { entidad: 'cheque', ...byMonth } });
    expect(cheques).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(cheques.body.errors.map((e: { field: string }) => e.field)).toEqual(['consulta.agrupar', 'consulta.intervalo']);
    // a query stored before its fields changed is refused when run (400), not a 500
    const stale = await ok('reportes/guardarReporte', { id: null, descripcion: 'x', clave: 'x', contexto: 'menurep', consulta: { entidad: 'articulo', ...byMonth } });
    await sql`update reporte set consulta = ${JSON.stringify({ entidad: 'articulo', agrupar: 'ya_no_existe', medidas: [{ funcion: 'count' }] })}::jsonb where id = ${stale.id}`.execute(srv.db);
    expect(await call('reportes/datos', { id: stale.id })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    await ok(`reportes/borrarReporte/${stale.id}`);
    // the form's empty query box (only its default chart) is no query: an external report
    const external = await ok('reportes/guardarReporte', { id: null, descripcion: 'x', clave: 'x', contexto: 'menurep', consulta: { grafico: 'barras', medidas: [], filtros: [] } });
    expect(external.consulta ?? null).toBe(null);
    await ok(`reportes/borrarReporte/${external.id}`);
    // ...but a box holding anything else is refused, not emptied
    for (const consulta of [{ grafico: 'barras', medidas: [], otra: 1 }, { grafico: 7 }, { medidas: 5 }, { entidad: 0 }])
      expect(await call('reportes/guardarReporte', { id: null, descripcion: 'x', clave: 'x', contexto: 'menurep', consulta }), JSON.stringify(consulta)).toMatchObject({ status: 400 });
  });

  it('a built-in report by time bucket; over a list the caller may not read it is refused', async () => {
    const [{ id: art }] = await (srv.db as any).selectFrom('articulo').select('id').limit(1).execute();
    await (srv.db as any).insertInto('cheque').values([
      { articulo: art, ubicacion: 'C', estado: 'en_cartera', importe: '100.10', fecha_cobro: '2026-01-05', version: 1 },
      { articulo: art, ubicacion: 'C', estado: 'en_cartera', importe: '200.20', fecha_cobro: '2026-01-31', version: 1 },
      { articulo: art, ubicacion: 'C', estado: 'depositado', importe: '50', fecha_cobro: '2026-03-01', version: 1 },
      { articulo: art, ubicacion: 'C', estado: 'depositado', importe: '7', fecha_cobro: null, version: 1 },
    ] as any).execute();
    const monthly = await ok('reportes/guardarReporte', {
      id: null, descripcion: 'Cheques por mes', clave: 'cheques_mes', contexto: 'menurep',
      parametros: [{ nombre: 'desde', tipo: 'fecha', defecto: '2026-01-01' }],
      consulta: { entidad: 'cheque', agrupar: 'fecha_cobro', intervalo: 'mes', grafico: 'lineas', medidas: [{ funcion: 'sum', campo: 'importe' }], filtros: [{ campo: 'fecha_cobro', operador: 'gte', parametro: 'desde' }] },
    });
    const result = await ok('reportes/datos', { id: monthly.id });
    expect(result.rows).toEqual([{ grupo: '2026-01-01', m0: '300.30' }, { grupo: '2026-03-01', m0: '50' }]);
    expect((await ok('reportes/datos', { id: monthly.id, params: { desde: '2026-02-01' } })).rows).toEqual([{ grupo: '2026-03-01', m0: '50' }]);
    // its files say the month: the CSV as text that still sorts, the XLSX a date shown as its month
    const file = (format: string) =>
      fetch(`${srv.baseUrl}/api/reportes/exportar`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify({ id: monthly.id, format }) });
    const lines = (await (await file('csv')).text()).replace(/^\ufeff/, '').split('\r\n').filter(Boolean);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['2026-01', '2026-03', 'Total']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await (await file('xlsx')).arrayBuffer()) as any);
    const months = [2, 3].map((n) => book.worksheets[0].getRow(n).getCell(1));
    expect(months.map((c) => c.value)).toEqual([new Date('2026-01-01T00:00:00Z'), new Date('2026-03-01T00:00:00Z')]);
    expect(months.map((c) => c.numFmt)).toEqual(['mmmm yyyy', 'mmmm yyyy']);
    const seq = await ok('reportes/guardarReporte', { id: null, descripcion: 'Secuencias', clave: 's', contexto: 'menurep', consulta: { entidad: 'secuencia' } });
    expect((await call('reportes/datos', { id: seq.id }, plain)).status).toBe(403);
    expect((await ok('reportes/datos', { id: seq.id })).rows).toHaveLength(1);
  });

  it('reportes/exportar: a built-in report\'s table with its totals as CSV and XLSX, in the user\'s language, texts never formulas', async () => {
    await ok('categoria/save', { tipo: 'rubro', nombre: '=SUM(1)' });
    const report = await ok('reportes/guardarReporte', {
      id: null, descripcion: 'Rubros por cantidad', clave: 'rubros', contexto: 'menurep',
      parametros: [{ nombre: 'tipo', defecto: 'rubro' }],
      consulta: { entidad: 'categoria', agrupar: 'nombre', medidas: [{ funcion: 'count' }, { funcion: 'sum', campo: 'orden' }], filtros: [{ campo: 'tipo', operador: 'eq', parametro: 'tipo' }] },
    });
    const file = (body: Record<string, unknown>, token = admin) =>
      fetch(`${srv.baseUrl}/api/reportes/exportar`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ id: report.id, ...body }) });
    const csv = await file({ format: 'csv', lang: 'en' }, plain);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain("filename*=UTF-8''Rubros%20por%20cantidad.csv");
    const lines = (await csv.text()).replace(/^\ufeff/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Name,Count,Sum of Order');
    expect(lines.slice(1, -1).sort()).toEqual(["'=SUM(1),1,", 'Herramientas,1,', 'Pinturas,1,']);
    expect(lines.at(-1)).toBe('Total,3,');
    // Spanish by default; XLSX: the counts are numbers, the totals line bold, the formula-like name a string
    const xlsx = await file({ format: 'xlsx' });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as any);
    const sheet = book.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Nombre', 'Cantidad', 'Suma de Orden']);
    const body = [2, 3, 4].map(values);
    expect(body.map((r) => r[0]).sort()).toEqual(['=SUM(1)', 'Herramientas', 'Pinturas']);
    expect(body.every((r) => r[1] === 1)).toBe(true);
    const formulaRow = [2, 3, 4].find((n) => values(n)[0] === '=SUM(1)')!;
    expect(sheet.getRow(formulaRow).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(values(5).slice(0, 2)).toEqual(['Total', 3]);
    expect(sheet.getRow(5).font?.bold).toBe(true);
    // the same checks as a run: a parameter, the caller's position, an external report, the format
    const none = await file({ format: 'csv', params: { tipo: 'otro' } });
    expect((await none.text()).replace(/^\ufeff/, '').split('\r\n').filter(Boolean)).toEqual(['Nombre,Cantidad,Suma de Orden', 'Total,0,']);
    expect((await file({ id: ids.ventas, format: 'csv', params: { cliente: 'x' } }, comprador)).status).toBe(403);
    expect(await (await file({ id: ids.todos, format: 'csv' })).json()).toMatchObject({ code: 'REPORTE_SIN_CONSULTA' });
    expect((await file({ format: 'pdf' })).status).toBe(400);
  });

  it('the dashboard tiles: low stock, records held by me, open records per activity', async () => {
    const low = await ok('reportes/tablero', { tile: 'stockBajo' }, plain);
    // active articles with a restock point and nothing on hand, most short first (Serrucho is inactive)
    expect(low.rows.map((r: { nombre: string }) => r.nombre)).toEqual(['Martillo', 'Pinza', 'Látex blanco', 'Sin rubro']);
    expect(low.total).toBe(4);
    expect(low.rows[0]).toMatchObject({ en_mano: '0', punto_reposicion: 10 });
    expect(await ok('reportes/tablero', { tile: 'misRegistros' }, plain)).toEqual({ total: 0, rows: [] });
    expect(await ok('reportes/tablero', { tile: 'registrosPorActividad' }, plain)).toEqual({ total: 0, rows: [] });
    expect((await call('reportes/tablero', { tile: 'otro' })).status).toBe(400);
  });

  it('borrarReporte: ADMIN only', async () => {
    expect((await call(`reportes/borrarReporte/${ids.registro}`, {}, plain)).status).toBe(403);
    expect(await ok(`reportes/borrarReporte/${ids.registro}`)).toEqual({ ok: true });
    expect((await call(`reportes/findById/${ids.registro}`)).status).toBe(404);
    expect((await call(`reportes/borrarReporte/${ids.registro}`)).status).toBe(404);
  });
});
