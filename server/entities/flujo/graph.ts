/**
 * A stored flow's graph: its child rows `nodos` and `conexiones` read as the engine's FlowGraph, checked by the
 * engine's validator (engine/flow/graph.ts) with the world it asks about (do the named activities and flows
 * exist?). Whether an edit changed it (which clears `verificado`) is the engine's `sameMeaning`, which the designer asks too.
 */
import type { Kysely } from 'kysely';
import { namedIds, validateFlowGraph, type FlowGraph, type GraphProblem } from '../../../engine/flow/graph';
import type { Data } from '../../documents/types';

export const graphOf = (record: Data | null | undefined): FlowGraph => ({
  nodos: (record?.nodos as FlowGraph['nodos'] | undefined) ?? [],
  conexiones: (record?.conexiones as FlowGraph['conexiones'] | undefined) ?? [],
});

async function existing(db: Kysely<any>, table: string, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id as number));
}

/** Every problem of a graph, the named activities and flows looked up. */
export async function graphProblems(db: Kysely<any>, graph: unknown, flowId: number | null): Promise<GraphProblem[]> {
  const named = namedIds(graph);
  const actividades = await existing(db, 'actividad', named.actividades);
  const flujos = await existing(db, 'flujo', named.flujos);
  return validateFlowGraph(graph, { flowId, activityExists: (id) => actividades.has(id), flowExists: (id) => flujos.has(id) });
}

/** Problems as the API answers them: each with its code and nodes (and `field` for forms). */
export const problemErrors = (problems: GraphProblem[]) => problems.map((p) => ({ field: 'nodos', code: p.code, nodes: p.nodes }));
