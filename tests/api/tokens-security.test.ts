/**
 * Token and login abuse (issue 5, Security), beyond tests/api/tokens.test.ts and login.test.ts (which cover
 * /api/me with forged tokens, sequential refresh-token reuse, and the sequential login rate limit):
 *
 * - forged access tokens (tampered, expired, alg none, another key or algorithm, missing claims) are refused
 *   on entity routes too, reads and writes, and a refused write writes nothing; a token is only taken from
 *   the Authorization header (not a cookie nor the query string); refresh and access tokens don't mix;
 * - refresh-token reuse in parallel: only one exchange wins, and the reuse revokes the whole login;
 * - the login rate limit holds under parallel attempts: a burst never gets more password checks than the
 *   limit allows.
 */
import { SignJWT, UnsecuredJWT, decodeJwt, type JWTPayload } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../server/config';
import { ADMIN_PASSWORD, api, createUser, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

const ROOT_CLAIMS = { username: 'admin', roles: ['ROLE_ROOT', 'ROLE_ADMIN', 'ROLE_USER'] };

describeBackends('forged access tokens on entity routes', (backend) => {
  let srv: TestServer;
  let client: Api;
  let good: string;
  let secret: Uint8Array;
  let userToken: string;
  let adminId: string;

  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
    good = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    adminId = String(decodeJwt(good).sub);
    const row = await srv.db.selectFrom('app_setting').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
    secret = Buffer.from(row.value, 'base64url');
    await createUser(srv.db, { username: 'plain', password: 'Plain-pass1!', roles: ['ROLE_USER'] });
    userToken = (await client.login('plain', 'Plain-pass1!')).access_token;
  });
  afterAll(() => srv?.close());

  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: JWTPayload, key: Uint8Array = secret, alg = 'HS256') => new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
  const b64 = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');

  /** name -> a token that must be refused. */
  async function forgeries(): Promise<[string, string][]> {
    const [h, p, s] = good.split('.');
    const payload = decodeJwt(good);
    const flipped = s.slice(0, 5) + (s[5] === 'A' ? 'B' : 'A') + s.slice(6);
    return [
      ['a flipped signature bit', `${h}.${p}.${flipped}`],
      ['no signature', `${h}.${p}.`],
      ['a payload raised to ROOT with the old signature', `${h}.${b64({ ...payload, roles: ['ROLE_ROOT'], sub: '999' })}.${s}`],
      ['the header switched to alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`],
      ['an unsecured JWT (alg none)', new UnsecuredJWT(ROOT_CLAIMS).setSubject(adminId).setExpirationTime('1h').encode()],
      ['another key', await sign({ ...ROOT_CLAIMS, sub: adminId, exp: now() + 3600 }, new TextEncoder().encode('k'.repeat(64)))],
      ['the right key with HS512', await sign({ ...ROOT_CLAIMS, sub: adminId, exp: now() + 3600 }, secret, 'HS512')],
      ['the right key, expired a minute ago', await sign({ ...ROOT_CLAIMS, sub: adminId, iat: now() - 3700, exp: now() - 60 })],
      ['the right key, without exp', await sign({ ...ROOT_CLAIMS, sub: adminId })],
      ['the right key, without sub', await sign({ ...ROOT_CLAIMS, exp: now() + 3600 })],
      ['the right key, a sub that is not a number', await sign({ ...ROOT_CLAIMS, sub: 'admin', exp: now() + 3600 })],
      ['the right key, roles not a list', await sign({ username: 'admin', roles: 'ROLE_ROOT', sub: adminId, exp: now() + 3600 })],
      ['the right key, not valid before next hour', await sign({ ...ROOT_CLAIMS, sub: adminId, nbf: now() + 3600, exp: now() + 7200 })],
      ['a JWT with a key id pointing elsewhere', `${b64({ alg: 'HS256', kid: '../../../dev/null' })}.${p}.${s}`],
      ['junk', 'not.a.token'],
      ['the refresh token', (await client.login('admin', ADMIN_PASSWORD)).refresh_token],
    ];
  }

  it('refuses each forgery with 401 on entity reads and writes, and writes nothing', async () => {
    const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from categoria`.execute(srv.db)).rows[0].n);
    const before = await count();
    for (const [name, token] of await forgeries()) {
      for (const [path, body] of [
        ['/api/categoria/index', {}],
        ['/api/categoria/show/1', {}],
        ['/api/categoria/save', { tipo: 'forged', nombre: `by ${name}` }],
        ['/api/categoria/delete/1', {}],
        ['/api/secuencia/index', {}],
        ['/api/rowConfig/update', { tipo: 'cols-categoria', jsondata: '[]' }],
      ] as const) {
        const res = await client.post(path, body, token);
        expect(res.status, `${name} on ${path}`).toBe(401);
        expect(res.body.code).toBe('UNAUTHORIZED');
      }
    }
    expect(await count()).toBe(before);
  });

  it('a validly signed token is only as strong as its roles: a ROLE_USER token cannot be promoted by editing it', async () => {
    const [h, p, s] = userToken.split('.');
    const promoted = `${h}.${b64({ ...decodeJwt(userToken), roles: ['ROLE_ADMIN'] })}.${s}`;
    expect((await client.post('/api/secuencia/index', {}, userToken)).status).toBe(403);
    expect((await client.post('/api/secuencia/index', {}, promoted)).status).toBe(401);
  });

  it('takes the token from the Authorization header only', async () => {
    const viaQuery = await client.post(`/api/categoria/index?access_token=${good}`, {});
    expect(viaQuery.status).toBe(401);
    const viaCookie = await client.post('/api/categoria/index', {}, undefined, { cookie: `access_token=${good}; token=${good}` });
    expect(viaCookie.status).toBe(401);
    const twoSchemes = await client.post('/api/categoria/index', {}, undefined, { authorization: `Bearer junk Bearer ${good}` });
    expect(twoSchemes.status).toBe(401);
    expect((await client.post('/api/categoria/index', {}, good)).status).toBe(200);
  });

  it('an access token is not a refresh token', async () => {
    // refused by shape (a JWT is longer than any refresh token) or by lookup: never exchanged
    const res = await client.refresh(good);
    expect([400, 401]).toContain(res.status);
    const short = await client.refresh(good.split('.')[2]);
    expect(short.status).toBe(401);
    expect(short.body.code).toBe('INVALID_REFRESH_TOKEN');
  });
});

describeBackends('refresh-token reuse under concurrency', (backend) => {
  let srv: TestServer;
  let client: Api;
  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
  });
  afterAll(() => srv?.close());

  it('lets one of several parallel exchanges of one token win, and the reuse revokes that login', async () => {
    const other = await client.login('admin', ADMIN_PASSWORD);
    const login = await client.login('admin', ADMIN_PASSWORD);
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.refresh(login.refresh_token)));
    const won = answers.filter((r) => r.status === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    for (const r of answers.filter((a) => a.status !== 200)) {
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('INVALID_REFRESH_TOKEN');
    }
    // whatever the winner got belongs to a revoked family now
    for (const r of won) expect((await client.refresh(r.body.refresh_token)).status).toBe(401);
    expect((await client.refresh(login.refresh_token)).status).toBe(401);
    // another login of the same user is untouched
    expect((await client.refresh(other.refresh_token)).status).toBe(200);
  });

  it('a thief replaying an old token ends the rightful session too, even after many rotations', async () => {
    const login = await client.login('admin', ADMIN_PASSWORD, true);
    const stolen = login.refresh_token;
    let current = stolen;
    for (let i = 0; i < 5; i++) current = (await client.refresh(current)).body.refresh_token;
    expect((await client.refresh(stolen)).status).toBe(401);
    expect((await client.refresh(current)).status).toBe(401);
    const family = await srv.db
      .selectFrom('refresh_token')
      .select(sql<number>`count(*) filter (where revoked_at is null)::int`.as('alive'))
      .where('user_id', '=', login.id)
      .where('remember_me', '=', true)
      .executeTakeFirstOrThrow();
    expect(family.alive).toBe(0);
  });
});

describeBackends('login rate limit under parallel attempts', (backend) => {
  let srv: TestServer;
  let client: Api;
  const { pairFree: perUser, addressFree: perIp } = DEFAULT_CONFIG.loginLimits;
  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
    await createUser(srv.db, { username: 'burst', password: 'Burst-pass1!' });
  });
  afterAll(() => srv?.close());

  /**
   * A burst, then single attempts until the lock: the password is checked exactly `limit` times in all (a
   * burst may lock more of itself than needed, never fewer), and then even the right password is refused.
   */
  async function burstThenLock(limit: number, attempt: (i: number) => Promise<number>) {
    const burst = await Promise.all(Array.from({ length: limit + 25 }, (_, i) => attempt(i)));
    expect(burst.every((s) => s === 401 || s === 429), burst.join(',')).toBe(true);
    const checkedInBurst = burst.filter((s) => s === 401).length;
    expect(checkedInBurst, `password checks in the burst: ${burst.join(',')}`).toBeLessThanOrEqual(limit);
    let checked = checkedInBurst;
    for (let i = 0; i <= limit; i++) {
      const status = await attempt(1000 + i);
      if (status === 429) break;
      expect(status).toBe(401);
      checked++;
    }
    expect(checked).toBe(limit);
  }

  it(`a burst of wrong passwords for one user gets ${perUser} password checks in all, then the user is locked`, async () => {
    await burstThenLock(perUser, async () => (await client.post('/api/login', { username: 'burst', password: 'wrong' })).status);
    const right = await client.post('/api/login', { username: 'burst', password: 'Burst-pass1!' });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('LOGIN_LOCKED');
  });

  it(`a burst over many user names from one address gets ${perIp} password checks in all`, async () => {
    await srv.db.deleteFrom('login_attempt').execute(); // a clean slate after the burst above
    await burstThenLock(perIp, async (i) => (await client.post('/api/login', { username: `spray${i}`, password: 'wrong' })).status);
    expect((await client.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(429);
  });

  it('a burst of wrong current passwords through changePassword (a stolen access token) is held the same way', async () => {
    await srv.db.deleteFrom('login_attempt').execute();
    await createUser(srv.db, { username: 'stolen', password: 'Stolen-pass1!' });
    const token = (await client.login('stolen', 'Stolen-pass1!')).access_token;
    const change = (current: string) =>
      client.post('/api/user/changePassword', { currentPassword: current, password: 'Guessed-pass2!', confirmation: 'Guessed-pass2!' }, token);
    const burst = await Promise.all(Array.from({ length: perUser + 20 }, () => change('guess')));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 400).length, statuses.join(',')).toBeLessThanOrEqual(perUser);
    expect(statuses.every((s) => s === 400 || s === 429), statuses.join(',')).toBe(true);
    for (let i = 0; i < perUser; i++) if ((await change('guess')).status === 429) break;
    expect((await change('Stolen-pass1!')).status).toBe(429);
    expect((await client.post('/api/login', { username: 'stolen', password: 'Stolen-pass1!' })).status).toBe(429);
  });
});
