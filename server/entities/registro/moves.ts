/**
 * Moving a record along its flow (issue 11): `registro/nextSteps/{id}` answers the ways on from where it sits
 * (engine/flow/next.ts, the function the browser shows them with), `registro/move/{id}`
 * `{respuesta?, opcion?, destino?, version?, asignar_a?}` takes the one the choice names:
 *
 * - the record must be open, its version (when sent) current (409 VERSION_CONFLICT: of many moves sent at once
 *   exactly one wins), its holder the caller (409 REGISTRO_TOMADO), the caller one who may work in its activity;
 * - leaving an activity with mandatory attachments and none attached: 406 ADJUNTO_OBLIGATORIO; with open
 *   instructive tasks: 409 REQUIERE_CERRAR_TAREAS_INSTRUCTIVO, naming them (checked by the task module, which
 *   follows every write of a record: ../tarea/for-records.ts; it also gives a record the tasks of the activity
 *   it enters);
 * - a choice no way (or more than one way) fits: 409 ERROR_ESTADO_SIGUINETE; a flow on the way not verified:
 *   406 FLGR2033;
 * - reaching the end closes the record; a waiting activity holds it `en_espera`; the new activity pre-assigns it.
 */
import { chooseStep, nextSteps, type FlowPosition, type NextStep } from '../../../engine/flow/next';
import { isEnded } from '../../../engine/records/states';
import { ApiError } from '../../http/api-error';
import type { ActionSpec, Data, DocContext, StoredRecord } from '../../documents/types';
import { activityOf, graphLoader } from './context';
import { checkAccess, checkHolder, preassigned } from './holding';
import { managed } from './managed';

const positionOf = (r: Data): FlowPosition => ({
  flujo: r.flujo as number,
  nodo: r.nodo as string,
  pila: ((r.pila as { pasos?: FlowPosition['pila'] } | undefined)?.pasos ?? []) as FlowPosition['pila'],
});

async function stepsOf(ctx: DocContext, record: StoredRecord) {
  const position = positionOf(record);
  const loaded = await graphLoader(ctx, [position.flujo, ...(position.pila ?? []).map((p) => p.flujo)]);
  return { steps: nextSteps(loaded.graphs, position), names: loaded.names };
}

async function attachments(ctx: DocContext, record: StoredRecord): Promise<number> {
  const row = await ctx.trx
    .selectFrom('adjunto')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where('registro', '=', record.id)
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** The ways on, with the names a screen shows and each destination's pre-assign mode (`preasignar`: the mover names who holds it). */
async function describe(ctx: DocContext, steps: NextStep[], names: Map<number, string>) {
  const ids = [...new Set(steps.flatMap((s) => ('fin' in s.destino ? [] : [s.destino.actividad])))];
  const titles = new Map<number, { titulo: string; preasignar: string }>();
  if (ids.length)
    for (const a of await ctx.trx.selectFrom('actividad').select(['id', 'titulo', 'preasignar_usuario']).where('id', 'in', ids).execute())
      titles.set(a.id as number, { titulo: a.titulo as string, preasignar: (a.preasignar_usuario as string | null) ?? 'no' });
  return steps.map((s) => ({
    decisiones: s.decisiones,
    destino:
      'fin' in s.destino
        ? { fin: true }
        : { ...s.destino, titulo: titles.get(s.destino.actividad)?.titulo ?? '', preasignar: titles.get(s.destino.actividad)?.preasignar ?? 'no', flujoNombre: names.get(s.destino.flujo) ?? '' },
  }));
}

export const nextStepsAction: ActionSpec = {
  scope: 'record',
  read: true,
  async run({ ctx, record }) {
    await checkAccess(ctx, record!.actividad as number);
    if (isEnded(record!.estado)) return [];
    const { steps, names } = await stepsOf(ctx, record!);
    return describe(ctx, steps, names);
  },
};

interface MoveBody {
  respuesta?: string | string[];
  opcion?: string;
  destino?: string;
  version?: number;
  asignar_a?: number;
}

export const move: ActionSpec<MoveBody> = {
  scope: 'record',
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      respuesta: { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'array', maxItems: 16, items: { type: 'string', maxLength: 40 } }] },
      opcion: { type: 'string', maxLength: 200 },
      destino: { type: 'string', maxLength: 40 },
      version: { type: 'integer', minimum: 1 },
      asignar_a: { type: 'integer', minimum: 1 },
    },
  },
  async run({ ctx, record, body }) {
    const r = record!;
    if (body.version !== undefined && body.version !== r.version) throw new ApiError(409, 'VERSION_CONFLICT');
    await checkAccess(ctx, r.actividad as number);
    const here = await activityOf(ctx, r.actividad as number);
    checkHolder(ctx.actor, r, here);
    if (isEnded(r.estado)) throw new ApiError(409, 'ERROR_ESTADO_SIGUINETE', [{ field: 'estado', code: 'ERROR_ESTADO_SIGUINETE' }]);
    if (here.adjuntos === 'obligatorio' && (await attachments(ctx, r)) === 0)
      throw new ApiError(406, 'ADJUNTO_OBLIGATORIO', [{ field: 'adjuntos', code: 'ADJUNTO_OBLIGATORIO' }]);
    const { steps } = await stepsOf(ctx, r);
    const step = chooseStep(steps, body);
    if (!step) throw new ApiError(409, 'ERROR_ESTADO_SIGUINETE', [{ field: 'respuesta', code: 'ERROR_ESTADO_SIGUINETE', params: { caminos: steps.length } }]);
    let changes: Data;
    if ('fin' in step.destino) {
      changes = { estado: 'cerrado', asignado_a: null, asignado_nombre: null };
    } else {
      const next = await activityOf(ctx, step.destino.actividad);
      const holder = await preassigned(ctx, next, body.asignar_a);
      const p = step.posicion!;
      changes = {
        flujo: p.flujo,
        actividad: step.destino.actividad,
        nodo: p.nodo,
        pila: { pasos: p.pila ?? [] },
        estado: next.actividad_espera ? 'en_espera' : 'abierto',
        ...holder,
      };
    }
    return managed(ctx, () => ctx.docs.patch(ctx, 'registro', r.id, changes));
  },
};
