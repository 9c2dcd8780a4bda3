/**
 * Two server instances on one PostgreSQL (issue 18): a session ended on one is refused by the other within its
 * cache window (server/auth/sessions.ts, SESSION_CHECK_MS), and its refresh token at once. The second instance is
 * a separate process (tests/support/child-server.ts), so it shares nothing with the first but the database.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLES } from '../../engine/roles';
import { SESSION_CHECK_MS } from '../../server/auth/sessions';
import { startChildServer, type ChildServer } from '../support/child-server';
import { ADMIN_PASSWORD, api, createUser, describeBackends, freshStore, startTestServer, type Store, type TestServer } from '../support/server';

const PASS = 'Instances-pass1!';

describeBackends('sessions across instances', (backend) => {
  const shared = backend.name === 'postgres'; // PGlite is one process's database
  let store: Store;
  let a: TestServer;
  let b: ChildServer;

  beforeAll(async () => {
    if (!shared) return;
    store = await freshStore(backend);
    a = await startTestServer(backend, { store });
    b = await startChildServer({ DATABASE_URL: store.options.databaseUrl! });
  }, 240_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
    await store?.dispose();
  });

  /** Polls B until the token is refused; the seconds it took. Fails past three cache windows. */
  async function refusedOnB(token: string): Promise<number> {
    const started = Date.now();
    for (;;) {
      const status = (await api(b.baseUrl).get('/api/me', token)).status;
      if (status === 401) return (Date.now() - started) / 1000;
      expect(status).toBe(200);
      if (Date.now() - started > 3 * SESSION_CHECK_MS) throw new Error(`still accepted on the other instance after ${3 * SESSION_CHECK_MS} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it.skipIf(!shared)('logout on one instance: the other refuses the access token within its cache window, the refresh token at once', async () => {
    await createUser(a.db, { username: 'twice', password: PASS, roles: [ROLES.USER] });
    const s = await api(a.baseUrl).login('twice', PASS);
    // B has seen the session alive (and cached that)
    expect((await api(b.baseUrl).get('/api/me', s.access_token)).status).toBe(200);
    expect((await api(a.baseUrl).post('/api/logout', { refresh_token: s.refresh_token })).status).toBe(200);
    expect((await api(a.baseUrl).get('/api/me', s.access_token)).status).toBe(401);
    expect((await api(b.baseUrl).refresh(s.refresh_token)).status).toBe(401);
    await refusedOnB(s.access_token);
  }, 120_000);

  it.skipIf(!shared)('disabling a user on one instance ends their session on the other', async () => {
    const id = await createUser(a.db, { username: 'twice_off', password: PASS, roles: [ROLES.USER] });
    const s = await api(b.baseUrl).login('twice_off', PASS);
    expect((await api(b.baseUrl).get('/api/me', s.access_token)).status).toBe(200);
    const root = (await api(a.baseUrl).login('admin', ADMIN_PASSWORD)).access_token;
    expect((await api(a.baseUrl).post('/api/user/setEnabled', { userId: id, enabled: false }, root)).status).toBe(200);
    await refusedOnB(s.access_token);
    expect((await api(b.baseUrl).post('/api/login', { username: 'twice_off', password: PASS })).status).toBe(401);
  }, 120_000);
});
