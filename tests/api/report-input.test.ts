/**
 * Report calls given what they cannot use: a parameter value that does not fit its field (1.5 or 99999999999 for
 * a whole number, a day that does not exist, a moment that is no moment) answers 400 on `params.<name>` in
 * `reportes/datos` and `reportes/exportar`, and a fixed filter value that does not fit is refused when the
 * report is saved; `guardarReporte` refuses an id or version past the integer range; the report and billing
 * calls refuse keys they do not know, naming them. Never a 500. Both databases.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';

describeBackends('report calls: input they cannot use', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let plain: string;
  let report: { id: number; version: number };
  const call = (path: string, body: unknown = {}, token = admin) => client.post(`/api/${path}`, body, token);
  const refused = (field: string, code: string, params?: Record<string, unknown>) => ({
    status: 400,
    body: { code: 'VALIDATION_FAILED', errors: [{ field, code, ...(params ? { params } : {}) }] },
  });
  const base = { descripcion: 'Registros', clave: 'registros', contexto: 'menurep' };

  beforeAll(async () => {
    ({ srv, client, admin, plain } = await startSignedIn(backend));
    const saved = await call('reportes/guardarReporte', {
      id: null,
      ...base,
      parametros: ['n', 'dia', 'desde', 't'].map((nombre) => ({ nombre })),
      consulta: {
        entidad: 'registro',
        filtros: [
          { campo: 'actividad', operador: 'eq', parametro: 'n' },
          { campo: 'fecha', operador: 'gte', parametro: 'dia' },
          { campo: 'created_at', operador: 'gte', parametro: 'desde' },
          { campo: 'total', operador: 'gt', parametro: 't' },
        ],
      },
    });
    expect(saved.status).toBe(200);
    report = saved.body;
  });
  afterAll(() => srv?.close());

  it('datos and exportar: a parameter that does not fit its field is a 400 on params.<name>', async () => {
    const run = (params: Record<string, string>) => call('reportes/datos', { id: report.id, params }, plain);
    expect((await run({ n: '3', dia: '2024-02-29', desde: '2026-01-01T10:00:00Z', t: '2.5' })).status).toBe(200);
    expect((await run({ desde: '2026-01-01 10:00-03:00' })).status).toBe(200);
    expect(await run({ n: '1.5' })).toMatchObject(refused('params.n', 'type', { type: 'integer' }));
    expect(await run({ n: '99999999999' })).toMatchObject(refused('params.n', 'maxValue', { max: 2147483647 }));
    expect(await run({ n: '-99999999999' })).toMatchObject(refused('params.n', 'minValue', { min: -2147483648 }));
    expect(await run({ dia: '2024-13-45' })).toMatchObject(refused('params.dia', 'type', { type: 'date' }));
    expect(await run({ desde: 'ayer' })).toMatchObject(refused('params.desde', 'type', { type: 'date' }));
    expect(await run({ desde: '2026-02-30T10:00' })).toMatchObject(refused('params.desde', 'type', { type: 'date' }));
    expect(await run({ t: '1,5' })).toMatchObject(refused('params.t', 'type', { type: 'number' }));
    const exported = await call('reportes/exportar', { id: report.id, format: 'csv', params: { n: '1.5' } }, plain);
    expect(exported).toMatchObject(refused('params.n', 'type', { type: 'integer' }));
    expect(await call('reportes/exportar', { id: report.id, format: 'csv', params: { desde: 'ayer' } }, plain)).toMatchObject(refused('params.desde', 'type', { type: 'date' }));
  });

  it('guardarReporte: a fixed filter value that does not fit its field is refused when saved', async () => {
    const fixed = (campo: string, valor: string) => call('reportes/guardarReporte', { id: null, ...base, consulta: { entidad: 'registro', filtros: [{ campo, operador: 'eq', valor }] } });
    expect(await fixed('actividad', '1.5')).toMatchObject(refused('consulta.filtros.0.valor', 'type', { type: 'integer' }));
    expect(await fixed('actividad', '2147483648')).toMatchObject(refused('consulta.filtros.0.valor', 'maxValue', { max: 2147483647 }));
    expect(await fixed('fecha', '2024-13-45')).toMatchObject(refused('consulta.filtros.0.valor', 'type', { type: 'date' }));
    expect(await fixed('created_at', 'ayer')).toMatchObject(refused('consulta.filtros.0.valor', 'type', { type: 'date' }));
    expect((await fixed('actividad', '7')).status).toBe(200);
  });

  it('guardarReporte: an id or version past the integer range is a 400, and nothing is written', async () => {
    const current = (await call(`reportes/findById/${report.id}`)).body;
    const huge = await call('reportes/guardarReporte', { ...current, id: 99999999999, version: 1 });
    expect(huge).toMatchObject(refused('id', 'type', { type: 'integer' }));
    const stale = await call('reportes/guardarReporte', { ...current, descripcion: 'Pisado', version: 99999999999 });
    expect(stale).toMatchObject(refused('version', 'type', { type: 'integer' }));
    expect((await call(`reportes/findById/${report.id}`)).body).toMatchObject({ descripcion: 'Registros', version: current.version });
  });

  it('report and billing calls refuse keys they do not know, naming them', async () => {
    const unknown = (field: string) => ({ status: 400, body: { errors: [{ field, code: 'unknownField' }] } });
    expect(await call('reportes/tablero', { tile: 'stockBajo', foo: 1 }, plain)).toMatchObject(unknown('foo'));
    expect(await call('reportes/getReporteForExecById', { id: report.id, bogus: 1 }, plain)).toMatchObject(unknown('bogus'));
    expect(await call('reportes/findReportesByContexto', { contexto: 'menurep', foo: 1 }, plain)).toMatchObject(unknown('foo'));
    expect(await call('reportes/datos', { id: report.id, foo: 1 }, plain)).toMatchObject(unknown('foo'));
    expect(await call('reportes/exportar', { id: report.id, format: 'csv', foo: 1 }, plain)).toMatchObject(unknown('foo'));
    expect(await call('reportes/index', { foo: 1 }, plain)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', errors: [{ field: 'foo', code: 'unknownField' }] } });
    expect(await call('facturacion/parametros', { refrescar: false, foo: 1 })).toMatchObject(unknown('foo'));
    expect(await call('facturacion/certificado', { certificado: 'x', clave: 'y', foo: 1 })).toMatchObject(unknown('foo'));
    // the known keys still answer
    expect((await call('reportes/tablero', { tile: 'stockBajo' }, plain)).status).toBe(200);
    expect((await call('reportes/index', { max: 5 }, plain)).status).toBe(200);
  });
});
