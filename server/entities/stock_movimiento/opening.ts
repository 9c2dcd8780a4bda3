/**
 * The upgrade to the ledger: before it, an article's locations carried a typed quantity (`cantidad_actual`).
 * On the first start of a version with the ledger, every typed quantity becomes one opening movement
 * (`origen: apertura`) of its article and location, exactly once (a mark in app_setting, written in the same
 * start-up transaction), and the balances are built from the ledger. From then on the locations show what the
 * ledger says, and the typed column is no longer written.
 */
import { sql, type Kysely } from 'kysely';
import type { DocContext } from '../../documents/types';
import { rebuild } from './rebuild';

export const OPENING_MARK = 'stock.apertura';

/** One opening movement per typed location quantity (articles `from`..`to` by id, default all); answers how many. */
export async function openingMovements(db: Kysely<any>, username: string, range?: { from: number; to: number }): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with moved as (
      insert into stock_movimiento (articulo, ubicacion, cantidad, clase, origen, usuario_nombre)
      select u.parent_id, u.nombre, u.cantidad_actual, 'impacto', 'apertura', ${username}
      from articulo__ubicaciones u
      where u.cantidad_actual is not null and u.cantidad_actual <> 0
        ${range ? sql`and u.parent_id between ${range.from} and ${range.to}` : sql``}
      order by u.parent_id, u.position
      returning 1
    ) select count(*)::int as n from moved`.execute(db);
  return rows[0].n;
}

export async function openingOnce(ctx: DocContext): Promise<void> {
  const done = await ctx.trx.selectFrom('app_setting').select('value').where('key', '=', OPENING_MARK).executeTakeFirst();
  if (done) return;
  const n = await openingMovements(ctx.trx, ctx.actor.username);
  await rebuild(ctx.trx);
  await ctx.trx.insertInto('app_setting').values({ key: OPENING_MARK, value: new Date().toISOString() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  if (n) ctx.log.info({ movements: n }, 'stock: typed location quantities became opening movements');
}
