import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../server/config';
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

/**
 * Login throttling (issue 18, server/auth/login-delay.ts): attackers wait longer and longer, the owner is not
 * locked out. Client addresses come from X-Forwarded-For (TRUST_PROXY: the last hop). A wait is never waited
 * for: the failures are aged in the database instead.
 */
describeBackends('login throttling', (backend) => {
  const limits = { pairFree: 3, accountFree: 6, addressFree: 8, baseSeconds: 60, maxSeconds: 900, windowMinutes: 600, knownDays: 30 };
  let srv: TestServer;
  let client: Api;
  const PASS = 'Owner-pass1!';
  const from = (ip: string, username: string, password: string) => client.post('/api/login', { username, password }, undefined, { 'x-forwarded-for': ip });
  /** Makes every failure of `username` look `seconds` older: time passing without waiting for it. */
  const age = (username: string, seconds: number) =>
    sql`update login_attempt set at = at - ${seconds}::int * interval '1 second' where username = ${username} and not ok`.execute(srv.db);

  beforeAll(async () => {
    srv = await startTestServer(backend, { trustProxy: true, loginLimits: limits });
    client = api(srv.baseUrl);
    for (const u of ['owner', 'spread', 'colleague', 'burst']) await createUser(srv.db, { username: u, password: PASS });
  });
  afterAll(() => srv?.close());

  it('an attacker guessing from one address waits, twice as long after each further failure; the owner elsewhere is not slowed', async () => {
    for (let i = 0; i < limits.pairFree; i++) expect((await from('10.0.0.66', 'owner', 'guess')).status).toBe(401);
    const locked = await from('10.0.0.66', 'owner', PASS); // even the right password waits
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'LOGIN_LOCKED', errors: [{ code: 'LOGIN_LOCKED', params: { minutes: 1 } }] });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(55);
    expect(locked.body.message).toMatch(/1 min/);
    // another spelling of the name is the same name; hammering does not lengthen the wait
    expect((await from('10.0.0.66', 'OWNER', 'x')).status).toBe(429);
    // the owner, from their own address, logs in at once
    expect((await from('10.0.0.1', 'owner', PASS)).status).toBe(200);
    // once the wait is over, one more failure doubles it
    await age('owner', 61);
    expect((await from('10.0.0.66', 'owner', 'guess')).status).toBe(401);
    const longer = await from('10.0.0.66', 'owner', 'guess');
    expect(longer.status).toBe(429);
    expect(longer.body.errors[0].params.minutes).toBe(2);
    // and it never grows past maxSeconds
    for (let i = 0; i < 6; i++) {
      await age('owner', limits.maxSeconds + 1);
      expect((await from('10.0.0.66', 'owner', 'guess')).status).toBe(401);
    }
    expect((await from('10.0.0.66', 'owner', 'guess')).body.errors[0].params.minutes).toBe(limits.maxSeconds / 60);
    // the right password from the attacker's address works again once its wait is over, and ends that pair's count
    await age('owner', limits.maxSeconds + 1);
    expect((await from('10.0.0.66', 'owner', PASS)).status).toBe(200);
    expect((await from('10.0.0.66', 'owner', 'guess')).status).toBe(401);
  });

  it('a guessing attack spread over many addresses slows new addresses for that name, never the owner at a known one', async () => {
    expect((await from('10.0.1.1', 'spread', PASS)).status).toBe(200); // the owner's usual address
    for (let i = 0; i < limits.accountFree; i++) expect((await from(`10.0.2.${i}`, 'spread', 'guess')).status).toBe(401);
    const fresh = await from('10.0.2.200', 'spread', PASS);
    expect(fresh.status).toBe(429);
    expect(fresh.body.code).toBe('LOGIN_LOCKED');
    expect((await from('10.0.1.1', 'spread', PASS)).status).toBe(200);
    // other names from those addresses are not slowed
    expect((await from('10.0.2.200', 'colleague', PASS)).status).toBe(200);
  });

  it('a spray of names from one address slows that address, except for a name that logged in there before', async () => {
    expect((await from('10.0.3.1', 'colleague', PASS)).status).toBe(200);
    for (let i = 0; i < limits.addressFree; i++) expect((await from('10.0.3.1', `nobody${i}`, 'guess')).status).toBe(401);
    expect((await from('10.0.3.1', 'owner', PASS)).status).toBe(429);
    expect((await from('10.0.3.1', 'colleague', PASS)).status).toBe(200);
    expect((await from('10.0.3.2', 'owner', PASS)).status).toBe(200);
  });

  it('a parallel burst from one address gets at most the free password checks', async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, () => from('10.0.4.1', 'burst', 'guess')));
    const statuses = burst.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429), statuses.join(',')).toBe(true);
    let checked = statuses.filter((s) => s === 401).length;
    expect(checked, statuses.join(',')).toBeLessThanOrEqual(limits.pairFree);
    // a burst may hold back more of itself than needed, never fewer: single attempts get the rest
    while (checked < limits.pairFree + 1) {
      const status = (await from('10.0.4.1', 'burst', 'guess')).status;
      if (status === 429) break;
      checked++;
    }
    expect(checked).toBe(limits.pairFree);
    expect((await from('10.0.4.1', 'burst', PASS)).status).toBe(429);
    expect((await from('10.0.4.2', 'burst', PASS)).status).toBe(200);
  });

  it('failures older than the window count for nothing', async () => {
    for (let i = 0; i < limits.pairFree; i++) await from('10.0.5.1', 'colleague', 'guess');
    expect((await from('10.0.5.1', 'colleague', PASS)).status).toBe(429);
    await age('colleague', limits.windowMinutes * 60 + 1);
    expect((await from('10.0.5.1', 'colleague', PASS)).status).toBe(200);
  });
});

describeBackends('login throttling across instances', (backend) => {
  // Two instances on one database: only PostgreSQL can be shared; PGlite is one process's database.
  const shared = backend.name === 'postgres';
  it.skipIf(!shared)('an address slowed on one instance waits on the other', async () => {
    const store = await freshStore(backend);
    const a = await startTestServer(backend, { store });
    const b = await startTestServer(backend, { store });
    try {
      for (let i = 0; i < DEFAULT_CONFIG.loginLimits.pairFree; i++) await api(a.baseUrl).post('/api/login', { username: 'admin', password: 'bad' });
      expect((await api(b.baseUrl).post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await store.dispose();
    }
  });
});
