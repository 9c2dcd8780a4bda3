/**
 * Tasks (spec §3 Instructive and task, §4 task states; issue 13). A task belongs to an instructive: its own
 * tasks are the instructive's definition; a record entering an activity with a current instructive gets a copy
 * of them (./for-records.ts), which staff start and finish. What the module adds to the metadata:
 *
 * - the checks of ./checks.ts (who, the state machine and its edit locks, the group rules, no cycles);
 * - fields the server sets: the actual start and end (on starting and finishing; reopening clears the end),
 *   the critical flag (PERT over the group after every change, ./group.ts), the record, activity, template and
 *   holder of a record's task; a task stays in its instructive;
 * - `tarea/start/{id}`, `finish/{id}`, `reopen/{id}` (ADMIN) `{version?}` and `reschedule/{id}`
 *   `{fecha_inicio_estimada?, fecha_fin_estimada?, horas_asignadas?, version?}` (the planning's drag, the task
 *   area's edit), all through the pipeline, so the same checks answer; `tarea/mine` (./mine.ts, the task area);
 * - lists show the instructives' tasks and the tasks of activities the caller may work in; a record's task of
 *   another activity is not shown either (403 REGISTRO_SIN_PERMISO).
 */
import { ROLES } from '../../../engine/roles';
import { ApiError } from '../../http/api-error';
import { defineEntityServer, SYSTEM_ACTOR, type Data, type WriteArgs } from '../../documents/types';
import { mayWorkIn, workableWhere } from '../actividad/access';
import { checkDefinitionEditable, checkTransition, checkWriter, fieldErrors } from './checks';
import { onRecordWrite } from './for-records';
import { groupOf, refreshCritical } from './group';
import { isInternal, SERVER_SET } from './internal';
import { mine } from './mine';
import { finish, reopen, reschedule, start } from './state-actions';

/** A date and time as the real dates keep it (UTC). */
const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

function normalize({ doc, previous, ctx }: WriteArgs): Data {
  const out: Data = { ...doc };
  if (!isInternal(ctx))
    for (const f of SERVER_SET) {
      if (previous && previous[f] !== undefined) out[f] = previous[f];
      else delete out[f];
    }
  // a task stays in its instructive; one not sent is still missing (the schema requires it)
  if (previous && out.instructivo !== undefined) out.instructivo = previous.instructivo;
  out.critica = out.critica === true;
  return out;
}

async function validate({ doc, previous, id, ctx }: WriteArgs) {
  if (!isInternal(ctx)) {
    await checkWriter(ctx, doc);
    await checkDefinitionEditable(ctx, doc);
  }
  checkTransition(ctx, doc, previous);
  return fieldErrors(ctx, doc, previous, id);
}

function derive({ doc, previous }: WriteArgs): Data {
  const from = previous?.estado ?? 'no_iniciada';
  if (doc.estado === from) return doc;
  if (doc.estado === 'iniciada' && from === 'no_iniciada') return { ...doc, fecha_inicio_real: now() };
  if (doc.estado === 'finalizada') return { ...doc, fecha_fin_real: now() };
  if (doc.estado === 'iniciada' && from === 'finalizada') return { ...doc, fecha_fin_real: null };
  return doc;
}

export default defineEntityServer({
  needs: ['instructivo', 'estado', 'fecha_inicio_estimada', 'fecha_fin_estimada', 'horas_asignadas', 'critica', 'registro', 'actividad', 'predecesoras', 'padre'],
  serverOwned: SERVER_SET,
  normalize,
  validate,
  derive,
  async afterWrite({ ctx, stored }) {
    if (!isInternal(ctx)) await refreshCritical(ctx, groupOf(stored));
  },
  async beforeRemove({ previous, ctx }) {
    if (!isInternal(ctx)) await checkDefinitionEditable(ctx, previous);
  },
  async afterRemove({ previous, ctx }) {
    if (!isInternal(ctx)) await refreshCritical(ctx, groupOf(previous));
  },
  async present(record, ctx) {
    if (ctx.actor !== SYSTEM_ACTOR && !isInternal(ctx) && typeof record.actividad === 'number' && !(await mayWorkIn(ctx, record.actividad)))
      throw new ApiError(403, 'REGISTRO_SIN_PERMISO');
    return record;
  },
  // an instructive's own tasks (no activity) and the tasks of activities the caller may work in
  async rowScope(ctx) {
    const workable = await workableWhere(ctx);
    return workable && ((eb) => eb.or([eb('actividad', 'is', null), workable(eb)]));
  },
  actions: { start, finish, reopen: { ...reopen, roles: [ROLES.ADMIN] }, reschedule, mine },
  subscribe: { registro: onRecordWrite },
});
