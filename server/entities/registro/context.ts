/**
 * What a record's rules read about its flow and activity, loaded once per write: the activity's behaviour
 * flags, the flow (verified? its sequence, its graph) and, for moves, the graphs of the flows it runs through.
 */
import type { FlowGraph } from '../../../engine/flow/graph';
import { ApiError, badRequest } from '../../http/api-error';
import type { Data, DocContext } from '../../documents/types';
import { graphOf } from '../flujo/graph';

export interface Activity extends Data {
  id: number;
  titulo: string;
  preasignar_usuario?: 'no' | 'preasignar' | 'usuario_autenticado';
  modo_guardado?: 'solo_usuario' | 'todos_responsables' | 'elegido';
  cuerpo_requerido?: boolean;
  actividad_espera?: boolean;
  usa_listas_precio?: boolean;
  lista_precio?: string;
  adjuntos?: 'obligatorio' | 'opcional' | 'solo_ver' | 'no_permitido';
  secuencia?: number;
  hijas?: { actividad: number }[];
}

export interface Flow extends Data {
  id: number;
  nombre: string;
  verificado?: boolean;
  secuencia?: number;
}

/**
 * One record write reads its flow and activity once for all its hooks (normalize to present): without this a
 * save read them three times each (a third of its queries). Only between beginWrite and endWrite, so a later
 * change of the activity in the same transaction is never answered from here.
 */
const facts = new WeakMap<DocContext, Map<string, Promise<unknown>>>();
export const beginWrite = (ctx: DocContext) => void facts.set(ctx, new Map());
export const endWrite = (ctx: DocContext) => void facts.delete(ctx);
function once<T>(ctx: DocContext, key: string, load: () => Promise<T>): Promise<T> {
  const m = facts.get(ctx);
  if (!m) return load();
  let p = m.get(key) as Promise<T> | undefined;
  if (!p) m.set(key, (p = load()));
  return p;
}

export function activityOf(ctx: DocContext, id: number): Promise<Activity> {
  return once(ctx, `actividad:${id}`, async () => {
    const a = await ctx.docs.get(ctx, 'actividad', id, { raw: true });
    if (!a) throw badRequest('VALIDATION_FAILED', [{ field: 'actividad', code: 'enum' }]);
    return a as unknown as Activity;
  });
}

/** The flow, which must be verified to take records (FLGR2033 otherwise). */
export function verifiedFlow(ctx: DocContext, id: number): Promise<Flow & { graph: FlowGraph }> {
  return once(ctx, `flujo:${id}`, async () => {
    const f = await ctx.docs.get(ctx, 'flujo', id, { raw: true });
    if (!f) throw badRequest('VALIDATION_FAILED', [{ field: 'flujo', code: 'enum' }]);
    if (f.verificado !== true) throw new ApiError(406, 'FLGR2033', [{ field: 'flujo', code: 'FLGR2033' }]);
    return { ...(f as unknown as Flow), graph: graphOf(f) };
  });
}

/**
 * The graphs a move may run through: the flows given (the record's, and those of its sub-flow stack) and every
 * sub-flow they name, each read once and each verified (FLGR2033 otherwise). The engine's walk is synchronous,
 * so they are loaded ahead.
 */
export async function graphLoader(ctx: DocContext, flowIds: readonly number[]) {
  const graphs = new Map<number, FlowGraph>();
  const names = new Map<number, string>();
  const pending = [...flowIds];
  while (pending.length) {
    const id = pending.pop()!;
    if (graphs.has(id)) continue;
    const flow = await verifiedFlow(ctx, id);
    graphs.set(id, flow.graph);
    names.set(id, flow.nombre);
    for (const n of flow.graph.nodos) if (n.tipo === 'subflujo' && typeof n.flujo === 'number') pending.push(n.flujo);
  }
  return { graphs: (id: number) => graphs.get(id), names };
}
