/**
 * The upgrade to the stock ledger (issue 12), on both databases: a database from before the ledger — no ledger
 * tables, quantities typed into the articles' locations — is started by this version: every typed quantity
 * becomes one opening movement, without loss, and the locations show the same quantities from the ledger; a
 * second start changes nothing.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, describeBackends, freshStore, startTestServer, type Store } from '../support/server';

describeBackends('upgrade to the stock ledger', (backend) => {
  let store: Store;
  const articles: Record<string, number> = {};

  beforeAll(async () => {
    store = await freshStore(backend, true);
    const srv = await startTestServer(backend, { store });
    try {
      const client = api(srv.baseUrl);
      const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
      for (const nombre of ['Cemento', 'Cal', 'Sin stock']) {
        const res = await client.post('/api/articulo/save', { nombre, ubicaciones: [{ nombre: 'Depósito' }, { nombre: 'Salón' }] }, token);
        articles[nombre] = res.body.id;
      }
      // back to what an older version left: typed quantities, no ledger
      const db = srv.db as unknown as Kysely<any>;
      const typed = async (articulo: number, nombre: string, cantidad: number) =>
        db.updateTable('articulo__ubicaciones').set({ cantidad_actual: cantidad }).where('parent_id', '=', articulo).where('nombre', '=', nombre).execute();
      await typed(articles.Cemento, 'Depósito', 420.5);
      await typed(articles.Cemento, 'Salón', 12);
      await typed(articles.Cal, 'Depósito', -3);
      await typed(articles['Sin stock'], 'Depósito', 0);
      for (const table of ['stock_movimiento', 'stock_saldo', 'cheque', 'a_medida']) await sql`drop table ${sql.table(table)}`.execute(db);
      await db.deleteFrom('app_setting').where('key', '=', 'stock.apertura').execute();
    } finally {
      await srv.close();
    }
  });
  afterAll(() => store?.dispose());

  it('turns every typed quantity into one opening movement, once, and shows the same quantities', async () => {
    for (const start of [1, 2]) {
      const srv = await startTestServer(backend, { store });
      try {
        const client = api(srv.baseUrl);
        const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
        const show = async (nombre: string) => (await client.post(`/api/articulo/show/${articles[nombre]}`, {}, token)).body.ubicaciones.map((u: any) => [u.nombre, u.cantidad_actual]);
        expect(await show('Cemento'), `start ${start}`).toEqual([['Depósito', 420.5], ['Salón', 12]]);
        expect(await show('Cal')).toEqual([['Depósito', -3], ['Salón', 0]]);
        expect(await show('Sin stock')).toEqual([['Depósito', 0], ['Salón', 0]]);
        const db = srv.db as unknown as Kysely<any>;
        const rows = await db.selectFrom('stock_movimiento').select(['articulo', 'ubicacion', 'cantidad', 'clase', 'origen']).orderBy('id').execute();
        expect(rows.map((r) => [r.articulo, r.ubicacion, Number(r.cantidad), r.clase, r.origen])).toEqual([
          [articles.Cemento, 'Depósito', 420.5, 'impacto', 'apertura'],
          [articles.Cemento, 'Salón', 12, 'impacto', 'apertura'],
          [articles.Cal, 'Depósito', -3, 'impacto', 'apertura'],
        ]);
        const listed = await client.post('/api/articulo/index', { pattern: 'cemento' }, token);
        expect(listed.body.rows[0]).toMatchObject({ en_mano: 432.5, disponible: 432.5 });
        expect((await client.post('/api/stock_movimiento/verify', {}, token)).body).toEqual({ ok: true, diferencias: [] });
      } finally {
        await srv.close();
      }
    }
  }, 180_000);
});
