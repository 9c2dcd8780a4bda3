/**
 * A delivery's attempts list, kept while its subscription's debug is on (issue 15): each attempt's request and
 * answer (status, headers, the first 64 kB of the body, duration, error), the last ATTEMPTS_KEPT of them, as a
 * JSON array in evento_entrega.intentos_detalle. Appended in the statement that records the attempt.
 */
import { sql, type RawBuilder } from 'kysely';
import type { DeliveryAttempt } from '../../../../engine/events/attempt';

export const ATTEMPTS_KEPT = 20;

export type AttemptRecord = DeliveryAttempt;

/** The column's new value: the list so far with this attempt at its end, the oldest dropped past the limit. */
export function appendAttempt(attempt: AttemptRecord): RawBuilder<string> {
  return sql<string>`(
    select coalesce(jsonb_agg(a.item order by a.n), '[]'::jsonb)::text
    from (
      select t.item, t.n
      from jsonb_array_elements(coalesce(evento_entrega.intentos_detalle, '[]')::jsonb || jsonb_build_array(${JSON.stringify(attempt)}::jsonb))
        with ordinality as t(item, n)
      order by t.n desc
      limit ${ATTEMPTS_KEPT}) a)`;
}

