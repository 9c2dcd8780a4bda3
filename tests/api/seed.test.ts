import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, createUser, describeBackends, freshStore, startTestServer, type Store } from '../support/server';

describeBackends('first start and restart', (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await freshStore(backend, true);
  });
  afterAll(() => store?.dispose());

  it('seeds admin from ADMIN_PASSWORD once; a restart keeps users, passwords and tokens', async () => {
    const first = await startTestServer(backend, { store, adminPassword: 'First-Admin1!' });
    let token: string;
    try {
      const client = api(first.baseUrl);
      const login = await client.login('admin', 'First-Admin1!');
      expect(login.roles).toEqual(['ROLE_ROOT', 'ROLE_ADMIN', 'ROLE_USER']);
      token = login.access_token;
      await createUser(first.db, { username: 'kept', password: 'Kept-pass1!' });
    } finally {
      await first.close();
    }

    const second = await startTestServer(backend, { store, adminPassword: 'Second-Admin1!' });
    try {
      const client = api(second.baseUrl);
      await client.login('admin', 'First-Admin1!');
      expect((await client.post('/api/login', { username: 'admin', password: 'Second-Admin1!' })).status).toBe(401);
      await client.login('kept', 'Kept-pass1!');
      const users = await second.db.selectFrom('usuario').select('username').orderBy('id').execute();
      expect(users.map((u) => u.username)).toEqual(['admin', 'kept']);
      // The generated signing key lives in the database: tokens survive the restart.
      expect((await client.get('/api/me', token)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
