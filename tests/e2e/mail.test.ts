/**
 * Mail resend from the communications list (issue 15, spec §2 listcomunica): a mail that failed because the SMTP
 * server was down for longer than the retry limit shows as failed with its error; once a real SMTP server
 * (smtp-server) is up, the admin opens it, resends it, and the list shows it sent; the server got it once.
 */
import { createServer } from 'node:net';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../server/mail/outbox';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { signedInPage } from '../support/browser';

let app: Awaited<ReturnType<typeof startApp>>;
let session: Awaited<ReturnType<typeof signedInPage>>;
let page: Page;
let smtp: SMTPServer | undefined;
let port: number;
const received: { to: string[]; data: string }[] = [];

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port: p } = s.address() as { port: number };
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return p;
}

beforeAll(async () => {
  port = await freePort();
  app = await startApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'flujos@example.com', mailPollMs: 100, mailRetryBaseMs: 100 });
  session = await signedInPage(app.baseUrl, 'admin', ADMIN_PASSWORD);
  page = session.page;
});
afterAll(async () => {
  await session?.close();
  await app?.close();
  if (smtp) await new Promise<void>((resolve) => smtp!.close(() => resolve()));
});

describe('mail in the communications list', () => {
  it('a failed mail is resent from the list and shows as sent', async () => {
    const db = app.db as unknown as Kysely<any>;
    const id = await enqueueMail(app.db, { to: 'rosa@example.com', subject: 'Pedido 12 listo', text: 'Su pedido está listo.' });
    const row = () => db.selectFrom('comunicacion').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await expect.poll(async () => (await row()).error ?? '', { timeout: 20_000 }).toMatch(/ECONNREFUSED/);
    // queued for 3 days and still failing: failed
    await db.updateTable('comunicacion').set({ cola_desde: new Date(Date.now() - 3 * 24 * 3600_000), proximo_intento: new Date() }).where('id', '=', id).execute();
    await expect.poll(async () => (await row()).estado, { timeout: 20_000 }).toBe('error');

    await page.goto(`${app.baseUrl}/#/backOffice/listcomunica`);
    await page.getByRole('heading', { name: 'Comunicaciones', level: 1 }).waitFor();
    const line = page.getByRole('row').filter({ hasText: 'Pedido 12 listo' });
    await expect.poll(() => line.filter({ hasText: 'Error' }).filter({ hasText: 'ECONNREFUSED' }).count(), { timeout: 20_000 }).toBe(1);

    // the SMTP server is up again; the admin resends the mail
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, s, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: s.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', resolve));
    await line.getByRole('button', { name: /^Ver / }).click();
    const dialog = page.getByRole('dialog', { name: 'Comunicación' });
    await dialog.getByRole('button', { name: 'Reenviar' }).click();
    await page.getByText('El mensaje volvió a la cola de envío.').first().waitFor();
    await dialog.getByRole('button', { name: 'Salir' }).click();

    await expect.poll(async () => (await row()).estado, { timeout: 20_000 }).toBe('enviado');
    await page.reload();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Pedido 12 listo' }).filter({ hasText: 'Enviado' }).count(), { timeout: 20_000 }).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['rosa@example.com']);
    expect(received[0].data).toContain('Subject: Pedido 12 listo');
  });
});
