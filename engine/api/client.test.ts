/**
 * The typed client over a real HTTP server that answers as scripted: what a caller notices of retries,
 * time-outs and the 401 refresh (spec §8).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR, REQUEST_TIMEOUT, RESPONSE_KEPT, createApiClient, type ApiClientOptions, type TokenStore } from './client';

interface Seen {
  path: string;
  authorization?: string;
  contentType?: string;
  language?: string;
  body: string;
}
type Answer = (req: Seen, res: ServerResponse) => void;

let server: Server;
let base: string;
let seen: Seen[] = [];
/** Answers in order per path; the last one repeats. */
let script: Record<string, Answer[]> = {};

const json = (status: number, data: unknown, headers: Record<string, string> = {}): Answer => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(data));
};
const ok = (data: unknown = { ok: true }) => json(200, data);
/** The connection closes without an answer: a network failure as the browser sees it. */
const hangUp: Answer = (_req, res) => res.socket?.destroy();
/** Never answers (the client gives up). */
const silence: Answer = () => undefined;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').replace(/^\/api\//, '');
      const entry: Seen = { path, authorization: req.headers.authorization, language: req.headers['accept-language'], contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString() };
      seen.push(entry);
      const answers = script[path] ?? [json(404, { code: 'NOT_FOUND', message: '' })];
      const answer = answers.length > 1 ? answers.shift()! : answers[0];
      answer(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  script = {};
});

function tokens(access: string | undefined, refresh: string | undefined): TokenStore & { saved: string[] } {
  const store = {
    saved: [] as string[],
    accessToken: () => access,
    refreshToken: () => refresh,
    save: (reply: { access_token: string; refresh_token: string }) => {
      access = reply.access_token;
      refresh = reply.refresh_token;
      store.saved.push(reply.access_token);
    },
  };
  return store;
}

function client(extra: Partial<ApiClientOptions> = {}) {
  const events = { authLost: 0, errors: [] as ApiError[] };
  const api = createApiClient({
    baseUrl: base,
    tokens: tokens('A1', 'R1'),
    onAuthLost: () => events.authLost++,
    onError: (e) => events.errors.push(e),
    retryDelay: () => 1,
    ...extra,
  });
  return { api, events };
}

const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as ApiError);

describe('typed client: language', () => {
  it('every call says the language the user reads now (the server answers its messages and sorts names in it)', async () => {
    script['categoria/index'] = [ok({ total: 0, rows: [] })];
    let lang = 'en';
    const { api } = client({ language: () => lang });
    await api.post('categoria/index', {});
    lang = 'es';
    await api.post('categoria/index', {});
    expect(seen.map((s) => s.language)).toEqual(['en', 'es']);
  });
});

describe('typed client: retries', () => {
  it('a read is sent again after a 503 and after a network failure, and the caller gets the rows', async () => {
    script['articulo/index'] = [json(503, {}), hangUp, ok({ total: 1, rows: [{ id: 1 }] })];
    const { api, events } = client();
    await expect(api.post('articulo/index', { offset: 0 })).resolves.toEqual({ total: 1, rows: [{ id: 1 }] });
    expect(seen.map((s) => s.path)).toEqual(['articulo/index', 'articulo/index', 'articulo/index']);
    expect(seen.every((s) => s.body === '{"offset":0}' && s.authorization === 'Bearer A1')).toBe(true);
    expect(events.errors).toEqual([]);
  });

  it('a read that keeps failing is tried three times, then reported', async () => {
    script['perfil/show/4'] = [json(503, { code: 'DATABASE_UNAVAILABLE', message: '' })];
    const { api, events } = client();
    const e = await failure(api.post('perfil/show/4'));
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.code]).toEqual([503, 'DATABASE_UNAVAILABLE']);
    expect(seen).toHaveLength(3);
    expect(events.errors.map((x) => x.code)).toEqual(['DATABASE_UNAVAILABLE']);
  });

  it('a write is never sent twice: not after a 503, not after a network failure', async () => {
    script['articulo/save'] = [json(503, { code: 'DATABASE_UNAVAILABLE', message: '' }), ok()];
    const { api, events } = client();
    expect((await failure(api.post('articulo/save', { nombre: 'x' }))).status).toBe(503);
    expect(seen).toHaveLength(1);

    seen = [];
    script['articulo/update/3'] = [hangUp, ok()];
    const e = await failure(api.post('articulo/update/3', { nombre: 'x' }));
    expect([e.status, e.code]).toEqual([0, NETWORK_ERROR]);
    expect(seen).toHaveLength(1);
    expect(events.errors.map((x) => x.code)).toEqual(['DATABASE_UNAVAILABLE', NETWORK_ERROR]);
  });

  it('a failure keeps what the server answered and what was sent (an error report files both)', async () => {
    script['articulo/save'] = [(_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'.padEnd(RESPONSE_KEPT + 50, '.'))];
    const { api } = client();
    const e = await failure(api.post('articulo/save', { nombre: 'x' }));
    expect([e.status, e.code, e.message]).toEqual([502, undefined, '']);
    expect(e.requestBody).toEqual({ nombre: 'x' });
    expect(e.responseBody).toMatch(/^<h1>Bad gateway<\/h1>\.+$/);
    expect(e.responseBody).toHaveLength(RESPONSE_KEPT);
  });

  it('says how many calls are under way, a failed one and a retried one counted once', async () => {
    script['articulo/index'] = [ok({ total: 0, rows: [] })];
    script['perfil/show/4'] = [json(503, { code: 'DATABASE_UNAVAILABLE', message: '' }), ok({ id: 4 })];
    script['articulo/save'] = [json(400, { code: 'BAD_REQUEST', message: 'no' })];
    const counts: number[] = [];
    const { api } = client({ onCallsInFlight: (n) => counts.push(n) });
    await Promise.all([api.post('articulo/index', {}), api.post('perfil/show/4'), failure(api.post('articulo/save', {}))]);
    expect(counts.slice(0, 3)).toEqual([1, 2, 3]);
    expect(counts).toHaveLength(6);
    expect(counts.at(-1)).toBe(0);
  });

  it('a refusal of a read (4xx) is not retried', async () => {
    script['articulo/index'] = [json(400, { code: 'BAD_REQUEST', message: 'no' }), ok()];
    const { api } = client();
    expect((await failure(api.post('articulo/index', {}))).code).toBe('BAD_REQUEST');
    expect(seen).toHaveLength(1);
  });
});

describe('typed client: time-out', () => {
  it('a call without an answer fails with REQUEST_TIMEOUT, reported unless quiet', async () => {
    script['articulo/save'] = [silence];
    const { api, events } = client({ timeouts: { read: 50, write: 50 } });
    const e = await failure(api.post('articulo/save', { nombre: 'x' }));
    expect([e.status, e.code, e.url]).toEqual([0, REQUEST_TIMEOUT, 'articulo/save']);
    expect(events.errors.map((x) => x.code)).toEqual([REQUEST_TIMEOUT]);
    expect(seen).toHaveLength(1);

    expect((await failure(api.post('articulo/save', {}, { quiet: true }))).code).toBe(REQUEST_TIMEOUT);
    expect(events.errors).toHaveLength(1);
  });

  it('a caller that gives up gets its abort, neither retried nor reported', async () => {
    script['articulo/index'] = [silence];
    const { api, events } = client();
    const stop = new AbortController();
    const pending = failure(api.post('articulo/index', {}, { signal: stop.signal }));
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    stop.abort();
    expect((await pending).name).toBe('AbortError');
    expect(seen).toHaveLength(1);
    expect(events.errors).toEqual([]);
  });
});

describe('typed client: session', () => {
  it('a 401 exchanges the refresh token once and sends the call again with the new token', async () => {
    script['articulo/save'] = [json(401, {}), ok({ id: 5 })];
    script['oauth/access_token'] = [ok({ access_token: 'A2', refresh_token: 'R2', expires_in: 3600 })];
    const store = tokens('A1', 'R1');
    const { api, events } = client({ tokens: store });
    await expect(api.post('articulo/save', { nombre: 'x' })).resolves.toEqual({ id: 5 });
    expect(seen.map((s) => [s.path, s.authorization])).toEqual([
      ['articulo/save', 'Bearer A1'],
      ['oauth/access_token', undefined],
      ['articulo/save', 'Bearer A2'],
    ]);
    expect(seen[1].body).toBe('grant_type=refresh_token&refresh_token=R1');
    expect(store.saved).toEqual(['A2']);
    expect([events.authLost, events.errors.length]).toEqual([0, 0]);
  });

  it('calls refused together share one refresh', async () => {
    script['articulo/index'] = [json(401, {}), json(401, {}), ok({ rows: [] })];
    script['oauth/access_token'] = [ok({ access_token: 'A2', refresh_token: 'R2', expires_in: 3600 })];
    const { api } = client();
    await Promise.all([api.post('articulo/index', {}), api.post('articulo/index', {})]);
    expect(seen.filter((s) => s.path === 'oauth/access_token')).toHaveLength(1);
  });

  it('a second 401, or a refused refresh, loses the session (once, without a toast)', async () => {
    script['articulo/index'] = [json(401, {})];
    script['oauth/access_token'] = [ok({ access_token: 'A2', refresh_token: 'R2', expires_in: 3600 })];
    const first = client();
    expect((await failure(first.api.post('articulo/index', {}))).status).toBe(401);
    expect(seen.filter((s) => s.path === 'oauth/access_token')).toHaveLength(1);
    expect([first.events.authLost, first.events.errors.length]).toEqual([1, 0]);

    script['oauth/access_token'] = [json(401, { code: 'INVALID_REFRESH_TOKEN', message: '' })];
    const second = client();
    expect((await failure(second.api.post('articulo/index', {}))).code).toBe('INVALID_REFRESH_TOKEN');
    expect(second.events.authLost).toBe(1);
  });

  it('a 401 without a refresh token loses the session at once, nothing exchanged nor sent again', async () => {
    script['articulo/index'] = [json(401, { code: 'UNAUTHORIZED', message: '' })];
    const { api, events } = client({ tokens: tokens('A1', undefined) });
    expect((await failure(api.post('articulo/index', {}))).status).toBe(401);
    expect(seen.map((s) => s.path)).toEqual(['articulo/index']);
    expect([events.authLost, events.errors.length]).toEqual([1, 0]);
  });

  it('only a refresh token: it is exchanged first; a server that does not answer keeps the session', async () => {
    script['articulo/index'] = [ok({ rows: [] })];
    script['oauth/access_token'] = [ok({ access_token: 'A2', refresh_token: 'R2', expires_in: 3600 })];
    const { api } = client({ tokens: tokens(undefined, 'R1') });
    await api.post('articulo/index', {});
    expect(seen.map((s) => [s.path, s.authorization])).toEqual([['oauth/access_token', undefined], ['articulo/index', 'Bearer A2']]);

    script['oauth/access_token'] = [hangUp];
    const down = client({ tokens: tokens(undefined, 'R1') });
    expect((await failure(down.api.post('articulo/index', {}))).code).toBe(NETWORK_ERROR);
    expect(down.events.authLost).toBe(0);
  });

  it('login calls carry no token and a 401 there is the caller\'s', async () => {
    script.login = [json(401, { code: 'LOGIN_FAILED', message: '' })];
    const { api, events } = client();
    expect((await failure(api.post('login', { username: 'a' }, { quiet: true }))).code).toBe('LOGIN_FAILED');
    expect(seen.map((s) => [s.path, s.authorization])).toEqual([['login', undefined]]);
    expect(events.authLost).toBe(0);
  });
});

describe('typed client: files', () => {
  it('a download gives the bytes and the UTF-8 name; an upload goes as multipart', async () => {
    script['factura/pdf/3'] = [(_req, res) => res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="a_o.pdf"; filename*=UTF-8''a%C3%B1o.pdf` }).end('%PDF')];
    script['adjunto/subir'] = [ok({ id: 9 })];
    const { api } = client();
    const file = await api.download('factura/pdf/3');
    expect([file.name, await file.blob.text()]).toEqual(['año.pdf', '%PDF']);
    const form = new FormData();
    form.append('registro', '4');
    form.append('file', new Blob(['hola']), 'nota.txt');
    await expect(api.upload('adjunto/subir', form)).resolves.toEqual({ id: 9 });
    const sent = seen.find((s) => s.path === 'adjunto/subir')!;
    expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toContain('filename="nota.txt"');
  });

  it('an injected fetch carries the calls (a test double of the server)', async () => {
    const paths: string[] = [];
    const fake: typeof fetch = async (input) => {
      paths.push(new URL((input as Request).url).pathname);
      return new Response(JSON.stringify({ total: 0, rows: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const { api } = client({ baseUrl: 'http://fake.invalid/api/', fetch: fake });
    await expect(api.post('articulo/index', {})).resolves.toEqual({ total: 0, rows: [] });
    expect(paths).toEqual(['/api/articulo/index']);
  });
});
