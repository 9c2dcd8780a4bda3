/**
 * Fuzzing the anonymous routes (issue 18, Bad input and cost): login, token refresh (JSON and form), logout,
 * password recovery and reset, the version poll. They answer anyone, so each gets what an attacker would send:
 * bodies their schemas refuse (wrong types, unknown keys, missing required, too long texts), over their few-kB
 * limit (413 with a code, before any parse), nested 10,000 levels, invalid JSON, a wrong content type, NUL and
 * lone surrogates. Every answer is a 4xx with a stable code, never a 5xx; no user, session, reset token or mail is
 * made; the owner still logs in and the server still serves afterwards.
 *
 * Which routes are anonymous is read from the server itself: every registered /api route other than these
 * answers 401 without a token.
 *
 * FUZZ_RUNS scales the number of runs (default 1); FUZZ_SEED replays a failure.
 */
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JsonSchema } from '../../engine/metadata/types';
import { PUBLIC_ROUTES } from '../../server/auth/guard';
import { resetBody, sendBody } from '../../server/routes/password-recovery';
import { SMALL_PUBLIC_BODY, loginBody, logoutBody, refreshBody } from '../../server/routes/session';
import { assert4xxWithCode, fuzzTimeout, invalidObjectArb, params, sendRaw, type Answer } from '../support/fuzz';
import { ADMIN_PASSWORD, api, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

const DEPTH = 10_000;
const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObjects = (depth: number) => '{"k":'.repeat(depth) + '{}' + '}'.repeat(depth);

/** Tables an anonymous call could write: none may change (failed logins are recorded, by design, in login_attempt). */
const WATCHED = ['usuario', 'refresh_token', 'password_reset', 'comunicacion', 'audit_log', 'outbox_event', 'reporte_error'];

/** Every route and method of `printRoutes({ commonPrefix: false })`, with the tree's segments joined. */
function registeredRoutes(tree: string): { url: string; methods: string[] }[] {
  const out: { url: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│   |    )*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    if (m[3]) out.push({ url: stack.join(''), methods: m[3].split(', ') });
  }
  return out;
}

describeBackends('fuzzing the anonymous routes', (backend) => {
  let srv: TestServer;
  let client: Api;
  let db: Kysely<any>;
  let address = 0;
  /** Each request from its own address (TRUST_PROXY): the per-address limits must not hide what the route itself does. */
  const nextAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;

  const raw = (route: string, body: string | URLSearchParams | undefined, contentType: string | null, method = 'POST'): Promise<Answer> =>
    sendRaw(srv.baseUrl + route, { method, headers: { 'x-forwarded-for': nextAddress() }, body, contentType });
  const expect4xx = assert4xxWithCode;
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const t of WATCHED) out[t] = Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db)).rows[0].n);
    return out;
  };

  beforeAll(async () => {
    srv = await startTestServer(backend, { trustProxy: true, publicUrl: 'https://flujos.example.com' });
    client = api(srv.baseUrl);
    db = srv.db as unknown as Kysely<any>;
    // the admin has a mail address, so a valid recovery would write a reset token and a mail
    await db.updateTable('usuario').set({ email: 'admin@example.com' }).where('username', '=', 'admin').execute();
  });
  afterAll(() => srv?.close());

  it('only the login routes and the version poll answer without a token', async () => {
    const routes = registeredRoutes(srv.handle.app.printRoutes({ commonPrefix: false })).filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(100);
    const open: string[] = [];
    for (const { url, methods } of routes) {
      const concrete = url.replace(/:[A-Za-z]+/g, '1');
      for (const method of methods.filter((m) => m !== 'HEAD')) {
        const res = await raw(concrete, method === 'GET' ? undefined : '{}', method === 'GET' ? null : 'application/json', method);
        if (res.status !== 401) open.push(url);
        else expect(res.body.code, url).toBe('UNAUTHORIZED');
      }
    }
    expect([...new Set(open)].sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  const routes: [string, JsonSchema][] = [
    ['/api/login', loginBody as unknown as JsonSchema],
    ['/api/oauth/access_token', refreshBody as unknown as JsonSchema],
    ['/api/logout', logoutBody as unknown as JsonSchema],
    ['/api/passwordRecovery/sendRecoveryEmail', sendBody as unknown as JsonSchema],
    ['/api/passwordRecovery/resetPassword', resetBody as unknown as JsonSchema],
  ];

  for (const [route, schema] of routes)
    it(`${route}: malformed, oversized, deep and invalid bodies answer a 4xx with a code and write nothing`, { timeout: fuzzTimeout(120_000) }, async () => {
      const before = await counts();
      const key = Object.keys(schema.properties ?? {})[0];
      const cases: [string, string | URLSearchParams | undefined, string | null][] = [
        ['no body', undefined, 'application/json'],
        ['invalid JSON', '{"username":', 'application/json'],
        ['two objects', '{}{}', 'application/json'],
        ['text/plain', 'username=admin', 'text/plain'],
        ['xml', '<login/>', 'application/xml'],
        ['multipart', '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nadmin\r\n--x--\r\n', 'multipart/form-data; boundary=x'],
        ['an array', '[]', 'application/json'],
        ['a string', '"admin"', 'application/json'],
        ['null', 'null', 'application/json'],
        [`arrays nested ${DEPTH} levels`, `{"${key}":${deepArrays(DEPTH)}}`, 'application/json'],
        [`objects nested ${DEPTH} levels`, `{"${key}":${deepObjects(DEPTH)}}`, 'application/json'],
        ['nested within the limit', `{"${key}":${deepArrays(1000)}}`, 'application/json'],
        ['a NUL in a key', JSON.stringify({ [`${key}\u0000`]: 'x' }), 'application/json'],
        ['a lone surrogate', `{"${key}":"\\udfff"}`, 'application/json'],
        ['1 MB', JSON.stringify({ [key]: 'x'.repeat(1024 * 1024) }), 'application/json'],
        ['just over the limit', JSON.stringify({ [key]: 'x'.repeat(SMALL_PUBLIC_BODY) }), 'application/json'],
        ['a form over the limit', new URLSearchParams({ [key]: 'x'.repeat(SMALL_PUBLIC_BODY) }), null],
        ['a form with unknown keys', new URLSearchParams({ [key]: 'x', isAdmin: 'true' }), null],
      ];
      for (const [how, body, type] of cases) {
        const res = await raw(route, body, type);
        expect4xx(res, `${route} ${how}`);
        if (/MB|over the limit/.test(how)) expect(res.status, `${route} ${how}`).toBe(413);
      }
      await fc.assert(
        fc.asyncProperty(invalidObjectArb(schema), async ({ how, body }) => {
          expect4xx(await raw(route, JSON.stringify(body), 'application/json'), `${route} ${how}: ${JSON.stringify(body)?.slice(0, 160)}`);
        }),
        params(60),
      );
      expect(await counts(), 'rows after the invalid calls').toEqual(before);
    });

  it('/api/version: other methods and bodies answer a 4xx with a code', async () => {
    expect4xx(await raw('/api/version', '{}', 'application/json'), 'POST /api/version');
    expect4xx(await raw('/api/version', 'x'.repeat(2 * 1024 * 1024), 'application/json', 'PUT'), 'PUT /api/version 2 MB');
    expect((await raw('/api/version', undefined, null, 'GET')).status).toBe(200);
  });

  it('the owner still logs in, and the server still serves', async () => {
    const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    expect((await client.post('/api/categoria/index', { max: 1 }, token)).status).toBe(200);
  });
});
