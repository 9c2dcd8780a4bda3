/**
 * The web hook delivery worker (issue 15). Runs in every server process (config eventWorker) and alone
 * (./worker-main.ts); any number of them share the work through the leased queue (server/retry/leased-queue.ts):
 * claimed with `SELECT … FOR UPDATE SKIP LOCKED`, attempted outside any transaction, recorded only while the
 * lease is this worker's — a worker that dies leaves its lease to expire and the delivery is tried again (same
 * delivery id: receivers deduplicate by it), never marked done unless acknowledged.
 *
 * - A delivery is due when pending, its next attempt has come, its subscription is active, and no earlier event
 *   of the same record is still pending for that subscription (events of one record arrive in order).
 * - It is POSTed (./post.ts), signed (./signature.ts); a 2xx within the timeout marks it entregado, anything else
 *   schedules a retry or marks it agotado; a failure's stable code (engine/events/problem.ts) is kept beside its text
 *   (error_codigo), for the screens to say it in words.
 * - With the subscription's debug on, the last request and answer are kept, and every attempt's exchange is
 *   added to its attempts list (./attempts.ts, the last ATTEMPTS_KEPT).
 */
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../../config';
import type { Logger } from '../../../documents/types';
import type { RetryPolicy } from '../../../retry/backoff';
import { startLeasedQueue, type ClaimedRow, type LeasedQueue, type Outcome } from '../../../retry/leased-queue';
import { deliveryProblem } from '../../../../engine/events/problem';
import { appendAttempt } from './attempts';
import { postJson, PostError, type PostResult } from './post';
import { allowedHosts, subscriptionHosts } from './settings';
import { HEADERS, sign } from './signature';

export const MAX_BODY = 64 * 1024;
const BATCH = 20;

export interface EventDeliveryOptions {
  db: Kysely<any>;
  log: Logger;
  pollMs: number;
  timeoutMs: number;
  retry: RetryPolicy;
}

export type EventDelivery = LeasedQueue;

interface Delivery {
  id: number;
  evento: number;
  outbox_id: string;
  entidad: string;
  registro_id: number | null;
  accion: string;
  intentos: number;
}

/** The JSON a receiver gets. */
export function deliveryBody(d: Delivery, occurredAt: Date, payload: { record?: unknown; body?: unknown }): string {
  return JSON.stringify({
    id: String(d.id),
    event: d.accion,
    entity: d.entidad,
    recordId: d.registro_id,
    occurredAt: new Date(occurredAt).toISOString(),
    data: payload.record ?? null,
    ...(payload.body === undefined ? {} : { body: payload.body }),
  });
}

/** Due: the subscription is active, and no earlier event of the same record waits for it. */
const DUE = sql`exists (select 1 from evento s where s.id = q.evento and s.activo)
  and not exists (
    select 1 from evento_entrega p
    where p.evento = q.evento and p.entidad = q.entidad and p.registro_id = q.registro_id and p.estado = 'pendiente'
      and (p.outbox_id < q.outbox_id or (p.outbox_id = q.outbox_id and p.id < q.id)))`;

export function startEventDelivery({ db, log, pollMs, timeoutMs, retry }: EventDeliveryOptions): EventDelivery {
  async function attempt(row: ClaimedRow, hosts: string[]): Promise<Outcome | null> {
    const d = row as unknown as Delivery;
    const sub = await db.selectFrom('evento').select(['uri', 'secreto', 'debug', 'host_privado']).where('id', '=', d.evento).executeTakeFirst();
    const event = await db.selectFrom('outbox_event').select(['payload', 'created_at']).where('id', '=', d.outbox_id).executeTakeFirst();
    if (!sub || !event) return null; // removed meanwhile: the lease runs out and the claim finds nothing
    const payload = typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload;
    const body = deliveryBody(d, event.created_at, payload ?? {});
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Flujos-Webhooks/1',
      [HEADERS.delivery]: String(d.id),
      [HEADERS.event]: d.accion,
      [HEADERS.timestamp]: String(timestamp),
      [HEADERS.signature]: sign(sub.secreto ?? '', timestamp, body),
    };
    const at = new Date();
    let result: PostResult | undefined;
    let error: string | null = null;
    let code: string | undefined;
    let durationMs = 0;
    try {
      result = await postJson(sub.uri, body, headers, { timeoutMs, allowedHosts: subscriptionHosts(sub, hosts), maxBody: MAX_BODY });
      durationMs = result.durationMs;
      if (result.status < 200 || result.status > 299) error = `HTTP ${result.status}`;
    } catch (err) {
      error = (err as Error).message || String(err);
      durationMs = err instanceof PostError ? err.durationMs : 0;
      code = err instanceof PostError ? err.code : undefined;
    }
    // the failure as a code the screens put in words (refused, timed out, unknown host, TLS, an HTTP status …)
    const errorCode = deliveryProblem({ error, status: result?.status ?? null, code });
    const exchange = {
      solicitud_headers: JSON.stringify(headers, null, 2),
      solicitud: body.slice(0, MAX_BODY),
      respuesta_headers: result ? JSON.stringify(result.headers, null, 2) : null,
      respuesta: result ? result.body : null,
    };
    const fields: Record<string, unknown> = { http_estado: result?.status ?? null, duracion_ms: durationMs, error_codigo: errorCode };
    if (sub.debug)
      Object.assign(fields, exchange, {
        intentos_detalle: appendAttempt({ intento: d.intentos, fecha: at.toISOString(), http_estado: result?.status ?? null, duracion_ms: durationMs, error, error_codigo: errorCode, ...exchange }),
      });
    return { error, fields };
  }

  return startLeasedQueue<string[]>({
    db,
    log,
    name: 'web hook delivery',
    queue: {
      table: 'evento_entrega',
      states: { pending: 'pendiente', done: 'entregado', exhausted: 'agotado' },
      doneAt: 'entregado',
      since: 'creado',
      due: DUE,
      columns: ['evento', 'outbox_id', 'entidad', 'registro_id', 'accion'],
    },
    batch: BATCH,
    leaseSeconds: Math.ceil((2 * timeoutMs + 2000) / 1000),
    pollMs,
    retry,
    round: () => allowedHosts(db),
    attempt,
  });
}

/** The worker's settings from the server's config. */
export function eventWorkerOptions(config: Config): Pick<EventDeliveryOptions, 'pollMs' | 'timeoutMs' | 'retry'> {
  return {
    pollMs: config.eventPollMs,
    timeoutMs: config.eventTimeoutMs,
    retry: { baseMs: config.eventRetryBaseMs, maxMs: config.eventRetryMaxMs, maxAgeMs: config.eventMaxAgeMs },
  };
}
