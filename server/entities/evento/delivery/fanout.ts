/**
 * From the outbox to deliveries (issue 15): every write's outbox event becomes, in the writer's transaction,
 * one evento_entrega row per active subscription that matches it — so a delivery exists exactly when its write
 * committed, and a subscription made later never receives older events. One INSERT … SELECT per write.
 *
 * A subscription matches when its accion is `*`, the write's action, or `update` for a patch; its origen is `*`
 * or the entity; and its flujo / actividad, when set, are the record's (`flujo` / `actividad` fields: records
 * of that flow or activity).
 */
import { sql } from 'kysely';
import type { WriteEvent } from '../../../documents/types';

/** Entities whose writes are never delivered: the delivery log itself (a replay is a write of it). */
export const NOT_ORIGINS: ReadonlySet<string> = new Set(['evento_entrega']);

const intOrNull = (v: unknown) => (Number.isInteger(v) ? (v as number) : null);

export async function fanOut({ entity, action, id, record, previous, outboxId, ctx }: WriteEvent): Promise<void> {
  if (!outboxId || NOT_ORIGINS.has(entity.name)) return;
  const data: Record<string, unknown> = record ?? previous ?? {};
  const flujo = intOrNull(data.flujo);
  const actividad = intOrNull(data.actividad);
  await sql`
    insert into evento_entrega (evento, outbox_id, entidad, registro_id, accion)
    select s.id, ${outboxId}::bigint, ${entity.name}, ${id}::integer, ${action}
    from evento s
    where s.activo
      and (s.accion = '*' or s.accion = ${action} or (s.accion = 'update' and ${action} = 'patch'))
      and (s.origen = '*' or s.origen = ${entity.name})
      and (s.flujo is null or s.flujo = ${flujo}::integer)
      and (s.actividad is null or s.actividad = ${actividad}::integer)
    order by s.id`.execute(ctx.trx);
}
