/**
 * `instructivoExec/getFlowsPlaneam` (spec §7; the planning screen): the open records that have tasks, each with
 * its flow and activity and its tasks' estimated dates, state, critical flag, slack (days, PERT over the task's
 * group) and dependencies — for a timeline of records' activities and tasks.
 *
 * Body `{desde?, hasta?, flujo?, actividad?, max?}`: tasks whose estimated dates touch [desde, hasta] (undated
 * ones too), of a flow or an activity; at most `max` tasks (default 5000), `truncated` when there were more.
 * Only tasks of activities the caller may work in.
 */
import { findCycle, pert } from '../../../engine/planning/pert';
import type { ActionSpec, Data } from '../../documents/types';
import { workableWhere } from '../actividad/access';
import { pertInput } from '../tarea/group';

interface PlanningBody {
  desde?: string;
  hasta?: string;
  flujo?: number;
  actividad?: number;
  max?: number;
}

const DEFAULT_MAX = 5000;

export const getFlowsPlaneam: ActionSpec<PlanningBody> = {
  scope: 'entity',
  path: 'instructivoExec/getFlowsPlaneam',
  read: true,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      desde: { type: 'string', format: 'date' },
      hasta: { type: 'string', format: 'date' },
      flujo: { type: 'integer', minimum: 1 },
      actividad: { type: 'integer', minimum: 1 },
      max: { type: 'integer', minimum: 1, maximum: 10000 },
    },
  },
  async run({ ctx, body }) {
    const max = body.max ?? DEFAULT_MAX;
    const workable = await workableWhere(ctx);
    let q = ctx.trx
      .selectFrom('tarea as t')
      .innerJoin('registro as r', 'r.id', 't.registro')
      .where('r.estado', 'in', ['abierto', 'en_espera'])
      .select([
        't.id', 't.version', 't.titulo', 't.estado', 't.critica', 't.instructivo', 't.registro', 't.actividad', 't.asignado_nombre',
        't.fecha_inicio_estimada', 't.fecha_fin_estimada', 't.tiempo_optimista', 't.tiempo_probable', 't.tiempo_pesimista',
      ]);
    // the activity test names its column unqualified: asked of the task table alone
    if (workable) q = q.where('t.id', 'in', (eb: any) => eb.selectFrom('tarea').select('id').where(workable));
    if (body.flujo) q = q.where('r.flujo', '=', body.flujo);
    if (body.actividad) q = q.where('t.actividad', '=', body.actividad);
    if (body.desde) q = q.where((eb: any) => eb.or([eb('t.fecha_fin_estimada', 'is', null), eb('t.fecha_fin_estimada', '>=', body.desde)]));
    if (body.hasta) q = q.where((eb: any) => eb.or([eb('t.fecha_inicio_estimada', 'is', null), eb('t.fecha_inicio_estimada', '<=', body.hasta)]));
    const rows = (await q.orderBy('t.registro').orderBy('t.fecha_inicio_estimada').orderBy('t.id').limit(max + 1).execute()) as Data[];
    const truncated = rows.length > max;
    const tasks = rows.slice(0, max);
    const ids = tasks.map((t) => t.id as number);

    const preds = new Map<number, number[]>();
    for (let i = 0; i < ids.length; i += 5000) {
      const edges = await ctx.trx.selectFrom('tarea__predecesoras').select(['parent_id', 'tarea']).where('parent_id', 'in', ids.slice(i, i + 5000)).orderBy('position').execute();
      for (const e of edges) preds.set(e.parent_id as number, [...(preds.get(e.parent_id as number) ?? []), e.tarea as number]);
    }
    // slack per group (a record's copy of one instructive); a group cut by the filters is computed on what is shown
    const slack = new Map<number, number>();
    const groups = new Map<string, Data[]>();
    for (const t of tasks) groups.set(`${t.registro}:${t.instructivo}`, [...(groups.get(`${t.registro}:${t.instructivo}`) ?? []), t]);
    for (const group of groups.values()) {
      const inputs = group.map((t) => pertInput(t, preds.get(t.id as number) ?? []));
      if (findCycle(inputs)) continue;
      for (const p of pert(inputs).tasks) slack.set(p.id as number, Math.round(p.slack * 1000) / 1000);
    }

    const recordIds = [...new Set(tasks.map((t) => t.registro as number))];
    const records = recordIds.length
      ? await ctx.trx
          .selectFrom('registro as r')
          .leftJoin('flujo as f', 'f.id', 'r.flujo')
          .leftJoin('actividad as a', 'a.id', 'r.actividad')
          .select(['r.id', 'r.numero', 'r.fecha', 'r.estado', 'r.flujo', 'r.actividad', 'f.nombre as flujo_nombre', 'a.titulo as actividad_titulo'])
          .where('r.id', 'in', recordIds)
          .orderBy('r.id')
          .execute()
      : [];
    const byRecord = new Map<number, Data[]>();
    for (const t of tasks)
      byRecord.set(t.registro as number, [
        ...(byRecord.get(t.registro as number) ?? []),
        {
          id: t.id,
          version: t.version,
          titulo: t.titulo,
          estado: t.estado,
          critica: t.critica === true,
          holgura: slack.get(t.id as number) ?? null,
          inicio: t.fecha_inicio_estimada ?? null,
          fin: t.fecha_fin_estimada ?? null,
          actividad: t.actividad,
          asignado_nombre: t.asignado_nombre ?? null,
          predecesoras: preds.get(t.id as number) ?? [],
        },
      ]);
    return {
      truncated,
      total: tasks.length,
      registros: records.map((r) => ({ ...r, tareas: byRecord.get(r.id as number) ?? [] })),
    };
  },
};
