/**
 * `instructivo/pert/{id}` `{desde?, objetivo?}`: the instructive's own tasks with their PERT figures (engine/
 * planning/pert.ts) — expected time, standard deviation, earliest and latest start and finish, slack, critical —
 * the expected duration, its standard deviation, the critical path (task ids), the estimated dates when it
 * starts on `desde` (default today), and the probability of finishing within `objetivo` days when asked.
 */
import { todayIso } from '../../../engine/planning/days';
import { findCycle, pert, probabilityBy } from '../../../engine/planning/pert';
import { ApiError } from '../../http/api-error';
import { scheduleFrom } from '../../../engine/planning/schedule';
import type { ActionSpec } from '../../documents/types';
import { groupWhere, loadTasks } from '../tarea/group';

const round = (x: number) => Math.round(x * 1000) / 1000;

export const pertAction: ActionSpec<{ desde?: string; objetivo?: number }> = {
  scope: 'record',
  read: true,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { desde: { type: 'string', format: 'date' }, objetivo: { type: 'number', minimum: 0, maximum: 100000 } },
  },
  async run({ ctx, record, body }) {
    const tasks = await loadTasks(ctx, groupWhere({ instructivo: record!.id, registro: null }));
    // writes keep cycles out; a stored one is still answered, not a 500
    if (findCycle(tasks)) throw new ApiError(409, 'TAREA_DEPENDENCIA_CICLICA');
    const result = pert(tasks);
    const dates = scheduleFrom(body.desde ?? todayIso(), result);
    return {
      duracion: round(result.duration),
      desviacion: round(result.sd),
      varianza: round(result.variance),
      rutaCritica: result.criticalPath,
      probabilidad: body.objetivo === undefined ? null : round(probabilityBy(result, body.objetivo)),
      tareas: tasks.map((t) => {
        const p = result.byId.get(t.id)!;
        return {
          id: t.id,
          version: t.row.version,
          titulo: t.titulo,
          predecesoras: t.predecesoras,
          optimista: t.optimista,
          probable: t.probable,
          pesimista: t.pesimista,
          te: round(p.te),
          sd: round(p.sd),
          es: round(p.es),
          ef: round(p.ef),
          ls: round(p.ls),
          lf: round(p.lf),
          holgura: round(p.slack),
          critica: p.critical,
          ...dates.get(t.id)!,
        };
      }),
    };
  },
};
