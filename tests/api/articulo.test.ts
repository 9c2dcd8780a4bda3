/** Articles (spec §3 Article, §5, §8): category reference, specification ranges, components, related parties. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSpecification } from '../../engine/articleSpec';
import { ADMIN_PASSWORD, api, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

describeBackends('articulo', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let rubro: number;
  const post = (path: string, body: unknown = {}) => client.post(`/api/${path}`, body, admin);
  const save = async (record: Record<string, unknown>) => {
    const res = await post('articulo/save', record);
    if (res.status !== 200) throw new Error(`articulo/save answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };

  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
    admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    rubro = (await post('categoria/save', { tipo: 'rubro', nombre: 'Ferretería' })).body.id;
  });
  afterAll(() => srv?.close());

  describe('categoria', () => {
    it('saves an article of an existing category, with its locations and prices', async () => {
      const a = await save({
        nombre: 'Tornillo 6 x 40',
        categoria: rubro,
        ubicaciones: [{ nombre: 'Depósito central', cantidad_actual: 1200 }],
        listas_precio: [{ lista: 'Mayorista', precio: 12.5, moneda: 'ARS' }],
      });
      // a location's quantity is the stock ledger's (issue 12), never typed: a new article holds none
      expect(a).toMatchObject({ categoria: rubro, ubicaciones: [{ nombre: 'Depósito central', cantidad_actual: 0 }], listas_precio: [{ lista: 'Mayorista', precio: 12.5 }] });
    });

    it('a new article holds its schema defaults where the call says nothing, as the form shows them', async () => {
      const a = await save({ nombre: 'Arandela', ubicaciones: [{ nombre: 'Depósito central' }] });
      expect(a).toMatchObject({ activo: true, es_servicio: false, es_compuesto: false, ubicaciones: [{ permite_negativo: false }] });
      // stored so, not only answered so: a report or an export reads the table
      expect(await srv.db.selectFrom('articulo' as never).select(['activo' as never]).where('id' as never, '=', a.id as never).executeTakeFirst()).toEqual({ activo: true });
      // what was sent is kept, a false included
      expect(await save({ nombre: 'Arandela vieja', activo: false })).toMatchObject({ activo: false });
    });

    it('keeps the internal code unique, ignoring case and spaces around it; articles without one never clash', async () => {
      const first = await save({ nombre: 'Cemento portland', codigo_interno: 'CEM-050' });
      const dup = await post('articulo/save', { nombre: 'Cemento otra marca', codigo_interno: ' cem-050 ' });
      expect(dup).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'codigo_interno', code: 'unique' }] } });
      expect((await post(`articulo/update/${first.id}`, { ...first, nombre: 'Cemento portland 50 kg' })).status).toBe(200);
      await save({ nombre: 'Sin código A' });
      await save({ nombre: 'Sin código B' });
    });

    it('answers 406 CATEGORIA_ARTICULO_NOT_FOUND, field categoria, for a missing category', async () => {
      const res = await post('articulo/save', { nombre: 'Huérfano', categoria: 987654 });
      expect(res.status).toBe(406);
      expect(res.body).toMatchObject({
        code: 'CATEGORIA_ARTICULO_NOT_FOUND',
        message: 'No se encontró la categoría del artículo.',
        errors: [{ field: 'categoria', code: 'CATEGORIA_ARTICULO_NOT_FOUND' }],
      });
      const a = await save({ nombre: 'Sin categoría aún' });
      const upd = await post(`articulo/update/${a.id}`, { ...a, categoria: 987654 });
      expect(upd.status).toBe(406);
      expect(upd.body.code).toBe('CATEGORIA_ARTICULO_NOT_FOUND');
    });
  });

  describe('especificaciones', () => {
    const largo = { nombre: 'Largo', cuantitativa: true, unidad: 'mm', minimo: 38, maximo: 42 };

    it('accepts a quantitative target within its range and non-quantitative rows', async () => {
      const a = await save({
        nombre: 'Tornillo 6 x 40 calibrado',
        especificaciones: [{ ...largo, valor_objetivo: 40 }, { nombre: 'Terminación', cualitativa: true, valores_posibles: 'zincado\nbronceado' }],
      });
      expect(a.especificaciones[0]).toMatchObject({ valor_objetivo: 40 });
    });

    it('refuses a target out of range with the field error the engine function gives', async () => {
      const spec = { ...largo, valor_objetivo: 45 };
      const res = await post('articulo/save', { nombre: 'Fuera de rango', especificaciones: [{ nombre: 'Color', descriptiva: true }, spec] });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      const [engine] = checkSpecification(spec);
      expect(engine).toEqual({ field: 'valor_objetivo', code: 'between', params: { min: 38, max: 42 } });
      expect(res.body.errors).toEqual([{ ...engine, field: 'especificaciones.1.valor_objetivo' }]);
    });

    it('refuses a minimum above the maximum, and one-sided bounds use minValue / maxValue', async () => {
      const res = await post('articulo/save', {
        nombre: 'Rangos',
        especificaciones: [
          { nombre: 'A', cuantitativa: true, minimo: 5, maximo: 1 },
          { nombre: 'B', cuantitativa: true, minimo: 5, valor_objetivo: 4 },
          { nombre: 'C', cuantitativa: true, maximo: 5, valor_objetivo: 6 },
        ],
      });
      expect(res.body.errors).toEqual([
        { field: 'especificaciones.0.minimo', code: 'maxValue', params: { max: 1 } },
        { field: 'especificaciones.1.valor_objetivo', code: 'minValue', params: { min: 5 } },
        { field: 'especificaciones.2.valor_objetivo', code: 'maxValue', params: { max: 5 } },
      ]);
    });
  });

  describe('componentes and interesados', () => {
    it('saves components of existing articles', async () => {
      const tabla = await save({ nombre: 'Tabla de pino' });
      const clavo = await save({ nombre: 'Clavo 2"' });
      const cajon = await save({ nombre: 'Cajón', es_compuesto: true, componentes: [{ articulo: tabla.id, cantidad: 5 }, { articulo: clavo.id, cantidad: 20 }] });
      // each child row answers with its own id (kept across updates: tests/api/documents.test.ts)
      expect(cajon.componentes).toEqual([
        { id: expect.any(Number), articulo: tabla.id, cantidad: 5 },
        { id: expect.any(Number), articulo: clavo.id, cantidad: 20 },
      ]);
    });

    it('refuses a missing article, the article itself, and one that already contains it', async () => {
      const rueda = await save({ nombre: 'Rueda' });
      const carro = await save({ nombre: 'Carro', componentes: [{ articulo: rueda.id, cantidad: 4 }] });
      const missing = await post('articulo/save', { nombre: 'X', componentes: [{ articulo: 999999, cantidad: 1 }] });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual([{ field: 'componentes.0.articulo', code: 'enum' }]);
      const self = await post(`articulo/update/${rueda.id}`, { ...rueda, componentes: [{ articulo: rueda.id, cantidad: 1 }] });
      expect(self.status).toBe(400);
      expect(self.body.errors).toEqual([{ field: 'componentes.0.articulo', code: 'REFERENCIA_CICLICA' }]);
      // carro contains rueda: rueda may not contain carro
      const loop = await post(`articulo/update/${rueda.id}`, { ...rueda, componentes: [{ articulo: carro.id, cantidad: 1 }] });
      expect(loop.status).toBe(400);
      expect(loop.body.errors).toEqual([{ field: 'componentes.0.articulo', code: 'REFERENCIA_CICLICA' }]);
    });

    it('refuses related parties that do not exist', async () => {
      const p = (await post('perfil/save', { razon_social: 'Proveedor de maderas', tipo: 'proveedores' })).body;
      expect((await post('articulo/save', { nombre: 'Listón', interesados: [{ perfil: p.id, rol: 'proveedor' }] })).status).toBe(200);
      const res = await post('articulo/save', { nombre: 'Listón 2', interesados: [{ perfil: 999999 }] });
      expect(res.body.errors).toEqual([{ field: 'interesados.0.perfil', code: 'enum' }]);
    });
  });
});
