import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

describeBackends('refresh tokens', (backend) => {
  let srv: TestServer;
  let client: Api;
  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
  });
  afterAll(() => srv?.close());

  it('exchanges a refresh token for a new pair and the user fields', async () => {
    const login = await client.login('admin', ADMIN_PASSWORD);
    const res = await client.refresh(login.refresh_token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: login.id, username: 'admin', roles: login.roles, perfilid: null, expires_in: 3600 });
    expect(res.body.refresh_token).not.toBe(login.refresh_token);
    expect((await client.get('/api/me', res.body.access_token)).status).toBe(200);
  });

  it('rotates: a used token revokes its whole family, other logins stay', async () => {
    const other = await client.login('admin', ADMIN_PASSWORD);
    const t1 = (await client.login('admin', ADMIN_PASSWORD)).refresh_token;
    const t2 = (await client.refresh(t1)).body.refresh_token;
    const t3 = (await client.refresh(t2)).body.refresh_token;
    expect(t3).toEqual(expect.any(String));

    const reuse = await client.refresh(t1);
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('INVALID_REFRESH_TOKEN');
    // The newest token of that family is dead too.
    expect((await client.refresh(t3)).status).toBe(401);
    expect((await client.refresh(other.refresh_token)).status).toBe(200);
  });

  it('keeps rememberMe on the family: 365 days, or 24 hours without it', async () => {
    const day = 24 * 3600 * 1000;
    const lifetimeOf = async (token: string) => {
      const { createHash } = await import('node:crypto');
      const row = await srv.db
        .selectFrom('refresh_token')
        .select(['remember_me', 'expires_at', 'created_at'])
        .where('token_hash', '=', createHash('sha256').update(token).digest('base64url'))
        .executeTakeFirstOrThrow();
      return { remember: row.remember_me, ms: row.expires_at.getTime() - row.created_at.getTime() };
    };
    const remembered = await client.login('admin', ADMIN_PASSWORD, true);
    const next = (await client.refresh(remembered.refresh_token)).body.refresh_token;
    for (const t of [remembered.refresh_token, next]) {
      const l = await lifetimeOf(t);
      expect(l.remember).toBe(true);
      expect(Math.abs(l.ms - 365 * day)).toBeLessThan(60_000);
    }
    const session = await client.login('admin', ADMIN_PASSWORD, false);
    const l = await lifetimeOf((await client.refresh(session.refresh_token)).body.refresh_token);
    expect(l.remember).toBe(false);
    expect(Math.abs(l.ms - day)).toBeLessThan(60_000);
  });

  it('refuses unknown and expired tokens with 401 INVALID_REFRESH_TOKEN', async () => {
    expect((await client.refresh('not-a-token')).body.code).toBe('INVALID_REFRESH_TOKEN');
    const login = await client.login('admin', ADMIN_PASSWORD);
    await srv.db.updateTable('refresh_token').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const res = await client.refresh(login.refresh_token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('answers 400 for another grant type or missing fields', async () => {
    const login = await client.login('admin', ADMIN_PASSWORD);
    const bad = await client.postForm('/api/oauth/access_token', { grant_type: 'password', refresh_token: login.refresh_token });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
    expect((await client.postForm('/api/oauth/access_token', { grant_type: 'refresh_token' })).status).toBe(400);
    expect((await client.postForm('/api/oauth/access_token', {})).status).toBe(400);
    // The bad requests did not spend the token.
    expect((await client.refresh(login.refresh_token)).status).toBe(200);
  });

  it('logout revokes the family, needs no bearer, and ignores unknown tokens', async () => {
    const login = await client.login('admin', ADMIN_PASSWORD);
    const next = (await client.refresh(login.refresh_token)).body.refresh_token;
    const out = await client.post('/api/logout', { refresh_token: next });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect((await client.refresh(next)).status).toBe(401);
    expect((await client.post('/api/logout', { refresh_token: 'unknown' })).body).toEqual({ ok: true });
    expect((await client.post('/api/logout', {})).status).toBe(400);
  });
});

describeBackends('bearer access tokens', (backend) => {
  let srv: TestServer;
  let client: Api;
  let token: string;
  let secret: Uint8Array;
  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
    token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    // No JWT_SECRET given: the server generated one and keeps it in app_setting.
    const row = await srv.db.selectFrom('app_setting').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
    secret = Buffer.from(row.value, 'base64url');
  });
  afterAll(() => srv?.close());

  const expect401 = async (authorization?: string) => {
    const res = await client.get('/api/me', undefined, authorization ? { authorization } : {});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  };
  // the session of the real login: a token signed with the right key also needs a live session
  const claims = () => ({ username: 'admin', roles: ['ROLE_ROOT'], sid: decodeJwt(token).sid as string });

  it('admits the real token', async () => {
    expect((await client.get('/api/me', token)).status).toBe(200);
  });

  it('refuses no token, junk and other schemes', async () => {
    await expect401();
    await expect401('Bearer');
    await expect401('Bearer junk');
    await expect401(`Basic ${token}`);
  });

  it('refuses a tampered signature or payload', async () => {
    const [h, p, s] = token.split('.');
    const flipped = s.slice(0, 10) + (s[10] === 'A' ? 'B' : 'A') + s.slice(11);
    await expect401(`Bearer ${h}.${p}.${flipped}`);
    const payload = { ...decodeJwt(token), roles: ['ROLE_ROOT', 'ROLE_SUPER'], sub: '2' };
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64url');
    await expect401(`Bearer ${h}.${forged}.${s}`);
  });

  it("refuses alg 'none'", async () => {
    const none = new UnsecuredJWT(claims()).setSubject('1').setIssuedAt().setExpirationTime('1h').encode();
    await expect401(`Bearer ${none}`);
  });

  it('refuses a token signed with another key or another algorithm', async () => {
    const wrongKey = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    await expect401(`Bearer ${wrongKey}`);
    const hs512 = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS512' }).setSubject('1').setExpirationTime('1h').sign(secret);
    await expect401(`Bearer ${hs512}`);
  });

  it('refuses an expired token signed with the right key', async () => {
    const good = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setExpirationTime('1h').sign(secret);
    expect((await client.get('/api/me', good)).status).toBe(200);
    const expired = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    await expect401(`Bearer ${expired}`);
  });

  it('leaves the public routes open', async () => {
    expect((await client.get('/api/version')).status).toBe(200);
  });
});
