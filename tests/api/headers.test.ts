/**
 * Security headers (issue 5, Security) on every kind of answer, beyond tests/api/http.test.ts (which checks
 * index.html, /api/version, 401, 400 and 404): static assets, a static miss, 403, 409, 413, 415, 429 and a 500,
 * with the Content-Security-Policy read directive by directive. That the browser really refuses inline
 * scripts and framing is tests/e2e/csp.test.ts; the session cookies' SameSite=Strict is asserted in
 * tests/e2e/session.test.ts ("without rememberMe the refresh and user cookies last for the session").
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer, type ServerHandle } from '../../server/app';
import { ADMIN_PASSWORD, api, createUser, describeBackends, freshStore, startTestServer, type Api, type Store, type TestServer } from '../support/server';

/** The policy as directive -> sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** The headers every answer carries, whatever its kind or status. */
function expectHardened(headers: Headers, what: string) {
  const csp = parseCsp(headers.get('content-security-policy'));
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts.length, `${what}: script-src`).toBeGreaterThan(0);
  // no inline scripts, no inline event handlers, no eval (the form's validators are compiled at build time),
  // no scripts from anywhere or from data: / blob: URLs
  for (const unsafe of ["'unsafe-inline'", "'unsafe-hashes'", "'unsafe-eval'", "'wasm-unsafe-eval'", '*', 'data:', 'blob:', 'http:', 'https:'])
    expect(scripts, `${what}: script-src ${scripts.join(' ')}`).not.toContain(unsafe);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'self'"]);
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  // audio notes play in the page from blob URLs made from the authenticated download, and nothing else
  expect(csp.get('media-src'), what).toEqual(["'self'", 'blob:']);
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(headers.get('x-powered-by'), what).toBeNull();
}

describeBackends('security headers on every kind of answer', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let user: string;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'flujos-headers-'));
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>flujos</title><div id="root"></div><script type="module" src="/assets/app-1234.js"></script>');
    await writeFile(path.join(staticDir, 'assets', 'app-1234.js'), 'console.log("app")');
    await writeFile(path.join(staticDir, 'assets', 'app-1234.css'), 'body{}');
    srv = await startTestServer(backend, { staticDir });
    client = api(srv.baseUrl);
    admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    await createUser(srv.db, { username: 'plain', password: 'Plain-pass1!', roles: ['ROLE_USER'] });
    user = (await client.login('plain', 'Plain-pass1!')).access_token;
  });
  afterAll(async () => {
    await srv?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('static files: the app, a hashed script and style, a miss', async () => {
    for (const p of ['/', '/index.html', '/assets/app-1234.js', '/assets/app-1234.css', '/assets/missing.js', '/version.json']) {
      const res = await fetch(srv.baseUrl + p);
      expectHardened(res.headers, `GET ${p} (${res.status})`);
      if (p.endsWith('.js') && res.status === 200) expect(res.headers.get('content-type')).toMatch(/javascript/);
    }
  });

  it('API answers of every status', async () => {
    const seq = await client.post('/api/categoria/save', { tipo: 'h', nombre: 'Headers' }, admin);
    const answers: [string, Response | { headers: Headers; status: number }][] = [
      ['200', await client.post('/api/categoria/index', {}, admin)],
      ['403', await client.post('/api/secuencia/index', {}, user)],
      ['409', await client.post(`/api/categoria/update/${seq.body.id}`, { tipo: 'h', nombre: 'Old', version: 99 }, admin)],
      ['413', await fetch(`${srv.baseUrl}/api/categoria/save`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify({ nombre: 'x'.repeat(1_100_000) }) })],
      ['415', await fetch(`${srv.baseUrl}/api/categoria/index`, { method: 'POST', headers: { 'content-type': 'text/xml', authorization: `Bearer ${admin}` }, body: '<a/>' })],
      ['404 with a token', await client.post('/api/categoria/show/999999', {}, admin)],
      ['HEAD', await fetch(`${srv.baseUrl}/api/version`, { method: 'HEAD' })],
    ];
    for (const [what, res] of answers) {
      expectHardened(res.headers, what);
      expect(res.headers.get('cache-control'), what).toBe('no-store');
    }
    expect(answers.map(([w, r]) => `${w}:${r.status}`)).toEqual(['200:200', '403:403', '409:409', '413:413', '415:415', '404 with a token:404', 'HEAD:200']);
  });

  it('429 from the login limit', async () => {
    let last = 0;
    for (let i = 0; i < 6 && last !== 429; i++) last = (await client.post('/api/login', { username: 'plain', password: 'bad' })).status;
    const locked = await client.post('/api/login', { username: 'plain', password: 'bad' });
    expect(locked.status).toBe(429);
    expectHardened(locked.headers, 'login 429');
  });
});

describeBackends('security headers on an unexpected error', (backend) => {
  let handle: ServerHandle;
  let store: Store;
  beforeAll(async () => {
    store = await freshStore(backend);
    handle = await buildServer({ logger: false, adminPassword: ADMIN_PASSWORD, staticDir: path.join(tmpdir(), 'flujos-no-static'), ...store.options });
    // a route that fails like a bug would (added before the server is ready)
    handle.app.post('/api/test-only/boom', async () => {
      throw new Error('secret detail: /etc/passwd');
    });
  });
  afterAll(async () => {
    await handle?.close();
    await store?.dispose();
  });

  it('answers 500 INTERNAL_ERROR with the headers and without the details', async () => {
    const login = await handle.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    const res = await handle.app.inject({ method: 'POST', url: '/api/test-only/boom', headers: { authorization: `Bearer ${login.json().access_token}` }, payload: {} });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: expect.any(String) });
    expect(res.body).not.toContain('secret detail');
    expectHardened(new Headers(res.headers as Record<string, string>), '500');
  });
});
