import { describe, expect, it } from 'vitest';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import { deliveryProblem, errorProblem, PROBLEM_CODES, statusProblem } from './problem';
import { problemHintKeys } from './explain';

const lookup = (dict: unknown, key: string) => key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), dict);

describe('a delivery failure as a stable code', () => {
  it('names the common network failures by the system code, or by the code the stored message carries', () => {
    expect(errorProblem('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9')).toBe('CONEXION_RECHAZADA');
    // a delivery recorded before codes were kept: only its text
    expect(deliveryProblem({ error: 'connect ECONNREFUSED 127.0.0.1:9' })).toBe('CONEXION_RECHAZADA');
    expect(deliveryProblem({ error: 'getaddrinfo ENOTFOUND hooks.nowhere.example' })).toBe('HOST_DESCONOCIDO');
    expect(deliveryProblem({ error: 'getaddrinfo EAI_AGAIN hooks.example.com' })).toBe('DNS_NO_RESPONDE');
    expect(deliveryProblem({ error: 'no answer within 10000 ms' })).toBe('SIN_RESPUESTA');
    expect(deliveryProblem({ error: 'no answer within 400 ms', code: 'SIN_RESPUESTA' })).toBe('SIN_RESPUESTA');
    expect(deliveryProblem({ error: 'connect ETIMEDOUT 10.1.1.1:443' })).toBe('SIN_RESPUESTA');
    expect(deliveryProblem({ error: 'socket hang up', code: 'ECONNRESET' })).toBe('CONEXION_CORTADA');
    expect(deliveryProblem({ error: 'socket hang up' })).toBe('CONEXION_CORTADA');
    expect(deliveryProblem({ error: 'connect EHOSTUNREACH 192.0.2.1:80' })).toBe('RED_INALCANZABLE');
    expect(deliveryProblem({ error: 'EVENTO_URI_PRIVADA: vm resolves to 127.0.0.1' })).toBe('DIRECCION_PRIVADA');
    expect(deliveryProblem({ error: 'EVENTO_URI_INVALIDA' })).toBe('URI_INVALIDA');
    expect(deliveryProblem({ error: 'something odd' })).toBe('OTRO');
  });

  it('names TLS failures by their codes, or by their words', () => {
    for (const code of ['DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'SELF_SIGNED_CERT_IN_CHAIN', 'EPROTO'])
      expect(errorProblem(code, 'whatever'), code).toBe('TLS');
    expect(deliveryProblem({ error: 'self-signed certificate' })).toBe('TLS');
    expect(deliveryProblem({ error: "Hostname/IP does not match certificate's altnames: Host: a. is not in the cert's altnames" })).toBe('TLS');
  });

  it('names an answer that is not a 2xx by its status, or its family', () => {
    expect(deliveryProblem({ error: 'HTTP 503', status: 503 })).toBe('HTTP_503');
    expect(deliveryProblem({ error: 'HTTP 404' })).toBe('HTTP_404');
    expect(statusProblem(418)).toBe('HTTP_4XX');
    expect(statusProblem(301)).toBe('HTTP_3XX');
    expect(statusProblem(599)).toBe('HTTP_5XX');
    expect(statusProblem(101)).toBe('HTTP_OTRO');
    expect(deliveryProblem({ error: null, status: 200 })).toBeNull();
  });

  it('has words for every code in both languages, and something to check for each (by itself or its family)', () => {
    for (const dict of [es, en])
      for (const code of PROBLEM_CODES) {
        expect(typeof lookup(dict, `events.problems.${code}`), code).toBe('string');
        expect(problemHintKeys(code).some((k) => typeof lookup(dict, k) === 'string'), code).toBe(true);
      }
  });
});
