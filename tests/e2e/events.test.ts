/**
 * Events in the browser (issue 15): an admin subscribes a real local receiver at /backOffice/eventosConfig, picking
 * the origin from a list, gets the signing secret shown once (with a copy button) right after the save and again
 * after a rotation, sees the delivery of a write in the delivery log with its debug detail (request and answer,
 * and the list of attempts), and replays it; the receiver verifies every signature. An event's action is picked from
 * the server's actions by their names; a refused private address names the checkbox that allows it; a failing delivery
 * and the one waiting behind it (same record) say why in words.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { signedInPage } from '../support/browser';
import { startReceiver, type Receiver } from '../support/receiver';
import { api } from '../support/server';

let app: Awaited<ReturnType<typeof startApp>>;
let session: Awaited<ReturnType<typeof signedInPage>>;
let page: Page;
let rx: Receiver;

beforeAll(async () => {
  rx = await startReceiver();
  app = await startApp({ eventAllowedHosts: ['127.0.0.1'], eventPollMs: 100, eventTimeoutMs: 3000, eventRetryBaseMs: 200, eventRetryMaxMs: 500 });
  session = await signedInPage(app.baseUrl, 'admin', ADMIN_PASSWORD);
  page = session.page;
});
afterAll(async () => {
  await session?.close();
  await app?.close();
  await rx?.close();
});

const field = (name: RegExp) => page.getByRole('textbox', { name }).first();

describe('events in the browser', () => {
  it('an admin subscribes a receiver, sees the delivery and its detail, and replays it', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/eventosConfig`);
    await page.getByRole('heading', { name: 'Eventos', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Agregar' }).first().click();
    await page.waitForURL(/#\/backOffice\/eventosConfig\/create$/);
    await field(/^Nombre/).fill('Receptor de prueba');
    // the origin is picked from the entities the server accepts
    await page.getByRole('combobox', { name: /^Origen/ }).fill('secuen');
    await page.getByRole('option', { name: /\(secuencia\)$/ }).click();
    await field(/^URI del web hook/).fill('http://10.0.0.1/hook');
    // the label toggles the (visually hidden) checkbox input
    await page.getByText('Depuración', { exact: true }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: /^Depuración/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    // a private address is refused with its text
    await page.getByText('La URI del web hook apunta a una dirección privada').first().waitFor();
    await field(/^URI del web hook/).fill(rx.url);
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    // the secret made by the save, shown once, before going back to the list
    const shown = page.getByRole('dialog', { name: 'Secreto de firma' });
    await shown.waitFor();
    const created = (await shown.getByTestId('event-secret').textContent()) ?? '';
    expect(created).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Copiar' }).click();
    await shown.getByRole('status').filter({ hasText: /Copiado al portapapeles|No se pudo copiar/ }).waitFor();
    await shown.getByRole('button', { name: 'Listo' }).click();
    await page.waitForURL(/#\/backOffice\/eventosConfig$/);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Receptor de prueba' }).count()).toBe(1);
    // the origin shows as the entity's name, not its table name (issue 19)
    const origin = page.getByRole('row').filter({ hasText: 'Receptor de prueba' }).getByRole('cell').nth(2);
    expect(await origin.textContent()).toBe('Secuencia');

    await page.getByRole('button', { name: 'Editar Receptor de prueba' }).click();
    await page.getByRole('button', { name: 'Nuevo secreto' }).click();
    await page.getByRole('button', { name: 'Generar' }).click();
    rx.secret = (await page.getByTestId('event-secret').textContent()) ?? '';
    expect(rx.secret).toMatch(/^whsec_/);
    expect(rx.secret).not.toBe(created);
    await page.getByRole('button', { name: 'Listo' }).click();

    const client = api(app.baseUrl);
    const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    expect((await client.post('/api/secuencia/save', { nombre: 'facturas', proximo_valor: 1 }, token)).status).toBe(200);
    await expect.poll(() => rx.acknowledged().length, { timeout: 20_000 }).toBe(1);

    // the subscription's form lists its deliveries
    await page.reload();
    const deliveries = page.getByRole('region', { name: 'Entregas' }).or(page.locator('section', { hasText: 'Entregas' })).first();
    await expect.poll(() => deliveries.getByRole('row').filter({ hasText: 'Entregado' }).count(), { timeout: 20_000 }).toBe(1);

    // the delivery log: filter, open the delivery, see the exchange, replay it
    await page.goto(`${app.baseUrl}/#/backOffice/eventosEntregas`);
    await page.getByRole('heading', { name: 'Entregas de eventos', level: 1 }).waitFor();
    // the delivery's entity by its name (issue 19)
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Entregado' }).first().getByRole('cell').nth(2).textContent()).toBe('Secuencia');
    // rows are named by their first column, the date, written as day and time
    expect(await page.getByRole('row').filter({ hasText: 'Entregado' }).first().getByRole('cell').first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}$/);
    // and its actions by its label: its event's name and that day and time
    expect(await page.getByRole('button', { name: /^Ver / }).first().getAttribute('aria-label')).toMatch(/^Ver \S.* \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}$/);
    await page.getByRole('button', { name: /^Ver / }).first().click();
    await page.getByRole('heading', { name: 'Entrega de evento', level: 1 }).waitFor();
    // only looked at: a delivery of the log is the server's (no Edit, no Save)
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    // its entity by its title and its event by its name, as the log lists them; its action as the history names it
    await expect.poll(() => page.getByRole('group', { name: /^Entidad/ }).first().textContent()).toBe('Secuencia');
    await expect.poll(() => page.getByRole('group', { name: 'Evento', exact: true }).textContent()).toBe('Receptor de prueba');
    expect(await page.getByRole('group', { name: 'Acción', exact: true }).textContent()).toBe('Creó');
    // named in the breadcrumb, which leads back to the log, by its event and its moment
    const trail = page.getByRole('navigation', { name: 'Ubicación' });
    await expect
      .poll(() => trail.getByRole('link').allTextContents())
      .toEqual(['Administración', 'Entregas de eventos', expect.stringMatching(/^Receptor de prueba \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}$/)]);
    // the delivery is viewed: its fields as text (issue 19)
    await expect.poll(() => page.getByRole('group', { name: /^Cuerpo de la respuesta/ }).first().textContent()).toBe('thanks');
    expect(await page.getByRole('group', { name: /^Cuerpo enviado/ }).first().textContent()).toContain('"entity":"secuencia"');
    // its moments as day and time, as the list and the attempts write them, not 2026-11-28T10:41:35.123Z
    const moment = /^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}$/;
    expect(await page.getByRole('group', { name: /^Fecha/ }).first().textContent()).toMatch(moment);
    expect(await page.getByRole('group', { name: /^Entregado/ }).first().textContent()).toMatch(moment);
    // every attempt's exchange, newest first
    const attempts = page.getByRole('region', { name: 'Intentos' });
    await expect.poll(() => attempts.getByTestId('delivery-attempt').count()).toBe(1);
    await attempts.getByText(/^Intento 1 · .* · HTTP 200 · \d+ ms$/).click();
    await expect.poll(() => attempts.getByRole('textbox', { name: 'Cuerpo de la respuesta' }).inputValue()).toBe('thanks');
    expect(await attempts.getByRole('textbox', { name: 'Encabezados enviados' }).inputValue()).toContain('x-flujos-signature');
    await page.getByRole('button', { name: 'Reenviar' }).click();
    await page.getByText(/Reenvío encolado \(entrega \d+\)/).waitFor();
    await expect.poll(() => rx.acknowledged().length, { timeout: 20_000 }).toBe(2);
    expect(rx.received.every((r) => r.verified)).toBe(true);
    const [first, again] = rx.acknowledged();
    expect(again.deliveryId).not.toBe(first.deliveryId);
    expect(again.body.data).toEqual(first.body.data);
  });

  it('the action is picked by its name; a private address names its checkbox; a failing delivery and the one waiting behind it explain themselves', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/eventosConfig/create`);
    await field(/^Nombre/).waitFor();
    await field(/^Nombre/).fill('Receptor caído');
    await page.getByRole('combobox', { name: /^Origen/ }).fill('secuen');
    await page.getByRole('option', { name: /\(secuencia\)$/ }).click();
    // the action is a choice of the server's actions, by the history's names (no free text: "modificar" cannot be typed in)
    const action = page.getByRole('combobox', { name: /^Acción/ });
    await expect.poll(() => action.inputValue()).toBe('* (todas las acciones)');
    await action.fill('Modific');
    await page.getByRole('option', { name: 'Modificó (update)', exact: true }).click();
    expect(await action.inputValue()).toBe('Modificó (update)');
    // a private address: refused, and the message names the checkbox that allows it
    await field(/^URI del web hook/).fill('http://192.168.0.10/hook');
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    await page.getByText('marque «Permitir host privado» y guarde de nuevo').first().waitFor();
    // nothing listens on 127.0.0.1:9 (allowed by the server): every attempt is refused
    await field(/^URI del web hook/).fill('http://127.0.0.1:9/');
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    await page.getByRole('dialog', { name: 'Secreto de firma' }).getByRole('button', { name: 'Listo' }).click();
    await page.waitForURL(/#\/backOffice\/eventosConfig$/);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Receptor caído' }).textContent()).toContain('Modificó (update)');

    // two changes of one record: the first delivery fails, the second waits for it
    const client = api(app.baseUrl);
    const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    const seq = (await client.post('/api/secuencia/save', { nombre: 'caido', proximo_valor: 1 }, token)).body;
    const first = (await client.post(`/api/secuencia/update/${seq.id}`, { nombre: 'caido', proximo_valor: 2, version: seq.version }, token)).body;
    expect((await client.post(`/api/secuencia/update/${seq.id}`, { nombre: 'caido', proximo_valor: 3, version: first.version }, token)).status).toBe(200);

    const refused = async () => {
      const { rows } = (await client.post('/api/evento_entrega/index', { filters: { registro_id: seq.id } }, token)).body as { rows: { error_codigo?: string }[] };
      return rows.some((r) => r.error_codigo === 'CONEXION_RECHAZADA');
    };
    await expect.poll(refused, { timeout: 20_000 }).toBe(true);

    // the log says it in words
    await page.goto(`${app.baseUrl}/#/backOffice/eventosEntregas`);
    await page.getByRole('heading', { name: 'Entregas de eventos', level: 1 }).waitFor();
    // this event's deliveries (the first test's receiver hears the same sequence)
    const failing = page.getByRole('row').filter({ hasText: 'Receptor caído' }).filter({ hasText: 'El receptor rechazó la conexión' });
    await expect.poll(() => failing.count()).toBeGreaterThan(0);
    const waiting = page.getByRole('row').filter({ hasText: 'Receptor caído' }).filter({ hasText: 'En espera de una entrega anterior del mismo registro' });
    await expect.poll(() => waiting.count()).toBe(1);

    // the waiting one: why, and which one it waits for
    await waiting.getByRole('button', { name: /^Ver / }).click();
    const situation = page.getByRole('region', { name: 'Situación' });
    await expect.poll(() => situation.textContent()).toContain('En espera: antes tiene que salir la entrega');
    expect(await situation.textContent()).toContain('El receptor rechazó la conexión');
    await page.getByText('Todavía no hubo intentos.').waitFor();
    expect(await page.getByText('se guarda solo mientras').count()).toBe(0);

    // the failing one: the failure in words, its raw detail, the next attempt and when retries stop
    await situation.getByRole('link', { name: /^Ver la entrega \d+$/ }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Situación' }).getByTestId('delivery-problem').textContent()).toContain('Último error: El receptor rechazó la conexión');
    const text = (await page.getByRole('region', { name: 'Situación' }).textContent()) ?? '';
    expect(text).toContain('Detalle técnico: connect ECONNREFUSED 127.0.0.1:9');
    expect(text).toMatch(/Falló el intento \d+\. El próximo intento/);
    // the retry policy comes with the delivery's situation, asked of the server apart
    await expect.poll(() => page.getByRole('region', { name: 'Situación' }).textContent()).toContain('Se reintenta hasta el');
    // its attempts (debug off): why none is listed
    await page.getByText('Sin detalle de intentos: se guarda solo mientras «Depuración» está marcada en el evento.').waitFor();
  });
});
