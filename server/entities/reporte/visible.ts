/**
 * Who sees a report (issue 14: "users see only reports for their job position"): ADMIN and ROOT every one;
 * anyone else a report that lists no job positions, or lists theirs (usuario -> perfil -> empleado.puesto),
 * as activities do (../actividad/access.ts).
 */
import type { DocContext } from '../../documents/types';
import type { Where } from '../list';
import { puestoOf, seesEverything } from '../actividad/access';

export const POSITIONS_TABLE = 'reporte__puestos';

/** The reports the caller may see, as a where clause over the reporte table; null for all. */
export async function visibleWhere(ctx: DocContext): Promise<Where | null> {
  if (seesEverything(ctx.actor)) return null;
  const puesto = await puestoOf(ctx.trx, ctx.actor);
  const listing = (eb: any) => eb.selectFrom(POSITIONS_TABLE).select('parent_id');
  return (eb: any) =>
    eb.or([eb('id', 'not in', listing(eb)), ...(puesto === null ? [] : [eb('id', 'in', listing(eb).where('puesto', '=', puesto))])]);
}

/** Whether the caller may see the report with this id. */
export async function maySee(ctx: DocContext, id: number): Promise<boolean> {
  const where = await visibleWhere(ctx);
  if (!where) return true;
  const row = await ctx.trx.selectFrom('reporte').select('id').where('id', '=', id).where(where).executeTakeFirst();
  return row !== undefined;
}
