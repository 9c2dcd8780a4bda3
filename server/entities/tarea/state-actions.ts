/**
 * The calls that work a task (issue 13): start, finish and reopen send the task state machine's events, and
 * reschedule moves its estimated dates. Each is a patch through the write pipeline, so the machine, the edit
 * locks and the permissions are checked there (./checks.ts), the same as for any other write. Reschedule also
 * takes the assigned hours (the task area edits dates and hours together).
 */
import { isTaskState, nextState, type TaskEvent } from '../../../machines/taskState';
import { ApiError } from '../../http/api-error';
import { checkWriter } from './checks';
import type { ActionSpec, Data } from '../../documents/types';

interface Versioned {
  version?: number;
}

const VERSION = { version: { type: 'integer', minimum: 1 } } as const;

const checkVersion = (record: Data, body: Versioned) => {
  if (body.version !== undefined && body.version !== record.version) throw new ApiError(409, 'VERSION_CONFLICT');
};

/** The call of one event: the state it leads to from the stored one (409 when the machine does not take it). */
const sending = (type: TaskEvent['type']): ActionSpec<Versioned> => ({
  scope: 'record',
  body: { type: 'object', additionalProperties: false, properties: VERSION },
  async run({ ctx, record, body }) {
    // who may work the task first: its state and version are not told to anyone else
    await checkWriter(ctx, record!);
    checkVersion(record!, body);
    const from = isTaskState(record!.estado) ? record!.estado : 'no_iniciada';
    const event = (type === 'REOPEN' ? { type, roles: ctx.actor.roles } : { type }) as TaskEvent;
    const estado = nextState(from, event);
    if (!estado || record!.registro == null)
      throw new ApiError(409, 'TAREA_TRANSICION_INVALIDA', [{ field: 'estado', code: 'TAREA_TRANSICION_INVALIDA', params: { desde: from, evento: type } }]);
    return ctx.docs.patch(ctx, 'tarea', record!.id, { estado });
  },
});

export const start = sending('START');
export const finish = sending('FINISH');
export const reopen = sending('REOPEN');

interface RescheduleBody extends Versioned {
  fecha_inicio_estimada?: string | null;
  fecha_fin_estimada?: string | null;
  horas_asignadas?: number | null;
}

export const reschedule: ActionSpec<RescheduleBody> = {
  scope: 'record',
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      fecha_inicio_estimada: { type: ['string', 'null'], format: 'date' },
      fecha_fin_estimada: { type: ['string', 'null'], format: 'date' },
      horas_asignadas: { type: ['number', 'null'], minimum: 0, maximum: 100000 },
      ...VERSION,
    },
  },
  async run({ ctx, record, body }) {
    await checkWriter(ctx, record!);
    checkVersion(record!, body);
    const { version: _v, ...dates } = body;
    // a date left out stays; null clears it (the pipeline's patch)
    return ctx.docs.patch(ctx, 'tarea', record!.id, dates);
  },
};
