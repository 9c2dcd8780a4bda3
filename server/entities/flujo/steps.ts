/**
 * The step calls of spec §7 on a flow (`flujo/addflowstep`, `updateflowstep`, `deletestep/{id}`,
 * `canDeleteResponse/{id}`), each a patch of the flow through the write pipeline (so its audit row and the
 * cleared verification come with it). A step's id is its node row's id (kept across saves).
 *
 * - addflowstep `{flujo, nodo: {clave?, tipo, actividad?, flujo?, texto?, x?, y?}, desde?, texto?, por_defecto?}`:
 *   adds the node (a free key `n<k>` when none is given) and, with `desde`, a connection from that node;
 * - updateflowstep `{flujo, clave, cambios: {tipo?, actividad?, flujo?, texto?, x?, y?}}`;
 * - deletestep/{id}: removes the node and its connections; an answer whose destination activity would be
 *   left without any other way in answers 400 RESPUESTA_DEJA_HUERFANA, naming that node;
 * - canDeleteResponse/{id} -> `{canDelete, code?, nodes?}`: the same check, without deleting.
 * Each answers the stored flow (canDeleteResponse: the verdict).
 */
import type { FlowConnection, FlowNode } from '../../../engine/flow/graph';
import type { JsonSchema } from '../../../engine/metadata/types';
import { orphanedByRemoving } from '../../../engine/flow/edit';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import type { ActionSpec, Data, DocContext } from '../../documents/types';
import { graphOf } from './graph';

const NODE_PROPS: Record<string, JsonSchema> = {
  clave: { type: 'string', minLength: 1, maxLength: 40 },
  tipo: { type: 'string', enum: ['inicio', 'fin', 'actividad', 'pregunta', 'respuesta', 'especializacion', 'subflujo'] },
  actividad: { type: ['integer', 'null'], minimum: 1 },
  flujo: { type: ['integer', 'null'], minimum: 1 },
  texto: { type: 'string', maxLength: 200 },
  x: { type: ['number', 'null'] },
  y: { type: ['number', 'null'] },
};
const { clave: _clave, ...CHANGE_PROPS } = NODE_PROPS;

async function flowOf(ctx: DocContext, id: number) {
  const flow = await ctx.docs.get(ctx, 'flujo', id, { raw: true, lock: Boolean(ctx.unit) });
  if (!flow) throw notFound();
  return flow;
}

/** The flow and node of a node row id (a step's id). */
async function stepOf(ctx: DocContext, stepId: number) {
  const row = await ctx.trx.selectFrom('flujo__nodos').select(['parent_id']).where('id', '=', stepId).executeTakeFirst();
  if (!row) throw notFound();
  const flow = await flowOf(ctx, row.parent_id as number);
  const node = graphOf(flow).nodos.find((n) => (n as unknown as Data).id === stepId)!;
  return { flow, node };
}

const freeKey = (nodes: readonly FlowNode[]) => {
  const taken = new Set(nodes.map((n) => n.clave));
  for (let k = nodes.length + 1; ; k++) if (!taken.has(`n${k}`)) return `n${k}`;
};

/** The activity nodes an answer leads to that have no other way in (they would be orphaned without it). */
/** The activities deleting this answer would leave without a way in (engine/flow/edit.ts, as the designer checks). */
const orphanedBy = (nodos: readonly FlowNode[], conexiones: readonly FlowConnection[], answer: FlowNode): string[] =>
  answer.tipo === 'respuesta' ? orphanedByRemoving({ nodos: [...nodos], conexiones: [...conexiones] }, [answer.clave]) : [];

export const addflowstep: ActionSpec<{ flujo: number; nodo: FlowNode; desde?: string; texto?: string; por_defecto?: boolean }> = {
  scope: 'entity',
  body: {
    type: 'object',
    required: ['flujo', 'nodo'],
    additionalProperties: false,
    properties: {
      flujo: { type: 'integer', minimum: 1 },
      nodo: { type: 'object', required: ['tipo'], additionalProperties: false, properties: NODE_PROPS },
      desde: { type: 'string', minLength: 1, maxLength: 40 },
      texto: { type: 'string', maxLength: 200 },
      por_defecto: { type: 'boolean' },
    },
  },
  async run({ ctx, body }) {
    const flow = await flowOf(ctx, body.flujo);
    const { nodos, conexiones } = graphOf(flow);
    const clave = body.nodo.clave ?? freeKey(nodos);
    if (nodos.some((n) => n.clave === clave)) throw badRequest('VALIDATION_FAILED', [{ field: 'nodo.clave', code: 'unique' }]);
    if (body.desde !== undefined && !nodos.some((n) => n.clave === body.desde)) throw badRequest('VALIDATION_FAILED', [{ field: 'desde', code: 'enum' }]);
    const link = body.desde === undefined ? [] : [{ desde: body.desde, hacia: clave, ...(body.texto ? { texto: body.texto } : {}), ...(body.por_defecto ? { por_defecto: true } : {}) }];
    return ctx.docs.patch(ctx, 'flujo', flow.id, { nodos: [...nodos, { ...body.nodo, clave }], conexiones: [...conexiones, ...link] });
  },
};

export const updateflowstep: ActionSpec<{ flujo: number; clave: string; cambios: Partial<FlowNode> }> = {
  scope: 'entity',
  body: {
    type: 'object',
    required: ['flujo', 'clave', 'cambios'],
    additionalProperties: false,
    properties: {
      flujo: { type: 'integer', minimum: 1 },
      clave: { type: 'string', minLength: 1, maxLength: 40 },
      cambios: { type: 'object', additionalProperties: false, properties: CHANGE_PROPS },
    },
  },
  async run({ ctx, body }) {
    const flow = await flowOf(ctx, body.flujo);
    const { nodos } = graphOf(flow);
    if (!nodos.some((n) => n.clave === body.clave)) throw badRequest('VALIDATION_FAILED', [{ field: 'clave', code: 'enum' }]);
    return ctx.docs.patch(ctx, 'flujo', flow.id, { nodos: nodos.map((n) => (n.clave === body.clave ? { ...n, ...body.cambios } : n)) });
  },
};

export const deletestep: ActionSpec = {
  scope: 'id',
  async run({ ctx, id }) {
    const { flow, node } = await stepOf(ctx, id!);
    const { nodos, conexiones } = graphOf(flow);
    const orphans = orphanedBy(nodos, conexiones, node);
    if (orphans.length) throw new ApiError(400, 'RESPUESTA_DEJA_HUERFANA', [{ field: 'nodos', code: 'RESPUESTA_DEJA_HUERFANA', params: { nodes: orphans } }]);
    return ctx.docs.patch(ctx, 'flujo', flow.id, {
      nodos: nodos.filter((n) => n.clave !== node.clave),
      conexiones: conexiones.filter((c) => c.desde !== node.clave && c.hacia !== node.clave),
    });
  },
};

export const canDeleteResponse: ActionSpec = {
  scope: 'id',
  read: true,
  async run({ ctx, id }) {
    const { flow, node } = await stepOf(ctx, id!);
    const { nodos, conexiones } = graphOf(flow);
    const orphans = orphanedBy(nodos, conexiones, node);
    return orphans.length ? { canDelete: false, code: 'RESPUESTA_DEJA_HUERFANA', nodes: orphans } : { canDelete: true };
  },
};
