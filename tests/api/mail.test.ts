import { afterAll, beforeAll, expect, it } from 'vitest';
import { enqueueMail } from '../../server/mail/outbox';
import { startFakeSmtp, type FakeSmtp } from '../support/smtp';
import { ADMIN_PASSWORD, PLAIN_PASSWORD, api, createUser, describeBackends, startTestServer, type TestServer } from '../support/server';

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeBackends('mail outbox delivery', (backend) => {
  let smtp: FakeSmtp;
  let srv: TestServer;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    srv = await startTestServer(backend, { smtpUrl: smtp.url, mailFrom: 'flujos@example.com', mailPollMs: 100 });
  });
  afterAll(async () => {
    await srv?.close();
    await smtp?.close();
  });

  const row = (id: number) => srv.db.selectFrom('comunicacion').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('tells an admin that this server delivers mail', async () => {
    const client = api(srv.baseUrl);
    const admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    expect(await client.post('/api/comunicacion/envio', {}, admin)).toMatchObject({ status: 200, body: { entrega: true } });
  });

  it('sends pending mail over SMTP and marks it sent', async () => {
    await createUser(srv.db, { username: 'rosa', password: 'Rosa-pass1!', email: 'rosa@example.com' });
    await api(srv.baseUrl).post('/api/passwordRecovery/sendRecoveryEmail', { username: 'rosa' });
    const mail = await until(() => srv.db.selectFrom('comunicacion').selectAll().where('estado', '=', 'enviado').executeTakeFirst());
    expect(mail).toMatchObject({ destinatario: 'rosa@example.com', intentos: 1, error: null });
    expect(mail.fecha_enviada).toBeInstanceOf(Date);
    const got = smtp.received.find((m) => m.to.some((t) => t.includes('rosa@example.com')));
    expect(got?.from).toContain('flujos@example.com');
    expect(got?.data).toContain('resetPassword');
  });

  it('keeps refused mail for a retry with the error, and marks it failed once tried for longer than the limit', async () => {
    smtp.refuse = true;
    const id = await enqueueMail(srv.db, { to: 'nobody@example.com', subject: 's', text: 't' });
    const failed = await until(async () => {
      const r = await row(id);
      return r.intentos >= 1 && r.error ? r : undefined;
    });
    expect(failed.estado).toBe('pendiente');
    expect(failed.error).toMatch(/550/);
    expect(failed.proximo_intento.getTime()).toBeGreaterThan(Date.now());
    expect(failed).toMatchObject({ bloqueado_hasta: null, lease: null });

    // Pretend it has been queued for 3 days and its wait is over.
    await srv.db.updateTable('comunicacion').set({ cola_desde: new Date(Date.now() - 3 * 24 * 3600_000), proximo_intento: new Date() }).where('id', '=', id).execute();
    const dead = await until(async () => ((await row(id)).estado === 'error' ? row(id) : undefined));
    expect(dead.intentos).toBeGreaterThanOrEqual(2);
    expect(dead.error).toMatch(/550/);
    smtp.refuse = false;
  });
});

describeBackends('mail without SMTP_URL', (backend) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(backend, { mailPollMs: 50 });
  });
  afterAll(() => srv?.close());

  it('stays in the outbox', async () => {
    const id = await enqueueMail(srv.db, { to: 'x@example.com', subject: 's', text: 't' });
    await new Promise((r) => setTimeout(r, 200));
    const r = await srv.db.selectFrom('comunicacion').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(r).toMatchObject({ estado: 'pendiente', intentos: 0 });
  });

  it('says so to an admin, who can tell why mail stays pending; not to a plain user', async () => {
    const client = api(srv.baseUrl);
    const admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    expect(await client.post('/api/comunicacion/envio', {}, admin)).toMatchObject({ status: 200, body: { entrega: false } });
    await createUser(srv.db, { username: 'plano', password: PLAIN_PASSWORD, roles: ['ROLE_USER'] });
    const plain = (await client.login('plano', PLAIN_PASSWORD)).access_token;
    expect((await client.post('/api/comunicacion/envio', {}, plain)).status).toBe(403);
  });
});
