import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, createUser, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

const NEW_PASSWORD = 'Nueva-Clave9!';

describeBackends('password recovery', (backend) => {
  let srv: TestServer;
  let client: Api;
  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
    await createUser(srv.db, { username: 'maria', password: 'Maria-pass1!', email: 'maria@example.com' });
    await createUser(srv.db, { username: 'ana', password: 'Ana-pass1!', email: 'Ana@Example.com' });
    await createUser(srv.db, { username: 'sinmail', password: 'Sinmail-pass1!' });
  });
  afterAll(() => srv?.close());

  const outbox = () => srv.db.selectFrom('comunicacion').selectAll().orderBy('id').execute();
  /** Asks for a recovery mail and returns the token of the link in it. */
  async function requestToken(body: Record<string, string>, headers: Record<string, string> = {}) {
    const before = (await outbox()).length;
    const res = await client.post('/api/passwordRecovery/sendRecoveryEmail', body, undefined, headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const mail = mails[mails.length - 1];
    const match = /\/#\/auth\/resetPassword\/([\w-]+)/.exec(mail.cuerpo);
    expect(match).not.toBeNull();
    return { mail, token: match![1] };
  }
  const reset = (token: string, password = NEW_PASSWORD, confirmation = password) =>
    client.post('/api/passwordRecovery/resetPassword', { token, password, confirmation });

  it('puts a Spanish mail with a single-use link in the outbox', async () => {
    const { mail, token } = await requestToken({ username: 'maria' });
    expect(mail).toMatchObject({ destinatario: 'maria@example.com', estado: 'pendiente', asunto: 'Recuperación de contraseña', intentos: 0 });
    expect(mail.cuerpo).toContain(`${srv.baseUrl}/#/auth/resetPassword/${token}`);
    expect(mail.cuerpo).toContain('Hola maria');
    const stored = await srv.db.selectFrom('password_reset').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });

  it('writes English when the browser asks for it, and finds users by e-mail', async () => {
    const { mail } = await requestToken({ email: 'ana@example.COM' }, { 'accept-language': 'en' });
    expect(mail.destinatario).toBe('Ana@Example.com');
    expect(mail.asunto).toBe('Password recovery');
    expect(mail.cuerpo).toContain('Hello ana');
  });

  it('answers the same for unknown users and users without e-mail, and sends nothing', async () => {
    const before = (await outbox()).length;
    for (const body of [{ username: 'nadie' }, { email: 'nadie@example.com' }, { username: 'sinmail' }]) {
      const res = await client.post('/api/passwordRecovery/sendRecoveryEmail', body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
    }
    expect((await outbox()).length).toBe(before);
  });

  it('answers 400 for junk', async () => {
    for (const body of [{}, { username: 5 }, { email: ['x'] }]) {
      const res = await client.post('/api/passwordRecovery/sendRecoveryEmail', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
    }
    expect((await client.post('/api/passwordRecovery/resetPassword', { token: 'x' })).status).toBe(400);
  });

  it('resets the password once, checks the rule, and ends the old logins', async () => {
    const old = await client.login('maria', 'Maria-pass1!');
    const { token } = await requestToken({ username: 'maria' });

    const weak = await reset(token, 'abc');
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('PASSWORD_TOO_WEAK');
    const mismatch = await reset(token, NEW_PASSWORD, 'Otra-Clave9!');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe('PASSWORD_MISMATCH');

    const ok = await reset(token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    expect((await client.post('/api/login', { username: 'maria', password: 'Maria-pass1!' })).status).toBe(401);
    await client.login('maria', NEW_PASSWORD);
    expect((await client.refresh(old.refresh_token)).status).toBe(401);

    const again = await reset(token, 'Tercera-Clave9!');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_RESET_TOKEN');
  });

  it('refuses unknown and expired tokens with 400 INVALID_RESET_TOKEN', async () => {
    expect((await reset('no-such-token')).body.code).toBe('INVALID_RESET_TOKEN');
    const { token } = await requestToken({ username: 'ana' });
    await srv.db.updateTable('password_reset').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const res = await reset(token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_RESET_TOKEN');
    await client.login('ana', 'Ana-pass1!');
  });

  it('uses PUBLIC_URL for the link when set', async () => {
    const other = await startTestServer(backend, { publicUrl: 'https://flujos.example.com' });
    try {
      await createUser(other.db, { username: 'pepe', password: 'Pepe-pass1!', email: 'pepe@example.com' });
      await api(other.baseUrl).post('/api/passwordRecovery/sendRecoveryEmail', { username: 'pepe' });
      const mail = await other.db.selectFrom('comunicacion').select('cuerpo').executeTakeFirstOrThrow();
      expect(mail.cuerpo).toMatch(/https:\/\/flujos\.example\.com\/#\/auth\/resetPassword\/[\w-]{43}/);
    } finally {
      await other.close();
    }
  });
});

describeBackends('changing passwords', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let juanId: number;
  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
    admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    await createUser(srv.db, { username: 'pedro', password: 'Pedro-pass1!' });
    juanId = await createUser(srv.db, { username: 'juan', password: 'Juan-pass1!' });
    await createUser(srv.db, { username: 'lower', password: 'Lower-pass1!', roles: ['role_admin'] });
  });
  afterAll(() => srv?.close());

  const change = (token: string | undefined, currentPassword: string, password: string, confirmation = password) =>
    client.post('/api/user/changePassword', { currentPassword, password, confirmation }, token);

  it('changes one own password after checking the current one and the rule', async () => {
    const token = (await client.login('pedro', 'Pedro-pass1!')).access_token;
    expect((await change(undefined, 'Pedro-pass1!', NEW_PASSWORD)).status).toBe(401);
    const wrong = await change(token, 'wrong', NEW_PASSWORD);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_CURRENT_PASSWORD');
    expect((await change(token, 'Pedro-pass1!', 'short')).body.code).toBe('PASSWORD_TOO_WEAK');
    expect((await change(token, 'Pedro-pass1!', NEW_PASSWORD, 'Otra-Clave9!')).body.code).toBe('PASSWORD_MISMATCH');
    expect((await client.post('/api/user/changePassword', { currentPassword: 'x' }, token)).status).toBe(400);

    const ok = await change(token, 'Pedro-pass1!', NEW_PASSWORD);
    expect(ok.status).toBe(200);
    expect((await client.post('/api/login', { username: 'pedro', password: 'Pedro-pass1!' })).status).toBe(401);
    await client.login('pedro', NEW_PASSWORD);
  });

  it("lets only ROOT or ADMIN change another user's password", async () => {
    const juan = await client.login('juan', 'Juan-pass1!');
    const denied = await client.post('/api/user/changeUserPassword', { username: 'pedro', password: NEW_PASSWORD, confirmation: NEW_PASSWORD }, juan.access_token);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
    expect((await client.post('/api/user/changeUserPassword', { username: 'juan', password: NEW_PASSWORD, confirmation: NEW_PASSWORD })).status).toBe(401);

    const ok = await client.post('/api/user/changeUserPassword', { username: 'juan', password: 'Juan-Nueva9!', confirmation: 'Juan-Nueva9!' }, admin);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    await client.login('juan', 'Juan-Nueva9!');
    // Juan's earlier logins are over.
    expect((await client.refresh(juan.refresh_token)).status).toBe(401);
  });

  it('finds the user by id too, and admits a lower-case admin role', async () => {
    const lower = (await client.login('lower', 'Lower-pass1!')).access_token;
    const res = await client.post('/api/user/changeUserPassword', { userId: juanId, password: 'Juan-Otra9!x', confirmation: 'Juan-Otra9!x' }, lower);
    expect(res.status).toBe(200);
    await client.login('juan', 'Juan-Otra9!x');
  });
  it('answers 404 USER_NOT_FOUND and the password rule errors', async () => {
    const missing = await client.post('/api/user/changeUserPassword', { username: 'nadie', password: NEW_PASSWORD, confirmation: NEW_PASSWORD }, admin);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('USER_NOT_FOUND');
    expect((await client.post('/api/user/changeUserPassword', { userId: 999999, password: NEW_PASSWORD, confirmation: NEW_PASSWORD }, admin)).status).toBe(404);
    const weak = await client.post('/api/user/changeUserPassword', { username: 'juan', password: 'weak', confirmation: 'weak' }, admin);
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('PASSWORD_TOO_WEAK');
    for (const body of [{ password: NEW_PASSWORD, confirmation: NEW_PASSWORD }, { userId: '3', password: NEW_PASSWORD, confirmation: NEW_PASSWORD }]) {
      const res = await client.post('/api/user/changeUserPassword', body, admin);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
    }
  });
});
