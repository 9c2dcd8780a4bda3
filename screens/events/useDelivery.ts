/**
 * A delivery of the log and its situation (`evento_entrega/situacion/{id}`: the delivery it waits for, whether its
 * event is active or keeps attempts, the retry policy), through the read cache: the form's own read of the record is
 * the same request, and both are read again after a replay (update-list) and, while the delivery is pending, every
 * few seconds, so that what the screen explains follows the worker.
 */
import useSWR from 'swr';
import type { StoredRecord } from '../../engine/api/entityApi';
import type { DeliverySituation } from '../../engine/events/situation';

const FOLLOW_MS = 10_000;

const isSituation = (v: unknown): v is DeliverySituation =>
  Boolean(v && typeof v === 'object' && 'reintentos' in v && (v as DeliverySituation).reintentos && typeof (v as DeliverySituation).reintentos.maxAgeMs === 'number');

export function useDelivery(id: number | string): { row: StoredRecord | undefined; situation: DeliverySituation | null } {
  const follow = (row: StoredRecord | undefined) => (row?.estado === 'pendiente' ? FOLLOW_MS : 0);
  const { data: row } = useSWR<StoredRecord>([`evento_entrega/show/${id}`], { refreshInterval: follow });
  const { data: situation } = useSWR<unknown>(row ? [`evento_entrega/situacion/${id}`] : null, { refreshInterval: row?.estado === 'pendiente' ? FOLLOW_MS : 0 });
  return { row, situation: isSituation(situation) ? situation : null };
}
