/**
 * Idempotency keys as the typed client sends them: one per submission, the same one when the user sends the
 * same data again after a lost answer, a new one for the next submission (server/http/idempotency.ts answers
 * the first attempt's record to a retry).
 */
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR, createApiClient } from './client';
import { canonicalJson, submissionKeys } from './requestKeys';

type Answer = 'ok' | 'lost' | 401 | 406;

/** A client over a fake server answering `answers` in turn; `keys` holds each request's Idempotency-Key. */
function client(answers: Answer[]) {
  const keys: (string | null)[] = [];
  const paths: string[] = [];
  let n = 0;
  const fetch = (async (input: Request) => {
    keys.push(input.headers.get('idempotency-key'));
    paths.push(new URL(input.url).pathname.replace('/api/', ''));
    const answer = answers[Math.min(n++, answers.length - 1)];
    if (answer === 'lost') throw new TypeError('Failed to fetch');
    // one reply serves as the stored record and as the refresh's tokens
    if (answer === 'ok') return new Response(JSON.stringify({ id: 1, version: 1, access_token: 'A2', refresh_token: 'R2' }), { status: 200, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify({ code: answer === 401 ? 'UNAUTHORIZED' : 'STOCK_INSUFICIENTE', message: '' }), { status: answer, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  let access = 'A1';
  const api = createApiClient({
    baseUrl: 'http://app.test/api/',
    fetch,
    tokens: { accessToken: () => access, refreshToken: () => 'R1', save: (r) => (access = r.access_token) },
    onAuthLost: () => undefined,
  });
  return { api, keys, paths };
}

const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as ApiError);

describe('idempotency keys of the typed client', () => {
  it('a save retried after a lost answer carries the same key; the next submission, even with the same data, a new one', async () => {
    const { api, keys } = client(['lost', 'ok', 'ok']);
    const order = { cliente: 4, items: [{ articulo: 7, cantidad: 2 }] };
    expect((await failure(api.post('registro/save', order))).code).toBe(NETWORK_ERROR);
    await api.post('registro/save', { ...order });
    await api.post('registro/save', order);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('changed data is a new submission; a refusal keeps the key for the same data', async () => {
    const { api, keys } = client(['lost', 406, 'ok']);
    const body = { notas: 'a', version: 3 };
    await failure(api.post('registro/update/9', body));
    await failure(api.post('registro/update/9', { ...body, notas: 'b' }));
    await api.post('registro/update/9', { ...body, notas: 'b' });
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('the same data in another key order is the same submission; a double tap shares it', async () => {
    const { api, keys } = client(['ok']);
    await Promise.all([api.post('articulo/save', { a: 1, b: { c: 2, d: 3 } }), api.post('articulo/save', { b: { d: 3, c: 2 }, a: 1 })]);
    expect(keys[1]).toBe(keys[0]);
  });

  it('the refresh-and-retry of a 401 sends the same key; reads and logins carry none', async () => {
    const { api, keys, paths } = client([401, 'ok', 'ok', 'ok', 'ok']);
    await api.post('registro/move/5', { respuesta: 'si' });
    expect(paths.slice(0, 3)).toEqual(['registro/move/5', 'oauth/access_token', 'registro/move/5']);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[1]).toBeNull();
    await api.post('registro/index', {});
    await api.post('login', { username: 'a', password: 'b' });
    expect(keys.slice(3)).toEqual([null, null]);
  });
});

describe('submissionKeys', () => {
  it('keeps one submission per path; a success ends only its own', () => {
    let n = 0;
    const k = submissionKeys(() => `k${++n}`);
    expect(k.keyFor('a/save', { x: 1 })).toBe('k1');
    expect(k.keyFor('b/save', { x: 1 })).toBe('k2');
    expect(k.keyFor('a/save', { x: 2 })).toBe('k3');
    k.succeeded('a/save', 'k1');
    expect(k.keyFor('a/save', { x: 2 })).toBe('k3');
    k.succeeded('a/save', 'k3');
    expect(k.keyFor('a/save', { x: 2 })).toBe('k4');
  });

  it('a success on a record ends its other pending calls (take lost, release, take: a new take)', () => {
    let n = 0;
    const k = submissionKeys(() => `k${++n}`);
    expect(k.keyFor('r/take/5', {})).toBe('k1');
    expect(k.keyFor('r/take/6', {})).toBe('k2');
    k.succeeded('r/release/5', k.keyFor('r/release/5', {}));
    expect(k.keyFor('r/take/5', {})).toBe('k4');
    expect(k.keyFor('r/take/6', {})).toBe('k2');
  });

  it('canonical JSON sorts keys and drops undefined, as JSON.stringify would send', () => {
    expect(canonicalJson({ b: [1, { z: undefined, y: 'é' }], a: null, c: undefined })).toBe('{"a":null,"b":[1,{"y":"é"}]}');
    expect(canonicalJson(new Date(0))).toBe('"1970-01-01T00:00:00.000Z"');
  });
});
