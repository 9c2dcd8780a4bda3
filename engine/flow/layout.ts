/**
 * Automatic layout of a flow graph with dagre: top to bottom, in the order a record runs. Used for a flow
 * stored without positions (one made through the API or the step calls) and by the designer's "layout" button.
 * Positions are the top-left corners of the steps, in whole pixels; steps are drawn at most STEP_SIZES wide.
 */
import { Graph, layout } from '@dagrejs/dagre';
import type { FlowGraph, NodeKind } from './graph';

export interface Size {
  width: number;
  height: number;
}

/** The size the designer draws each kind of step at (its box; a problem note below it may add height). */
export const STEP_SIZES: Record<NodeKind, Size> = {
  inicio: { width: 120, height: 44 },
  fin: { width: 120, height: 44 },
  actividad: { width: 200, height: 64 },
  pregunta: { width: 200, height: 64 },
  respuesta: { width: 140, height: 44 },
  especializacion: { width: 200, height: 64 },
  subflujo: { width: 200, height: 64 },
};

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A graph some of whose steps have no place yet. */
export const needsLayout = (graph: FlowGraph) => graph.nodos.some((n) => !finite(n.x) || !finite(n.y));

/** Every step placed anew. The graph's connections decide the ranks; disconnected steps still get a place. */
export function layoutGraph(graph: FlowGraph): FlowGraph {
  if (!graph.nodos.length) return graph;
  const g = new Graph({ multigraph: false });
  g.setGraph({ rankdir: 'TB', nodesep: 50, ranksep: 80, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  const keys = new Set<string>();
  for (const n of graph.nodos) {
    if (keys.has(n.clave)) continue;
    keys.add(n.clave);
    g.setNode(n.clave, { ...STEP_SIZES[n.tipo] });
  }
  for (const c of graph.conexiones) if (keys.has(c.desde) && keys.has(c.hacia) && c.desde !== c.hacia) g.setEdge(c.desde, c.hacia);
  layout(g);
  return {
    ...graph,
    nodos: graph.nodos.map((n) => {
      const placed = g.node(n.clave);
      const size = STEP_SIZES[n.tipo];
      return { ...n, x: Math.round(placed.x - size.width / 2), y: Math.round(placed.y - size.height / 2) };
    }),
  };
}
