/**
 * Delivers the mail outbox over SMTP, the way web hooks are delivered (issue 15, docs/events.md). Each
 * round claims a batch of due pending rows with `SELECT … FOR UPDATE SKIP LOCKED` (so any number of instances
 * can share the queue) and leases them (a token); the mail is sent outside the transaction, then — while the
 * lease is still this worker's — the row is marked `enviado` (sent), or kept `pendiente` (queued) for a retry
 * with exponential backoff and jitter (server/retry/backoff.ts), or marked `error` (failed) once it has been
 * tried for longer than the age limit (3 days by default). `comunicacion/reenviar` queues it again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/types';
import { nextAttempt, type RetryPolicy } from '../retry/backoff';

const BATCH = 10;
const LEASE_SECONDS = 300;
/** Mail: first retry after a minute, at most 6 h apart, for 3 days. */
export const MAIL_RETRY: RetryPolicy = { baseMs: 60_000, maxMs: 6 * 3600_000, maxAgeMs: 3 * 24 * 3600_000 };

export interface MailDelivery {
  /** Delivers what is pending now; resolves with the number of rows handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export interface MailDeliveryOptions {
  db: Kysely<Database>;
  smtpUrl: string;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  retry?: RetryPolicy;
}

export function startMailDelivery({ db, smtpUrl, from, log, intervalMs = 5000, retry = MAIL_RETRY }: MailDeliveryOptions): MailDelivery {
  const transport = nodemailer.createTransport(smtpUrl);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);

  async function claim(lease: string) {
    const pending = db
      .selectFrom('comunicacion')
      .select('id')
      .where('estado', '=', 'pendiente')
      .where((eb) => eb.or([eb('bloqueado_hasta', 'is', null), eb('bloqueado_hasta', '<', sql<Date>`now()`)]))
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked();
    return db
      .updateTable('comunicacion')
      .set({
        bloqueado_hasta: sql<Date>`now() + ${LEASE_SECONDS}::int * interval '1 second'`,
        intentos: sql<number>`intentos + 1`,
        lease,
      })
      .where('id', 'in', pending)
      .returning(['id', 'destinatario', 'asunto', 'cuerpo', 'intentos', 'cola_desde'])
      .execute();
  }

  async function deliver(): Promise<number> {
    let handled = 0;
    for (;;) {
      const lease = randomUUID();
      const rows = await claim(lease);
      for (const row of rows) {
        try {
          await transport.sendMail({ from, to: row.destinatario, subject: row.asunto, text: row.cuerpo });
          await db
            .updateTable('comunicacion')
            .set({ estado: 'enviado', fecha_enviada: sql<Date>`now()`, error: null, bloqueado_hasta: null, lease: null })
            .where('id', '=', row.id)
            .where('lease', '=', lease)
            .execute();
        } catch (err) {
          const next = nextAttempt(new Date(row.cola_desde), row.intentos, retry);
          log.warn(`mail ${row.id} to ${row.destinatario} failed (attempt ${row.intentos}): ${(err as Error).message}`);
          await db
            .updateTable('comunicacion')
            .set({
              estado: next ? 'pendiente' : 'error',
              error: String((err as Error).message ?? err).slice(0, 2000),
              bloqueado_hasta: next,
              lease: null,
            })
            .where('id', '=', row.id)
            .where('lease', '=', lease)
            .execute();
        }
        handled++;
      }
      if (rows.length < BATCH || stopped) return handled;
    }
  }

  function runOnce(): Promise<number> {
    running = running.then(deliver, deliver).catch((err) => {
      if (!stopped) log.error({ err }, 'mail delivery round failed');
      return 0;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void runOnce().finally(schedule), intervalMs);
    timer.unref();
  }

  void runOnce().finally(schedule);

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => 0);
      transport.close();
    },
  };
}
