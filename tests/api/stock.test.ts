/**
 * The stock ledger (issue 12) on both databases: receipts, deliveries, reservations released or converted by
 * moves, reversals on delete and cancel (history kept), the negative-stock rule, compound articles (recursive),
 * declared locations, the article's quantities, list columns and movements read from the ledger, adjustments,
 * and the summary checked against the ledger.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';
import { stockWorld, type StockWorld } from '../support/stock';

describeBackends('stock ledger', (backend) => {
  let srv: TestServer;
  let client: Api;
  let db: Kysely<any>;
  let admin: string;
  let plain: string;
  let w: StockWorld;
  let ids: StockWorld['ids'];
  const post = (path: string, body: unknown = {}, token = admin) => client.post(`/api/${path}`, body, token);
  const ok = async (path: string, body: unknown = {}, token = admin) => {
    const res = await post(path, body, token);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const ledgerRows = async () => Number((await db.selectFrom('stock_movimiento').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const receive = (articulo: number, cantidad: number, ubicacion?: string) => ok('registro/save', w.record('recepcion', [{ articulo, cantidad, ...(ubicacion ? { ubicacion } : {}) }]));

  beforeAll(async () => {
    ({ srv, client, admin, plain, db } = await startSignedIn(backend));
    w = await stockWorld(client, admin);
    ids = w.ids;
  });
  afterAll(() => srv?.close());

  describe('impact', () => {
    it('a receipt raises on hand at the item’s location (the article’s first one when none is named)', async () => {
      await receive(ids.clavo, 100, 'Depósito');
      await receive(ids.clavo, 20);
      await receive(ids.clavo, 5, 'Salón');
      expect(await w.place(ids.clavo, 'Depósito')).toEqual({ en_mano: 120, comprometido: 0, disponible: 120 });
      expect(await w.place(ids.clavo, 'Salón')).toEqual({ en_mano: 5, comprometido: 0, disponible: 5 });
    });

    it('a delivery lowers it; more than is available is STOCK_INSUFICIENTE naming article, location and what is available, and writes nothing', async () => {
      const before = await ledgerRows();
      const total = (await ok('registro/index', {})).total;
      const over = await post('registro/save', w.record('entrega', [{ articulo: ids.clavo, cantidad: 2 }, { articulo: ids.clavo, cantidad: 6, ubicacion: 'Salón' }]));
      expect(over).toMatchObject({
        status: 406,
        body: { code: 'STOCK_INSUFICIENTE', errors: [{ field: 'items.1.cantidad', code: 'STOCK_INSUFICIENTE', params: { articulo: 'Clavo', ubicacion: 'Salón', disponible: 5 } }] },
      });
      expect(over.body.message).toBe('La cantidad supera lo disponible de Clavo en Salón: disponible 5.');
      const english = await client.post('/api/registro/save', w.record('entrega', [{ articulo: ids.clavo, cantidad: 6, ubicacion: 'Salón' }]), admin, { 'accept-language': 'en' });
      expect(english.body.message).toBe('The quantity is above what is available of Clavo at Salón: 5 available.');
      expect(await ledgerRows()).toBe(before);
      expect((await ok('registro/index', {})).total).toBe(total);
      const delivered = await ok('registro/save', w.record('entrega', [{ articulo: ids.clavo, cantidad: 30 }, { articulo: ids.clavo, cantidad: 5, ubicacion: 'Salón' }]));
      expect(await w.place(ids.clavo, 'Depósito')).toMatchObject({ en_mano: 90 });
      expect(await w.place(ids.clavo, 'Salón')).toMatchObject({ en_mano: 0 });
      // editing the delivery moves the difference only
      await ok(`registro/update/${delivered.id}`, { ...delivered, items: [{ ...delivered.items[0], cantidad: 25 }, delivered.items[1]] });
      expect(await w.place(ids.clavo, 'Depósito')).toMatchObject({ en_mano: 95 });
    });

    it('a location the article does not declare is refused; a service moves nothing', async () => {
      expect(await post('registro/save', w.record('recepcion', [{ articulo: ids.clavo, cantidad: 1, ubicacion: 'Techo' }]))).toMatchObject({
        status: 400,
        body: { errors: [{ field: 'items.0.ubicacion', code: 'enum' }] },
      });
      const before = await ledgerRows();
      await ok('registro/save', w.record('entrega', [{ articulo: ids.flete, cantidad: 3 }]));
      expect(await ledgerRows()).toBe(before);
    });
  });

  describe('commitment', () => {
    it('a reservation commits; moving on converts it into a delivery, or releases it', async () => {
      const start = await w.place(ids.clavo, 'Depósito');
      const r = await ok('registro/save', w.record('reserva', [{ articulo: ids.clavo, cantidad: 10 }]));
      expect(await w.place(ids.clavo, 'Depósito')).toEqual({ en_mano: start.en_mano, comprometido: 10, disponible: start.en_mano - 10 });
      const tooMuch = await post('registro/save', w.record('reserva', [{ articulo: ids.clavo, cantidad: start.en_mano - 9 }]));
      expect(tooMuch).toMatchObject({ status: 406, body: { code: 'STOCK_INSUFICIENTE', errors: [{ params: { disponible: start.en_mano - 10 } }] } });
      // converted: released and delivered in one write
      await ok(`registro/move/${r.id}`, { respuesta: 'si' });
      expect(await w.place(ids.clavo, 'Depósito')).toEqual({ en_mano: start.en_mano - 10, comprometido: 0, disponible: start.en_mano - 10 });
      const movements = await db.selectFrom('stock_movimiento').select(['clase', 'cantidad', 'actividad']).where('registro', '=', r.id).orderBy('id').execute();
      expect(movements.map((m) => [m.clase, Number(m.cantidad), m.actividad])).toEqual([
        ['compromiso', 10, ids.reserva],
        ['compromiso', -10, ids.reserva],
        ['impacto', -10, ids.entrega],
      ]);
      // moving on from the delivery keeps what it delivered
      await ok(`registro/move/${r.id}`, {});
      expect(await w.place(ids.clavo, 'Depósito')).toMatchObject({ en_mano: start.en_mano - 10 });
      // a reservation answered "no" is released
      const other = await ok('registro/save', w.record('reserva', [{ articulo: ids.clavo, cantidad: 4 }]));
      expect((await w.place(ids.clavo, 'Depósito')).comprometido).toBe(4);
      await ok(`registro/move/${other.id}`, { respuesta: 'no' });
      expect((await w.place(ids.clavo, 'Depósito')).comprometido).toBe(0);
    });

    it('in a step that only commits, an item keeps its article and location (COMPROMISO_NO_PERMITE_CAMBIOS); its quantity may change', async () => {
      const r = await ok('registro/save', w.record('reserva', [{ articulo: ids.clavo, cantidad: 3, ubicacion: 'Depósito' }]));
      const item = r.items[0];
      expect(await post(`registro/update/${r.id}`, { ...r, items: [{ ...item, ubicacion: 'Salón' }] })).toMatchObject({
        status: 406,
        body: { code: 'COMPROMISO_NO_PERMITE_CAMBIOS', errors: [{ field: 'items.0.ubicacion' }] },
      });
      expect(await post(`registro/update/${r.id}`, { ...r, items: [{ ...item, articulo: ids.tornillo }] })).toMatchObject({
        status: 406,
        body: { code: 'COMPROMISO_NO_PERMITE_CAMBIOS', errors: [{ field: 'items.0.articulo' }] },
      });
      await ok(`registro/update/${r.id}`, { ...r, items: [{ ...item, cantidad: 5 }] });
      expect((await w.place(ids.clavo, 'Depósito')).comprometido).toBe(5);
      await ok(`registro/cancel/${r.id}`);
      expect((await w.place(ids.clavo, 'Depósito')).comprometido).toBe(0);
    });
  });

  describe('reversals', () => {
    it('deleting or cancelling a record writes reversing movements and keeps the history', async () => {
      const before = await w.place(ids.clavo, 'Depósito');
      const r = await ok('registro/save', w.record('entrega', [{ articulo: ids.clavo, cantidad: 7 }], { referencia_texto: 'a borrar' }));
      expect((await w.place(ids.clavo, 'Depósito')).en_mano).toBe(before.en_mano - 7);
      await ok(`registro/delete/${r.id}`);
      expect((await w.place(ids.clavo, 'Depósito')).en_mano).toBe(before.en_mano);
      const history = await db.selectFrom('stock_movimiento').select(['cantidad', 'registro_numero']).where('registro', '=', r.id).orderBy('id').execute();
      expect(history.map((m) => Number(m.cantidad))).toEqual([-7, 7]);
      expect(history[1].registro_numero).toBe(r.numero);
      const c = await ok('registro/save', w.record('entrega', [{ articulo: ids.clavo, cantidad: 2 }]));
      expect((await ok(`registro/cancel/${c.id}`)).estado).toBe('anulado');
      expect((await w.place(ids.clavo, 'Depósito')).en_mano).toBe(before.en_mano);
      expect(await post(`registro/cancel/${c.id}`)).toMatchObject({ status: 409, body: { code: 'REGISTRO_CERRADO' } });
    });

    it('undoing a receipt whose goods are gone is STOCK_NEGATIVO, unless the location allows negative stock', async () => {
      const r = await receive(ids.tornillo, 5, 'Depósito');
      await ok('registro/save', w.record('entrega', [{ articulo: ids.tornillo, cantidad: 5, ubicacion: 'Depósito' }]));
      const refused = await post(`registro/delete/${r.id}`);
      expect(refused).toMatchObject({ status: 406, body: { code: 'STOCK_NEGATIVO', errors: [{ params: { articulo: 'Tornillo', ubicacion: 'Depósito', disponible: 0 } }] } });
      expect((await ok(`registro/show/${r.id}`)).id).toBe(r.id);
      // "Obra" allows negative stock: deliveries go below zero there
      await ok('registro/save', w.record('entrega', [{ articulo: ids.tornillo, cantidad: 4, ubicacion: 'Obra' }]));
      expect(await w.place(ids.tornillo, 'Obra')).toMatchObject({ en_mano: -4, disponible: -4 });
    });
  });

  it('a compound article moves its components, recursively, quantities multiplied at every level', async () => {
    await receive(ids.tornillo, 50, 'Depósito');
    const clavo = (await w.place(ids.clavo, 'Depósito')).en_mano;
    const tornillo = (await w.place(ids.tornillo, 'Depósito')).en_mano;
    // Kit doble = 1 Kit (2 Clavo + 1 Tornillo) + 3 Clavo: 2 of them move 10 Clavo and 2 Tornillo
    await ok('registro/save', w.record('entrega', [{ articulo: ids.kitDoble, cantidad: 2, ubicacion: 'Depósito' }]));
    expect((await w.place(ids.clavo, 'Depósito')).en_mano).toBe(clavo - 10);
    expect((await w.place(ids.tornillo, 'Depósito')).en_mano).toBe(tornillo - 2);
    expect((await w.balance(ids.kitDoble)).ubicaciones).toEqual([]);
    expect((await w.balance(ids.kit)).ubicaciones).toEqual([]);
  });

  describe('the article', () => {
    it('shows its locations’ quantities from the ledger (a typed one is ignored), its on hand and available in the list, and its movements', async () => {
      const a = await ok('articulo/save', { nombre: 'Arandela', ubicaciones: [{ nombre: 'Depósito', cantidad_actual: 999 }] });
      expect(a.ubicaciones).toEqual([expect.objectContaining({ nombre: 'Depósito', cantidad_actual: 0 })]);
      await receive(a.id, 12);
      await ok('registro/save', w.record('reserva', [{ articulo: a.id, cantidad: 5 }]));
      const shown = await ok(`articulo/show/${a.id}`);
      expect(shown.ubicaciones).toEqual([expect.objectContaining({ nombre: 'Depósito', cantidad_actual: 12 })]);
      const listed = await ok('articulo/index', { pattern: 'arandela' });
      expect(listed.rows).toEqual([expect.objectContaining({ nombre: 'Arandela', en_mano: 12, disponible: 7 })]);
      expect(listed.showableColumns).toEqual(expect.arrayContaining(['en_mano', 'disponible']));
      expect((await post('articulo/index', { sort: 'en_mano' })).status).toBe(400);
      const movements = await ok('stock_movimiento/index', { filters: { articulo: a.id } });
      expect(movements.total).toBe(2);
      expect(movements.rows.map((m: any) => [m.clase, m.cantidad, m.origen])).toEqual([
        ['compromiso', 5, 'registro'],
        ['impacto', 12, 'registro'],
      ]);
      expect(movements.rows[0].$labels).toMatchObject({ articulo: 'Arandela' });
      // a user who may not work in the records' activities does not learn their items from the ledger
      await w.restricted(['recepcion', 'reserva'], async () => {
        expect((await ok('stock_movimiento/index', { filters: { articulo: a.id } }, plain)).total).toBe(0);
        expect((await ok('stock_movimiento/select', { filters: { articulo: a.id } }, plain)).total).toBe(0);
        const movement = (await ok('stock_movimiento/index', { filters: { articulo: a.id } })).rows[0];
        expect(await post(`stock_movimiento/show/${movement.id}`, {}, plain)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
      });
      expect((await ok('stock_movimiento/index', { filters: { articulo: a.id } }, plain)).total).toBe(2);
      // saving the form back does not change stock
      await ok(`articulo/update/${a.id}`, { ...shown, ubicaciones: [{ ...shown.ubicaciones[0], cantidad_actual: 1 }] });
      expect((await w.place(a.id, 'Depósito')).en_mano).toBe(12);
    });

    it('a location holding stock cannot be removed or renamed (UBICACION_CON_STOCK); an empty one can', async () => {
      const a = await ok('articulo/save', { nombre: 'Bulón', ubicaciones: [{ nombre: 'Depósito' }, { nombre: 'Vacía' }] });
      await receive(a.id, 3, 'Depósito');
      const shown = await ok(`articulo/show/${a.id}`);
      const [deposito, vacia] = shown.ubicaciones;
      expect(await post(`articulo/update/${a.id}`, { ...shown, ubicaciones: [vacia] })).toMatchObject({
        status: 406,
        body: { code: 'UBICACION_CON_STOCK', errors: [{ field: 'ubicaciones', params: { ubicacion: 'Depósito' } }] },
      });
      expect((await post(`articulo/update/${a.id}`, { ...shown, ubicaciones: [{ ...deposito, nombre: 'Galpón' }, vacia] })).body.code).toBe('UBICACION_CON_STOCK');
      expect((await ok(`articulo/update/${a.id}`, { ...shown, ubicaciones: [deposito] })).ubicaciones).toHaveLength(1);
      // nor is an article with stock history deleted
      expect(await post(`articulo/delete/${a.id}`)).toMatchObject({ status: 409, body: { code: 'REGISTRO_REFERENCIADO' } });
    });

    it('adjustments (ADMIN): on-hand up or down, never past what is available; only declared locations', async () => {
      const a = await ok('articulo/save', { nombre: 'Taco', ubicaciones: [{ nombre: 'Depósito' }] });
      expect(await ok('stock_movimiento/adjust', { articulo: a.id, ubicacion: 'Depósito', cantidad: 8, apertura: true })).toMatchObject({ en_mano: 8, disponible: 8 });
      expect(await ok('stock_movimiento/adjust', { articulo: a.id, ubicacion: 'Depósito', cantidad: -3, motivo: 'Inventario' })).toMatchObject({ en_mano: 5 });
      expect(await post('stock_movimiento/adjust', { articulo: a.id, ubicacion: 'Depósito', cantidad: -6 })).toMatchObject({
        status: 406,
        body: { code: 'STOCK_INSUFICIENTE', errors: [{ field: 'cantidad', params: { articulo: 'Taco', ubicacion: 'Depósito', disponible: 5 } }] },
      });
      expect(await post('stock_movimiento/adjust', { articulo: a.id, ubicacion: 'Techo', cantidad: 1 })).toMatchObject({ status: 400, body: { errors: [{ field: 'ubicacion', code: 'enum' }] } });
      expect(await post('stock_movimiento/adjust', { articulo: ids.kit, ubicacion: 'General', cantidad: 1 })).toMatchObject({ status: 400, body: { errors: [{ field: 'articulo' }] } });
      expect((await post('stock_movimiento/adjust', { articulo: a.id, ubicacion: 'Depósito', cantidad: 1 }, plain)).status).toBe(403);
      const origins = await ok('stock_movimiento/index', { filters: { articulo: a.id } });
      expect(origins.rows.map((m: any) => m.origen)).toEqual(['ajuste', 'apertura']);
      // movements of no record are everyone's who reads the ledger
      expect((await ok('stock_movimiento/index', { filters: { articulo: a.id } }, plain)).rows.map((m: any) => m.origen)).toEqual(['ajuste', 'apertura']);
    });
  });

  describe('activities', () => {
    it('the stock commitment or impact of an activity cannot change while records exist in it (ACTIVIDAD_CON_REGISTROS)', async () => {
      const reserva = await ok(`actividad/show/${ids.reserva}`);
      expect(await post(`actividad/update/${ids.reserva}`, { ...reserva, compromiso_stock: false })).toMatchObject({
        status: 406,
        body: { code: 'ACTIVIDAD_CON_REGISTROS', errors: [{ field: 'compromiso_stock' }] },
      });
      const entrega = await ok(`actividad/show/${ids.entrega}`);
      expect((await post(`actividad/update/${ids.entrega}`, { ...entrega, impacto_stock: 'ingreso' })).body.code).toBe('ACTIVIDAD_CON_REGISTROS');
      // other fields still change; an activity without records changes its stock settings freely
      expect((await ok(`actividad/update/${ids.reserva}`, { ...reserva, descripcion: 'Reserva de mercadería' })).descripcion).toBe('Reserva de mercadería');
      const libre = await ok('actividad/save', { proceso: reserva.proceso, titulo: 'Libre', compromiso_stock: true });
      expect((await ok(`actividad/update/${libre.id}`, { ...libre, compromiso_stock: false, impacto_stock: 'egreso' })).impacto_stock).toBe('egreso');
    });

    it('a forbidden impact / commitment pair is refused again when a record moves stock in it', async () => {
      // an activity stored before the rule existed (written straight into the table)
      await db.updateTable('actividad').set({ compromiso_stock: true }).where('id', '=', ids.recepcion).execute();
      try {
        expect(await post('registro/save', w.record('recepcion', [{ articulo: ids.clavo, cantidad: 1 }]))).toMatchObject({
          status: 406,
          body: { code: 'ACTIVIDAD_INGRESO_CON_COMPROMISO', errors: [{ field: 'actividad' }] },
        });
      } finally {
        await db.updateTable('actividad').set({ compromiso_stock: false }).where('id', '=', ids.recepcion).execute();
      }
    });
  });

  it('the balances are the ledger’s sums; verify finds no difference, rebuild writes the same balances', async () => {
    expect(await ok('stock_movimiento/verify')).toEqual({ ok: true, diferencias: [] });
    const before = await db.selectFrom('stock_saldo').selectAll().orderBy('articulo').orderBy('ubicacion').execute();
    // a summary that drifted (written by hand) is found and rebuilt from the ledger
    await db.updateTable('stock_saldo').set({ en_mano: 123456 }).where('articulo', '=', ids.clavo).where('ubicacion', '=', 'Depósito').execute();
    const found = await ok('stock_movimiento/verify');
    expect(found.diferencias).toEqual([expect.objectContaining({ balance: `${ids.clavo}/Depósito`, summary: expect.objectContaining({ en_mano: 123456 }) })]);
    expect((await post('stock_movimiento/rebuild')).status).toBe(400);
    expect(await ok('stock_movimiento/rebuild', { confirmar: true })).toEqual({ ok: true, corregidas: 1 });
    expect(await db.selectFrom('stock_saldo').selectAll().orderBy('articulo').orderBy('ubicacion').execute()).toEqual(before);
    expect((await post('stock_movimiento/rebuild', { confirmar: true }, plain)).status).toBe(403);
  });
});
