/**
 * The fields of a record only the server sets (its number, state, place in the flow, holder, parent): a
 * write keeps their stored values unless it is one of the record module's own (a move, take, release, a
 * record made from its parent), which run inside `managed`.
 */
import type { Data, DocContext, StoredRecord } from '../../documents/types';

export const MANAGED = ['numero', 'numero_valor', 'estado', 'flujo', 'actividad', 'nodo', 'pila', 'asignado_a', 'asignado_nombre', 'padre'] as const;

const writing = new WeakSet<DocContext>();

export async function managed<T>(ctx: DocContext, fn: () => Promise<T>): Promise<T> {
  writing.add(ctx);
  try {
    return await fn();
  } finally {
    writing.delete(ctx);
  }
}

export const isManaged = (ctx: DocContext) => writing.has(ctx);

/** The managed fields as stored (an update), or none (an insert: the module sets them). */
export function keepManaged(doc: Data, previous: StoredRecord | null, keepFlowPlace: boolean): Data {
  const out: Data = { ...doc };
  for (const f of MANAGED) {
    if (!previous && keepFlowPlace && (f === 'flujo' || f === 'actividad')) continue;
    if (previous && previous[f] !== undefined) out[f] = previous[f];
    else delete out[f];
  }
  return out;
}
