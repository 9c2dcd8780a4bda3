/**
 * Who may hold a record of an activity (spec §9 "a chosen one"): `registro/responsables` `{actividad}` answers
 * the enabled users who may work in it (its job positions, ../actividad/access.ts; ADMIN and ROOT always), by
 * user name, for the record form's "assign to" picker (save mode `elegido`) and the move dialog's (an activity
 * that pre-assigns: `preasignar`). User names only: anyone who may read records may ask.
 */
import { sql } from 'kysely';
import { hasAny, ROLES } from '../../../engine/roles';
import type { ActionSpec, DocContext } from '../../documents/types';

export interface Responsible {
  id: number;
  username: string;
}

/** The users who may work in `actividad` (at most 500, by name). */
export async function responsiblesOf(ctx: DocContext, actividad: number): Promise<Responsible[]> {
  const listed = (await ctx.trx.selectFrom('actividad__puestos').select('puesto').where('parent_id', '=', actividad).execute()).map((r) => r.puesto as number);
  const users = await ctx.trx
    .selectFrom('usuario')
    .leftJoin('perfil', 'perfil.id', 'usuario.perfilid')
    .select(['usuario.id', 'usuario.username', 'usuario.roles', sql<string | null>`perfil.empleado->>'puesto'`.as('puesto')])
    .where('usuario.enabled', '=', true)
    .orderBy('usuario.username')
    .limit(500)
    .execute();
  return users
    .filter((u) => !listed.length || hasAny(u.roles as string[], [ROLES.ADMIN, ROLES.ROOT]) || listed.includes(Number(u.puesto)))
    .map((u) => ({ id: u.id as number, username: u.username as string }));
}

export const responsibles: ActionSpec<{ actividad: number }> = {
  scope: 'entity',
  read: true,
  body: { type: 'object', required: ['actividad'], additionalProperties: false, properties: { actividad: { type: 'integer', minimum: 1 } } },
  run: ({ ctx, body }) => responsiblesOf(ctx, body.actividad),
};
