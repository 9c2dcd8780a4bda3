/**
 * Delivers the mail outbox (table comunicacion) over SMTP through the same leased queue as web hooks
 * (server/retry/leased-queue.ts, issue 15, docs/events.md): claimed with `SELECT … FOR UPDATE SKIP LOCKED` by
 * any number of instances, sent outside any transaction, recorded only while the lease is still this worker's:
 * `enviado` (sent), or kept `pendiente` (queued) with the error for a retry with exponential backoff and jitter,
 * or `error` (failed) once it has been queued for longer than the age limit (3 days by default).
 * `comunicacion/reenviar` queues it again.
 */
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/types';
import type { Logger } from '../documents/types';
import type { RetryPolicy } from '../retry/backoff';
import { startLeasedQueue, type LeasedQueue } from '../retry/leased-queue';

const BATCH = 10;
const LEASE_SECONDS = 300;
/** Mail: first retry after a minute, at most 6 h apart, for 3 days. */
export const MAIL_RETRY: RetryPolicy = { baseMs: 60_000, maxMs: 6 * 3600_000, maxAgeMs: 3 * 24 * 3600_000 };

export type MailDelivery = LeasedQueue;

export interface MailDeliveryOptions {
  db: Kysely<Database>;
  smtpUrl: string;
  from: string;
  log: Logger;
  intervalMs?: number;
  retry?: RetryPolicy;
}

export function startMailDelivery({ db, smtpUrl, from, log, intervalMs = 5000, retry = MAIL_RETRY }: MailDeliveryOptions): MailDelivery {
  const transport = nodemailer.createTransport(smtpUrl);
  const queue = startLeasedQueue({
    db: db as unknown as Kysely<any>,
    log,
    name: 'mail',
    queue: {
      table: 'comunicacion',
      states: { pending: 'pendiente', done: 'enviado', exhausted: 'error' },
      doneAt: 'fecha_enviada',
      since: 'cola_desde',
      columns: ['destinatario', 'asunto', 'cuerpo'],
    },
    batch: BATCH,
    leaseSeconds: LEASE_SECONDS,
    pollMs: intervalMs,
    retry,
    async attempt(row) {
      await transport.sendMail({ from, to: row.destinatario as string, subject: row.asunto as string, text: row.cuerpo as string });
      return { error: null };
    },
  });
  return {
    runOnce: queue.runOnce,
    async stop() {
      await queue.stop();
      transport.close();
    },
  };
}
