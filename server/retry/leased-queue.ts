/**
 * The one claim-and-record loop of the work the server delivers after commit — web hooks and mail (issue 15):
 * a table of rows, each waiting (`pending`) until it is acknowledged (`done`) or has been tried for too long
 * (`exhausted`). Any number of workers, in any number of processes, share a table:
 *
 * - a round claims a batch of due rows with `SELECT … FOR UPDATE SKIP LOCKED` and leases them (a token and a
 *   time limit), counting the attempt; the claim commits before anything is sent;
 * - each row is attempted outside any transaction; its outcome is written only while the lease is still this
 *   worker's (`where lease = token`): a worker that dies, or outlives its lease, writes nothing, and the row is
 *   claimed again once the lease has run out — never marked done unless the attempt was acknowledged;
 * - a failure schedules the next attempt with exponential backoff and jitter (./backoff.ts) or, past the age
 *   limit counted from the `since` column, marks the row exhausted.
 *
 * A queue table has the columns estado, intentos, proximo_intento, bloqueado_hasta, lease and error.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Logger } from '../documents/types';
import { nextAttempt, type RetryPolicy } from './backoff';

export interface QueueTable {
  table: string;
  states: { pending: string; done: string; exhausted: string };
  /** The column stamped with the time a row was acknowledged. */
  doneAt: string;
  /** The column the age limit counts from. */
  since: string;
  /** Further conditions on a due row (the table is aliased `q`): its parent is active, it is next in order. */
  due?: RawBuilder<unknown>;
  /** Columns a claim returns besides id, intentos and since. */
  columns: readonly string[];
}

export interface ClaimedRow {
  id: number;
  /** Attempts so far, this one included. */
  intentos: number;
  since: Date;
  [column: string]: unknown;
}

/** An attempt's outcome: error null = acknowledged; `fields` are more columns to write with it. */
export interface Outcome {
  error: string | null;
  fields?: Record<string, unknown>;
}

export interface LeasedQueueOptions<C> {
  db: Kysely<any>;
  log: Logger;
  /** For log lines: "web hook delivery", "mail". */
  name: string;
  queue: QueueTable;
  batch: number;
  /** Longer than the longest attempt, so a live worker keeps its lease; a dead one's runs out soon after. */
  leaseSeconds: number;
  pollMs: number;
  retry: RetryPolicy;
  /** What a round's attempts share (settings read once per round). */
  round?(): Promise<C>;
  /** One attempt; null = nothing to record (the row's parent is gone: its lease runs out). */
  attempt(row: ClaimedRow, round: C): Promise<Outcome | null>;
}

export interface LeasedQueue {
  /** Works through what is due now; resolves with the number of rows attempted. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

const ERROR_MAX = 4000;

export function startLeasedQueue<C = undefined>(opts: LeasedQueueOptions<C>): LeasedQueue {
  const { db, log, name, queue, batch, leaseSeconds, pollMs, retry } = opts;
  const table = sql.table(queue.table);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);

  async function claim(lease: string): Promise<ClaimedRow[]> {
    const { rows } = await sql<ClaimedRow>`
      with due as (
        select q.id from ${table} q
        where q.estado = ${queue.states.pending} and q.proximo_intento <= now()
          and (q.bloqueado_hasta is null or q.bloqueado_hasta < now())
          and ${queue.due ?? sql`true`}
        order by q.id
        limit ${batch}
        for update of q skip locked)
      update ${table} e
      set bloqueado_hasta = now() + ${leaseSeconds}::int * interval '1 second', lease = ${lease}, intentos = e.intentos + 1
      from due where e.id = due.id
      returning e.id, e.intentos, ${sql.ref(`e.${queue.since}`)} as since, ${sql.join(queue.columns.map((c) => sql.ref(`e.${c}`)))}`.execute(db);
    return rows.map((r) => ({ ...r, since: new Date(r.since) }));
  }

  async function record(row: ClaimedRow, outcome: Outcome, lease: string): Promise<void> {
    const error = outcome.error?.slice(0, ERROR_MAX) ?? null;
    const next = error ? nextAttempt(row.since, row.intentos, retry) : null;
    if (error) log.warn({ [name]: row.id, attempt: row.intentos }, `${name} ${row.id} failed: ${error}`);
    const state = error
      ? { estado: next ? queue.states.pending : queue.states.exhausted, proximo_intento: next ?? sql`now()` }
      : { estado: queue.states.done, [queue.doneAt]: sql`now()` };
    await db
      .updateTable(queue.table)
      .set({ ...outcome.fields, ...state, error, bloqueado_hasta: null, lease: null })
      .where('id', '=', row.id)
      .where('lease', '=', lease)
      .execute();
  }

  async function attemptAll(rows: ClaimedRow[], lease: string, shared: C): Promise<void> {
    await Promise.all(
      rows.map(async (row) => {
        try {
          const outcome = await opts.attempt(row, shared).catch((err: unknown) => ({ error: (err as Error)?.message || String(err) }));
          if (outcome) await record(row, outcome, lease);
        } catch (err) {
          log.error({ err }, `${name} ${row.id} could not be recorded`);
        }
      }),
    );
  }

  async function work(): Promise<number> {
    let handled = 0;
    for (;;) {
      const lease = randomUUID();
      const rows = await claim(lease);
      if (!rows.length) return handled;
      await attemptAll(rows, lease, (await opts.round?.()) as C);
      handled += rows.length;
      if (rows.length < batch || stopped) return handled;
    }
  }

  function runOnce(): Promise<number> {
    running = running.then(work, work).catch((err) => {
      if (!stopped) log.error({ err }, `${name} round failed`);
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
