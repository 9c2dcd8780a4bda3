/**
 * Every user can have an e-mail for password recovery: the first admin from ADMIN_EMAIL, anyone through
 * user/changeEmail with the current password (user/account reads it).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, createUser, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

describeBackends('user e-mail', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  beforeAll(async () => {
    srv = await startTestServer(backend, { adminEmail: 'jefa@example.com' });
    client = api(srv.baseUrl);
    admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  });
  afterAll(() => srv?.close());

  const outbox = (to: string) => srv.db.selectFrom('comunicacion').selectAll().where('destinatario', '=', to).execute();

  it('gives the first admin the e-mail of ADMIN_EMAIL, so a fresh install can recover its password', async () => {
    expect((await client.post('/api/user/account', {}, admin)).body).toEqual({ username: 'admin', email: 'jefa@example.com' });
    await client.post('/api/passwordRecovery/sendRecoveryEmail', { username: 'admin' });
    expect(await outbox('jefa@example.com')).toEqual([expect.objectContaining({ estado: 'pendiente' })]);
  });

  it('changes one own e-mail only with the current password, and recovery mails the new one', async () => {
    await createUser(srv.db, { username: 'pablo', password: 'Pablo-pass1!' });
    const token = (await client.login('pablo', 'Pablo-pass1!')).access_token;
    expect((await client.post('/api/user/account', {}, token)).body).toEqual({ username: 'pablo', email: '' });

    const wrong = await client.post('/api/user/changeEmail', { currentPassword: 'nope', email: 'pablo@example.com' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD', errors: [{ field: 'currentPassword', code: 'WRONG_CURRENT_PASSWORD' }] });
    const invalid = await client.post('/api/user/changeEmail', { currentPassword: 'Pablo-pass1!', email: 'pablo@' }, token);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([{ field: 'email', code: 'email' }]);
    expect((await client.post('/api/user/account', {}, token)).body.email).toBe('');

    const ok = await client.post('/api/user/changeEmail', { currentPassword: 'Pablo-pass1!', email: ' pablo@example.com ' }, token);
    expect(ok.status).toBe(200);
    expect((await client.post('/api/user/account', {}, token)).body.email).toBe('pablo@example.com');
    await client.post('/api/passwordRecovery/sendRecoveryEmail', { username: 'pablo' });
    expect(await outbox('pablo@example.com')).toHaveLength(1);
  });

  it('needs a login', async () => {
    expect((await client.post('/api/user/account', {})).status).toBe(401);
    expect((await client.post('/api/user/changeEmail', { currentPassword: 'x', email: '' })).status).toBe(401);
  });
});
