/**
 * One attempt of a web hook delivery as kept while its subscription's debug is on (issue 15): stored by the
 * server (server/entities/evento/delivery/attempts.ts) as a JSON array in evento_entrega.intentos_detalle,
 * shown by the delivery's screen (screens/events/DeliveryAttempts.tsx).
 */
export interface DeliveryAttempt {
  intento: number;
  /** When the attempt started (ISO 8601). */
  fecha: string;
  http_estado: number | null;
  duracion_ms: number;
  error: string | null;
  /** The error's stable code (./problem.ts); absent in attempts recorded before it was kept. */
  error_codigo?: string | null;
  solicitud_headers: string;
  solicitud: string;
  respuesta_headers: string | null;
  respuesta: string | null;
}
