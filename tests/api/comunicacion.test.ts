/**
 * Communications (spec §2 /backOffice/listcomunica): the mail outbox listed read-only through the generic
 * entity API as `comunicacion` — searchable, newest first, never written through the API.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enqueueMail } from '../../server/mail/outbox';
import { ADMIN_PASSWORD, api, createUser, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

describeBackends('comunicacion', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let plain: string;
  let recoveryId: number;
  const post = (path: string, body: unknown = {}, token = admin) => client.post(`/api/${path}`, body, token);

  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
    admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    await createUser(srv.db, { username: 'maria', password: 'Maria-pass1!', email: 'maria@example.com', roles: ['ROLE_USER'] });
    plain = (await client.login('maria', 'Maria-pass1!')).access_token;
    await enqueueMail(srv.db, { to: 'compras@proveedor.com.ar', subject: 'Pedido de cotización', text: 'Hola' });
    await srv.db
      .updateTable('comunicacion')
      .set({ estado: 'error', error: 'SMTP 550 mailbox unavailable', fecha_creada: new Date(Date.now() - 3600_000) })
      .execute();
    const res = await client.post('/api/passwordRecovery/sendRecoveryEmail', { username: 'maria' });
    expect(res.status).toBe(200);
    recoveryId = (await srv.db.selectFrom('comunicacion').select('id').where('destinatario', '=', 'maria@example.com').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => srv?.close());

  it('lists a queued recovery mail, newest first', async () => {
    const res = await post('comunicacion/index', { offset: 0, max: 20 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.showableColumns).toEqual(['destinatario', 'asunto', 'estado', 'fecha_creada', 'error']);
    expect(res.body.rows[0]).toEqual({
      id: recoveryId,
      version: 1,
      destinatario: 'maria@example.com',
      asunto: 'Recuperación de contraseña',
      estado: 'pendiente',
      fecha_creada: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
      error: null,
    });
    expect(res.body.rows[1]).toMatchObject({ destinatario: 'compras@proveedor.com.ar', estado: 'error', error: 'SMTP 550 mailbox unavailable' });
    const asc = await post('comunicacion/index', { sort: 'fecha_creada', sortOrder: 'asc' });
    expect(asc.body.rows.map((r: any) => r.destinatario)).toEqual(['compras@proveedor.com.ar', 'maria@example.com']);
  });

  it('searches destinatario, asunto and error, and filters by estado', async () => {
    expect((await post('comunicacion/index', { pattern: 'MARIA@' })).body.rows.map((r: any) => r.id)).toEqual([recoveryId]);
    expect((await post('comunicacion/index', { pattern: 'cotización' })).body.total).toBe(1);
    expect((await post('comunicacion/index', { pattern: 'mailbox' })).body.total).toBe(1);
    expect((await post('comunicacion/index', { filters: { estado: 'pendiente' } })).body.total).toBe(1);
    expect((await post('comunicacion/index', { filters: { fecha_creada: '2024' } })).status).toBe(400);
    // select searches the subject and sorts by a column it does not return (fecha_creada)
    const options = await post('comunicacion/select', { pattern: 'cotización' });
    expect(options.status).toBe(200);
    expect(options.body.rows).toEqual([{ id: expect.any(Number), name: expect.stringMatching(/cotización/i), nombre: expect.stringMatching(/cotización/i) }]);
  });

  it('shows a message with the token of its recovery link blanked out', async () => {
    const res = await post(`comunicacion/show/${recoveryId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: recoveryId, version: 1, destinatario: 'maria@example.com', estado: 'pendiente', intentos: 0 });
    expect(res.body.cuerpo).toContain('/#/auth/resetPassword/…');
    expect(res.body.cuerpo).not.toMatch(/resetPassword\/[\w-]{10,}/);
    expect(res.body.fecha_creada).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses every write, even to an admin, and reading to ROLE_USER', async () => {
    const attempts = [
      post('comunicacion/save', { destinatario: 'x@example.com', asunto: 'x', cuerpo: 'x' }),
      post(`comunicacion/update/${recoveryId}`, { destinatario: 'x@example.com', asunto: 'x', cuerpo: 'x', version: 1 }),
      post(`comunicacion/delete/${recoveryId}`),
      post('comunicacion/updateColumn', { rowid: recoveryId, tablename: 'comunicacion', colname: 'estado', colvalue: 'enviado', version: 1 }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    const row = await srv.db.selectFrom('comunicacion').selectAll().where('id', '=', recoveryId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ destinatario: 'maria@example.com', estado: 'pendiente' });
    expect((await post('comunicacion/index', {}, plain)).status).toBe(403);
    expect((await post(`comunicacion/show/${recoveryId}`, {}, plain)).status).toBe(403);
  });
});
