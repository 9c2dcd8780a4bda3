/**
 * Tasks and records (issue 13; spec §8 REQUIERE_CERRAR_TAREAS_INSTRUCTIVO), as a subscriber of every write of a
 * record, in its transaction:
 *
 * - a record leaving an activity (moved on, or closed at the end of its flow) while tasks it got there are not
 *   finished: 409 REQUIERE_CERRAR_TAREAS_INSTRUCTIVO naming them (`params.tareas`: their titles; `ids`), and
 *   the whole move is undone;
 * - a record cancelled while it has tasks not finished: the same 409, nothing written. The spec knows only three
 *   task states (none for "cancelled") and says the instructive's tasks must be closed first, so they are closed
 *   by whoever cancels, never silently by the server.
 * - a record entering an activity that allows tasks gets a copy of the tasks of every current, active
 *   instructive that applies to the activity: dependencies and parents copied within the copy, estimated dates
 *   from PERT starting today, held by whoever holds the record (the activity's pre-assign rule), the
 *   instructive's responsibles otherwise;
 * - a record entering an activity again (its flow loops back, even straight into the activity it leaves, or it
 *   is sent back) keeps the tasks it got there
 *   the first time, as they are (finished ones stay finished: reopening is an administrator's REOPEN, and their
 *   actual dates are evidence); only the templates it has no copy of there yet (tasks added to the instructive
 *   since, or an instructive applied since) are copied, depending on the copies it already has.
 */
import { todayIso } from '../../../engine/planning/days';
import { pert, topologicalOrder } from '../../../engine/planning/pert';
import { scheduleFrom } from '../../../engine/planning/schedule';
import { isEnded } from '../../../engine/records/states';
import { ApiError } from '../../http/api-error';
import type { Data, DocContext, StoredRecord, WriteEvent } from '../../documents/types';
import { groupWhere, loadTasks } from './group';
import { internal } from './internal';

const WRITES = new Set(['insert', 'update', 'patch']);

/** 409 when the record has tasks of `actividad` (of any activity, when none is named) not finished. */
async function requireClosed(ctx: DocContext, registro: number, actividad?: number): Promise<void> {
  let query = ctx.trx.selectFrom('tarea').select(['id', 'titulo']).where('registro', '=', registro);
  if (actividad !== undefined) query = query.where('actividad', '=', actividad);
  const open = await query
    .where('estado', '<>', 'finalizada')
    .orderBy('id')
    .execute();
  if (!open.length) return;
  throw new ApiError(409, 'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO', [
    { field: 'tareas', code: 'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO', params: { tareas: open.map((t) => t.titulo).join(', '), ids: open.map((t) => t.id) } },
  ]);
}

/** The current, active instructives of an activity, when it allows tasks. */
async function instructivesOf(ctx: DocContext, actividad: number): Promise<number[]> {
  const activity = await ctx.trx.selectFrom('actividad').select('tareas_permitidas').where('id', '=', actividad).executeTakeFirst();
  if (activity?.tareas_permitidas !== true) return [];
  const rows = await ctx.trx
    .selectFrom('instructivo as i')
    .innerJoin('instructivo__actividades as a', 'a.parent_id', 'i.id')
    .select('i.id')
    .distinct()
    .where('a.actividad', '=', actividad)
    .where('i.modo', '=', 'vigente')
    .where('i.estado', '=', 'activo')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => r.id as number);
}

/** The record's copy of one instructive's tasks. */
async function copyTasks(ctx: DocContext, record: StoredRecord, actividad: number, instructivo: number): Promise<void> {
  const templates = await loadTasks(ctx, groupWhere({ instructivo, registro: null }));
  if (!templates.length) return;
  // template -> the record's copy of it in this activity, from an earlier entry
  const copies = new Map<number, number>();
  const earlier = await ctx.trx
    .selectFrom('tarea')
    .select(['id', 'plantilla'])
    .where('registro', '=', record.id)
    .where('actividad', '=', actividad)
    .where('instructivo', '=', instructivo)
    .where('plantilla', 'is not', null)
    .execute();
  for (const e of earlier) copies.set(e.plantilla as number, e.id as number);
  if (templates.every((t) => copies.has(t.id))) return;
  const full = new Map(await Promise.all(templates.filter((t) => !copies.has(t.id)).map(async (t) => [t.id, (await ctx.docs.get(ctx, 'tarea', t.id, { raw: true }))!] as const)));
  const result = pert(templates);
  const dates = scheduleFrom(todayIso(), result);
  // parents and predecessors are copied before the tasks that name them
  const order = topologicalOrder(templates.map((t) => ({ id: t.id, predecesoras: [...t.predecesoras, ...(typeof t.row.padre === 'number' ? [t.row.padre] : [])] })));
  const holder = record.asignado_a != null ? { asignado_a: record.asignado_a, asignado_nombre: record.asignado_nombre } : {};
  for (const id of order) {
    if (copies.has(id as number)) continue;
    const { id: _id, version: _v, predecesoras, responsables, padre, ...fields } = full.get(id as number)!;
    const copy: Data = {
      ...fields,
      ...dates.get(id)!,
      estado: 'no_iniciada',
      critica: result.byId.get(id)!.critical,
      registro: record.id,
      actividad,
      plantilla: id,
      ...holder,
      padre: typeof padre === 'number' ? copies.get(padre) : undefined,
      predecesoras: ((predecesoras ?? []) as Data[]).map((p) => ({ tarea: copies.get(p.tarea as number) })),
      responsables: ((responsables ?? []) as Data[]).map((r) => ({ perfil: r.perfil })),
    };
    copies.set(id as number, (await ctx.docs.insert(ctx, 'tarea', copy)).id);
  }
}

export async function onRecordWrite({ action, record, previous, ctx }: WriteEvent): Promise<void> {
  if (!record) return;
  const before = previous?.actividad as number | undefined;
  const after = record.actividad as number;
  // `registro/move` straight back into the activity it left (a loop on it) leaves it and enters it again too;
  // its own patch changed no place in the flow, so only the action's event tells
  const looped = action === 'move' && previous !== null && before === after && previous.estado !== 'cerrado' && record.estado !== 'cerrado';
  if (!WRITES.has(action) && !looped) return;
  const moved = previous !== null && (before !== after || looped);
  const closed = previous !== null && record.estado === 'cerrado' && previous.estado !== 'cerrado';
  const cancelled = previous !== null && record.estado === 'anulado' && previous.estado !== 'anulado';
  if ((moved || closed) && typeof before === 'number') await requireClosed(ctx, record.id, before);
  if (cancelled) await requireClosed(ctx, record.id);
  if ((previous === null || moved) && !isEnded(record.estado))
    await internal(ctx, async () => {
      for (const instructivo of await instructivesOf(ctx, after)) await copyTasks(ctx, record, after, instructivo);
    });
}
