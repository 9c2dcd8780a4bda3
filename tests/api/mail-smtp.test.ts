/**
 * Mail through the outbox to a real SMTP server (smtp-server) that is down for a while (issue 15): queued with the
 * error while it is down, retried with backoff, sent once it is up; an admin resends a sent mail from the
 * communications list (`comunicacion/reenviar`), a ROLE_USER may not.
 */
import { createServer } from 'node:net';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enqueueMail } from '../../server/mail/outbox';
import { until } from '../support/events';
import { ADMIN_PASSWORD, api, createUser, describeBackends, PLAIN_PASSWORD, startTestServer, type TestServer } from '../support/server';

interface Got {
  to: string[];
  data: string;
}

/** A free port on 127.0.0.1, for a server that is not listening yet. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

function smtp(received: Got[]) {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
}

describeBackends('mail to an SMTP server that was down', (backend) => {
  let srv: TestServer;
  let server: SMTPServer | undefined;
  let port: number;
  let db: Kysely<any>;
  const received: Got[] = [];

  beforeAll(async () => {
    port = await freePort();
    srv = await startTestServer(backend, { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'flujos@example.com', mailPollMs: 50, mailRetryBaseMs: 100 });
    db = srv.db as unknown as Kysely<any>;
  });
  afterAll(async () => {
    await srv?.close();
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  });

  const row = (id: number) => db.selectFrom('comunicacion').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('queues the mail with the error while the server is down and sends it once it is up; an admin resends it', async () => {
    const id = await enqueueMail(srv.db, { to: 'rosa@example.com', subject: 'Pedido 12', text: 'Su pedido está listo.' });
    const failing = await until(async () => {
      const r = await row(id);
      return r.intentos >= 2 && r.error ? r : undefined;
    }, 'failed attempts');
    expect(failing.estado).toBe('pendiente');
    expect(failing.error).toMatch(/ECONNREFUSED/);

    server = smtp(received);
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    const sent = await until(async () => ((await row(id)).estado === 'enviado' ? row(id) : undefined), 'the mail sent');
    expect(sent).toMatchObject({ error: null, lease: null });
    expect(sent.fecha_enviada).toBeInstanceOf(Date);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['rosa@example.com']);
    expect(received[0].data).toContain('Subject: Pedido 12');

    const client = api(srv.baseUrl);
    const admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    await createUser(srv.db, { username: 'plain', password: PLAIN_PASSWORD, roles: ['ROLE_USER'] });
    const plain = (await client.login('plain', PLAIN_PASSWORD)).access_token;
    expect((await client.post(`/api/comunicacion/reenviar/${id}`, {}, plain)).status).toBe(403);
    expect((await client.post(`/api/comunicacion/reenviar/${id}`, {}, admin)).status).toBe(200);
    await until(async () => received.length === 2 && (await row(id)).estado === 'enviado', 'the resent mail');
    expect((await client.post('/api/comunicacion/index', { filters: { estado: 'enviado' } }, admin)).body.rows[0]).toMatchObject({ id, estado: 'enviado' });
  });
});
