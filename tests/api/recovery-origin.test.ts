/**
 * A password recovery link starts with PUBLIC_URL or an allowed origin, never with whatever Host the request
 * names (issue 18, server/http/link-origin.ts): a forged Host gets no mail and 503 RECOVERY_UNAVAILABLE.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, describeBackends, startTestServer, type TestServer } from '../support/server';

/** POSTs JSON with a Host header of our choosing (fetch does not let a caller set Host). */
function postWithHost(baseUrl: string, path: string, body: unknown, host: string): Promise<{ status: number; body: any }> {
  const url = new URL(baseUrl);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method: 'POST', headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describeBackends('recovery link origin', (backend) => {
  let srv: TestServer;
  const mails = () => srv.db.selectFrom('comunicacion').select('cuerpo').orderBy('id').execute();
  const resets = async () => (await srv.db.selectFrom('password_reset').select('id').execute()).length;
  const ask = (host: string) => postWithHost(srv.baseUrl, '/api/passwordRecovery/sendRecoveryEmail', { username: 'rosa' }, host);

  beforeAll(async () => {
    srv = await startTestServer(backend, { allowedOrigins: ['http://flujos.example.com'] });
    await createUser(srv.db, { username: 'rosa', password: 'Rosa-pass1!', email: 'rosa@example.com' });
  });
  afterAll(() => srv?.close());

  it('refuses a forged Host without PUBLIC_URL: 503 RECOVERY_UNAVAILABLE, no mail, no token', async () => {
    for (const host of ['evil.example.net', 'flujos.example.com.evil.net', 'evil.example.net:3000']) {
      const res = await ask(host);
      expect([res.status, res.body?.code], host).toEqual([503, 'RECOVERY_UNAVAILABLE']);
    }
    // the same answer for a user that does not exist: it tells nothing about who exists
    const unknown = await postWithHost(srv.baseUrl, '/api/passwordRecovery/sendRecoveryEmail', { username: 'nadie' }, 'evil.example.net');
    expect(unknown.status).toBe(503);
    expect(await mails()).toEqual([]);
    expect(await resets()).toBe(0);
  });

  it('builds the link from an origin of ALLOWED_ORIGINS, and from this machine for a caller on it', async () => {
    const allowed = await ask('flujos.example.com');
    expect(allowed).toEqual({ status: 200, body: { ok: true } });
    expect((await mails()).at(-1)!.cuerpo).toMatch(/http:\/\/flujos\.example\.com\/#\/auth\/resetPassword\/[\w-]{43}/);
    const local = await ask(new URL(srv.baseUrl).host);
    expect(local.status).toBe(200);
    expect((await mails()).at(-1)!.cuerpo).toContain(`${srv.baseUrl}/#/auth/resetPassword/`);
  });

  it('uses PUBLIC_URL whatever the Host says', async () => {
    const other = await startTestServer(backend, { publicUrl: 'https://flujos.example.org' });
    try {
      await createUser(other.db, { username: 'rosa', password: 'Rosa-pass1!', email: 'rosa@example.com' });
      const res = await postWithHost(other.baseUrl, '/api/passwordRecovery/sendRecoveryEmail', { username: 'rosa' }, 'evil.example.net');
      expect(res.status).toBe(200);
      const mail = await other.db.selectFrom('comunicacion').select('cuerpo').executeTakeFirstOrThrow();
      expect(mail.cuerpo).toMatch(/https:\/\/flujos\.example\.org\/#\/auth\/resetPassword\//);
      expect(mail.cuerpo).not.toContain('evil');
    } finally {
      await other.close();
    }
  });
});
