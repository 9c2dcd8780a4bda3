import { describe, expect, it } from 'vitest';
import { attemptsNote, durationParts, explainDelivery, problemHintKeys } from './explain';
import type { DeliverySituation } from './situation';

const NOW = Date.parse('2026-05-12T10:00:00.000Z');
const policy = { baseMs: 10_000, maxMs: 6 * 3600_000, maxAgeMs: 3 * 86_400_000, hasta: '2026-05-14T09:00:00.000Z' };
const situation = (over: Partial<DeliverySituation> = {}): DeliverySituation => ({ situacion: 'reintento', activo: true, debug: false, espera: null, reintentos: policy, ...over });

describe('a delivery in plain words', () => {
  it('a failed, pending delivery: the failure by its code with the raw detail, the next attempt, and when retries stop', () => {
    const row = { estado: 'pendiente', intentos: 3, proximo_intento: '2026-05-12T10:05:00.000Z', error: 'connect ECONNREFUSED 127.0.0.1:9', error_codigo: 'CONEXION_RECHAZADA', http_estado: null };
    const view = explainDelivery(row, situation(), NOW);
    expect(view.state).toEqual({ key: 'events.explain.retrying', params: { n: 3 }, moments: { next: '2026-05-12T10:05:00.000Z' } });
    expect(view.problem).toEqual({ code: 'CONEXION_RECHAZADA', raw: 'connect ECONNREFUSED 127.0.0.1:9' });
    expect(view.retry).toEqual({ baseMs: 10_000, maxMs: 6 * 3600_000, maxAgeMs: 3 * 86_400_000, until: '2026-05-14T09:00:00.000Z' });
    // a next attempt already past: it goes out when the server takes it
    expect(explainDelivery({ ...row, proximo_intento: '2026-05-12T09:00:00.000Z' }, situation(), NOW).state.key).toBe('events.explain.retryingDue');
  });

  it('derives the code of a delivery recorded before codes were kept', () => {
    expect(explainDelivery({ estado: 'pendiente', intentos: 1, error: 'HTTP 503', http_estado: 503 }, null, NOW).problem).toEqual({ code: 'HTTP_503', raw: 'HTTP 503' });
  });

  it('a delivery waiting behind an earlier one of the same record says so and names it, with that one\'s failure', () => {
    const espera = { id: 41, ahead: 2, intentos: 5, error: 'connect ECONNREFUSED 127.0.0.1:9', error_codigo: 'CONEXION_RECHAZADA', http_estado: null, proximo_intento: '2026-05-12T10:01:00.000Z' };
    const view = explainDelivery({ estado: 'pendiente', intentos: 0, proximo_intento: '2026-05-12T08:00:00.000Z' }, situation({ situacion: 'espera', espera }), NOW);
    expect(view.state).toEqual({ key: 'events.explain.waiting', params: { id: 41 } });
    expect(view.waitsFor).toEqual({ id: 41, ahead: 2, attempts: 5, problem: { code: 'CONEXION_RECHAZADA', raw: 'connect ECONNREFUSED 127.0.0.1:9' } });
    expect(view.problem).toBeNull();
  });

  it('an inactive event, a queued delivery, a delivered one and an exhausted one', () => {
    expect(explainDelivery({ estado: 'pendiente', intentos: 0 }, situation({ situacion: 'inactivo', activo: false }), NOW).state.key).toBe('events.explain.inactive');
    expect(explainDelivery({ estado: 'pendiente', intentos: 0 }, situation({ situacion: 'en_cola' }), NOW).state.key).toBe('events.explain.queued');
    const delivered = explainDelivery({ estado: 'entregado', intentos: 2, entregado: '2026-05-12T09:59:00.000Z' }, situation({ situacion: null }), NOW);
    expect(delivered).toMatchObject({ state: { key: 'events.explain.delivered', params: { n: 2 } }, problem: null, retry: null, waitsFor: null });
    const exhausted = explainDelivery({ estado: 'agotado', intentos: 30, proximo_intento: '2026-05-14T09:00:00.000Z', error: 'HTTP 503', error_codigo: 'HTTP_503', http_estado: 503 }, situation({ situacion: null }), NOW);
    expect(exhausted).toMatchObject({ state: { key: 'events.explain.exhausted', params: { count: 30 } }, problem: { code: 'HTTP_503' }, retry: null });
  });

  it('says why no attempt is listed: not tried yet, debug off, or tried before debug was on', () => {
    expect(attemptsNote(0, true, 0)).toBe('events.notTriedYet');
    expect(attemptsNote(3, false, 0)).toBe('events.noAttempts');
    expect(attemptsNote(3, null, 0)).toBe('events.noAttempts');
    expect(attemptsNote(3, true, 0)).toBe('events.noAttemptsBefore');
    expect(attemptsNote(3, true, 3)).toBeNull();
  });

  it('hints at what to check by the status, then by its family', () => {
    expect(problemHintKeys('HTTP_418')).toEqual(['events.problemHints.HTTP_418', 'events.problemHints.HTTP_4XX']);
    expect(problemHintKeys('TLS')).toEqual(['events.problemHints.TLS']);
  });

  it('writes spans in their largest fitting unit', () => {
    expect(durationParts(40)).toEqual({ unit: 'milliseconds', count: 40 });
    expect(durationParts(10_000)).toEqual({ unit: 'seconds', count: 10 });
    expect(durationParts(20 * 60_000)).toEqual({ unit: 'minutes', count: 20 });
    expect(durationParts(6 * 3600_000)).toEqual({ unit: 'hours', count: 6 });
    expect(durationParts(3 * 86_400_000)).toEqual({ unit: 'days', count: 3 });
  });
});
