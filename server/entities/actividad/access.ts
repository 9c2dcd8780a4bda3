/**
 * Who may work in an activity (spec §6 "per-activity access by job position"): ADMIN and ROOT in every one;
 * anyone else when the activity lists no job positions, or lists theirs (usuario -> perfil -> empleado.puesto).
 * Used by the workspace (which flows and activities a user is offered) and by records (who may open or
 * change a record of an activity).
 */
import { sql, type Kysely } from 'kysely';
import { hasAny, ROLES } from '../../../engine/roles';
import type { Actor, DocContext } from '../../documents/types';
import type { Where } from '../list';

export const seesEverything = (actor: Actor) => hasAny(actor.roles, [ROLES.ADMIN, ROLES.ROOT]);

/** The caller's job position, or null. */
export async function puestoOf(db: Kysely<any>, actor: Actor): Promise<number | null> {
  if (actor.id === null) return null;
  const row = await db
    .selectFrom('usuario')
    .innerJoin('perfil', 'perfil.id', 'usuario.perfilid')
    .select(sql<string | null>`perfil.empleado->>'puesto'`.as('puesto'))
    .where('usuario.id', '=', actor.id)
    .executeTakeFirst();
  const n = Number(row?.puesto);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** A test of "may the caller work in this activity", for the activities given (one query for all). */
export async function workableActivities(ctx: DocContext, activityIds: number[]): Promise<(id: number) => boolean> {
  if (seesEverything(ctx.actor)) return () => true;
  if (!activityIds.length) return () => false;
  const rows = await ctx.trx.selectFrom('actividad__puestos').select(['parent_id', 'puesto']).where('parent_id', 'in', activityIds).execute();
  const puesto = await puestoOf(ctx.trx, ctx.actor);
  const listed = new Map<number, number[]>();
  for (const r of rows) listed.set(r.parent_id as number, [...(listed.get(r.parent_id as number) ?? []), r.puesto as number]);
  return (id) => !listed.has(id) || (puesto !== null && listed.get(id)!.includes(puesto));
}

export async function mayWorkIn(ctx: DocContext, actividad: number): Promise<boolean> {
  return (await workableActivities(ctx, [actividad]))(actividad);
}

/** As a where clause over a table with an `actividad` column: the rows of activities the caller may work in. */
export async function workableWhere(ctx: DocContext): Promise<Where | null> {
  if (seesEverything(ctx.actor)) return null;
  const puesto = await puestoOf(ctx.trx, ctx.actor);
  const listing = (eb: any) => eb.selectFrom('actividad__puestos').select('parent_id');
  return (eb: any) =>
    eb.or([
      eb('actividad', 'not in', listing(eb)),
      ...(puesto === null ? [] : [eb('actividad', 'in', listing(eb).where('puesto', '=', puesto))]),
    ]);
}
