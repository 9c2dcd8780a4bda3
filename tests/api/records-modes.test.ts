/**
 * Records (issue 11), the activity's modes: client and article edit modes (parties and articles written from
 * the record form, as far as the activity lets), who may hold a record (the responsibles of an activity, save
 * mode "a chosen one", pre-assign on a move), the activity's own list columns, and a 50-item record. Both
 * databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_FIELDS } from '../../engine/records/editModes';
import { describeBackends, startSignedIn, type TestServer } from '../support/server';
import { step, world, type World } from '../support/world';

describeBackends('records: activity modes', (backend) => {
  let srv: TestServer;
  let admin: string;
  let vendedora: string;
  let otra: string;
  let extrano: string;
  const ids: Record<string, number> = {};
  let post: World['post'];
  let ok: World['ok'];
  const sale = (extra: object = {}) => ({ flujo: ids.flujo, actividad: ids.ventas, fecha: '2026-11-20', items: [{ articulo: ids.clavo, cantidad: 1, precio_unitario: 10 }], ...extra });
  const setModes = async (actividad: number, modes: object) => {
    const a = await ok(`actividad/show/${actividad}`);
    await ok(`actividad/update/${actividad}`, { ...a, ...modes });
  };

  beforeAll(async () => {
    const signed = await startSignedIn(backend);
    ({ srv, admin } = signed);
    const w = world(signed.client, admin, srv.db);
    ({ post, ok } = w);
    const ventas = await w.team('Ventas', 'Ventas');
    ids.entrega = await ventas.activity('Entrega', { preasignar_usuario: 'preasignar' });
    ids.ventas = await ventas.activity('Ventas', { modo_guardado: 'elegido' });
    ids.flujo = await w.flow('Ventas', [{ clave: 'i', tipo: 'inicio' }, step('ventas', ids.ventas), step('entrega', ids.entrega), { clave: 'f', tipo: 'fin' }], [
      { desde: 'i', hacia: 'ventas' },
      { desde: 'ventas', hacia: 'entrega' },
      { desde: 'entrega', hacia: 'f' },
    ]);
    ids.clavo = (await ok('articulo/save', { nombre: 'Clavo', alicuota_iva: 21 })).id;
    ids.cliente = (await ok('perfil/save', { razon_social: 'Ferretería Sur' })).id;
    const staff = async (username: string, puesto: number | null) => {
      const user = await w.staff(username, puesto);
      ids[username] = user.id;
      ids[`${username}Perfil`] = user.perfil;
      return user.token;
    };
    vendedora = await staff('vendedora', ventas.puesto);
    otra = await staff('otra', ventas.puesto);
    extrano = await staff('extrano', null);
  });
  afterAll(() => srv?.close());

  describe('client and article edit modes', () => {
    it('a mode that does not allow it refuses creating or updating a client from the record form, naming the code', async () => {
      await setModes(ids.ventas, { edicion_cliente: 'no_permitido' });
      // staff may not write parties directly at all
      expect((await post('perfil/save', { razon_social: 'Directo' }, vendedora)).status).toBe(403);
      const create = await post('registro/party', { actividad: ids.ventas, datos: { razon_social: 'Nuevo SA' } }, vendedora);
      expect(create).toMatchObject({ status: 403, body: { code: 'EDICION_CLIENTE_NO_PERMITIDA' } });
      const update = await post('registro/party', { actividad: ids.ventas, id: ids.cliente, datos: { razon_social: 'Cambiado' } }, vendedora);
      expect(update).toMatchObject({ status: 403, body: { code: 'EDICION_CLIENTE_NO_PERMITIDA' } });
      expect((await ok(`perfil/show/${ids.cliente}`)).razon_social).toBe('Ferretería Sur');
    });

    it('create only: a new client (of kind clientes) is stored, an existing one is not changed', async () => {
      await setModes(ids.ventas, { edicion_cliente: 'solo_crear' });
      // the kind is not the record form's to choose: named, not dropped
      const kind = await post('registro/party', { actividad: ids.ventas, datos: { razon_social: 'Nuevo SA', tipo: 'proveedores' } }, vendedora);
      expect(kind).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'datos.tipo', code: 'unknownField' }] } });
      expect((await ok('perfil/index', { pattern: 'Nuevo SA' })).total).toBe(0);
      const created = await ok('registro/party', { actividad: ids.ventas, datos: { razon_social: 'Nuevo SA' } }, vendedora);
      expect(created).toMatchObject({ id: expect.any(Number), razon_social: 'Nuevo SA', tipo: 'clientes' });
      const update = await post('registro/party', { actividad: ids.ventas, id: created.id, datos: { razon_social: 'Otro nombre' } }, vendedora);
      expect(update).toMatchObject({ status: 403, body: { code: 'EDICION_CLIENTE_NO_PERMITIDA' } });
      // the new client is usable on a record right away
      const r = await ok('registro/save', sale({ cliente: created.id }), vendedora);
      expect(r.cliente).toBe(created.id);
    });

    it('update only: an existing client is changed (with the audit entry), a new one is refused', async () => {
      await setModes(ids.ventas, { edicion_cliente: 'solo_actualizar' });
      expect(await post('registro/party', { actividad: ids.ventas, datos: { razon_social: 'Otro SA' } }, vendedora)).toMatchObject({ status: 403, body: { code: 'EDICION_CLIENTE_NO_PERMITIDA' } });
      const updated = await ok('registro/party', { actividad: ids.ventas, id: ids.cliente, datos: { calle: 'Belgrano', numero: '120' } }, vendedora);
      expect(updated).toMatchObject({ id: ids.cliente, razon_social: 'Ferretería Sur', calle: 'Belgrano' });
      // the update form starts from the stored client, which staff may read only this way
      expect(await ok('registro/partyShow', { actividad: ids.ventas, id: ids.cliente }, vendedora)).toMatchObject({ razon_social: 'Ferretería Sur', calle: 'Belgrano' });
      await setModes(ids.ventas, { edicion_cliente: 'solo_crear' });
      expect(await post('registro/partyShow', { actividad: ids.ventas, id: ids.cliente }, vendedora)).toMatchObject({ status: 403, body: { code: 'EDICION_CLIENTE_NO_PERMITIDA' } });
      await setModes(ids.ventas, { edicion_cliente: 'solo_actualizar' });
      const history = await ok(`perfil/history/${ids.cliente}`);
      expect(history.rows[0]).toMatchObject({ username: 'vendedora', changes: { fields: { calle: [null, 'Belgrano'] } } });
      const missing = await post('registro/party', { actividad: ids.ventas, id: 999999, datos: { calle: 'x' } }, vendedora);
      expect(missing.status).toBe(404);
    });

    it("a colleague's or one's own file is no client: not read, not changed (job position, login), whatever the mode", async () => {
      await setModes(ids.ventas, { edicion_cliente: 'ambos' });
      const own = (await ok(`perfil/show/${ids.vendedoraPerfil}`));
      const colleague = await post('registro/partyShow', { actividad: ids.ventas, id: ids.otraPerfil }, vendedora);
      expect(colleague).toMatchObject({ status: 403, body: { code: 'EDICION_PARTE_RESERVADA' } });
      expect(JSON.stringify(colleague.body)).not.toContain('otra');
      const promote = await post('registro/party', { actividad: ids.ventas, id: ids.vendedoraPerfil, datos: { empleado: { puesto: 999 }, usuario: { roles: ['ROLE_ADMIN'] } } }, vendedora);
      expect(promote).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'datos.empleado', code: 'unknownField' }, { field: 'datos.usuario', code: 'unknownField' }] } });
      const rename = await post('registro/party', { actividad: ids.ventas, id: ids.vendedoraPerfil, datos: { nombre: 'Jefa' } }, vendedora);
      expect(rename).toMatchObject({ status: 403, body: { code: 'EDICION_PARTE_RESERVADA' } });
      expect(await ok(`perfil/show/${ids.vendedoraPerfil}`)).toEqual(own);
      // a client is shown with the record form's fields only
      const client = await ok('registro/partyShow', { actividad: ids.ventas, id: ids.cliente }, vendedora);
      expect(Object.keys(client).sort()).toEqual(expect.arrayContaining(['id', 'razon_social', 'tipo', 'version']));
      for (const key of Object.keys(client)) expect(['id', 'version', 'tipo', ...INLINE_FIELDS.party], key).toContain(key);
    });

    it('articles follow their own mode; bad data is a field error and nothing is written', async () => {
      await setModes(ids.ventas, { edicion_articulo: 'ambos', edicion_cliente: 'no_permitido' });
      const created = await ok('registro/article', { actividad: ids.ventas, datos: { nombre: 'Arandela', alicuota_iva: 10.5 } }, vendedora);
      expect(created).toMatchObject({ nombre: 'Arandela', alicuota_iva: 10.5 });
      expect((await ok('registro/article', { actividad: ids.ventas, id: created.id, datos: { codigo_interno: 'AR-1' } }, vendedora)).codigo_interno).toBe('AR-1');
      const bad = await post('registro/article', { actividad: ids.ventas, datos: { alicuota_iva: 'x' } }, vendedora);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_FAILED');
      await setModes(ids.ventas, { edicion_articulo: 'solo_actualizar' });
      expect(await post('registro/article', { actividad: ids.ventas, datos: { nombre: 'Tuerca' } }, vendedora)).toMatchObject({ status: 403, body: { code: 'EDICION_ARTICULO_NO_PERMITIDA' } });
      expect((await ok('articulo/index', { pattern: 'Tuerca' })).total).toBe(0);
    });

    it('someone who may not work in the activity gets 403 whatever the mode', async () => {
      await setModes(ids.ventas, { edicion_cliente: 'ambos' });
      expect(await post('registro/party', { actividad: ids.ventas, datos: { razon_social: 'X' } }, extrano)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
      expect((await post('registro/party', { actividad: ids.ventas }, vendedora)).status).toBe(400);
    });
  });

  describe('who holds a record', () => {
    it('the responsibles of an activity are the users of its job positions (and administrators)', async () => {
      const names = (await ok('registro/responsables', { actividad: ids.ventas }, vendedora)).map((u: { username: string }) => u.username);
      expect(names).toEqual(expect.arrayContaining(['admin', 'otra', 'vendedora']));
      expect(names).not.toContain('extrano');
    });

    it('save mode "a chosen one": the save names who holds the record next; others cannot change it then', async () => {
      const r = await ok('registro/save', sale({ asignar_a: ids.otra }), vendedora);
      expect(r).toMatchObject({ asignado_a: ids.otra, asignado_nombre: 'otra' });
      const mine = await post(`registro/update/${r.id}`, { ...r, notas: 'x' }, vendedora);
      expect(mine).toMatchObject({ status: 409, body: { code: 'REGISTRO_TOMADO' } });
      const back = await ok(`registro/update/${r.id}`, { ...r, notas: 'revisado', asignar_a: ids.vendedora }, otra);
      expect(back).toMatchObject({ notas: 'revisado', asignado_nombre: 'vendedora' });
      // a user who may not work in the activity cannot be chosen; nor a malformed choice
      expect(await post(`registro/update/${r.id}`, { ...back, asignar_a: ids.extrano }, vendedora)).toMatchObject({ status: 400, body: { errors: [{ field: 'asignar_a' }] } });
      expect(await post(`registro/update/${r.id}`, { ...back, asignar_a: 'otra' }, vendedora)).toMatchObject({ status: 400, body: { errors: [{ field: 'asignar_a' }] } });
      const freed = await ok(`registro/update/${r.id}`, { ...back, asignar_a: null }, vendedora);
      expect(freed.asignado_a ?? null).toBeNull();
    });

    it('in any other save mode naming a holder is refused (ASIGNACION_NO_PERMITIDA) and nothing is written', async () => {
      await setModes(ids.ventas, { modo_guardado: 'solo_usuario' });
      const before = (await ok('registro/index', { filters: { actividad: ids.ventas } })).total;
      expect(await post('registro/save', sale({ asignar_a: ids.otra }), vendedora)).toMatchObject({ status: 400, body: { code: 'ASIGNACION_NO_PERMITIDA' } });
      expect((await ok('registro/index', { filters: { actividad: ids.ventas } })).total).toBe(before);
      await setModes(ids.ventas, { modo_guardado: 'elegido' });
    });

    it('moving into a pre-assigning activity: the next steps say so, and the move names who gets it', async () => {
      const r = await ok('registro/save', sale(), vendedora);
      const steps = await ok(`registro/nextSteps/${r.id}`, {}, vendedora);
      expect(steps).toEqual([expect.objectContaining({ destino: expect.objectContaining({ actividad: ids.entrega, titulo: 'Entrega', preasignar: 'preasignar' }) })]);
      expect(await post(`registro/move/${r.id}`, { asignar_a: ids.extrano }, vendedora)).toMatchObject({ status: 400, body: { errors: [{ field: 'asignar_a' }] } });
      const moved = await ok(`registro/move/${r.id}`, { asignar_a: ids.otra }, vendedora);
      expect(moved).toMatchObject({ actividad: ids.entrega, asignado_nombre: 'otra' });
    });
  });

  it('a waiting activity holds a record (en_espera) until it is moved on; reaching the end closes it', async () => {
    await setModes(ids.entrega, { actividad_espera: true, preasignar_usuario: 'no' });
    try {
      const r = await ok('registro/save', sale(), vendedora);
      const waiting = await ok(`registro/move/${r.id}`, {}, vendedora);
      expect(waiting).toMatchObject({ actividad: ids.entrega, estado: 'en_espera' });
      const held = await ok('registro/index', { filters: { actividad: ids.entrega, estado: 'en_espera' }, max: 200 }, vendedora);
      expect(held.rows.map((x: { id: number }) => x.id)).toContain(r.id);
      // it stays there until someone moves it
      expect((await ok(`registro/show/${r.id}`, {}, vendedora)).estado).toBe('en_espera');
      expect(await ok(`registro/move/${r.id}`, {}, vendedora)).toMatchObject({ estado: 'cerrado' });
    } finally {
      await setModes(ids.entrega, { actividad_espera: false, preasignar_usuario: 'preasignar' });
    }
  });

  it("an activity's own list columns are stored in order", async () => {
    await setModes(ids.ventas, { columnas: [{ campo: 'numero' }, { campo: 'total' }, { campo: 'cliente' }] });
    expect((await ok(`actividad/show/${ids.ventas}`)).columnas.map((c: { campo: string }) => c.campo)).toEqual(['numero', 'total', 'cliente']);
    expect((await post(`actividad/update/${ids.ventas}`, { ...(await ok(`actividad/show/${ids.ventas}`)), columnas: [{ campo: 'password' }] })).status).toBe(400);
  });

  it('every column an activity may list is a column of its record list, totals and client name among them', async () => {
    const every = ['numero', 'fecha', 'cliente', 'vendedor', 'referencia_numero', 'referencia_texto', 'notas', 'estado', 'subtotal', 'total', 'asignado_nombre', 'padre', 'flujo'];
    await setModes(ids.ventas, { columnas: every.map((campo) => ({ campo })) });
    // a user's choice naming them all is accepted (an unknown column would be a field error)
    await ok('rowConfig/update', { tipo: `cols-registro-actividad-${ids.ventas}`, jsondata: JSON.stringify(every) }, vendedora);
    const r = await ok('registro/save', sale({ cliente: ids.cliente }), vendedora);
    const listed = await ok('registro/index', { filters: { actividad: ids.ventas, tipo: `actividad-${ids.ventas}` }, max: 200 }, vendedora);
    expect(listed.cols).toEqual(every);
    const row = listed.rows.find((x: { id: number }) => x.id === r.id);
    expect(row).toMatchObject({ subtotal: 10, total: 12.1, $labels: { cliente: 'Ferretería Sur' } });
    await setModes(ids.ventas, { columnas: [] });
  });

  it("a user's column choice is kept per activity; an empty choice goes back to the activity's columns", async () => {
    const key = (actividad: number) => ({ filters: { actividad, tipo: `actividad-${actividad}` }, max: 1 });
    await ok('rowConfig/update', { tipo: `cols-registro-actividad-${ids.ventas}`, jsondata: '["numero","total"]' }, otra);
    expect((await ok('registro/index', key(ids.ventas), otra)).cols).toEqual(['numero', 'total']);
    // another activity's list is not touched by it
    expect((await ok('registro/index', key(ids.entrega), otra)).cols).toBeNull();
    // reset: the browser saves an empty choice, which shows the activity's columns (whatever they become)
    await ok('rowConfig/update', { tipo: `cols-registro-actividad-${ids.ventas}`, jsondata: '[]' }, otra);
    expect((await ok('registro/index', key(ids.ventas), otra)).cols).toEqual([]);
  });

  it('a record of 50 items is stored whole, with exact totals', async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ articulo: ids.clavo, cantidad: i + 1, precio_unitario: 0.41 }));
    const r = await ok('registro/save', sale({ items }), vendedora);
    expect(r.items).toHaveLength(50);
    // Σ (i × 0.41) rounded per line: 0.41 × 1275 = 522.75; tax 21% per rounded line
    expect(r.subtotal).toBe(522.75);
    const again = await ok(`registro/show/${r.id}`, {}, vendedora);
    expect(again.items.map((i: { cantidad: number }) => i.cantidad)).toEqual(items.map((i) => i.cantidad));
    // every item changed (and two swapped) in one update: each keeps its id, takes its new values and place
    const changed = again.items.map((i: { cantidad: number; descripcion?: string }, k: number) => ({ ...i, cantidad: i.cantidad + 0.5, descripcion: `línea ${k}` }));
    [changed[0], changed[1]] = [changed[1], changed[0]];
    const updated = await ok(`registro/update/${r.id}`, { ...again, items: changed }, vendedora);
    const shown = await ok(`registro/show/${r.id}`, {}, vendedora);
    expect(shown.items.map((i: { id: number }) => i.id)).toEqual(changed.map((i: { id: number }) => i.id));
    expect(shown.items.map((i: { cantidad: number }) => i.cantidad)).toEqual(changed.map((i: { cantidad: number }) => i.cantidad));
    expect(shown.items[0].descripcion).toBe('línea 1');
    // Σ ((i + 0.5) × 0.41), each line rounded half-up: 522.75 + 50 × 0.21 (0.205 rounds up) = 533.25
    expect(updated.subtotal).toBe(shown.subtotal);
    expect(shown.subtotal).toBe(533.25);
  });
});
