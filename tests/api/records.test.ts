/**
 * Records (issue 11): creation in a verified flow's activity with its number and exact totals, prices from
 * lists, moves along the graph (questions, end, attachments), exactly one of many parallel moves, who may work
 * on a record (job position, take / release), records made from a parent, and attachments. Both databases.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearch } from '../../server/entities/search-index';
import { describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';
import { world, type FlowNode, type World } from '../support/world';

describeBackends('records', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let vendedora: string;
  let otra: string;
  let extrano: string;
  const ids: Record<string, number> = {};
  let post: World['post'];
  let ok: World['ok'];
  const upload = async (registro: number, name: string, bytes: number, token = admin, fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.set('registro', String(registro));
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file', new Blob([new Uint8Array(bytes).fill(65)], { type: 'text/plain' }), name);
    const res = await fetch(`${srv.baseUrl}/api/adjunto/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: await res.json() };
  };
  const sale = (extra: object = {}) => ({
    flujo: ids.flujo,
    actividad: ids.pedido,
    fecha: '2026-11-20',
    cliente: ids.cliente,
    items: [{ articulo: ids.clavo, cantidad: 2.5, precio_unitario: 0.41 }],
    ...extra,
  });

  beforeAll(async () => {
    ({ srv, client, admin } = await startSignedIn(backend));
    const w = world(client, admin, srv.db);
    ({ post, ok } = w);
    const ventas = await w.team('Ventas', 'Ventas');
    const act = ventas.activity;
    ids.entrega = await act('Entrega', { adjuntos: 'obligatorio', preasignar_usuario: 'no' });
    ids.anulado = await act('Anulado', { adjuntos: 'no_permitido' });
    ids.parcial = await act('Entrega parcial', { modo_guardado: 'todos_responsables' });
    ids.pedido = await act('Pedido', {
      cuerpo_requerido: true,
      usa_listas_precio: true,
      lista_precio: 'Minorista',
      preasignar_usuario: 'usuario_autenticado',
      hijas: [{ actividad: ids.parcial }],
    });
    const graph: { nodos: FlowNode[]; conexiones: { desde: string; hacia: string }[] } = {
      nodos: [
        { clave: 'i', tipo: 'inicio' },
        { clave: 'pedido', tipo: 'actividad', actividad: ids.pedido },
        { clave: 'q', tipo: 'pregunta', texto: '¿Aprobado?' },
        { clave: 'si', tipo: 'respuesta', texto: 'Sí' },
        { clave: 'no', tipo: 'respuesta', texto: 'No' },
        { clave: 'entrega', tipo: 'actividad', actividad: ids.entrega },
        { clave: 'anulado', tipo: 'actividad', actividad: ids.anulado },
        { clave: 'parcial', tipo: 'actividad', actividad: ids.parcial },
        { clave: 'f', tipo: 'fin' },
      ],
      conexiones: [
        { desde: 'i', hacia: 'pedido' },
        { desde: 'pedido', hacia: 'q' },
        { desde: 'q', hacia: 'si' },
        { desde: 'q', hacia: 'no' },
        { desde: 'si', hacia: 'entrega' },
        { desde: 'no', hacia: 'anulado' },
        { desde: 'entrega', hacia: 'f' },
        { desde: 'anulado', hacia: 'f' },
        { desde: 'i', hacia: 'parcial' },
        { desde: 'parcial', hacia: 'f' },
      ],
    };
    ids.flujo = await w.flow('Ventas', graph.nodos, graph.conexiones);
    ids.borrador = await w.flow('Borrador', graph.nodos, graph.conexiones, false);
    ids.clavo = (await ok('articulo/save', { nombre: 'Clavo', alicuota_iva: 21, listas_precio: [{ lista: 'Minorista', precio: 10 }, { lista: 'Mayorista', precio: 8, vigencia: '2026-01-01' }, { lista: 'Mayorista', precio: 9, vigencia: '2026-12-01' }] })).id;
    ids.tornillo = (await ok('articulo/save', { nombre: 'Tornillo', alicuota_iva: 10.5, listas_precio: [{ lista: 'Minorista', precio: 3.3 }] })).id;
    ids.cliente = (await ok('perfil/save', { razon_social: 'Ferretería Sur' })).id;
    ids.mayorista = (await ok('perfil/save', { razon_social: 'Mayorista Norte', tipo_precio: 'Mayorista' })).id;
    const staff = async (username: string, puesto: number | null) => {
      const user = await w.staff(username, puesto);
      ids[username] = user.id;
      return user.token;
    };
    vendedora = await staff('vendedora', ventas.puesto);
    otra = await staff('otra', ventas.puesto);
    extrano = await staff('extrano', null);
  });
  afterAll(() => srv?.close());

  describe('the record', () => {
    it('is created with its number, exact totals, prices from the applicable list and its holder', async () => {
      const r = await ok('registro/save', sale({ items: [{ articulo: ids.clavo, cantidad: 2.5, precio_unitario: 0.41 }, { articulo: ids.tornillo, cantidad: 3 }], subtotal: 999, total: 999 }), vendedora);
      expect(r).toMatchObject({ numero: expect.stringMatching(/^R-\d{6}$/), estado: 'abierto', actividad: ids.pedido, nodo: 'pedido', asignado_nombre: 'vendedora' });
      expect(r.items).toEqual([
        expect.objectContaining({ id: expect.any(Number), precio_unitario: 0.41, alicuota: 21, subtotal: 1.03, impuesto: 0.22, total: 1.25 }),
        expect.objectContaining({ id: expect.any(Number), precio_unitario: 3.3, alicuota: 10.5, subtotal: 9.9, impuesto: 1.04, total: 10.94 }),
      ]);
      expect(r).toMatchObject({ subtotal: 10.93, total: 12.19, impuestos: { lineas: [{ alicuota: 10.5, base: 9.9, importe: 1.04 }, { alicuota: 21, base: 1.03, importe: 0.22 }] } });
      // the client's price type wins over the activity's list, the price valid on the record's date
      const wholesale = await ok('registro/save', sale({ cliente: ids.mayorista, items: [{ articulo: ids.clavo, cantidad: 1 }] }));
      expect(wholesale.items[0].precio_unitario).toBe(8);
      const later = await ok('registro/save', sale({ fecha: '2026-12-15', cliente: ids.mayorista, items: [{ articulo: ids.clavo, cantidad: 1 }] }));
      expect(later.items[0].precio_unitario).toBe(9);
      // numbers follow each other
      expect(Number(later.numero.slice(2))).toBe(Number(wholesale.numero.slice(2)) + 1);
    });

    it('refuses an unverified flow, an activity not in the flow, an empty body, and prices it cannot find', async () => {
      expect(await post('registro/save', sale({ flujo: ids.borrador }))).toMatchObject({ status: 406, body: { code: 'FLGR2033' } });
      const outside = (await ok('actividad/save', { proceso: (await ok('proceso/save', { titulo: 'Otro' })).id, titulo: 'Fuera' })).id;
      expect(await post('registro/save', sale({ actividad: outside }))).toMatchObject({ status: 400, body: { code: 'ERROR_ESTADO_SIGUINETE' } });
      expect(await post('registro/save', sale({ items: [] }))).toMatchObject({ status: 400, body: { errors: [{ field: 'items', code: 'minItems' }] } });
      const noPrice = await post('registro/save', sale({ cliente: ids.mayorista, items: [{ articulo: ids.tornillo, cantidad: 1 }] }));
      expect(noPrice).toMatchObject({ status: 406, body: { code: 'PRECIO_NO_ENCONTRADO', errors: [{ field: 'items.0.precio_unitario', code: 'PRECIO_NO_ENCONTRADO' }] } });
      const plain = await ok('actividad/show/' + ids.pedido);
      await ok(`actividad/update/${ids.pedido}`, { ...plain, lista_precio: undefined });
      const noList = await post('registro/save', sale({ items: [{ articulo: ids.tornillo, cantidad: 1 }] }));
      expect(noList).toMatchObject({ status: 406, body: { code: 'LISTA_PRECIO_NO_APLICABLE' } });
      await ok(`actividad/update/${ids.pedido}`, { ...plain, version: plain.version + 1 });
      // nothing of the refused ones was stored, and no number was used up
      const before = (await ok('registro/index', { filters: { flujo: ids.flujo } })).total;
      const next = await ok('registro/save', sale());
      expect((await ok('registro/index', { filters: { flujo: ids.flujo } })).total).toBe(before + 1);
      const numbers = (await ok('registro/index', { max: 100, sort: 'numero', sortOrder: 'asc' })).rows.map((x: any) => Number(x.numero.slice(2)));
      expect(numbers).toEqual(numbers.map((_: number, i: number) => i + 1));
      expect(next.numero).toBe(`R-${String(numbers.length).padStart(6, '0')}`);
    });

    it('keeps item ids across updates; a missing item is REGISTROCUERPO_NOT_FOUND; totals are the server’s', async () => {
      const r = await ok('registro/save', sale({ items: [{ articulo: ids.clavo, cantidad: 1, precio_unitario: 10 }, { articulo: ids.tornillo, cantidad: 2, precio_unitario: 1 }] }));
      const upd = await ok(`registro/update/${r.id}`, { ...r, total: 1, items: [{ ...r.items[1], cantidad: 4 }, r.items[0]] });
      expect(upd.items.map((i: any) => i.id)).toEqual([r.items[1].id, r.items[0].id]);
      expect(upd).toMatchObject({ subtotal: 14, total: 14 + 0.42 + 2.1, numero: r.numero });
      const missing = await post(`registro/update/${r.id}`, { ...upd, items: [{ ...upd.items[0], id: 987654 }] });
      expect(missing).toMatchObject({ status: 406, body: { code: 'REGISTROCUERPO_NOT_FOUND', errors: [{ field: 'items.0.id' }] } });
      // the place in the flow and the number are not the client's to set
      const moved = await ok(`registro/update/${r.id}`, { ...upd, actividad: ids.entrega, numero: 'X-1', estado: 'cerrado' });
      expect(moved).toMatchObject({ actividad: ids.pedido, numero: r.numero, estado: 'abierto' });
      // ...but a value of no shape of theirs is named, not dropped, and nothing is written
      const wrong = await post(`registro/update/${r.id}`, { ...moved, estado: 42, padre: 'abc', nodo: [1] });
      expect(wrong).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
      expect([...new Set(wrong.body.errors.map((e: any) => e.field))].sort()).toEqual(['estado', 'nodo', 'padre']);
      expect((await ok(`registro/show/${r.id}`)).version).toBe(moved.version);
    });

    it('lists by flow, activity, status, client and date range', async () => {
      await ok('registro/save', sale({ fecha: '2026-10-01', referencia_texto: 'octubre' }));
      const q = (filters: object, extra: object = {}) => ok('registro/index', { filters, max: 200, ...extra }).then((x) => x.rows);
      expect((await q({ actividad: ids.pedido })).every((x: any) => x.actividad === ids.pedido)).toBe(true);
      expect((await q({ estado: 'abierto', cliente: ids.mayorista })).every((x: any) => x.cliente === ids.mayorista)).toBe(true);
      const october = await q({}, { fecha_desde: '2026-10-01', fecha_hasta: '2026-10-31' });
      expect(october.map((x: any) => x.referencia_texto)).toEqual(['octubre']);
      expect((await post('registro/index', { fecha_desde: '1 de octubre' })).status).toBe(400);
      // a day that does not exist is refused, not compared as text
      expect(await post('registro/index', { fecha_hasta: '2026-13-45' })).toMatchObject({ status: 400, body: { errors: [{ field: 'fecha_hasta', code: 'format' }] } });
      // the client's name is in the row
      expect(october[0].$labels).toMatchObject({ cliente: 'Ferretería Sur', actividad: 'Pedido' });
    });

    it('sort by client in the order of the clients\' names (Spanish order, none last), on every page and in the export', async () => {
      // created so that their ids run against their names
      const names = ['Zeta Obras', 'Ñandú Hnos', 'Nube SA', 'Álamo SRL'];
      for (const razon_social of names) {
        const cliente = (await ok('perfil/save', { razon_social })).id;
        await ok('registro/save', sale({ cliente, referencia_texto: 'orden-por-cliente' }));
      }
      await ok('registro/save', sale({ cliente: null, referencia_texto: 'orden-por-cliente' }));
      const page = async (sortOrder: string, offset: number) =>
        (await ok('registro/index', { filters: { referencia_texto: 'orden-por-cliente' }, sort: 'cliente', sortOrder, offset, max: 2 })).rows.map((r: any) => r.$labels?.cliente ?? null);
      expect([...(await page('asc', 0)), ...(await page('asc', 2)), ...(await page('asc', 4))]).toEqual(['Álamo SRL', 'Nube SA', 'Ñandú Hnos', 'Zeta Obras', null]);
      expect([...(await page('desc', 0)), ...(await page('desc', 2)), ...(await page('desc', 4))]).toEqual([null, 'Zeta Obras', 'Ñandú Hnos', 'Nube SA', 'Álamo SRL']);
      // with a pattern, its matches are found first and sorted the same way
      const found = await ok('registro/index', { pattern: 'orden por cliente', sort: 'cliente', sortOrder: 'asc', max: 10 });
      expect(found.rows.map((r: any) => r.$labels?.cliente ?? null)).toEqual(['Álamo SRL', 'Nube SA', 'Ñandú Hnos', 'Zeta Obras', null]);
      const file = await fetch(`${srv.baseUrl}/api/registro/export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ format: 'csv', filters: { referencia_texto: 'orden-por-cliente' }, sort: 'cliente', sortOrder: 'asc', cols: ['numero', 'cliente'] }),
      });
      const shown = (await file.text()).trim().split(/\r?\n/).slice(1).map((line) => names.find((n) => line.includes(n)) ?? null);
      expect(shown).toEqual(['Álamo SRL', 'Nube SA', 'Ñandú Hnos', 'Zeta Obras', null]);
    });

    it('is found by its client\'s name, with its own words, and follows a client renamed', async () => {
      const cliente = (await ok('perfil/save', { razon_social: 'Ferretería Quillén', nombre: 'Osvaldo' })).id;
      const first = await ok('registro/save', sale({ cliente, referencia_texto: 'pedido-buscado' }));
      const second = await ok('registro/save', sale({ cliente, referencia_texto: 'otro-buscado' }));
      const found = async (pattern: string) => (await ok('registro/index', { pattern, max: 50 })).rows.map((r: any) => r.id).sort();
      expect(await found('quillen')).toEqual([first.id, second.id].sort());
      expect(await found('FERRETERIA quil')).toEqual([first.id, second.id].sort());
      // the client's words and the record's own, in any order
      expect(await found(`quillen ${first.numero}`)).toEqual([first.id]);
      expect(await found('pedido quillén osvaldo')).toEqual([first.id]);
      // a record moved to another client is found by the new one's name
      const moved = await ok(`registro/update/${second.id}`, { ...second, cliente: ids.mayorista });
      expect(await found('quillen')).toEqual([first.id]);
      expect(await found('mayorista otro buscado')).toEqual([moved.id]);
      // the client renamed: its records follow, in the list and as the word table knows them
      const party = await ok(`perfil/show/${cliente}`);
      await ok(`perfil/update/${cliente}`, { ...party, razon_social: 'Bulonera Ñuñoa' });
      expect(await found('quillen')).toEqual([]);
      expect(await found('bulonera nunoa')).toEqual([first.id]);
      expect(await found('bulo')).toEqual([first.id]);
      // words written by the pipeline are those a rebuild computes in SQL (the same label, the same split)
      const stored = async () => (await sql<{ w: string }>`select _search::text as w from registro where id = ${first.id}`.execute(srv.db)).rows[0].w;
      const before = await stored();
      expect(before).toContain('bulonera');
      await rebuildSearch(srv.db, srv.handle.docs.entity('registro'));
      expect(await stored()).toBe(before);
    });
  });

  describe('moves', () => {
    it('offers the next steps; a move needs the answer; a mandatory attachment holds it; the end closes it', async () => {
      const r = await ok('registro/save', sale(), vendedora);
      const steps = await ok(`registro/nextSteps/${r.id}`, {}, vendedora);
      expect(steps.map((s: any) => s.destino.titulo).sort()).toEqual(['Anulado', 'Entrega']);
      expect(steps.find((s: any) => s.destino.titulo === 'Entrega').decisiones).toEqual([{ pregunta: 'q', pregunta_texto: '¿Aprobado?', respuesta: 'si', texto: 'Sí' }]);
      expect(await post(`registro/move/${r.id}`, {}, vendedora)).toMatchObject({ status: 409, body: { code: 'ERROR_ESTADO_SIGUINETE' } });
      const there = await ok(`registro/move/${r.id}`, { respuesta: 'si', version: r.version }, vendedora);
      expect(there).toMatchObject({ actividad: ids.entrega, nodo: 'entrega', estado: 'abierto' });
      expect(there.asignado_a).toBeUndefined();
      expect(await post(`registro/move/${r.id}`, {}, vendedora)).toMatchObject({ status: 406, body: { code: 'ADJUNTO_OBLIGATORIO' } });
      expect((await upload(r.id, 'remito.txt', 10, vendedora)).status).toBe(200);
      const closed = await ok(`registro/move/${r.id}`, {}, vendedora);
      expect(closed.estado).toBe('cerrado');
      expect(await post(`registro/update/${r.id}`, closed, vendedora)).toMatchObject({ status: 409, body: { code: 'REGISTRO_CERRADO' } });
      // nobody new takes it: taking would change it (its version, its history)
      expect(await post(`registro/take/${r.id}`, {}, vendedora)).toMatchObject({ status: 409, body: { code: 'REGISTRO_CERRADO' } });
      expect(await ok(`registro/show/${r.id}`, {}, vendedora)).toMatchObject({ version: closed.version, estado: 'cerrado' });
      expect((await ok(`registro/show/${r.id}`, {}, vendedora)).asignado_a).toBeUndefined();
      // its files stay as they were closed with: the signed delivery note is its proof (an admin may still)
      expect(await upload(r.id, 'otro.txt', 10, vendedora)).toMatchObject({ status: 409, body: { code: 'REGISTRO_CERRADO' } });
      const [note] = (await ok('adjunto/index', { filters: { registro: r.id } }, vendedora)).rows;
      expect(await post(`adjunto/quitar/${note.id}`, {}, vendedora)).toMatchObject({ status: 409, body: { code: 'REGISTRO_CERRADO' } });
      expect((await ok('adjunto/index', { filters: { registro: r.id } }, vendedora)).rows.map((x: any) => x.nombre)).toEqual(['remito.txt']);
      expect((await upload(r.id, 'correccion.txt', 10)).status).toBe(200);
      expect(await ok(`registro/nextSteps/${r.id}`, {}, vendedora)).toEqual([]);
      const history = await ok(`registro/history/${r.id}`);
      expect(history.rows.map((h: any) => h.action)).toEqual(expect.arrayContaining(['move', 'patch', 'insert']));
    });

    it('of 20 parallel moves of one record, exactly one wins', async () => {
      const r = await ok('registro/save', sale());
      const replies = await Promise.all(Array.from({ length: 20 }, () => post(`registro/move/${r.id}`, { respuesta: 'no', version: r.version })));
      expect(replies.filter((x) => x.status === 200)).toHaveLength(1);
      expect(replies.filter((x) => x.status === 409 && x.body.code === 'VERSION_CONFLICT')).toHaveLength(19);
      expect((await ok(`registro/show/${r.id}`)).actividad).toBe(ids.anulado);
    });
  });

  describe('who may work on a record', () => {
    it('the "held by me" tile lists only the records of activities the user still works in', async () => {
      const r = await ok('registro/save', sale(), vendedora);
      const held = async () => (await ok('reportes/tablero', { tile: 'misRegistros' }, vendedora)).rows.map((x: any) => x.id);
      expect(await held()).toContain(r.id);
      const before = await ok(`actividad/show/${ids.pedido}`);
      const other = (await ok('puesto/save', { nombre: 'Depósito (registros)' })).id;
      await ok(`actividad/update/${ids.pedido}`, { ...before, puestos: [{ puesto: other }] });
      try {
        expect((await post(`registro/show/${r.id}`, {}, vendedora)).status).toBe(403);
        expect(await held()).not.toContain(r.id);
      } finally {
        const now = await ok(`actividad/show/${ids.pedido}`);
        await ok(`actividad/update/${ids.pedido}`, { ...now, puestos: before.puestos.map(({ puesto }: any) => ({ puesto })) });
      }
      expect(await held()).toContain(r.id);
    });

    it('only users of the activity’s job positions open, list or change its records', async () => {
      const r = await ok('registro/save', sale(), vendedora);
      expect(await post(`registro/show/${r.id}`, {}, extrano)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
      expect(await post('registro/save', sale(), extrano)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
      expect((await ok('registro/index', {}, extrano)).total).toBe(0);
      expect((await ok('registro/index', {}, otra)).total).toBeGreaterThan(0);
    });

    it('a record held by another user cannot be changed; take and release', async () => {
      const r = await ok('registro/save', sale(), vendedora);
      expect(r.asignado_nombre).toBe('vendedora');
      const refused = await post(`registro/update/${r.id}`, { ...r, notas: 'mía' }, otra);
      expect(refused).toMatchObject({ status: 409, body: { code: 'REGISTRO_TOMADO', errors: [{ params: { usuario: 'vendedora' } }] } });
      expect(await post(`registro/take/${r.id}`, {}, otra)).toMatchObject({ status: 409, body: { code: 'REGISTRO_TOMADO' } });
      expect(await post(`registro/release/${r.id}`, {}, otra)).toMatchObject({ status: 409, body: { code: 'REGISTRO_TOMADO' } });
      await ok(`registro/release/${r.id}`, {}, vendedora);
      const taken = await ok(`registro/take/${r.id}`, {}, otra);
      expect(taken.asignado_nombre).toBe('otra');
      expect((await ok(`registro/update/${r.id}`, { ...taken, notas: 'ahora mía' }, otra)).notas).toBe('ahora mía');
    });

    it('a report grouped by parent record names only the parents the user may open (another keeps its id)', async () => {
      const parent = await ok('registro/save', sale({ items: [{ articulo: ids.clavo, cantidad: 4, precio_unitario: 1 }] }), vendedora);
      await ok(`registro/fromParent/${parent.id}`, { actividad: ids.parcial, items: [{ parentItem: parent.items[0].id, cantidad: 1 }] }, vendedora);
      const report = await ok('reportes/guardarReporte', {
        id: null, descripcion: 'Entregas por pedido', clave: '/reports/entregas_pedido', contexto: 'menurep',
        consulta: { entidad: 'registro', agrupar: 'padre', medidas: [{ funcion: 'count' }] },
      });
      const group = async (token: string) => (await ok('reportes/datos', { id: report.id }, token)).rows.find((r: any) => r.grupo === String(parent.id));
      expect(await group(vendedora)).toMatchObject({ etiqueta: parent.numero, m0: '1' });
      const pedido = await ok(`actividad/show/${ids.pedido}`);
      const elsewhere = (await ok('puesto/save', { nombre: 'Mostrador (pedidos)' })).id;
      await ok(`actividad/update/${ids.pedido}`, { ...pedido, puestos: [{ puesto: elsewhere }] });
      try {
        const row = await group(vendedora);
        expect(row).toMatchObject({ grupo: String(parent.id), m0: '1' });
        expect(row.etiqueta).toBeUndefined();
        expect((await group(admin)).etiqueta).toBe(parent.numero);
      } finally {
        const now = await ok(`actividad/show/${ids.pedido}`);
        await ok(`actividad/update/${ids.pedido}`, { ...now, puestos: pedido.puestos.map((p: { puesto: number }) => ({ puesto: p.puesto })) });
      }
    });

    it('a move may take a record to an activity the mover does not work in: it answers the moved record, then it is out of reach', async () => {
      const r = await ok('registro/save', sale(), vendedora);
      const anulado = await ok(`actividad/show/${ids.anulado}`);
      const deposito = (await ok('puesto/save', { nombre: 'Depósito' })).id;
      await ok(`actividad/update/${ids.anulado}`, { ...anulado, puestos: [{ puesto: deposito }] });
      try {
        const moved = await ok(`registro/move/${r.id}`, { respuesta: 'no', version: r.version }, vendedora);
        expect(moved).toMatchObject({ id: r.id, actividad: ids.anulado });
        expect(await post(`registro/show/${r.id}`, {}, vendedora)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
      } finally {
        const now = await ok(`actividad/show/${ids.anulado}`);
        await ok(`actividad/update/${ids.anulado}`, { ...now, puestos: anulado.puestos.map((p: { puesto: number }) => ({ puesto: p.puesto })) });
      }
    });
  });

  describe('records from a parent', () => {
    it('take at most what remains of each parent item; the parent tells what was delivered', async () => {
      const parent = await ok('registro/save', sale({ items: [{ articulo: ids.clavo, cantidad: 10, precio_unitario: 2 }] }));
      const item = parent.items[0].id;
      const first = await ok(`registro/fromParent/${parent.id}`, { actividad: ids.parcial, items: [{ parentItem: item, cantidad: 4 }] });
      expect(first).toMatchObject({ padre: parent.id, actividad: ids.parcial, items: [expect.objectContaining({ articulo: ids.clavo, cantidad: 4, precio_unitario: 2, item_padre: item })] });
      const over = await post(`registro/fromParent/${parent.id}`, { actividad: ids.parcial, items: [{ parentItem: item, cantidad: 6.5 }] });
      expect(over).toMatchObject({ status: 406, body: { code: 'CANTIDAD_SUPERA_PADRE', errors: [{ field: 'items.0.cantidad', params: { max: 6 } }] } });
      await ok(`registro/fromParent/${parent.id}`, { actividad: ids.parcial, items: [{ parentItem: item, cantidad: 6 }] });
      expect((await ok(`registro/show/${parent.id}`)).items[0]).toMatchObject({ entregado: 10, restante: 0 });
      // editing a child past the parent is refused too
      const edited = await post(`registro/update/${first.id}`, { ...first, items: [{ ...first.items[0], cantidad: 5 }] });
      expect(edited).toMatchObject({ status: 406, body: { code: 'CANTIDAD_SUPERA_PADRE' } });
      expect(await post(`registro/fromParent/${parent.id}`, { actividad: ids.entrega, items: [{ parentItem: item, cantidad: 1 }] })).toMatchObject({ status: 400, body: { code: 'ERROR_ESTADO_SIGUINETE' } });
    });
  });

  describe('attachments', () => {
    it('stores files in the database with their limits, and serves them back', async () => {
      const r = await ok('registro/save', sale());
      const stored = await upload(r.id, 'informe técnico.txt', 1000);
      expect(stored).toMatchObject({ status: 200, body: { nombre: 'informe técnico.txt', tipo: 'text/plain', tamano: 1000, audio: false } });
      expect(await upload(r.id, 'grande.bin', 5 * 1024 * 1024 + 1)).toMatchObject({ status: 413, body: { code: 'FILEUPLOAD_TOO_BIG' } });
      expect(await upload(r.id, `${'n'.repeat(96)}.txt`, 10)).toMatchObject({ status: 400, body: { code: 'name_too_long' } });
      expect((await upload(r.id, 'voz.webm', 10, admin, { audio: 'true' })).status).toBe(403);
      const file = await fetch(`${srv.baseUrl}/api/adjunto/download/${stored.body.id}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''informe%20t%C3%A9cnico.txt");
      expect((await file.arrayBuffer()).byteLength).toBe(1000);
      const listed = await ok('adjunto/index', { filters: { registro: r.id } });
      expect(listed.rows.map((x: any) => x.nombre)).toEqual(['informe técnico.txt']);
      expect((await ok('adjunto/index', { filters: { registro: r.id } }, extrano)).total).toBe(0);
      const anulado = await ok(`registro/move/${r.id}`, { respuesta: 'no' });
      expect((await upload(anulado.id, 'tarde.txt', 10)).body.code).toBe('ADJUNTO_NO_PERMITIDO');
    });
  });
});
