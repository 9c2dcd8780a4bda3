/**
 * What a write of a task must respect besides its schema (issue 13), with the stored task as the starting
 * point (the pipeline's `previous`):
 *
 * - who: an instructive's own tasks (its definition) are written by ADMIN / ROOT only (403), and not while the
 *   instructive is current (409 INSTRUCTIVO_VIGENTE); a record's task by whoever may work in its activity
 *   (403 REGISTRO_SIN_PERMISO);
 * - its state changes only as the task state machine allows (machines/taskState.ts: 409
 *   TAREA_TRANSICION_INVALIDA), and the locks of its stored state hold (406 TAREA_INICIO_BLOQUEADO,
 *   TAREA_FIN_BLOQUEADO, TAREA_HORAS_BLOQUEADAS); an instructive's own tasks are not worked, so they stay not
 *   started;
 * - its parent and the tasks it depends on are of its group (406 TAREA_AJENA), and the dependencies form no
 *   cycle (406 TAREA_DEPENDENCIA_CICLICA on `predecesoras`, naming the tasks).
 */
import type { FieldError } from '../../../engine/errors';
import { hasAny, ROLES } from '../../../engine/roles';
import { isInstructiveMode, isEditable } from '../../../machines/instructiveMode';
import { eventBetween, isTaskState, lockErrors } from '../../../machines/taskState';
import { ApiError, forbidden } from '../../http/api-error';
import type { Data, DocContext, StoredRecord } from '../../documents/types';
import { mayWorkIn } from '../actividad/access';
import { cycleWith, groupOf, sameGroup } from './group';

const isAdmin = (ctx: DocContext) => hasAny(ctx.actor.roles, [ROLES.ADMIN, ROLES.ROOT]);

/** 403 unless the caller may write this task (an instructive's own: ADMIN / ROOT; a record's: its activity). */
export async function checkWriter(ctx: DocContext, task: Data): Promise<void> {
  if (task.registro == null) {
    if (!isAdmin(ctx)) throw forbidden();
    return;
  }
  if (typeof task.actividad === 'number' && !(await mayWorkIn(ctx, task.actividad))) throw new ApiError(403, 'REGISTRO_SIN_PERMISO');
}

/** 409 INSTRUCTIVO_VIGENTE when `task` is part of a current instructive's definition. */
export async function checkDefinitionEditable(ctx: DocContext, task: Data): Promise<void> {
  if (task.registro != null) return;
  const row = await ctx.trx.selectFrom('instructivo').select('modo').where('id', '=', task.instructivo as number).executeTakeFirst();
  if (row && isInstructiveMode(row.modo) && !isEditable(row.modo)) throw new ApiError(409, 'INSTRUCTIVO_VIGENTE', [{ field: 'instructivo', code: 'INSTRUCTIVO_VIGENTE' }]);
}

/** The state change, as the machine takes it (409 TAREA_TRANSICION_INVALIDA otherwise). */
export function checkTransition(ctx: DocContext, doc: Data, previous: StoredRecord | null): void {
  const from = previous && isTaskState(previous.estado) ? previous.estado : 'no_iniciada';
  const to = doc.estado ?? 'no_iniciada';
  if (to === from) return;
  const refuse = () => new ApiError(409, 'TAREA_TRANSICION_INVALIDA', [{ field: 'estado', code: 'TAREA_TRANSICION_INVALIDA', params: { desde: from, hacia: String(to) } }]);
  if (!isTaskState(to) || doc.registro == null || !eventBetween(from, to, ctx.actor.roles)) throw refuse();
}

/** The locks of the stored state, then the group rules, as field errors. */
export async function fieldErrors(ctx: DocContext, doc: Data, previous: StoredRecord | null, id: number | null): Promise<FieldError[]> {
  const errors: FieldError[] = previous && isTaskState(previous.estado) ? lockErrors(previous.estado, previous, doc) : [];
  const group = groupOf(doc);
  const preds = ((doc.predecesoras ?? []) as Data[]).map((p) => p.tarea as number);
  const named = [...new Set([...preds, ...(typeof doc.padre === 'number' ? [doc.padre] : [])])];
  const rows = named.length ? await ctx.trx.selectFrom('tarea').select(['id', 'instructivo', 'registro']).where('id', 'in', named).execute() : [];
  const groups = new Map(rows.map((r) => [r.id as number, groupOf(r)]));
  const outside = (t: number) => groups.has(t) && !sameGroup(groups.get(t)!, group);
  preds.forEach((t, i) => {
    if (outside(t)) errors.push({ field: `predecesoras.${i}.tarea`, code: 'TAREA_AJENA' });
  });
  if (typeof doc.padre === 'number' && outside(doc.padre)) errors.push({ field: 'padre', code: 'TAREA_AJENA' });
  if (!errors.length) {
    const cycle = await cycleWith(ctx, group, id, preds);
    if (cycle) errors.push({ field: 'predecesoras', code: 'TAREA_DEPENDENCIA_CICLICA', params: { tareas: cycle.join(' → ') } });
  }
  return errors;
}
