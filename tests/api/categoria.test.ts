/** The category master's own calls (spec §3 Category, §7 categoria/*) and its seed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_GROUP_TIPO, PERFIL_TIPO, PERFIL_TIPO_DEFAULT, PERFIL_TIPO_VALUES } from '../../engine/categoria';
import { ADMIN_PASSWORD, api, createUser, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

describeBackends('categoria', (backend) => {
  let srv: TestServer;
  let client: Api;
  let token: string;
  const post = (path: string, body?: unknown, as = token) => client.post(`/api/${path}`, body, as);
  const save = async (record: Record<string, unknown>): Promise<number> => {
    const res = await post('categoria/save', record);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.id;
  };
  // rubro tree: Hogar > (Muebles > Sillas, Cocina), Jardín; built in beforeAll
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
    token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    ids.hogar = await save({ tipo: 'rubro', nombre: 'Hogar', orden: 1, valor: 'h' });
    ids.jardin = await save({ tipo: 'rubro', nombre: 'Jardín', orden: 2, valor: 'j' });
    ids.muebles = await save({ tipo: 'rubro', nombre: 'Muebles', parentid: ids.hogar, orden: 1 });
    ids.cocina = await save({ tipo: 'rubro', nombre: 'Cocina', parentid: ids.hogar, orden: 2, valor: 'h' });
    ids.sillas = await save({ tipo: 'rubro', nombre: 'Sillas', parentid: ids.muebles });
    for (const [nombre, grupo] of [['Ventas', 'Comercial'], ['Compras', 'Comercial'], ['Altas', 'Personal'], ['Sin grupo', null]])
      await save({ tipo: FLOW_GROUP_TIPO, nombre, ...(grupo ? { grupo } : {}) });
  });
  afterAll(() => srv?.close());

  describe('perfil_tipo seed', () => {
    it('seeds the profile types, the default found by grupo and valor', async () => {
      const res = await post('categoria/index', { filters: { tipo: PERFIL_TIPO }, sort: 'orden' });
      expect(res.body.rows.map((r: any) => [r.valor, r.grupo])).toEqual(PERFIL_TIPO_VALUES.map((v) => [v, PERFIL_TIPO]));
      const def = await post('categoria/getByGrupoValor', { grupo: PERFIL_TIPO, valor: PERFIL_TIPO_DEFAULT });
      expect(def.status).toBe(200);
      expect(def.body).toEqual({ id: expect.any(Number), version: 1, tipo: PERFIL_TIPO, grupo: PERFIL_TIPO, valor: 'clientes', nombre: 'Clientes', orden: 1 });
    });
  });

  describe('groupOptions (a group as select options, keyed by valor)', () => {
    it("offers the perfil_tipo entries by orden, an entry added later too, and a party takes it as its type", async () => {
      const first = await post('categoria/groupOptions', { grupo: PERFIL_TIPO });
      expect(first.status).toBe(200);
      expect(first.body).toEqual([
        { id: 'clientes', nombre: 'Clientes', name: 'Clientes' },
        { id: 'proveedores', nombre: 'Proveedores', name: 'Proveedores' },
        { id: 'empleados', nombre: 'Empleados', name: 'Empleados' },
      ]);
      await save({ tipo: PERFIL_TIPO, grupo: PERFIL_TIPO, nombre: 'Distribuidores', valor: 'distribuidores', orden: 4 });
      // no valor: nothing could store it, so it is not offered
      await save({ tipo: PERFIL_TIPO, grupo: PERFIL_TIPO, nombre: 'Sin valor', orden: 5 });
      const after = await post('categoria/groupOptions', { grupo: PERFIL_TIPO });
      expect(after.body.map((o: any) => o.id)).toEqual([...PERFIL_TIPO_VALUES, 'distribuidores']);
      const party = await post('perfil/save', { nombre: 'Dist', tipo: 'distribuidores' });
      expect(party.status).toBe(200);
      expect(party.body.tipo).toBe('distribuidores');
      // the list's type filter picks the entry: exactly that type (issue 19)
      await save({ tipo: PERFIL_TIPO, grupo: PERFIL_TIPO, nombre: 'Distribuidores del sur', valor: 'distribuidores_sur', orden: 6 });
      expect((await post('perfil/save', { nombre: 'Sur', tipo: 'distribuidores_sur' })).status).toBe(200);
      const byType = async (tipo: string) => (await post('perfil/index', { filters: { tipo } })).body.rows.map((r: any) => r.nombre);
      expect(await byType('distribuidores')).toEqual(['Dist']);
      expect(await byType('distrib')).toEqual([]);
      // an export names the types as the list does: a built-in one in the language, the administrator's by its name
      await post('perfil/save', { nombre: 'Clienta', tipo: 'clientes' });
      const csv = async (lang: string) =>
        String((await post('perfil/export', { format: 'csv', lang, cols: ['nombre', 'tipo'], sort: 'nombre', sortOrder: 'asc' })).body).split(/\r?\n/);
      expect(await csv('en')).toEqual(expect.arrayContaining(['Clienta,Customers', 'Dist,Distribuidores', 'Sur,Distribuidores del sur']));
      expect(await csv('es')).toEqual(expect.arrayContaining(['Clienta,Clientes', 'Dist,Distribuidores']));
    });

    it('needs a group, and takes nothing else', async () => {
      expect((await post('categoria/groupOptions', {})).body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'grupo', code: 'required' }] });
      expect((await post('categoria/groupOptions', { grupo: PERFIL_TIPO, extra: 1 })).status).toBe(400);
      expect((await post('categoria/groupOptions', { grupo: 'no_such_group' })).body).toEqual([]);
    });
  });

  describe('names and types (issue 19)', () => {
    it("tipoOptions offers the built-in types and every stored one; the list's type filter picks one exactly", async () => {
      await save({ tipo: 'calzado', nombre: 'Zapatillas' });
      await save({ tipo: 'calzado_dep', nombre: 'Botines' });
      const res = await post('categoria/tipoOptions', {});
      expect(res.status).toBe(200);
      const ids = res.body.map((o: any) => o.id);
      expect(ids.slice(0, 4)).toEqual(['rubro', 'perfil_tipo', 'grupo_flujo', 'grupo_reporte']);
      expect(ids).toEqual(expect.arrayContaining(['calzado', 'calzado_dep']));
      expect(new Set(ids).size).toBe(ids.length);
      expect(res.body).toContainEqual({ id: 'calzado', nombre: 'calzado', name: 'calzado' });
      const byType = async (tipo: string) => (await post('categoria/index', { filters: { tipo_texto: tipo } })).body.rows.map((r: any) => r.nombre);
      expect(await byType('calzado')).toEqual(['Zapatillas']);
      expect(await byType('calz')).toEqual([]);
    });

    it('tipoOptions takes nothing, and answers whoever may read categories only', async () => {
      const bad = await post('categoria/tipoOptions', { grupo: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'grupo', code: 'unknownField' })]);
      expect((await client.post('/api/categoria/tipoOptions', {})).status).toBe(401);
    });

    it("an export names a seeded group and its values in the file's language, other text as stored", async () => {
      const csv = async (lang: string) =>
        String((await post('categoria/export', { format: 'csv', lang, cols: ['grupo', 'valor'], filters: { tipo_texto: PERFIL_TIPO }, sort: 'orden', sortOrder: 'asc' })).body)
          .split(/\r?\n/)
          .slice(1, 4);
      expect(await csv('es')).toEqual(['Tipo de interesado,Clientes', 'Tipo de interesado,Proveedores', 'Tipo de interesado,Empleados']);
      expect(await csv('en')).toEqual(['Party type,Customers', 'Party type,Suppliers', 'Party type,Employees']);
      // only the value column: still named within its group
      const valor = String((await post('categoria/export', { format: 'csv', lang: 'en', cols: ['valor'], filters: { tipo_texto: PERFIL_TIPO }, sort: 'orden' })).body);
      expect(valor.split(/\r?\n/)[1]).toBe('Customers');
      // the stored keys stay as they are
      const stored = await post('categoria/index', { filters: { tipo_texto: PERFIL_TIPO }, sort: 'orden' });
      expect(stored.body.rows.slice(0, 3).map((r: any) => [r.grupo, r.valor])).toEqual(PERFIL_TIPO_VALUES.map((v) => [PERFIL_TIPO, v]));
      const rubros = String((await post('categoria/export', { format: 'csv', lang: 'en', cols: ['nombre', 'valor'], filters: { tipo_texto: 'rubro' }, sort: 'nombre' })).body);
      expect(rubros).toContain('Hogar,h');
    });

    it('a typed filter on the group or value finds the names users see, in either language, and the stored key', async () => {
      const found = async (filters: Record<string, string>) =>
        (await post('categoria/index', { filters, sort: 'orden', max: 1000 })).body.rows.map((r: any) => `${r.grupo}/${r.valor}`);
      const groups = async (text: string) => [...new Set((await found({ grupo: text })).map((g: string) => g.split('/')[0]))];
      expect(await groups('interesado')).toEqual([PERFIL_TIPO]); // "Tipo de interesado"
      expect(await groups('PARTY type')).toEqual([PERFIL_TIPO]); // "Party type"
      expect(await groups('perfil_t')).toEqual([PERFIL_TIPO]); // the key, as before
      expect(await groups('comer')).toEqual(['Comercial']); // a group no locale names: as stored
      expect(await groups('ningún grupo')).toEqual([]);
      // a value is named within its group: "Proveedores" / "Suppliers" is perfil_tipo's proveedores only
      expect(await found({ valor: 'supplier' })).toEqual([`${PERFIL_TIPO}/proveedores`]);
      expect(await found({ valor: 'PROVEEDORES' })).toEqual([`${PERFIL_TIPO}/proveedores`]);
    });

    it('sorting by the group orders by the names users see, in their language, on every page and in the export', async () => {
      const known = [PERFIL_TIPO, 'Comercial', 'Personal'];
      const distinct = (grupos: unknown[]) => [...new Set(grupos)].filter((g) => known.includes(g as string));
      const groups = async (lang: string, sortOrder = 'asc', max = 1000, offset = 0) =>
        (await client.post('/api/categoria/index', { sort: 'grupo', sortOrder, max, offset }, token, { 'accept-language': lang })).body.rows.map((r: any) => r.grupo);
      // by key perfil_tipo would come between Comercial and Personal
      expect(distinct(await groups('es'))).toEqual(['Comercial', 'Personal', PERFIL_TIPO]); // "Tipo de interesado"
      expect(distinct(await groups('en'))).toEqual(['Comercial', PERFIL_TIPO, 'Personal']); // "Party type"
      expect(distinct(await groups('es', 'desc'))).toEqual([PERFIL_TIPO, 'Personal', 'Comercial']);
      // pages of two follow the same order, without gaps or repeats
      const all = await groups('es');
      const paged: unknown[] = [];
      for (let offset = 0; offset < all.length; offset += 2) paged.push(...(await groups('es', 'asc', 2, offset)));
      expect(paged).toEqual(all);
      const exported = async (lang: string) =>
        String((await post('categoria/export', { format: 'csv', lang, cols: ['grupo'], sort: 'grupo' })).body).split(/\r?\n/).slice(1).filter(Boolean);
      expect([...new Set(await exported('es'))].filter((g) => ['Comercial', 'Personal', 'Tipo de interesado'].includes(g))).toEqual(['Comercial', 'Personal', 'Tipo de interesado']);
      expect([...new Set(await exported('en'))].filter((g) => ['Comercial', 'Personal', 'Party type'].includes(g))).toEqual(['Comercial', 'Party type', 'Personal']);
    });
  });

  describe('index extras', () => {
    it('filtercondition raiz / hijos restricts to roots or children', async () => {
      const roots = await post('categoria/index', { filters: { tipo: 'rubro' }, filtercondition: 'raiz' });
      expect(roots.body.rows.map((r: any) => r.nombre)).toEqual(['Hogar', 'Jardín']);
      const children = await post('categoria/index', { filters: { tipo: 'rubro' }, filtercondition: 'hijos' });
      expect(children.body.rows.map((r: any) => r.nombre)).toEqual(['Cocina', 'Muebles', 'Sillas']);
      expect((await post('categoria/index', { filters: { tipo: 'rubro' }, filtercondition: '' })).body.total).toBe(5);
    });

    it('campovalor restricts to an exact valor', async () => {
      const res = await post('categoria/index', { filters: { tipo: 'rubro' }, campovalor: 'h' });
      expect(res.body.rows.map((r: any) => r.nombre)).toEqual(['Cocina', 'Hogar']);
      const both = await post('categoria/index', { filters: { tipo: 'rubro' }, campovalor: 'h', filtercondition: 'raiz' });
      expect(both.body.rows.map((r: any) => r.nombre)).toEqual(['Hogar']);
    });

    it.each([
      ['an unknown condition', { filtercondition: 'parentid is null; --' }, 'filtercondition', 'enum'],
      ['a number as condition', { filtercondition: 1 }, 'filtercondition', 'enum'],
      ['an object as campovalor', { campovalor: { a: 1 } }, 'campovalor', 'type'],
      ['a too long campovalor', { campovalor: 'x'.repeat(121) }, 'campovalor', 'maxLength'],
    ])('refuses %s with 400', async (_, body, field, code) => {
      const res = await post('categoria/index', body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field, code })]);
    });

    it('answers the flow-group list for the flow-group tipo', async () => {
      const res = await post('categoria/index', { filters: { tipo: FLOW_GROUP_TIPO } });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(2);
      expect(res.body.rows).toEqual([
        { id: expect.any(Number), nombre: 'Comercial', grupo: 'Comercial' },
        { id: expect.any(Number), nombre: 'Personal', grupo: 'Personal' },
      ]);
      expect(res.body.showableColumns).toContain('nombre');
      const desc = await post('categoria/index', { filters: { tipo: FLOW_GROUP_TIPO }, sortOrder: 'desc', max: 1 });
      expect(desc.body).toMatchObject({ total: 2, rows: [{ nombre: 'Personal' }] });
      expect((await post('categoria/index', { filters: { tipo: FLOW_GROUP_TIPO }, pattern: 'perso' })).body.rows).toHaveLength(1);
    });
  });

  describe('treeSelect', () => {
    it('answers the tree by parentid, ordered by orden', async () => {
      const res = await post('categoria/treeSelect', { tipo: 'rubro' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          id: ids.hogar,
          nombre: 'Hogar',
          children: [
            { id: ids.muebles, nombre: 'Muebles', children: [{ id: ids.sillas, nombre: 'Sillas', children: [] }] },
            { id: ids.cocina, nombre: 'Cocina', children: [] },
          ],
        },
        { id: ids.jardin, nombre: 'Jardín', children: [] },
      ]);
      expect(await post('categoria/treeSelect', { filters: { tipo: 'rubro' } })).toMatchObject({ body: res.body });
    });

    it('keeps the matches of nombre / pattern with their ancestors', async () => {
      const res = await post('categoria/treeSelect', { tipo: 'rubro', nombre: 'SILL' });
      expect(res.body).toEqual([
        { id: ids.hogar, nombre: 'Hogar', children: [{ id: ids.muebles, nombre: 'Muebles', children: [{ id: ids.sillas, nombre: 'Sillas', children: [] }] }] },
      ]);
      expect((await post('categoria/treeSelect', { tipo: 'rubro', pattern: 'jard' })).body).toEqual([{ id: ids.jardin, nombre: 'Jardín', children: [] }]);
      expect((await post('categoria/treeSelect', { tipo: 'nada' })).body).toEqual([]);
    });

    it('refuses bad input', async () => {
      expect((await post('categoria/treeSelect', { tipo: 3 })).status).toBe(400);
      expect((await post('categoria/treeSelect', { filters: { parentid: 1 } })).body.errors[0]).toMatchObject({ code: 'unknownFilter' });
      expect((await post('categoria/treeSelect', { other: 1 })).body.errors[0]).toMatchObject({ field: 'other', code: 'unknownField' });
      expect((await post('categoria/treeSelect', { nombre: 'x'.repeat(201) })).status).toBe(400);
    });
  });

  describe('getByGrupoValor', () => {
    it('answers 404 when nothing matches', async () => {
      const res = await post('categoria/getByGrupoValor', { grupo: PERFIL_TIPO, valor: 'nadie' });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    });

    it('refuses missing or wrong input', async () => {
      const res = await post('categoria/getByGrupoValor', { grupo: PERFIL_TIPO });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'valor', code: 'required' }] });
      expect((await post('categoria/getByGrupoValor', { grupo: 1, valor: 'x' })).body.errors[0]).toMatchObject({ field: 'grupo', code: 'type' });
      expect((await post('categoria/getByGrupoValor', { grupo: 'a', valor: 'b', tipo: 'c' })).status).toBe(400);
    });
  });

  describe('parentid', () => {
    it('must name an existing category', async () => {
      const res = await post('categoria/save', { tipo: 'rubro', nombre: 'Huérfana', parentid: 987654 });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'parentid', code: 'enum' }]);
    });

    it('must not make a cycle', async () => {
      const hogar = (await post(`categoria/show/${ids.hogar}`, {})).body;
      const below = await post(`categoria/update/${ids.hogar}`, { ...hogar, parentid: ids.sillas });
      expect(below.status).toBe(400);
      expect(below.body.errors).toEqual([{ field: 'parentid', code: 'REFERENCIA_CICLICA' }]);
      expect((await post(`categoria/update/${ids.hogar}`, { ...hogar, parentid: ids.hogar })).status).toBe(400);
      expect((await post(`categoria/show/${ids.hogar}`, {})).body).toEqual(hogar);
      // moving under an unrelated category is fine
      const cocina = (await post(`categoria/show/${ids.cocina}`, {})).body;
      expect((await post(`categoria/update/${ids.cocina}`, { ...cocina, parentid: ids.jardin })).status).toBe(200);
    });
  });

  describe('permissions', () => {
    it('lets a ROLE_USER use the read-only calls', async () => {
      await createUser(srv.db, { username: 'lector', password: 'Lector-pass1!', roles: ['ROLE_USER'] });
      const user = (await client.login('lector', 'Lector-pass1!')).access_token;
      expect((await post('categoria/treeSelect', {}, user)).status).toBe(200);
      expect((await post('categoria/getByGrupoValor', { grupo: PERFIL_TIPO, valor: PERFIL_TIPO_DEFAULT }, user)).status).toBe(200);
      expect((await post(`categoria/delete/${ids.jardin}`, {}, user)).status).toBe(403);
    });
  });
});
