/**
 * A web hook delivery in plain words (issue 15), as a view model the delivery's screen draws
 * (screens/events/DeliveryStatus.tsx): what is happening to it — delivered, exhausted, waiting for an inactive event
 * or for an earlier delivery of the same record, failed and retried at a given time, queued —, its last failure as a
 * problem code (./problem.ts) beside the raw error, the delivery it waits for, and how retries go by the server's
 * policy (server/retry/backoff.ts: the wait doubles from `baseMs` up to `maxMs`, until `maxAgeMs` after creation).
 * Texts are locale keys; moments (ISO) and durations (ms) are left for the view to write in the user's language.
 */
import type { DeliveryAttempt } from './attempt';
import { deliveryProblem } from './problem';
import type { DeliverySituation } from './situation';

/** A delivery (evento_entrega) as shown: its estado, intentos, proximo_intento, entregado, error, error_codigo, http_estado. */
export type DeliveryRow = Readonly<Record<string, unknown>>;

export interface Sentence {
  key: string;
  params?: Record<string, string | number>;
  /** Params that are moments (ISO 8601), written by the view. */
  moments?: Record<string, string>;
}

export interface ProblemView {
  code: string;
  /** The error as the server recorded it ("connect ECONNREFUSED 127.0.0.1:9"). */
  raw: string;
}

export interface DeliveryExplanation {
  state: Sentence;
  /** This delivery's last failure; none once delivered. */
  problem: ProblemView | null;
  /** The earlier pending delivery of the same record it waits for. */
  waitsFor: { id: number; ahead: number; attempts: number; problem: ProblemView | null } | null;
  /** How retries go, while it is pending. */
  retry: { baseMs: number; maxMs: number; maxAgeMs: number; until: string } | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const status = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** A failure's problem: the code the server stored, or the one its text and status say (a delivery recorded before codes were kept). */
export function problemOf(error: unknown, code: unknown, httpStatus: unknown): ProblemView | null {
  const raw = text(error);
  if (!raw) return null;
  return { code: text(code) ?? deliveryProblem({ error: raw, status: status(httpStatus) }) ?? 'OTRO', raw };
}

export const attemptProblem = (a: DeliveryAttempt): ProblemView | null => problemOf(a.error, a.error_codigo, a.http_estado);

/** The locale keys that may explain what to check for a problem, the most precise first (a status, then its family). */
export function problemHintKeys(code: string): string[] {
  const family = /^HTTP_(\d)\d\d$/.exec(code);
  return [`events.problemHints.${code}`, ...(family ? [`events.problemHints.HTTP_${family[1]}XX`] : [])];
}

function stateOf(row: DeliveryRow, situation: DeliverySituation | null, now: number): Sentence {
  const attempts = count(row.intentos);
  const next = text(row.proximo_intento);
  if (row.estado === 'entregado') return { key: 'events.explain.delivered', params: { n: attempts }, moments: { at: text(row.entregado) ?? '' } };
  if (row.estado === 'agotado') return { key: 'events.explain.exhausted', params: { count: attempts }, moments: { until: next ?? '' } };
  const where = situation?.situacion ?? (attempts > 0 ? 'reintento' : 'en_cola');
  if (where === 'inactivo') return { key: 'events.explain.inactive' };
  if (where === 'espera' && situation?.espera) return { key: 'events.explain.waiting', params: { id: situation.espera.id } };
  if (where === 'reintento' && next) {
    const due = Date.parse(next) <= now;
    return { key: due ? 'events.explain.retryingDue' : 'events.explain.retrying', params: { n: attempts }, moments: { next } };
  }
  return { key: 'events.explain.queued' };
}

export function explainDelivery(row: DeliveryRow, situation: DeliverySituation | null, now: number = Date.now()): DeliveryExplanation {
  const espera = situation?.espera ?? null;
  const pending = row.estado === 'pendiente';
  return {
    state: stateOf(row, situation, now),
    problem: row.estado === 'entregado' ? null : problemOf(row.error, row.error_codigo, row.http_estado),
    waitsFor:
      pending && situation?.situacion === 'espera' && espera
        ? { id: espera.id, ahead: espera.ahead, attempts: espera.intentos, problem: problemOf(espera.error, espera.error_codigo, espera.http_estado) }
        : null,
    retry: pending && situation ? { baseMs: situation.reintentos.baseMs, maxMs: situation.reintentos.maxMs, maxAgeMs: situation.reintentos.maxAgeMs, until: situation.reintentos.hasta } : null,
  };
}

/**
 * What the attempts list says when it shows none: not tried yet, kept only with debug, or tried before debug was on
 * (null when it shows some).
 */
export function attemptsNote(attempts: number, debug: boolean | null, kept: number): string | null {
  if (kept > 0) return null;
  if (attempts === 0) return 'events.notTriedYet';
  return debug ? 'events.noAttemptsBefore' : 'events.noAttempts';
}

export type DurationUnit = 'milliseconds' | 'seconds' | 'minutes' | 'hours' | 'days';

/** A span as a whole number of its largest fitting unit (10 s, 20 minutes, 6 hours, 3 days), for `events.duration.<unit>`. */
export function durationParts(ms: number): { unit: DurationUnit; count: number } {
  if (ms < 1000) return { unit: 'milliseconds', count: Math.max(0, Math.round(ms)) };
  const s = ms / 1000;
  if (s < 90) return { unit: 'seconds', count: Math.round(s) };
  if (s < 90 * 60) return { unit: 'minutes', count: Math.round(s / 60) };
  if (s < 48 * 3600) return { unit: 'hours', count: Math.round(s / 3600) };
  return { unit: 'days', count: Math.round(s / 86_400) };
}
