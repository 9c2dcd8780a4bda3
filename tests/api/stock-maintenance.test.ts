/**
 * Maintenance of records (spec §5, §7; issue 12) on both databases: `workspace/GetCabsForDelete/` previews the
 * records whose reference text holds the text from a word's start, with their count and stock effects; `workspace/DeleteRegistrosCab/`
 * deletes exactly the previewed ones in one transaction, their stock reversed, with one audit entry naming them.
 * ADMIN only.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';
import { stockWorld, type StockWorld } from '../support/stock';

describeBackends('maintenance', (backend) => {
  let srv: TestServer;
  let client: Api;
  let db: Kysely<any>;
  let admin: string;
  let plain: string;
  let w: StockWorld;
  let ids: StockWorld['ids'];
  const post = (path: string, body: unknown = {}, token = admin) => client.post(`/api/${path}`, body, token);
  const ok = async (path: string, body: unknown = {}) => {
    const res = await post(path, body);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const batch: number[] = [];

  beforeAll(async () => {
    ({ srv, client, admin, plain, db } = await startSignedIn(backend));
    w = await stockWorld(client, admin);
    ids = w.ids;
    await ok('registro/save', w.record('recepcion', [{ articulo: ids.clavo, cantidad: 100 }], { referencia_texto: 'Compra real' }));
    for (const [step, cantidad] of [['entrega', 7], ['reserva', 5], ['entrega', 3]] as const)
      batch.push((await ok('registro/save', w.record(step, [{ articulo: ids.clavo, cantidad }], { referencia_texto: `Prueba LOTE-7 ${cantidad}` }))).id);
    await ok('registro/save', w.record('entrega', [{ articulo: ids.clavo, cantidad: 1 }], { referencia_texto: 'venta mostrador' }));
  });
  afterAll(() => srv?.close());

  it('the preview needs at least one character, and is for ADMIN only', async () => {
    for (const referenciatexto of ['', '   ', undefined])
      expect(await post('workspace/GetCabsForDelete', { referenciatexto })).toMatchObject({ status: 400, body: { errors: [{ field: 'referenciatexto', code: 'minLength' }] } });
    expect((await post('workspace/GetCabsForDelete', { referenciatexto: 'lote' }, plain)).status).toBe(403);
    expect((await post('workspace/DeleteRegistrosCab', { referenciatexto: 'lote', ids: batch }, plain)).status).toBe(403);
  });

  it('previews the matching records, their count and what deleting them does to stock', async () => {
    const preview = await ok('workspace/GetCabsForDelete', { referenciatexto: 'lote-7' });
    expect(preview.total).toBe(3);
    expect(preview.ids).toEqual(batch);
    expect(preview.registros.map((r: any) => [r.referencia_texto, r.actividad])).toEqual([
      ['Prueba LOTE-7 7', 'Entrega'],
      ['Prueba LOTE-7 5', 'Reserva'],
      ['Prueba LOTE-7 3', 'Entrega'],
    ]);
    expect(preview.efectos).toEqual([{ articulo: ids.clavo, nombre: 'Clavo', ubicacion: 'Depósito', en_mano: 10, comprometido: -5 }]);
    // a pattern's wildcards are plain text
    expect((await ok('workspace/GetCabsForDelete', { referenciatexto: '%' })).total).toBe(0);
    expect((await ok('workspace/GetCabsForDelete', { referenciatexto: '.*' })).total).toBe(0);
    // the text from a word's start, in any case: inside a word is no match (a batch to delete takes no stranger)
    expect((await ok('workspace/GetCabsForDelete', { referenciatexto: 'ote-7' })).total).toBe(0);
    expect((await ok('workspace/GetCabsForDelete', { referenciatexto: 'MOSTRADOR' })).registros.map((r: any) => r.referencia_texto)).toEqual(['venta mostrador']);
    expect((await ok('workspace/GetCabsForDelete', { referenciatexto: 'enta' })).total).toBe(0);
  });

  it('deletes exactly the previewed records in one transaction, reverses their stock, and names them in one audit entry', async () => {
    expect(await w.place(ids.clavo, 'Depósito')).toEqual({ en_mano: 89, comprometido: 5, disponible: 84 });
    // a record that no longer matches (or is gone) stops the whole batch
    const other = (await ok('registro/index', { pattern: 'mostrador' })).rows[0].id;
    expect(await post('workspace/DeleteRegistrosCab', { referenciatexto: 'lote-7', ids: [...batch, other] })).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
    expect((await ok('workspace/GetCabsForDelete', { referenciatexto: 'lote-7' })).total).toBe(3);
    const done = await ok('workspace/DeleteRegistrosCab', { referenciatexto: 'lote-7', ids: batch });
    expect(done).toEqual({ eliminados: 3, ids: batch });
    expect(await w.place(ids.clavo, 'Depósito')).toEqual({ en_mano: 99, comprometido: 0, disponible: 99 });
    expect((await ok('workspace/GetCabsForDelete', { referenciatexto: 'lote-7' })).total).toBe(0);
    expect((await ok('registro/index', {})).total).toBe(2);
    const entry = await db.selectFrom('audit_log').select(['action', 'changes']).where('action', '=', 'DeleteRegistrosCab').execute();
    expect(entry).toHaveLength(1);
    const changes = typeof entry[0].changes === 'string' ? JSON.parse(entry[0].changes) : entry[0].changes;
    expect(changes.body.ids).toEqual(batch);
    // the ledger keeps their history
    expect((await db.selectFrom('stock_movimiento').select('id').where('registro', 'in', batch).execute()).length).toBe(6);
    expect(await ok('stock_movimiento/verify')).toEqual({ ok: true, diferencias: [] });
  });

  it('a batch whose deletion would leave negative stock is refused whole', async () => {
    const r = await ok('registro/save', w.record('recepcion', [{ articulo: ids.tornillo, cantidad: 4, ubicacion: 'Depósito' }], { referencia_texto: 'LOTE-8 compra' }));
    await ok('registro/save', w.record('entrega', [{ articulo: ids.tornillo, cantidad: 4, ubicacion: 'Depósito' }], { referencia_texto: 'venta' }));
    expect((await post('workspace/DeleteRegistrosCab', { referenciatexto: 'LOTE-8', ids: [r.id] })).body.code).toBe('STOCK_NEGATIVO');
    expect((await ok(`registro/show/${r.id}`)).id).toBe(r.id);
  });
});
