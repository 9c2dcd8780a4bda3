/**
 * The flow designer in Chromium (issue 10): an admin draws the procurement flow — palette, connections by
 * dragging and from the keyboard, activities picked from the records, a specialization by amount — sees the
 * validator's problems appear on the steps and go as they are fixed, deletes and undoes, saves and verifies.
 * Then the refusal of an unfinished flow (nothing stored; a live flow stays verified), Guardar on a live flow (kept
 * in use, or asked first), the flow opened to look at from the list with its history in the designer's names, the
 * designer in English, and on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { FLOW_GROUP_TIPO } from '../../engine/categoria';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { PHONE, closeToasts, loginAs, newPage, signedInPage } from '../support/browser';
import { api } from '../support/server';

/** Waits for what the page shows, as long as the other waits (a busy machine draws slowly). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

let app: Awaited<ReturnType<typeof startApp>>;
let session: Awaited<ReturnType<typeof signedInPage>>;
let page: Page;
let post: (path: string, body?: object) => Promise<any>;

beforeAll(async () => {
  app = await startApp();
  const client = api(app.baseUrl);
  const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  post = async (path, body = {}) => {
    const res = await client.post(`/api/${path}`, body, token);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const proceso = await post('proceso/save', { codificacion: 'PR-COM', titulo: 'Compras', tipo_documento: 'procedimiento' });
  const activities = [
    ['COM-01', 'Solicitud de compra'],
    ['COM-02', 'Aprobación de la solicitud'],
    ['COM-03', 'Aprobación de gerencia'],
    ['COM-04', 'Orden de compra'],
    ['COM-05', 'Recepción de mercadería'],
    ['COM-06', 'Rechazo de la solicitud'],
  ];
  for (const [codificacion, titulo] of activities) await post('actividad/save', { proceso: proceso.id, codificacion, titulo });
  await post('categoria/save', { tipo: FLOW_GROUP_TIPO, grupo: 'Abastecimiento', nombre: 'Abastecimiento' });
  session = await signedInPage(app.baseUrl, 'admin', ADMIN_PASSWORD);
  ({ page } = session);
});
afterAll(async () => {
  await session?.close();
  await app?.close();
});

const palette = () => page.getByRole('toolbar', { name: 'Agregar pasos' });
const inspector = () => page.getByRole('region', { name: 'Selección' });
const step = (key: string) => page.locator(`.react-flow__node[data-id="${key}"]`);
/** The problem texts written on a step. */
const notes = (key: string) => step(key).getByTestId('step-problems').locator(':scope > *').allTextContents();
const problemCodes = () => page.locator('[data-code]').evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));
const showAll = () => page.getByRole('button', { name: 'Ver todo el flujo' }).click();

async function add(kind: string) {
  await palette().getByRole('button', { name: kind, exact: true }).click();
}
async function pickActivity(name: string, scope: Locator = inspector()) {
  const box = scope.getByRole('combobox', { name: 'Actividad' });
  await box.fill(name.slice(0, 6));
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  await eventually(() => box.inputValue()).toBe(name);
}
const typeText = (text: string) => inspector().getByRole('textbox', { name: 'Texto', exact: true }).fill(text);
async function select(key: string) {
  await showAll();
  await step(key).click();
  await inspector().getByText(`Clave ${key}`).waitFor();
}
async function connectWithKeyboard(from: string, to: string) {
  await select(from);
  await inspector().getByRole('combobox', { name: 'Conectar con' }).selectOption(to);
  await inspector().getByRole('button', { name: 'Conectar', exact: true }).click();
}
/** Drags a line from a step's lower dot and lets it go over another step. */
async function connectByDragging(from: string, to: string) {
  await showAll();
  await step(from).locator('.react-flow__handle.source').hover();
  await page.mouse.down();
  const box = (await step(to).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('the flow designer', () => {
  it('an admin draws the procurement flow, fixing the problems the steps show, then saves and verifies it', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/macroprocess`);
    await page.getByRole('heading', { name: 'Flujos', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Agregar' }).first().click();
    await page.waitForURL(/#\/backOffice\/macroprocess\/create$/);
    await page.getByRole('heading', { name: 'Flujo', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Problemas (1)' }).waitFor();
    expect(await problemCodes()).toEqual(['FLGR0000']);

    await page.getByRole('textbox', { name: /^Nombre/ }).fill('Compras');
    await page.getByRole('textbox', { name: /^Descripción/ }).fill('Desde la solicitud hasta la recepción de la mercadería.');
    await page.getByRole('combobox', { name: /^Grupo de flujos/ }).fill('Abas');
    await page.getByRole('option', { name: 'Abastecimiento' }).click();

    // start -> request: an activity step without its activity says so on the step, until one is picked
    await add('Inicio');
    await eventually(() => notes('n1')).toEqual(['Este paso no tiene conexiones de salida.']);
    await add('Actividad');
    await eventually(() => notes('n2')).toContain('El paso de actividad no tiene actividad, o la actividad no existe.');
    expect(await notes('n1')).toEqual([]);
    await pickActivity('Solicitud de compra');
    await eventually(() => notes('n2')).not.toContain('El paso de actividad no tiene actividad, o la actividad no existe.');
    await eventually(() => step('n2').textContent()).toContain('Solicitud de compra (COM-01)');
    await add('Actividad');
    await pickActivity('Aprobación de la solicitud');

    // the question and its "yes" answer; texts typed into the inspector clear the steps' problems
    await add('Pregunta');
    await eventually(() => notes('n4')).toContain('La pregunta no tiene texto.');
    await typeText('¿Aprobado?');
    await eventually(() => notes('n4')).not.toContain('La pregunta no tiene texto.');
    await add('Respuesta');
    await eventually(() => notes('n5')).toContain('La respuesta no tiene texto.');
    await typeText('Sí');
    await add('Especialización');
    await typeText('Monto');
    await add('Actividad');
    await pickActivity('Orden de compra');
    await add('Actividad');
    await pickActivity('Recepción de mercadería');
    await add('Fin');
    await eventually(() => notes('n4')).toEqual(['Una pregunta necesita al menos dos respuestas, y una respuesta debe seguir a una pregunta.']);

    // "no": picked from the problem list, the question gets its second answer, then the rejection
    await page.getByRole('button', { name: /^Pregunta: ¿Aprobado\? — Una pregunta necesita/ }).click();
    await inspector().getByText('Clave n4').waitFor();
    await add('Respuesta');
    await typeText('No');
    await eventually(() => notes('n4')).toEqual([]);
    await add('Actividad');
    await pickActivity('Rechazo de la solicitud');
    await eventually(() => notes('n11')).toContain('Este paso no tiene conexiones de salida.');
    await connectByDragging('n11', 'n9');
    await eventually(() => notes('n11')).toEqual([]);

    // the specialization by amount: a second option to a management approval, which leads to the order
    await eventually(() => notes('n6')).toEqual(['La especialización necesita al menos dos opciones.']);
    await select('n6');
    await add('Actividad');
    await pickActivity('Aprobación de gerencia');
    await eventually(() => notes('n6')).toEqual([]);
    await connectWithKeyboard('n12', 'n7');
    await select('n6');
    const options = inspector().getByRole('textbox', { name: 'Texto de la opción' });
    await options.nth(0).fill('Hasta $500.000');
    await options.nth(1).fill('Más de $500.000');
    expect(await inspector().getByRole('radio').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).checked))).toEqual([true, false]);
    await eventually(() => page.getByTestId('option-label').allTextContents()).toEqual(['Hasta $500.000 · por defecto', 'Más de $500.000']);
    await page.getByText('Sin problemas: el flujo se puede verificar.').waitFor();

    // a stray step, deleted with the keyboard; undo brings it back, redo deletes it again
    await add('Subflujo');
    await eventually(() => notes('n13')).toContain('El subflujo no tiene flujo destino, no existe o es este mismo flujo.');
    await step('n13').focus();
    await page.keyboard.press('Delete');
    await eventually(() => step('n13').count()).toBe(0);
    await page.getByText('Sin problemas: el flujo se puede verificar.').waitFor();
    await page.keyboard.press('Control+z');
    await eventually(() => step('n13').count()).toBe(1);
    await page.keyboard.press('Control+y');
    await eventually(() => step('n13').count()).toBe(0);

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/#\/backOffice\/macroprocess\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('Flujo verificado: ya se puede usar.').waitFor();
    await eventually(() => page.getByTestId('flow-status').textContent()).toBe('Verificado');

    const stored = await post(`flujo/show/${id}`);
    expect(stored).toMatchObject({ nombre: 'Compras', verificado: true });
    expect(stored.nodos).toHaveLength(12);
    expect(stored.conexiones).toHaveLength(13);
    expect(stored.nodos.every((n: { x: unknown; y: unknown }) => typeof n.x === 'number' && typeof n.y === 'number')).toBe(true);
    expect(stored.conexiones.filter((c: { desde: string }) => c.desde === 'n6')).toEqual([
      expect.objectContaining({ hacia: 'n7', texto: 'Hasta $500.000', por_defecto: true }),
      expect.objectContaining({ hacia: 'n12', texto: 'Más de $500.000', por_defecto: false }),
    ]);

    // opened again, it is as it was left
    await page.reload();
    await eventually(() => page.getByTestId('flow-status').textContent()).toBe('Verificado');
    await eventually(() => page.locator('.react-flow__node').count()).toBe(12);
    await page.getByText('Sin problemas: el flujo se puede verificar.').waitFor();
    // an edit that leaves a step unfinished, saved anyway after the warning, takes the verification away
    await select('n11');
    await inspector().getByRole('button', { name: 'Borrar la conexión a Fin' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('dialog', { name: '¿Retirar el flujo de uso?' }).getByRole('button', { name: 'Guardar y retirar de uso' }).click();
    await eventually(() => page.getByTestId('flow-status').textContent()).toBe('Sin verificar');
    // a whole flow drawn by hand takes a while on a busy machine
  }, 180_000);

  it('verify refuses an unfinished flow: it stores nothing and shows the problems on its steps; Guardar keeps it as a draft', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/macroprocess/create`);
    await page.getByRole('heading', { name: 'Flujo', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /^Nombre/ }).fill('Borrador');
    await add('Inicio');
    await add('Actividad');
    await closeToasts(page);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('El flujo tiene problemas: corríjalos antes de verificarlo.').waitFor();
    expect(page.url()).toMatch(/#\/backOffice\/macroprocess\/create$/);
    expect(await page.getByTestId('flow-status').textContent()).toBe('Sin verificar');
    await eventually(() => notes('n2')).toContain('El paso de actividad no tiene actividad, o la actividad no existe.');
    expect(await problemCodes()).toEqual(expect.arrayContaining(['FLGR0003', 'FLGR1004']));
    expect((await post('flujo/index', { pattern: 'Borrador' })).total).toBe(0);
    // kept as a draft, on purpose
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/#\/backOffice\/macroprocess\/\d+$/);
    expect(await page.getByTestId('flow-status').textContent()).toBe('Sin verificar');
  });

  it('duplicates a stored flow into a new one, opened for editing', async () => {
    const [compras] = (await post('flujo/index', { pattern: 'Compras' })).rows;
    await page.goto(`${app.baseUrl}/#/backOffice/macroprocess/${compras.id}`);
    await eventually(() => page.locator('.react-flow__node').count()).toBe(12);
    await page.getByRole('button', { name: 'Duplicar' }).click();
    await page.getByText('Copia creada: Compras (copia). Se abre para editarla.').waitFor();
    await page.waitForURL((url) => /#\/backOffice\/macroprocess\/\d+$/.test(url.hash) && !url.hash.endsWith(`/${compras.id}`));
    await eventually(() => page.getByRole('textbox', { name: /^Nombre/ }).inputValue()).toBe('Compras (copia)');
    await eventually(() => page.locator('.react-flow__node').count()).toBe(12);
    expect(await page.getByTestId('flow-status').textContent()).toBe('Sin verificar');
  });

  it('opens a flow of 300 steps stored without places, and an edit on it goes through', async () => {
    const [activity] = (await post('actividad/index', { pattern: 'Orden de compra' })).rows;
    const keys = ['inicio', ...Array.from({ length: 298 }, (_, i) => `a${i + 1}`), 'fin'];
    const nodos = keys.map((clave, i) =>
      i === 0 ? { clave, tipo: 'inicio' } : i === keys.length - 1 ? { clave, tipo: 'fin' } : { clave, tipo: 'actividad', ...(clave === 'a150' ? {} : { actividad: activity.id }) },
    );
    const conexiones = keys.slice(1).map((hacia, i) => ({ desde: keys[i], hacia }));
    const flow = await post('flujo/save', { nombre: 'Trescientos pasos', nodos, conexiones });
    await page.goto(`${app.baseUrl}/#/backOffice/macroprocess/${flow.id}`);
    await eventually(() => page.locator('.react-flow__node').count()).toBe(300);
    // laid out on opening, which is no change of the admin's: nothing unsaved, leaving asks nothing
    await page.getByRole('button', { name: /— El paso de actividad no tiene actividad/ }).click();
    expect(await page.getByText('Hay cambios sin guardar').count()).toBe(0);
    await inspector().getByText('Clave a150').waitFor();
    await pickActivity('Orden de compra');
    await page.getByText('Hay cambios sin guardar').waitFor();
    await page.getByText('Sin problemas: el flujo se puede verificar.').waitFor();
    await closeToasts(page);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('Flujo verificado: ya se puede usar.').waitFor();
    const stored = await post(`flujo/show/${flow.id}`);
    expect(stored.verificado).toBe(true);
    // saved with the edit, the places too
    expect(stored.nodos.every((n: { x: unknown }) => typeof n.x === 'number')).toBe(true);
  }, 120_000);

  it('Verificar on a live flow with an unfinished step stores nothing: the flow stays verified and in use; fixed, it is stored verified at once', async () => {
    const [activity] = (await post('actividad/index', { pattern: 'Orden de compra' })).rows;
    const flow = await post('flujo/save', {
      nombre: 'Ventas',
      nodos: [
        { clave: 'inicio', tipo: 'inicio', x: 0, y: 0 },
        { clave: 'pedido', tipo: 'actividad', actividad: activity.id, x: 0, y: 150 },
        { clave: 'fin', tipo: 'fin', x: 0, y: 300 },
      ],
      conexiones: [
        { desde: 'inicio', hacia: 'pedido' },
        { desde: 'pedido', hacia: 'fin' },
      ],
    });
    const live = await post(`flujo/verify/${flow.id}`);
    await page.goto(`${app.baseUrl}/#/backOffice/macroprocess/${flow.id}`);
    await eventually(() => page.locator('.react-flow__node').count()).toBe(3);
    await eventually(() => page.getByTestId('flow-status').textContent()).toBe('Verificado');
    // the tester's steps: a step tapped, "+ Subflujo", not saved, "Verificar"
    await select('pedido');
    await add('Subflujo');
    await eventually(() => step('n4').count()).toBe(1);
    // earlier cases' toasts are gone first: the one to wait for is this verification's
    await closeToasts(page);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('El flujo tiene problemas: corríjalos antes de verificarlo.').waitFor();
    await inspector().getByText('Clave n4').waitFor();
    await eventually(() => notes('n4')).toContain('El subflujo no tiene flujo destino, no existe o es este mismo flujo.');
    expect(await page.getByText('Guardado.').count()).toBe(0);
    expect(await page.getByTestId('flow-status').textContent()).toBe('Verificado');
    await page.getByText('Hay cambios sin guardar').waitFor();
    const stored = await post(`flujo/show/${flow.id}`);
    expect(stored).toMatchObject({ verificado: true, version: live.version });
    expect(stored.nodos).toHaveLength(3);
    // staff still have it
    expect((await post('workspace/getFlows', {})).map((f: { nombre: string }) => f.nombre)).toContain('Ventas');

    // fixed: the sub-flow names another flow and leads on; Verificar stores and verifies it in one go
    const target = inspector().getByRole('combobox', { name: 'Flujo destino' });
    await target.fill('Compras');
    await page.getByRole('listbox').getByRole('option', { name: 'Compras', exact: true }).click();
    await eventually(() => target.inputValue()).toBe('Compras');
    await connectWithKeyboard('n4', 'fin');
    await page.getByText('Sin problemas: el flujo se puede verificar.').waitFor();
    // the toast of the verification before is gone first: the one to wait for is this one's
    await closeToasts(page);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('Flujo verificado: ya se puede usar.').waitFor();
    await eventually(() => page.getByText('Hay cambios sin guardar').count()).toBe(0);
    expect(await page.getByTestId('flow-status').textContent()).toBe('Verificado');
    const fixed = await post(`flujo/show/${flow.id}`);
    expect(fixed.verificado).toBe(true);
    expect(fixed.nodos).toHaveLength(4);
    expect(fixed.nodos.find((n: { clave: string }) => n.clave === 'n4')).toMatchObject({ tipo: 'subflujo', flujo: expect.any(Number) });
  }, 120_000);

  it('Guardar on a live flow keeps it in use when the change passes; an unfinished change asks first, and saved anyway takes it from staff', async () => {
    const [orden] = (await post('actividad/index', { pattern: 'Orden de compra' })).rows;
    const flow = await post('flujo/save', {
      nombre: 'Reclamos',
      nodos: [
        { clave: 'inicio', tipo: 'inicio', x: 0, y: 0 },
        { clave: 'pedido', tipo: 'actividad', actividad: orden.id, x: 0, y: 150 },
        { clave: 'fin', tipo: 'fin', x: 0, y: 300 },
      ],
      conexiones: [
        { desde: 'inicio', hacia: 'pedido' },
        { desde: 'pedido', hacia: 'fin' },
      ],
    });
    await post(`flujo/verify/${flow.id}`);
    const inUse = async () => (await post('workspace/getFlows', {})).map((f: { nombre: string }) => f.nombre);
    await page.goto(`${app.baseUrl}/#/backOffice/macroprocess/${flow.id}`);
    await eventually(() => page.locator('.react-flow__node').count()).toBe(3);
    await eventually(() => page.getByTestId('flow-status').textContent()).toBe('Verificado');

    // another activity on the step: it passes, so it is stored verified
    await select('pedido');
    await pickActivity('Solicitud de compra');
    await closeToasts(page);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado.').waitFor();
    await eventually(() => page.getByText('Hay cambios sin guardar').count()).toBe(0);
    expect(await page.getByTestId('flow-status').textContent()).toBe('Verificado');
    const saved = await post(`flujo/show/${flow.id}`);
    expect(saved.verificado).toBe(true);
    expect(saved.nodos.find((n: { clave: string }) => n.clave === 'pedido').actividad).not.toBe(orden.id);
    expect(await inUse()).toContain('Reclamos');

    // an unfinished sub-flow step: Guardar asks first; keeping on editing stores nothing
    await select('pedido');
    await add('Subflujo');
    await eventually(() => step('n4').count()).toBe(1);
    await closeToasts(page);
    await page.getByRole('button', { name: 'Guardar' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Retirar el flujo de uso?' });
    await dialog.getByText(/^Subflujo: Elija el flujo destino — El subflujo no tiene flujo destino/).waitFor();
    await dialog.getByRole('button', { name: 'Seguir editando' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await post(`flujo/show/${flow.id}`)).toMatchObject({ verificado: true, version: saved.version });
    await page.getByText('Hay cambios sin guardar').waitFor();

    // saved anyway: stored, not verified, and staff no longer have it
    await page.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByRole('button', { name: 'Guardar y retirar de uso' }).click();
    await page.getByText('Guardado.').waitFor();
    await eventually(() => page.getByTestId('flow-status').textContent()).toBe('Sin verificar');
    const withdrawn = await post(`flujo/show/${flow.id}`);
    expect(withdrawn.verificado).toBe(false);
    expect(withdrawn.nodos).toHaveLength(4);
    expect(await inUse()).not.toContain('Reclamos');
  }, 120_000);

  it('the list\'s "Ver" opens a flow to look at; its history names steps and connections as the designer does', async () => {
    await page.goto(`${app.baseUrl}/#/backOffice/macroprocess`);
    await page.getByRole('button', { name: 'Ver Ventas' }).click();
    await page.waitForURL(/#\/backOffice\/macroprocess\/\d+\/show$/);
    await eventually(() => page.locator('.react-flow__node').count()).toBe(4);
    expect(await page.getByText('Página no encontrada').count()).toBe(0);
    expect(await page.getByTestId('flow-status').textContent()).toBe('Verificado');
    for (const name of ['Guardar', 'Verificar', 'Duplicar']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await palette().count()).toBe(0);

    await page.getByRole('button', { name: 'Historial' }).click();
    const history = page.getByRole('list', { name: 'Historial de cambios' });
    await history.getByText(/^Conexiones: se agregaron Actividad: Orden de compra \(COM-04\) → Subflujo: Compras; Subflujo: Compras → Fin$/).waitFor();
    await history.getByText(/^Conexiones: se agregaron Inicio → Actividad: Orden de compra \(COM-04\); Actividad: Orden de compra \(COM-04\) → Fin$/).waitFor();
    await history.getByText('Pasos: se agregó Subflujo: Compras').waitFor();
    expect(await history.textContent()).not.toMatch(/\bn4\b|\bpedido\b/);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(/#\/backOffice\/macroprocess\/\d+$/);
    await page.getByRole('button', { name: 'Verificar' }).waitFor();
  });

  it('speaks English, and works on a phone', async () => {
    const { context, page: phone } = await newPage(session.browser, app.baseUrl, PHONE);
    try {
      await loginAs(phone, 'admin', ADMIN_PASSWORD);
      await phone.getByRole('heading', { name: 'Hola, admin' }).waitFor();
      await phone.goto(`${app.baseUrl}/#/backOffice/macroprocess/create`);
      await phone.getByRole('heading', { name: 'Flujo', level: 1 }).waitFor();
      await phone.getByTestId('language-switch').selectOption('en');
      await phone.getByRole('heading', { name: 'Flow', level: 1 }).waitFor();
      await phone.getByRole('heading', { name: 'Problems (1)' }).waitFor();
      await phone.getByText('The flow has no steps.').waitFor();
      const steps = phone.getByRole('toolbar', { name: 'Add steps' });
      await steps.getByRole('button', { name: 'Start', exact: true }).click();
      await steps.getByRole('button', { name: 'Question', exact: true }).click();
      await eventually(() => phone.locator('.react-flow__node[data-id="n2"]').getByTestId('step-problems').locator(':scope > *').allTextContents()).toEqual([
        'This step has no outgoing connection.',
        'The question has no text.',
        'A question needs at least two answers, and an answer must follow a question.',
      ]);
      await phone.getByRole('region', { name: 'Selection' }).getByRole('textbox', { name: 'Text', exact: true }).fill('Approved?');
      await eventually(() => phone.locator('.react-flow__node[data-id="n2"]').textContent()).toContain('Approved?');
      await phone.getByRole('button', { name: 'Verify' }).waitFor();
      // the page does not scroll sideways
      expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
