/**
 * The workspace calls of spec §7 (what staff see under /workspacecard), read-only, over verified flows only:
 *
 * - `workspace/getFlows/` `{id?, tipoactividad?}` -> `[{id, nombre, tipoactividad: 'flujo', ...card}]`: the
 *   verified flows the caller may work in; with `tipoactividad: 'actividad'` and `id`, those with a step in that
 *   activity; with `tipoactividad: 'grupo'` and `id`, those of that flow group;
 * - `workspace/getFlowsCards/{id}` -> the cards of the verified flows of flow group `{id}` (a category of the
 *   flow-group tipo; its `grupo` names the group) the caller may work in: `{id, nombre, descripcion, tarjeta,
 *   actividades}` (how many of its activities the caller may work in);
 * - `workspace/getFlowActivities/{id}` -> the activity steps of flow `{id}` the caller may work in, in the
 *   order the flow runs: `{id, titulo, codificacion, clave, tipoactividad: 'actividad'}`; 404 when the flow is
 *   not verified or the caller may work in none of it.
 *
 * Who may work in an activity: ../actividad/access.ts.
 */
import type { FlowGraph } from '../../../engine/flow/graph';
import { notFound } from '../../http/api-error';
import type { ActionSpec, Data, DocContext } from '../../documents/types';
import { workableActivities } from '../actividad/access';
import { graphOf } from './graph';

/** Activity steps of a graph in the order a record runs through them (breadth-first from the start). */
function activitySteps(graph: FlowGraph): { clave: string; actividad: number }[] {
  const start = graph.nodos.find((n) => n.tipo === 'inicio');
  const order: string[] = [];
  const seen = new Set<string>();
  const queue = start ? [start.clave] : [];
  while (queue.length) {
    const at = queue.shift()!;
    if (seen.has(at)) continue;
    seen.add(at);
    order.push(at);
    for (const c of graph.conexiones) if (c.desde === at) queue.push(c.hacia);
  }
  for (const n of graph.nodos) if (!seen.has(n.clave)) order.push(n.clave);
  const byKey = new Map(graph.nodos.map((n) => [n.clave, n]));
  return order.flatMap((k) => {
    const n = byKey.get(k);
    return n?.tipo === 'actividad' && typeof n.actividad === 'number' ? [{ clave: k, actividad: n.actividad }] : [];
  });
}

interface FlowCard {
  id: number;
  nombre: string;
  descripcion?: string;
  tarjeta?: unknown;
  grupo?: number;
  actividades: number;
}

/** The verified flows (optionally of some ids), each with how many of its activities the caller may work in. */
async function visibleFlows(ctx: DocContext, where: (q: any) => any = (q) => q): Promise<{ cards: FlowCard[]; graphs: Map<number, FlowGraph> }> {
  const rows = await where(ctx.trx.selectFrom('flujo').select(['id']).where('verificado', '=', true)).orderBy('nombre').orderBy('id').execute();
  const flows = (await Promise.all(rows.map((r: Data) => ctx.docs.get(ctx, 'flujo', r.id as number, { raw: true })))).filter(Boolean) as Data[];
  const graphs = new Map(flows.map((f) => [f.id as number, graphOf(f)]));
  const allActivities = [...new Set([...graphs.values()].flatMap((g) => activitySteps(g).map((s) => s.actividad)))];
  const may = await workableActivities(ctx, allActivities);
  const cards = flows
    .map((f) => ({
      id: f.id as number,
      nombre: f.nombre as string,
      descripcion: f.descripcion as string | undefined,
      tarjeta: f.tarjeta,
      grupo: f.grupo as number | undefined,
      actividades: new Set(activitySteps(graphs.get(f.id as number)!).map((s) => s.actividad).filter(may)).size,
    }))
    .filter((c) => c.actividades > 0);
  return { cards, graphs };
}

export const getFlows: ActionSpec<{ id?: number; tipoactividad?: string }> = {
  scope: 'entity',
  path: 'workspace/getFlows',
  read: true,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { id: { type: ['integer', 'null'], minimum: 1 }, tipoactividad: { type: ['string', 'null'], enum: ['flujo', 'actividad', 'grupo', null] } },
  },
  async run({ ctx, body }) {
    const { cards, graphs } = await visibleFlows(ctx, body.tipoactividad === 'grupo' && body.id ? (q) => q.where('grupo', '=', body.id) : undefined);
    const chosen =
      body.tipoactividad === 'actividad' && body.id ? cards.filter((c) => activitySteps(graphs.get(c.id)!).some((s) => s.actividad === body.id)) : cards;
    return chosen.map((c) => ({ ...c, tipoactividad: 'flujo' }));
  },
};

export const getFlowsCards: ActionSpec = {
  scope: 'id',
  path: 'workspace/getFlowsCards',
  read: true,
  async run({ ctx, id }) {
    const group = await ctx.trx.selectFrom('categoria').select(['grupo', 'tipo']).where('id', '=', id!).executeTakeFirst();
    if (!group) throw notFound();
    // the flow-group list names a group by the first category id of its `grupo`: flows of any of its categories belong
    const sameGroup = ctx.trx.selectFrom('categoria').select('id').where('tipo', '=', group.tipo).where('grupo', '=', group.grupo);
    const { cards } = await visibleFlows(ctx, (q) => q.where((eb: any) => eb.or([eb('grupo', '=', id!), eb('grupo', 'in', sameGroup)])));
    return cards;
  },
};

export const getFlowActivities: ActionSpec = {
  scope: 'id',
  path: 'workspace/getFlowActivities',
  read: true,
  async run({ ctx, id }) {
    const flow = await ctx.docs.get(ctx, 'flujo', id!, { raw: true });
    if (!flow || flow.verificado !== true) throw notFound();
    const steps = activitySteps(graphOf(flow));
    const may = await workableActivities(ctx, steps.map((s) => s.actividad));
    const mine = steps.filter((s) => may(s.actividad));
    if (!mine.length) throw notFound();
    const ids = [...new Set(mine.map((s) => s.actividad))];
    const activities = await ctx.trx.selectFrom('actividad').select(['id', 'titulo', 'codificacion']).where('id', 'in', ids).execute();
    const byId = new Map(activities.map((a) => [a.id as number, a]));
    return mine.filter((s) => byId.has(s.actividad)).map((s) => ({ ...byId.get(s.actividad), clave: s.clave, tipoactividad: 'actividad' }));
  },
};
