/**
 * Attachments and who may see them: an attachment tells what it is (name, type, size, who added it) only to
 * those who may open its record, wherever it is asked for (show, history, download, lists, select, export),
 * and an upload names its record by a valid id (else 400 on `registro`, nothing written). Both databases.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBackends, startSignedIn, type TestServer } from '../support/server';
import { step, world, type World } from '../support/world';

describeBackends('attachments: access and input', (backend) => {
  let srv: TestServer;
  let db: Kysely<any>;
  let admin: string;
  let vendedora: string;
  let deposito: string;
  let post: World['post'];
  let ok: World['ok'];
  const ids: Record<string, number> = {};
  const upload = async (registro: string, token = admin) => {
    const form = new FormData();
    form.set('registro', registro);
    form.set('file', new Blob(['remito firmado'], { type: 'text/plain' }), 'remito.txt');
    const res = await fetch(`${srv.baseUrl}/api/adjunto/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: await res.json() };
  };
  const attachments = async () => Number((await db.selectFrom('adjunto').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    let client;
    ({ srv, client, admin, db } = await startSignedIn(backend));
    const w = world(client, admin, srv.db);
    ({ post, ok } = w);
    const ventas = await w.team('Ventas', 'Ventas');
    const depo = await w.team('Depósito', 'Depósito');
    ids.pedido = await ventas.activity('Pedido');
    ids.preparacion = await depo.activity('Preparación', { adjuntos: 'opcional' });
    const flujo = await w.flow('Ventas y depósito', [{ clave: 'i', tipo: 'inicio' }, step('pedido', ids.pedido), step('prep', ids.preparacion), { clave: 'f', tipo: 'fin' }], [
      { desde: 'i', hacia: 'pedido' },
      { desde: 'i', hacia: 'prep' },
      { desde: 'pedido', hacia: 'f' },
      { desde: 'prep', hacia: 'f' },
    ]);
    const articulo = (await ok('articulo/save', { nombre: 'Clavo' })).id;
    const record = (actividad: number) => ({ flujo, actividad, fecha: '2026-11-20', items: [{ articulo, cantidad: 1, precio_unitario: 1 }] });
    ids.registroDeposito = (await ok('registro/save', record(ids.preparacion))).id;
    ids.registroVentas = (await ok('registro/save', record(ids.pedido))).id;
    vendedora = (await w.staff('vendedora', ventas.puesto)).token;
    deposito = (await w.staff('deposito', depo.puesto)).token;
    const stored = await upload(String(ids.registroDeposito));
    expect(stored.status).toBe(200);
    ids.adjunto = stored.body.id;
  });
  afterAll(() => srv?.close());

  it("show and history refuse an attachment of a record the caller may not open, as download does", async () => {
    const refused = { status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } };
    expect(await post(`registro/show/${ids.registroDeposito}`, {}, vendedora)).toMatchObject(refused);
    expect(await post(`adjunto/download/${ids.adjunto}`, {}, vendedora)).toMatchObject(refused);
    const shown = await post(`adjunto/show/${ids.adjunto}`, {}, vendedora);
    expect(shown).toMatchObject(refused);
    expect(JSON.stringify(shown.body)).not.toContain('remito.txt');
    expect(await post('adjunto/show', { id: ids.adjunto }, vendedora)).toMatchObject(refused);
    expect(await post(`adjunto/history/${ids.adjunto}`, {}, vendedora)).toMatchObject(refused);
    // those who may open the record see it
    expect(await post(`adjunto/show/${ids.adjunto}`, {}, deposito)).toMatchObject({ status: 200, body: { id: ids.adjunto, registro: ids.registroDeposito, nombre: 'remito.txt' } });
    expect((await post(`adjunto/history/${ids.adjunto}`, {}, deposito)).status).toBe(200);
    expect((await post(`adjunto/show/${ids.adjunto}`, {}, admin)).status).toBe(200);
  });

  it('lists, select and export hold only the attachments of records the caller may open', async () => {
    expect((await ok('adjunto/index', {}, vendedora)).total).toBe(0);
    expect((await ok('adjunto/index', {}, deposito)).rows.map((r: { id: number }) => r.id)).toEqual([ids.adjunto]);
    const selected = await post('adjunto/select', {}, vendedora);
    if (selected.status === 200) expect(selected.body.total).toBe(0);
    else expect(selected.status).toBe(403);
    const exported = await post('adjunto/export', { format: 'csv' }, vendedora);
    expect(exported.status).toBe(200);
    expect(String(exported.body)).not.toContain('remito.txt');
  });

  it('upload refuses a record id that is no id (too large, a float, an exponent, none) with 400 on registro and stores nothing', async () => {
    const before = await attachments();
    for (const registro of ['99999999999', '2147483648', '1e3', '1.5', '-1', 'abc']) {
      const res = await upload(registro, vendedora);
      expect(res, registro).toMatchObject({ status: 400, body: { errors: [{ field: 'registro' }] } });
    }
    expect(await upload('', vendedora)).toMatchObject({ status: 400, body: { errors: [{ field: 'registro', code: 'required' }] } });
    expect(await attachments()).toBe(before);
    expect((await upload(String(ids.registroVentas), vendedora)).status).toBe(200);
  });
});
