import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

const expectSecurityHeaders = (headers: Headers) => {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBeTruthy();
};

describeBackends('HTTP basics', (backend) => {
  let srv: TestServer;
  let client: Api;
  let token: string;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'flujos-dist-'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>flujos</title><div id="root"></div>');
    await writeFile(path.join(staticDir, 'version.json'), JSON.stringify({ version: 'build-42' }));
    srv = await startTestServer(backend, { staticDir });
    client = api(srv.baseUrl);
    token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await srv?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('serves the app at / with the security headers', async () => {
    const res = await fetch(`${srv.baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<div id="root">');
    expectSecurityHeaders(res.headers);
  });

  it('puts the security headers on API answers and errors too', async () => {
    expectSecurityHeaders((await client.get('/api/version')).headers);
    expectSecurityHeaders((await client.get('/api/me')).headers);
    expectSecurityHeaders((await client.post('/api/login', {})).headers);
    expectSecurityHeaders((await client.get('/api/nothing-here')).headers);
  });

  it('tells the build version from version.json', async () => {
    const res = await client.get('/api/version');
    expect(res.body).toEqual({ version: 'build-42' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a call the same with a trailing slash', async () => {
    expect((await client.get('/api/version/')).body).toEqual({ version: 'build-42' });
    const me = await client.get('/api/me/', token);
    expect(me.status).toBe(200);
    expect(me.body).toEqual((await client.get('/api/me', token)).body);
    expect((await client.post('/api/articulo/index/', { max: 5 }, token)).status).toBe(200);
  });

  it('answers unknown API routes with 404 JSON, with or without a token', async () => {
    for (const res of [
      await client.get('/api/nothing-here'),
      await client.post('/api/nothing-here', {}),
      await client.post('/api/nothing-here', {}, token),
      await client.get('/api/articulo/show/1', token),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    }
  });

  it('stores an error report with the user', async () => {
    const res = await client.post('/api/reporteError/save', { url: '/api/x', data: { a: [1, 2] }, body: 'boom', httpCode: 500 }, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const row = await srv.db.selectFrom('reporte_error').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    const admin = await srv.db.selectFrom('usuario').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ url: '/api/x', data: '{"a":[1,2]}', body: 'boom', http_code: 500, usuario_id: admin.id });
    expect((await client.post('/api/reporteError/save', { url: '/x', data: [1, 2], httpCode: null }, token)).status).toBe(200);
  });

  it('does not store the passwords or tokens of the failed request a report carries', async () => {
    const sent = { currentPassword: 'Vieja-clave-1', newPassword: 'Nueva-clave-1', nota: 'sin secretos' };
    for (const data of [sent, JSON.stringify(sent)]) {
      const res = await client.post('/api/reporteError/save', { url: 'user/changePassword', data, body: '{"refresh_token":"abc","code":"X"}', httpCode: 500 }, token);
      expect(res.status).toBe(200);
      const row = await srv.db.selectFrom('reporte_error').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
      expect(JSON.parse(row.data!)).toEqual({ currentPassword: '[redacted]', newPassword: '[redacted]', nota: 'sin secretos' });
      expect(JSON.parse(row.body!)).toEqual({ refresh_token: '[redacted]', code: 'X' });
      expect(`${row.data}${row.body}`).not.toMatch(/clave-1|abc/);
    }
  });

  it('needs a token for error reports and refuses junk with 400', async () => {
    expect((await client.post('/api/reporteError/save', { url: '/x' })).status).toBe(401);
    for (const body of [{}, { url: 5 }, { url: '/x', httpCode: '500' }, { url: '/x', httpCode: 1.5 }, [1], 'text']) {
      const res = await client.post('/api/reporteError/save', body, token);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
    }
  });

  it('answers 4xx JSON, never 500, for malformed requests', async () => {
    const raw = (body: string, type: string) =>
      fetch(`${srv.baseUrl}/api/reporteError/save`, { method: 'POST', headers: { 'content-type': type, authorization: `Bearer ${token}` }, body });
    for (const res of [await raw('{"url":', 'application/json'), await raw('url=x', 'text/plain'), await raw('x'.repeat(2 * 1024 * 1024), 'application/json')]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await res.json()).code).toBe('BAD_REQUEST');
    }
  });

  it('limits recovery mails per client address with 429', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await client.post('/api/passwordRecovery/sendRecoveryEmail', { username: `u${i}` })).status;
    expect(last).toBe(429);
    expect((await client.post('/api/passwordRecovery/sendRecoveryEmail', { username: 'x' })).body.code).toBe('LOGIN_RATE_LIMITED');
  });
});

describeBackends('without a built app', (backend) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(backend);
  });
  afterAll(() => srv?.close());

  it('serves the API only, with a version fixed for the process', async () => {
    const client = api(srv.baseUrl);
    const a = (await client.get('/api/version')).body.version;
    expect(a).toEqual(expect.any(String));
    expect((await client.get('/api/version')).body.version).toBe(a);
    const root = await client.get('/');
    expect(root.status).toBe(404);
    expect(root.body.code).toBe('NOT_FOUND');
  });
});
