/**
 * Where a pending web hook delivery stands (issue 15), as a stable code the screens name in words
 * (`events.situations.<code>`): the delivery log's "Situación" column (evento_entrega's `listValues`) and the
 * delivery's screen (`POST /api/evento_entrega/situacion/{id}`, screens/events/DeliveryStatus.tsx). A delivery that
 * is entregado or agotado has none: its estado says it all.
 *
 * - `inactivo`: its subscription is inactive, so it is not sent until the subscription is active again;
 * - `espera`: an earlier delivery of the same record to the same subscription is still pending — deliveries of a
 *   record go out in order, so it waits for that one to be delivered or exhausted (server/entities/evento/delivery/worker.ts DUE);
 * - `reintento`: an attempt failed; the next one is at `proximo_intento`;
 * - `en_cola`: not tried yet; the next round of a worker takes it.
 */

export const SITUATIONS = ['inactivo', 'espera', 'reintento', 'en_cola'] as const;
export type Situation = (typeof SITUATIONS)[number];

export interface SituationInput {
  estado: string;
  intentos: number;
  /** The subscription is active. */
  activo: boolean;
  /** An earlier delivery of the same record to the same subscription is pending. */
  waiting: boolean;
}

export function situationOf({ estado, intentos, activo, waiting }: SituationInput): Situation | null {
  if (estado !== 'pendiente') return null;
  if (!activo) return 'inactivo';
  if (waiting) return 'espera';
  return intentos > 0 ? 'reintento' : 'en_cola';
}

/** The earlier pending delivery a delivery waits for: the oldest of its record's (the one being tried). */
export interface WaitingFor {
  id: number;
  /** Earlier pending deliveries of the record, that one included. */
  ahead: number;
  intentos: number;
  error: string | null;
  error_codigo: string | null;
  http_estado: number | null;
  proximo_intento: string;
}

/** What `evento_entrega/situacion/{id}` answers: what the delivery's screen explains besides the row. */
export interface DeliverySituation {
  situacion: Situation | null;
  /** The subscription is active / keeps every attempt's exchange. */
  activo: boolean;
  debug: boolean;
  espera: WaitingFor | null;
  /** The server's retry policy (server/retry/backoff.ts) and the moment this delivery stops being retried. */
  reintentos: { baseMs: number; maxMs: number; maxAgeMs: number; hasta: string };
}
