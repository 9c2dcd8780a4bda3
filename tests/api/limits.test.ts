/**
 * What a request may cost (issue 18): anonymous routes take a few kB and no unknown key, the error report is
 * bounded (size, depth, per-user rate, rows kept), slow clients are cut off, HSTS over https, and behind a
 * proxy only its last hop is believed.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_BURST } from '../../server/http/body-budget';
import { KEPT_REPORTS, REPORTS_PER_USER } from '../../server/routes/error-report';
import { ADMIN_PASSWORD, api, createUser, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

/** A raw connection that sends `text` and never finishes the request; resolves with what the server wrote when it closes. */
function halfRequest(baseUrl: string, text: string): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(text));
    let got = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (got += d));
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** POSTs `text` as JSON in 64 kB chunks, without a Content-Length. */
function chunkedPost(url: string, text: string, token: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(data) }));
    });
    req.on('error', reject);
    for (let i = 0; i < text.length; i += 64 * 1024) req.write(text.slice(i, i + 64 * 1024));
    req.end();
  });
}

describeBackends('request limits', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  const chunked = (path: string, text: string, token: string) => chunkedPost(srv.baseUrl + path, text, token);

  beforeAll(async () => {
    srv = await startTestServer(backend, { headersTimeoutMs: 300, requestTimeoutMs: 600, trustProxy: true });
    client = api(srv.baseUrl);
    admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  });
  afterAll(() => srv?.close());

  describe('anonymous routes', () => {
    const routes = [
      ['/api/login', { username: 'admin', password: 'x' }],
      ['/api/logout', { refresh_token: 'x' }],
      ['/api/passwordRecovery/sendRecoveryEmail', { username: 'admin' }],
      ['/api/passwordRecovery/resetPassword', { token: 'x', password: 'Xx-12345!', confirmation: 'Xx-12345!' }],
    ] as const;

    it('refuse a body over a few kB with 413, before reading it as JSON', async () => {
      for (const [route, body] of routes) {
        const res = await client.post(route, { ...body, padding: 'x'.repeat(100 * 1024) });
        expect(res.status, route).toBe(413);
        expect(res.body.code).toBe('BAD_REQUEST');
      }
      const form = await client.postForm('/api/oauth/access_token', { grant_type: 'refresh_token', refresh_token: 'x'.repeat(8 * 1024) });
      expect(form.status).toBe(413);
    });

    it('refuse unknown keys and deep bodies with 400, never a 5xx', async () => {
      for (const [route, body] of routes) {
        const extra = await client.post(route, { ...body, isAdmin: true });
        expect([extra.status, extra.body.code], route).toEqual([400, 'BAD_REQUEST']);
        const deep = await fetch(srv.baseUrl + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"x":${nested(1000)}}` });
        expect(deep.status, route).toBe(400);
      }
      // the login still works with its own keys
      expect((await client.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD, rememberMe: true })).status).toBe(200);
    });
  });

  describe('the error report', () => {
    it('refuses deep or oversized data with 400 / 413, not 500', async () => {
      const deep = await fetch(`${srv.baseUrl}/api/reporteError/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: `{"url":"/x","data":${nested(20000)}}`,
      });
      expect(deep.status).toBe(400);
      const big = await client.post('/api/reporteError/save', { url: '/x', data: 'x'.repeat(300 * 1024) }, admin);
      expect(big.status).toBe(413);
      const odd = await client.post('/api/reporteError/save', { url: '/x', extra: 1 }, admin);
      expect(odd.status).toBe(400);
    });

    it('keeps only the newest reports, and limits each user', async () => {
      const id = await createUser(srv.db, { username: 'reporter', password: 'Reporter-1!', roles: ['ROLE_USER'] });
      await sql`insert into reporte_error (url, usuario_id) select '/old', ${id}::int from generate_series(1, ${KEPT_REPORTS + 20}::int)`.execute(srv.db);
      const token = (await client.login('reporter', 'Reporter-1!')).access_token;
      const statuses: number[] = [];
      for (let i = 0; i < REPORTS_PER_USER + 2; i++) statuses.push((await client.post('/api/reporteError/save', { url: `/r${i}`, data: { i } }, token)).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(REPORTS_PER_USER);
      expect(statuses.slice(REPORTS_PER_USER)).toEqual([429, 429]);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from reporte_error`.execute(srv.db);
      expect(rows[0].n).toBeLessThanOrEqual(KEPT_REPORTS);
      // another user is not held back by this one
      expect((await client.post('/api/reporteError/save', { url: '/admin' }, admin)).status).toBe(200);
    });
  });

  describe('large JSON bodies', () => {
    it("past a user's budget are refused 429 BODY_RATE_LIMITED before being read, with the wait; small bodies and other users go on", async () => {
      const signIn = async (username: string) => {
        await createUser(srv.db, { username, password: 'Bulky-Pass1!', roles: ['ROLE_ADMIN'] });
        return (await client.login(username, 'Bulky-Pass1!')).access_token;
      };
      const bulky = await signIn('bulky');
      const other = await signIn('other');
      // ~0.9 MB: within the route's 1 MB limit, so read and then refused for its unknown key
      const large = { tipo: 'x', nombre: 'y', relleno: 'x'.repeat(900 * 1024) };
      const size = Buffer.byteLength(JSON.stringify(large));
      // 30 at once (the budget refills far slower than they come); every other one in English
      const answers = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const lang = i % 2 ? 'en' : 'es';
          return { lang, ...(await client.post('/api/categoria/save', large, bulky, { 'accept-language': lang })) };
        }),
      );
      const count = (status: number) => answers.filter((a) => a.status === status).length;
      expect(count(400) + count(429)).toBe(30);
      expect(count(400)).toBeGreaterThanOrEqual(Math.floor(BODY_BURST / size)); // the burst is read
      const refused = answers.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThan(5);
      expect(refused[0].body).toMatchObject({ code: 'BODY_RATE_LIMITED', errors: [{ code: 'BODY_RATE_LIMITED', params: { seconds: expect.any(Number) } }] });
      expect(refused.find((a) => a.lang === 'es')!.body.message).toMatch(/^Demasiados envíos grandes seguidos\. Espere \d+ s/);
      expect(refused.find((a) => a.lang === 'en')!.body.message).toMatch(/^Too many large submissions in a row\. Wait \d+ s/);
      const wait = Math.max(...refused.map((a) => Number(a.headers.get('retry-after'))));
      expect(wait).toBeGreaterThanOrEqual(1);
      // a body in chunks, without its length, is counted as it comes and refused before it is parsed
      const inChunks = await chunked('/api/categoria/save', JSON.stringify(large), bulky);
      expect([inChunks.status, inChunks.body.code]).toEqual([429, 'BODY_RATE_LIMITED']);
      expect((await chunked('/api/categoria/index', JSON.stringify({ max: 1 }), bulky)).status).toBe(200);
      // the same user's small bodies, and another user's large ones, are not held back
      expect((await client.post('/api/categoria/index', { max: 1 }, bulky)).status).toBe(200);
      expect((await client.post('/api/categoria/save', large, other)).status).toBe(400);
      // after the wait the budget is back
      await new Promise((r) => setTimeout(r, wait * 1000 + 200));
      expect((await client.post('/api/categoria/save', large, bulky)).status).toBe(400);
    });
  });

  describe('slow clients', () => {
    it('closes a connection whose headers never end (408)', async () => {
      const got = await halfRequest(srv.baseUrl, 'POST /api/login HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n');
      expect(got).toMatch(/^HTTP\/1\.1 408/);
    });
    it('closes a connection whose body never ends (408)', async () => {
      const got = await halfRequest(srv.baseUrl, 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"user');
      expect(got).toMatch(/408|^$/);
      // and keeps serving
      expect((await client.get('/api/version')).status).toBe(200);
    });
  });

  describe('behind a proxy (TRUST_PROXY)', () => {
    it('sends Strict-Transport-Security for https only', async () => {
      const https = await client.get('/api/version', undefined, { 'x-forwarded-proto': 'https' });
      expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const http = await client.get('/api/version');
      expect(http.headers.get('strict-transport-security')).toBeNull();
    });
    it("believes only the last hop's X-Forwarded-For", async () => {
      await client.post('/api/login', { username: 'hop-test', password: 'wrong' }, undefined, { 'x-forwarded-for': '6.6.6.6, 10.1.2.3' });
      const row = await srv.db.selectFrom('login_attempt').select('ip').where('username', '=', 'hop-test').executeTakeFirstOrThrow();
      expect(row.ip).toBe('10.1.2.3');
    });
  });
});
