/**
 * The web hook delivery worker (issue 15). Runs in every server process (config eventWorker) and alone
 * (./worker-main.ts); any number of them share the work:
 *
 * - a round claims due deliveries with `SELECT … FOR UPDATE SKIP LOCKED` and leases them (bloqueado_hasta, a
 *   lease token), counting the attempt, in one statement: two workers never hold the same delivery;
 * - a delivery is due when pending, its next attempt has come, its subscription is active, and no earlier event
 *   of the same record is still pending for that subscription (events of one record arrive in order);
 * - it is POSTed outside any transaction (./post.ts), signed (./signature.ts); a 2xx within the timeout marks it
 *   entregado, anything else schedules a retry (./backoff.ts) or marks it agotado. A result is written only
 *   while the lease is still this worker's; a worker that dies leaves its lease to expire and the delivery is
 *   tried again (same delivery id: receivers deduplicate by it) — never marked done unless acknowledged.
 * - With the subscription's debug on, the request and the answer (status, headers, first 64 kB) are kept.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../../config';
import type { Logger } from '../../../documents/types';
import { nextAttempt, type RetryPolicy } from '../../../retry/backoff';
import { postJson, PostError, type PostResult } from './post';
import { allowedHosts } from './settings';
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

export interface EventDelivery {
  /** Delivers what is due now; resolves with the number of deliveries attempted. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

interface Claimed {
  id: number;
  evento: number;
  outbox_id: string;
  entidad: string;
  registro_id: number | null;
  accion: string;
  intentos: number;
  creado: Date;
}

/** The JSON a receiver gets. */
export function deliveryBody(d: Claimed, occurredAt: Date, payload: { record?: unknown; body?: unknown }): string {
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

export function startEventDelivery({ db, log, pollMs, timeoutMs, retry }: EventDeliveryOptions): EventDelivery {
  // longer than the longest exchange, so a live worker keeps its lease; a dead one's runs out soon after
  const leaseSeconds = Math.ceil((2 * timeoutMs + 2000) / 1000);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);

  async function claim(lease: string): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`
      with due as (
        select d.id from evento_entrega d
        join evento s on s.id = d.evento
        where d.estado = 'pendiente' and s.activo and d.proximo_intento <= now()
          and (d.bloqueado_hasta is null or d.bloqueado_hasta < now())
          and not exists (
            select 1 from evento_entrega p
            where p.evento = d.evento and p.entidad = d.entidad and p.registro_id = d.registro_id and p.estado = 'pendiente'
              and (p.outbox_id < d.outbox_id or (p.outbox_id = d.outbox_id and p.id < d.id)))
        order by d.id
        limit ${BATCH}
        for update of d skip locked)
      update evento_entrega e
      set bloqueado_hasta = now() + ${leaseSeconds}::int * interval '1 second', lease = ${lease}, intentos = e.intentos + 1
      from due where e.id = due.id
      returning e.id, e.evento, e.outbox_id, e.entidad, e.registro_id, e.accion, e.intentos, e.creado`.execute(db);
    return rows.map((r) => ({ ...r, creado: new Date(r.creado) }));
  }

  async function deliverOne(d: Claimed, lease: string, hosts: string[]): Promise<void> {
    const sub = await db.selectFrom('evento').select(['uri', 'secreto', 'debug']).where('id', '=', d.evento).executeTakeFirst();
    const event = await db.selectFrom('outbox_event').select(['payload', 'created_at']).where('id', '=', d.outbox_id).executeTakeFirst();
    if (!sub || !event) return; // removed meanwhile: the lease runs out and the claim finds nothing
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
    let result: PostResult | undefined;
    let error: string | null = null;
    let durationMs = 0;
    try {
      result = await postJson(sub.uri, body, headers, { timeoutMs, allowedHosts: hosts, maxBody: MAX_BODY });
      durationMs = result.durationMs;
      if (result.status < 200 || result.status > 299) error = `HTTP ${result.status}`;
    } catch (err) {
      error = (err as Error).message || String(err);
      durationMs = err instanceof PostError ? err.durationMs : 0;
    }
    const debug = sub.debug
      ? {
          solicitud_headers: JSON.stringify(headers, null, 2),
          solicitud: body.slice(0, MAX_BODY),
          respuesta_headers: result ? JSON.stringify(result.headers, null, 2) : null,
          respuesta: result ? result.body : null,
        }
      : {};
    const outcome = { http_estado: result?.status ?? null, duracion_ms: durationMs, error: error?.slice(0, 4000) ?? null, ...debug };
    const next = error ? nextAttempt(d.creado, d.intentos, retry) : null;
    if (error) log.warn({ delivery: d.id, attempt: d.intentos }, `web hook delivery ${d.id} failed: ${error}`);
    await db
      .updateTable('evento_entrega')
      .set(
        error
          ? { ...outcome, estado: next ? 'pendiente' : 'agotado', proximo_intento: next ?? sql`now()`, bloqueado_hasta: null, lease: null }
          : { ...outcome, estado: 'entregado', entregado: sql`now()`, bloqueado_hasta: null, lease: null },
      )
      .where('id', '=', d.id)
      .where('lease', '=', lease)
      .execute();
  }

  async function deliver(): Promise<number> {
    let handled = 0;
    for (;;) {
      const lease = randomUUID();
      const rows = await claim(lease);
      if (!rows.length) return handled;
      const hosts = await allowedHosts(db);
      await Promise.all(rows.map((d) => deliverOne(d, lease, hosts).catch((err) => log.error({ err }, `web hook delivery ${d.id} could not be recorded`))));
      handled += rows.length;
      if (rows.length < BATCH || stopped) return handled;
    }
  }

  function runOnce(): Promise<number> {
    running = running.then(deliver, deliver).catch((err) => {
      if (!stopped) log.error({ err }, 'web hook delivery round failed');
      return 0;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void runOnce().finally(schedule), pollMs);
    timer.unref();
  }
  void runOnce().finally(schedule);

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => 0);
    },
  };
}

/** The worker's settings from the server's config. */
export function eventWorkerOptions(config: Config): Pick<EventDeliveryOptions, 'pollMs' | 'timeoutMs' | 'retry'> {
  return {
    pollMs: config.eventPollMs,
    timeoutMs: config.eventTimeoutMs,
    retry: { baseMs: config.eventRetryBaseMs, maxMs: config.eventRetryMaxMs, maxAgeMs: config.eventMaxAgeMs },
  };
}
