/**
 * Who may work on a record (spec §8, §9; issue 11 "Who may work on a record"):
 *
 * - only users who may work in its activity (by job position, ../actividad/access.ts) open or change it:
 *   anyone else gets 403 REGISTRO_SIN_PERMISO (the browser passes that through without a toast, spec §8);
 * - a record is held by one user (`asignado_a`): `take` and `release`; who holds it follows the activity's
 *   save mode: `solo_usuario` (default) and `elegido` let only the holder change it (409 REGISTRO_TOMADO,
 *   naming the holder, for anyone else); `todos_responsables` lets every responsible of the activity;
 * - entering an activity pre-assigns it by the activity's mode: `no` frees it, `usuario_autenticado` gives it
 *   to whoever moved it there, `preasignar` to the user the move names (`asignar_a`), if that user may work in it;
 * - in save mode `elegido` the saver names who holds it after the save (`asignar_a` on save / update).
 * ADMIN and ROOT are never held back (they can release what someone left held).
 */
import { ApiError } from '../../http/api-error';
import type { Actor, Data, DocContext } from '../../documents/types';
import { isEnded } from '../../../engine/records/states';
import { mayWorkIn, seesEverything } from '../actividad/access';
import type { Activity } from './context';

export const noAccess = () => new ApiError(403, 'REGISTRO_SIN_PERMISO');
export const heldBy = (holder: unknown) => new ApiError(409, 'REGISTRO_TOMADO', [{ field: 'asignado_a', code: 'REGISTRO_TOMADO', params: { usuario: String(holder ?? '') } }]);

/** A closed or cancelled record stays as it ended, its fields and its files (`field`: where the refusal points), but for ADMIN and ROOT. */
export function checkNotEnded(actor: Actor, record: Data, field?: string): void {
  if (isEnded(record.estado) && !seesEverything(actor)) throw new ApiError(409, 'REGISTRO_CERRADO', field ? [{ field, code: 'REGISTRO_CERRADO' }] : undefined);
}

export async function checkAccess(ctx: DocContext, actividad: number): Promise<void> {
  if (!(await mayWorkIn(ctx, actividad))) throw noAccess();
}

/** May the caller change a record held as it is, in an activity with this save mode? */
export function checkHolder(actor: Actor, record: Data, activity: Activity): void {
  if (seesEverything(actor) || record.asignado_a == null || record.asignado_a === actor.id) return;
  if ((activity.modo_guardado ?? 'solo_usuario') === 'todos_responsables') return;
  throw heldBy(record.asignado_nombre);
}

/** Who holds a record that enters `activity` (see above); `named` is the user a move names. */
export async function preassigned(ctx: DocContext, activity: Activity, named: number | undefined): Promise<{ asignado_a: number | null; asignado_nombre: string | null }> {
  const mode = activity.preasignar_usuario ?? 'no';
  if (mode === 'usuario_autenticado' && ctx.actor.id !== null) return { asignado_a: ctx.actor.id, asignado_nombre: ctx.actor.username };
  if (mode === 'preasignar' && named !== undefined) return chosenHolder(ctx, activity, named);
  return { asignado_a: null, asignado_nombre: null };
}

/** `named` as the holder of a record in `activity`: an enabled user who may work in it (400 on `asignar_a` otherwise). */
export async function chosenHolder(ctx: DocContext, activity: Activity, named: number): Promise<{ asignado_a: number; asignado_nombre: string }> {
  const user = await ctx.trx.selectFrom('usuario').select(['id', 'username', 'roles']).where('id', '=', named).where('enabled', '=', true).executeTakeFirst();
  const them: Actor | undefined = user && { id: user.id as number, username: user.username as string, roles: user.roles as string[] };
  if (!them || !(await mayWorkIn({ ...ctx, actor: them }, activity.id))) throw new ApiError(400, 'VALIDATION_FAILED', [{ field: 'asignar_a', code: 'enum' }]);
  return { asignado_a: them.id!, asignado_nombre: them.username };
}

/**
 * Save mode `elegido` (spec §9 "a chosen one"): a save or update may name who holds the record next
 * (`asignar_a`: a user who may work in the activity, or null to free it); in any other mode naming one is refused.
 */
export async function savedHolder(ctx: DocContext, activity: Activity, named: number | null | undefined): Promise<Data> {
  if (named === undefined) return {};
  if ((activity.modo_guardado ?? 'solo_usuario') !== 'elegido') throw new ApiError(400, 'ASIGNACION_NO_PERMITIDA', [{ field: 'asignar_a', code: 'ASIGNACION_NO_PERMITIDA' }]);
  return named === null ? { asignado_a: null, asignado_nombre: null } : chosenHolder(ctx, activity, named);
}
