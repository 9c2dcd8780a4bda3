/**
 * The wallets of spec §3 (issue 12) on both databases: cheques received in records (bank, amount, collection
 * date, identifier, drawer, status), moved by activities, listed by due date; made-to-measure pieces received
 * and consumed, with their own movements; A_MEDIDA_SOLO_INGRESO.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';
import { stockWorld, type StockWorld } from '../support/stock';

describeBackends('stock wallets', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let plain: string;
  let w: StockWorld;
  let ids: StockWorld['ids'];
  const post = (path: string, body: unknown = {}) => client.post(`/api/${path}`, body, admin);
  const ok = async (path: string, body: unknown = {}) => {
    const res = await post(path, body);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const cheque = (id: number) => ok(`cheque/show/${id}`);

  beforeAll(async () => {
    ({ srv, client, admin, plain } = await startSignedIn(backend));
    w = await stockWorld(client, admin);
    ids = w.ids;
  });
  afterAll(() => srv?.close());

  describe('cheques', () => {
    const line = (extra: object) => ({ articulo: ids.cheque, cantidad: 1, precio_unitario: 15000, banco: 'Banco Nación', fecha_cobro: '2026-12-10', identificador: '00012345', librador: 'Constructora Andina', ...extra });

    it('a cheque line received creates its wallet entry; one without bank, date or number is refused', async () => {
      expect(await post('registro/save', w.record('recepcion', [line({ banco: '', identificador: undefined })]))).toMatchObject({
        status: 400,
        body: { errors: expect.arrayContaining([{ field: 'items.0.banco', code: 'required' }, { field: 'items.0.identificador', code: 'required' }]) },
      });
      expect((await post('registro/save', w.record('recepcion', [line({ cantidad: 2 })]))).body.errors).toEqual([{ field: 'items.0.cantidad', code: 'maxValue', params: { max: 1 } }]);
      const r = await ok('registro/save', w.record('recepcion', [line({})]));
      const listed = await ok('cheque/index', {});
      expect(listed.rows).toEqual([expect.objectContaining({ identificador: '00012345', banco: 'Banco Nación', importe: 15000, fecha_cobro: '2026-12-10', librador: 'Constructora Andina', estado: 'en_cartera' })]);
      expect(await cheque(listed.rows[0].id)).toMatchObject({ registro: r.id, item: r.items[0].id, en_mano: 1, ubicacion: 'Caja' });
      // the cheque article's on-hand counts the cheques held
      expect((await w.place(ids.cheque, 'Caja')).en_mano).toBe(1);
    });

    it('offers a cheque by its number, bank and collection day, the day written dd/mm/yyyy in either language', async () => {
      for (const lang of ['es', 'en']) {
        const res = await client.post('/api/cheque/select', { pattern: '00012345' }, admin, { 'accept-language': lang });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.rows, lang).toEqual([{ id: expect.any(Number), name: '00012345 Banco Nación 10/12/2026', nombre: '00012345 Banco Nación 10/12/2026' }]);
      }
    });

    it('the wallet lists by collection date; cheques go out through activities (deposited, endorsed), never twice, and come back when that is undone', async () => {
      await ok('registro/save', w.record('recepcion', [line({ identificador: '777', fecha_cobro: '2026-12-01', precio_unitario: 5000 })]));
      await ok('registro/save', w.record('recepcion', [line({ identificador: '888', fecha_cobro: '2027-01-15', precio_unitario: 2500 })]));
      const wallet = await ok('cheque/index', {});
      expect(wallet.rows.map((c: any) => c.identificador)).toEqual(['777', '00012345', '888']);
      const [first, second] = wallet.rows;
      const deposit = await ok('registro/save', w.record('deposito', [{ articulo: ids.cheque, cantidad: 1, cheque: first.id }]));
      expect((await cheque(first.id)).estado).toBe('depositado');
      const endorse = await ok('registro/save', w.record('entrega', [{ articulo: ids.cheque, cantidad: 1, cheque: second.id }]));
      expect((await cheque(second.id)).estado).toBe('endosado');
      const twice = await post('registro/save', w.record('entrega', [{ articulo: ids.cheque, cantidad: 1, cheque: first.id }]));
      expect(twice).toMatchObject({ status: 406, body: { code: 'STOCK_INSUFICIENTE', errors: [{ field: 'items.0.cantidad' }] } });
      // a cheque going out must name one from the wallet, of a cheque article
      expect(await post('registro/save', w.record('entrega', [{ articulo: ids.cheque, cantidad: 1 }]))).toMatchObject({ status: 400, body: { errors: [{ field: 'items.0.cheque', code: 'required' }] } });
      expect(await post('registro/save', w.record('entrega', [{ articulo: ids.clavo, cantidad: 1, cheque: first.id }]))).toMatchObject({ status: 400 });
      await ok(`registro/delete/${deposit.id}`);
      expect((await cheque(first.id)).estado).toBe('en_cartera');
      await ok(`registro/cancel/${endorse.id}`);
      expect((await cheque(second.id)).estado).toBe('en_cartera');
      expect((await ok('cheque/index', { filters: { estado: 'en_cartera' } })).total).toBe(3);
    });

    it('a cheque whose receipt is deleted leaves the wallet (anulado); one already endorsed holds its receipt back', async () => {
      const r = await ok('registro/save', w.record('recepcion', [line({ identificador: '999' })]));
      const id = (await ok('cheque/index', { pattern: '999' })).rows[0].id;
      const out = await ok('registro/save', w.record('entrega', [{ articulo: ids.cheque, cantidad: 1, cheque: id }]));
      expect((await post(`registro/delete/${r.id}`)).body.code).toBe('STOCK_NEGATIVO');
      await ok(`registro/delete/${out.id}`);
      await ok(`registro/delete/${r.id}`);
      expect(await cheque(id)).toMatchObject({ estado: 'anulado', en_mano: 0 });
    });

    it("a user sees the cheques still in the wallet (to take one) and those of records they may open, not the rest", async () => {
      await ok('registro/save', w.record('recepcion', [line({ identificador: '4242' })]));
      const id = (await ok('cheque/index', { pattern: '4242' })).rows[0].id;
      const asUser = (path: string, body: unknown = {}) => client.post(`/api/${path}`, body, plain);
      await w.restricted(['recepcion', 'entrega'], async () => {
        // in the wallet: anyone picking one for a record sees it
        expect((await asUser('cheque/index', { pattern: '4242' })).body.total).toBe(1);
        expect((await asUser(`cheque/show/${id}`)).status).toBe(200);
        // endorsed by a record of an activity the user does not work in: it tells that activity's records
        await ok('registro/save', w.record('entrega', [{ articulo: ids.cheque, cantidad: 1, cheque: id }]));
        expect((await asUser('cheque/index', { pattern: '4242' })).body.total).toBe(0);
        expect(await asUser(`cheque/show/${id}`)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
        expect((await asUser(`cheque/history/${id}`)).status).toBe(403);
        expect((await ok('cheque/index', { pattern: '4242' })).total).toBe(1);
      });
    });

    it('nobody writes the wallet through the API', async () => {
      const id = (await ok('cheque/index', {})).rows[0].id;
      expect((await post('cheque/save', { articulo: ids.cheque, ubicacion: 'Caja', estado: 'en_cartera' })).status).toBe(403);
      expect((await post(`cheque/delete/${id}`)).status).toBe(403);
    });
  });

  describe('made-to-measure pieces', () => {
    it('a new made-to-measure line only in an incoming activity (A_MEDIDA_SOLO_INGRESO); received, it is in the wallet with its measures', async () => {
      for (const step of ['entrega', 'reserva']) {
        const res = await post('registro/save', w.record(step, [{ articulo: ids.vidrio, cantidad: 1, largo: 1.2, ancho: 0.8 }]));
        expect(res, step).toMatchObject({ status: 406, body: { code: 'A_MEDIDA_SOLO_INGRESO', errors: [{ field: 'items.0.a_medida', code: 'A_MEDIDA_SOLO_INGRESO' }] } });
      }
      // an activity that moves no stock takes it (a quote, an order)
      await ok('registro/save', w.record('control', [{ articulo: ids.vidrio, cantidad: 1, largo: 1.2, ancho: 0.8 }]));
      expect(await post('registro/save', w.record('recepcion', [{ articulo: ids.vidrio, cantidad: 2 }]))).toMatchObject({ status: 400, body: { errors: [{ field: 'items.0.largo', code: 'required' }] } });
      const r = await ok('registro/save', w.record('recepcion', [{ articulo: ids.vidrio, cantidad: 3, largo: 1.2, ancho: 0.8 }]));
      const wallet = await ok('a_medida/index', {});
      expect(wallet.rows).toEqual([expect.objectContaining({ descripcion: 'Vidrio templado 1.2 × 0.8', largo: 1.2, ancho: 0.8, en_mano: 3, estado: 'disponible', registro: r.id })]);
    });

    it('reserved and consumed by naming it, never past what is left; its own movements; consumed when nothing is left', async () => {
      const piece = (await ok('a_medida/index', {})).rows[0];
      const reserve = await ok('registro/save', w.record('reserva', [{ articulo: ids.vidrio, cantidad: 2, a_medida: piece.id }]));
      expect(await post('registro/save', w.record('entrega', [{ articulo: ids.vidrio, cantidad: 2, a_medida: piece.id }]))).toMatchObject({
        status: 406,
        body: { code: 'STOCK_INSUFICIENTE', errors: [{ params: { articulo: 'Vidrio templado', disponible: 1 } }] },
      });
      await ok(`registro/move/${reserve.id}`, { respuesta: 'si' });
      expect(await ok(`a_medida/show/${piece.id}`)).toMatchObject({ en_mano: 1, comprometido: 0, estado: 'disponible' });
      await ok('registro/save', w.record('entrega', [{ articulo: ids.vidrio, cantidad: 1, a_medida: piece.id }]));
      expect(await ok(`a_medida/show/${piece.id}`)).toMatchObject({ en_mano: 0, estado: 'consumido' });
      const own = await ok('stock_movimiento/index', { filters: { a_medida: piece.id }, sort: 'creado_en', sortOrder: 'asc' });
      expect(own.rows.map((m: any) => [m.clase, m.cantidad])).toEqual([
        ['impacto', 3],
        ['compromiso', 2],
        ['compromiso', -2],
        ['impacto', -2],
        ['impacto', -1],
      ]);
      expect(await ok('stock_movimiento/verify')).toEqual({ ok: true, diferencias: [] });
    });
  });
});
