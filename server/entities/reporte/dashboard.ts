/**
 * `reportes/tablero` {tile}: the dashboard's own tiles (issue 14: what a user should see first), one query
 * each, loaded independently by the screen. Each answers `{total, rows}` of what the caller may see:
 * - `misRegistros`: open records held by the caller, newest first;
 * - `registrosPorActividad`: open records per flow and activity, among the activities the caller may work in;
 * - `stockBajo`: active stock articles whose on-hand quantity is below their restock point or security stock.
 * (The caller's open tasks are `tarea/mine`.)
 */
import { sql, type Kysely } from 'kysely';
import type { ActionSpec, DocContext } from '../../documents/types';
import { permits } from '../access';
import { workableWhere } from '../actividad/access';

export const DASHBOARD_TILES = ['misRegistros', 'registrosPorActividad', 'stockBajo'] as const;
const OPEN = ['abierto', 'en_espera'];
const LIMIT = 10;

async function heldByMe(ctx: DocContext) {
  const db = ctx.trx as Kysely<any>;
  // held, and still in an activity the caller works in (one taken from them keeps its holder until released)
  const scope = await workableWhere(ctx);
  const base = db
    .selectFrom('registro as r')
    .where('r.asignado_a', '=', ctx.actor.id ?? -1)
    .where('r.estado', 'in', OPEN)
    .$if(scope !== null, (q) => q.where('r.id', 'in', db.selectFrom('registro').select('id').where(scope!)));
  const rows = await base
    .leftJoin('actividad as a', 'a.id', 'r.actividad')
    .select(['r.id', 'r.numero', 'r.fecha', 'r.flujo', 'r.actividad', 'a.titulo as actividad_titulo'])
    .orderBy('r.fecha', 'desc')
    .orderBy('r.id', 'desc')
    .limit(LIMIT)
    .execute();
  const { n } = await base.select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirstOrThrow();
  return { total: n, rows };
}

async function perActivity(ctx: DocContext) {
  const db = ctx.trx as Kysely<any>;
  const scope = await workableWhere(ctx);
  const rows = await db
    .selectFrom('registro')
    .where('estado', 'in', OPEN)
    .$if(scope !== null, (q) => q.where(scope!))
    .select(['flujo', 'actividad', sql<number>`cast(count(*) as integer)`.as('cantidad')])
    .groupBy(['flujo', 'actividad'])
    .orderBy('cantidad', 'desc')
    .limit(20)
    .execute();
  const names = async (table: string, col: 'flujo' | 'actividad', label: string) => {
    const list = [...new Set(rows.map((r) => r[col] as number).filter(Boolean))];
    if (!list.length) return new Map<number, string>();
    const found = await db.selectFrom(table).select(['id', label]).where('id', 'in', list).execute();
    return new Map(found.map((f) => [f.id as number, String(f[label] ?? '')]));
  };
  const [flows, activities] = await Promise.all([names('flujo', 'flujo', 'nombre'), names('actividad', 'actividad', 'titulo')]);
  return {
    total: rows.length,
    rows: rows.map((r) => ({ ...r, flujo_nombre: flows.get(r.flujo as number) ?? null, actividad_titulo: activities.get(r.actividad as number) ?? null })),
  };
}

async function lowStock(ctx: DocContext) {
  if (!permits(ctx.actor.roles, ctx.docs.entity('articulo'), 'read')) return { total: 0, rows: [] };
  const threshold = sql`greatest(coalesce(a.punto_reposicion, 0), coalesce(a.stock_seguridad, 0))`;
  const onHand = sql`coalesce((select sum(s.en_mano) from stock_saldo s where s.articulo = a.id), 0)`;
  const low = (ctx.trx as Kysely<any>)
    .selectFrom('articulo as a')
    .where(sql<boolean>`coalesce(a.activo, true)`)
    .where(sql<boolean>`not coalesce(a.es_servicio, false)`)
    .where(sql<boolean>`${onHand} < ${threshold}`);
  const rows = await low
    .select(['a.id', 'a.nombre', 'a.punto_reposicion', 'a.stock_seguridad', sql<string>`cast(${onHand} as text)`.as('en_mano')])
    .orderBy(sql`${onHand} - ${threshold}`)
    .orderBy('a.id')
    .limit(LIMIT)
    .execute();
  const { n } = await low.select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirstOrThrow();
  return { total: n, rows };
}

export const tablero: ActionSpec<{ tile: (typeof DASHBOARD_TILES)[number] }> = {
  scope: 'entity',
  path: 'reportes/tablero',
  read: true,
  body: { type: 'object', required: ['tile'], additionalProperties: false, properties: { tile: { type: 'string', enum: [...DASHBOARD_TILES] } } },
  run({ ctx, body }) {
    if (body.tile === 'misRegistros') return heldByMe(ctx);
    if (body.tile === 'registrosPorActividad') return perActivity(ctx);
    return lowStock(ctx);
  },
};
