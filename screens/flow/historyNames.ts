/**
 * A flow's history names its steps and connections as the designer shows them — "Actividad: Recepción",
 * "Inicio", "Pregunta: ¿Aprobada?", a connection "Inicio → Actividad: Solicitud" — never by their keys. A step
 * added or removed is named as the history has it; a connection's ends and a changed row are looked up in the
 * graph as it is now, else among the steps the loaded history shows (one removed since).
 */
import type { TFunction } from 'i18next';
import { NODE_KINDS, type FlowGraph, type FlowNode } from '../../engine/flow/graph';
import { stepLabel } from '../../widgets/FlowDesigner/stepText';
import type { RowNamer } from '../entity/RecordHistory';

type Row = Readonly<Record<string, unknown>>;

const isStep = (row: Row | undefined): row is Row & FlowNode =>
  row !== undefined && typeof row.clave === 'string' && (NODE_KINDS as readonly unknown[]).includes(row.tipo);

/** "from → to", each end as the designer names its step. */
export const connectionName = (from: string, to: string) => `${from} → ${to}`;

export function flowRowNames(t: TFunction, graph: FlowGraph, titleOf: (node: FlowNode) => string | null): RowNamer {
  const now = new Map(graph.nodos.map((n) => [n.clave, n]));
  const byId = (rows: readonly object[], id: unknown) => (id == null ? undefined : (rows as Row[]).find((r) => r.id === id));
  // the steps of the loaded history by key, built once per history
  const seen = new WeakMap<ReadonlyMap<string, Record<string, unknown>>, Map<string, FlowNode>>();
  const historySteps = (history: ReadonlyMap<string, Record<string, unknown>>) => {
    let steps = seen.get(history);
    if (!steps) {
      steps = new Map();
      for (const [key, row] of history) if (key.startsWith('nodos:') && isStep(row) && !steps.has(row.clave)) steps.set(row.clave, row);
      seen.set(history, steps);
    }
    return steps;
  };
  const step = (node: FlowNode) => stepLabel(t, node, titleOf(node));

  return (child, row, history) => {
    if (child === 'nodos') {
      const node = isStep(row) ? row : byId(graph.nodos, row.id);
      return isStep(node) ? step(node) : undefined;
    }
    if (child === 'conexiones') {
      const link = typeof row.desde === 'string' && typeof row.hacia === 'string' ? row : byId(graph.conexiones, row.id);
      if (!link || typeof link.desde !== 'string' || typeof link.hacia !== 'string') return undefined;
      const end = (clave: string) => {
        const node = now.get(clave) ?? historySteps(history).get(clave);
        return node ? step(node) : clave;
      };
      return connectionName(end(link.desde), end(link.hacia));
    }
    return undefined;
  };
}
