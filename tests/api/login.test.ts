import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, createUser, describeBackends, freshStore, startTestServer, type Api, type TestServer } from '../support/server';

describeBackends('POST /api/login', (backend) => {
  let srv: TestServer;
  let client: Api;
  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
  });
  afterAll(() => srv?.close());

  it('logs the first admin in and returns the session', async () => {
    const res = await client.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD, rememberMe: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: 'admin',
      roles: ['ROLE_ROOT', 'ROLE_ADMIN', 'ROLE_USER'],
      perfilid: null,
      expires_in: 3600,
    });
    expect(res.body.id).toEqual(expect.any(Number));
    expect(res.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.refresh_token).toMatch(/^[\w-]{43}$/);
    const me = await client.get('/api/me', res.body.access_token);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: res.body.id, username: 'admin', roles: res.body.roles, perfilid: null });
  });

  it('keeps the token hashed in the database, never the token itself', async () => {
    const reply = await client.login('admin', ADMIN_PASSWORD);
    const rows = await srv.db.selectFrom('refresh_token').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(reply.refresh_token);
  });

  it('refuses a wrong password with 401 LOGIN_FAILED and the spec text', async () => {
    const res = await client.post('/api/login', { username: 'admin', password: 'nope', rememberMe: false });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'LOGIN_FAILED', message: 'Usuario o contraseña incorrectos' });
  });

  it('answers an unknown user exactly like a wrong password, in English when asked', async () => {
    const res = await client.post('/api/login', { username: 'ghost', password: 'x' }, undefined, { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'LOGIN_FAILED', message: 'Wrong username or password' });
  });

  it('refuses a disabled user', async () => {
    await createUser(srv.db, { username: 'off', password: 'Off-pass1!' });
    await srv.db.updateTable('usuario').set({ enabled: false }).where('username', '=', 'off').execute();
    expect((await client.post('/api/login', { username: 'off', password: 'Off-pass1!' })).status).toBe(401);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['no password', { username: 'admin' }],
    ['a number as user name', { username: 1, password: 'x' }],
    ['a string as rememberMe', { username: 'admin', password: 'x', rememberMe: 'yes' }],
    ['null password', { username: 'admin', password: null }],
    ['an array', ['admin', 'x']],
    ['an empty user name', { username: '', password: 'x' }],
  ])('answers 400 BAD_REQUEST for %s', async (_, body) => {
    const res = await client.post('/api/login', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('answers 400 for broken JSON', async () => {
    const res = await fetch(`${srv.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('BAD_REQUEST');
  });
});

describeBackends('login rate limit', (backend) => {
  let srv: TestServer;
  let client: Api;
  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
    await createUser(srv.db, { username: 'locky', password: 'Locky-pass1!' });
    await createUser(srv.db, { username: 'resetty', password: 'Resetty-pass1!' });
  });
  afterAll(() => srv?.close());

  it('locks a user name after 5 failures, even for the right password, and only that name', async () => {
    for (let i = 0; i < 5; i++) expect((await client.post('/api/login', { username: 'locky', password: 'bad' })).status).toBe(401);
    const locked = await client.post('/api/login', { username: 'locky', password: 'Locky-pass1!' });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('LOGIN_RATE_LIMITED');
    // Another spelling of the same name is the same name.
    expect((await client.post('/api/login', { username: 'LOCKY', password: 'x' })).status).toBe(429);
    expect((await client.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
  });

  it('counts only the failures since the last success', async () => {
    for (let i = 0; i < 4; i++) await client.post('/api/login', { username: 'resetty', password: 'bad' });
    await client.login('resetty', 'Resetty-pass1!');
    for (let i = 0; i < 4; i++) expect((await client.post('/api/login', { username: 'resetty', password: 'bad' })).status).toBe(401);
    expect((await client.post('/api/login', { username: 'resetty', password: 'Resetty-pass1!' })).status).toBe(200);
  });

  it('unlocks once the failures are older than the window', async () => {
    await srv.db
      .updateTable('login_attempt')
      .set({ at: new Date(Date.now() - 16 * 60_000) })
      .where('username', '=', 'locky')
      .execute();
    expect((await client.post('/api/login', { username: 'locky', password: 'Locky-pass1!' })).status).toBe(200);
  });
});

describeBackends('login rate limit per client address', (backend) => {
  let srv: TestServer;
  let client: Api;
  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
  });
  afterAll(() => srv?.close());

  it('locks the address after 20 failures with any names', async () => {
    for (let i = 0; i < 20; i++) expect((await client.post('/api/login', { username: `u${i}`, password: 'bad' })).status).toBe(401);
    const res = await client.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('LOGIN_RATE_LIMITED');
  });
});

describeBackends('login rate limit across instances', (backend) => {
  // Two instances on one database: only PostgreSQL can be shared; PGlite is one process's database.
  const shared = backend.name === 'postgres';
  it.skipIf(!shared)('a user locked on one instance is locked on the other', async () => {
    const store = await freshStore(backend);
    const a = await startTestServer(backend, { store });
    const b = await startTestServer(backend, { store });
    try {
      for (let i = 0; i < 5; i++) await api(a.baseUrl).post('/api/login', { username: 'admin', password: 'bad' });
      expect((await api(b.baseUrl).post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await store.dispose();
    }
  });
});
