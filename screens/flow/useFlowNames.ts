/**
 * What the browser knows of the records a flow names: the activities and flows (their names, for the steps,
 * and whether they exist, for the validator's FLGR1004 / FLGR1005). Read once per designer from the lists
 * (up to a page of MAX_PAGE_SIZE each); an id beyond what was read counts as existing, as the server decides.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FlowNode, GraphContext } from '../../engine/flow/graph';
import { MAX_PAGE_SIZE } from '../../engine/list/query';
import { entityCalls } from '../app/entityData';

interface Known {
  names: Map<number, string>;
  /** Every record of the list was read: an id not among them does not exist. */
  complete: boolean;
}

type Row = { id: number; titulo?: string; codificacion?: string; nombre?: string };

async function read(list: string, sort: string, name: (r: Row) => string): Promise<Known> {
  const reply = await entityCalls.index<Row>(list, { offset: 0, max: MAX_PAGE_SIZE, sort, sortOrder: 'asc' });
  return { names: new Map(reply.rows.map((r) => [r.id, name(r)])), complete: !reply.estimated && reply.rows.length >= reply.total };
}

export function useFlowNames(flowId: number | null) {
  const [activities, setActivities] = useState<Known | null>(null);
  const [flows, setFlows] = useState<Known | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    read('actividad', 'titulo', (r) => (r.codificacion ? `${r.titulo} (${r.codificacion})` : String(r.titulo ?? r.id))).then(
      (k) => live && setActivities(k),
      () => undefined,
    );
    read('flujo', 'nombre', (r) => String(r.nombre ?? r.id)).then(
      (k) => live && setFlows(k),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [version]);

  const titleOf = useCallback(
    (node: FlowNode): string | null => {
      if (node.tipo === 'actividad' && node.actividad) return activities?.names.get(node.actividad) ?? null;
      if (node.tipo === 'subflujo' && node.flujo) return flows?.names.get(node.flujo) ?? null;
      return null;
    },
    [activities, flows],
  );

  const context = useMemo<GraphContext>(
    () => ({
      flowId,
      activityExists: (id) => !activities?.complete || activities.names.has(id),
      flowExists: (id) => !flows?.complete || flows.names.has(id),
    }),
    [flowId, activities, flows],
  );

  /** A step now names this activity or flow: one the lists did not have (created since) makes them read again. */
  const learn = useCallback(
    (changes: Pick<FlowNode, 'actividad' | 'flujo'>) => {
      const unknown = (id: number | null | undefined, known: Known | null) => typeof id === 'number' && known !== null && !known.names.has(id);
      if (unknown(changes.actividad, activities) || unknown(changes.flujo, flows)) setVersion((v) => v + 1);
    },
    [activities, flows],
  );
  return { titleOf, context, learn };
}
