/**
 * Delivers the outbox over SMTP. Each round claims a batch of pending rows with
 * `SELECT … FOR UPDATE SKIP LOCKED` (so any number of instances can share the queue) and leases them
 * for a few minutes; the mail is sent outside the transaction, then the row is marked `enviado`, or
 * kept `pendiente` for a later retry, or marked `error` after the last attempt.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/types';

export const MAX_ATTEMPTS = 5;
const BATCH = 10;
const LEASE_SECONDS = 300;

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
}

export function startMailDelivery({ db, smtpUrl, from, log, intervalMs = 5000 }: MailDeliveryOptions): MailDelivery {
  const transport = nodemailer.createTransport(smtpUrl);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);

  async function claim() {
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
      })
      .where('id', 'in', pending)
      .returning(['id', 'destinatario', 'asunto', 'cuerpo', 'intentos'])
      .execute();
  }

  async function deliver(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await claim();
      for (const row of rows) {
        try {
          await transport.sendMail({ from, to: row.destinatario, subject: row.asunto, text: row.cuerpo });
          await db
            .updateTable('comunicacion')
            .set({ estado: 'enviado', fecha_enviada: sql<Date>`now()`, error: null, bloqueado_hasta: null })
            .where('id', '=', row.id)
            .execute();
        } catch (err) {
          const last = row.intentos >= MAX_ATTEMPTS;
          log.warn(`mail ${row.id} to ${row.destinatario} failed (attempt ${row.intentos}): ${(err as Error).message}`);
          await db
            .updateTable('comunicacion')
            .set({
              estado: last ? 'error' : 'pendiente',
              error: String((err as Error).message ?? err).slice(0, 2000),
              // Retry later: one more minute of wait per attempt.
              bloqueado_hasta: last ? null : sql<Date>`now() + ${row.intentos * 60}::int * interval '1 second'`,
            })
            .where('id', '=', row.id)
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
